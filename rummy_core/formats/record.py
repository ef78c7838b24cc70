"""Game records: a match's variant, seed and action log, which replay it exactly."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.setup import Variant, game_from_position, new_game
from rummy_core.engine.state import HAND_OVER
from rummy_core.formats.invalid import file_problem
from rummy_core.formats.jsonfile import read_json
from rummy_core.formats.migrations import migrate_position
from rummy_core.formats.position import dump_position
from rummy_core.i18n.languages import _
from rummy_core.match import ACTION, NEXT_HAND, Entry, Match


class LoggedAction(BaseModel):
    """One entry of the journal: an action by a seat, the deal of the next hand, a seat handed
    to a bot or back to a person (``rummy_core.match.journal``)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["action", "next_hand", "hand_to_bot", "hand_to_person"] = "action"
    seat: int | None = None
    action: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _fields_fit(self) -> LoggedAction:
        if (self.seat is None) != (self.kind == NEXT_HAND):
            raise ValueError(
                f"a {self.kind} entry {'has no' if self.seat is None else 'names no'} seat"
            )
        if (self.action is None) == (self.kind == ACTION):
            raise ValueError(
                f"a {self.kind} entry {'needs' if self.action is None else 'has no'} action"
            )
        return self

    def entry(self) -> Entry:
        """The journal entry this logs."""
        return Entry(self.kind, self.seat, self.action)


class GameRecord(BaseModel):
    """Everything needed to replay a match: variant, players, seed, first dealer and journal."""

    model_config = ConfigDict(extra="forbid")

    version: Literal[1, 2] = Field(
        1,
        description="2: every deal of a next hand is an entry of its own; 1 (saves written"
        " before it): the log holds actions only, and the next hand is dealt when one comes.",
    )
    variant: str = Field(
        description="Ruleset with options and house rules, e.g. 'classic:target=100'."
    )
    players: int
    seed: int
    dealer: int
    position: dict[str, Any] | None = Field(None, description="Start here instead of a deal.")
    seats: list[str] = Field(
        default_factory=list, description="Who sat where at the start: 'human', a bot."
    )
    actions: list[LoggedAction] = Field(default_factory=list, description="The journal.")
    final: dict[str, Any] | None = Field(None, description="The position the log ends in.")

    @model_validator(mode="after")
    def _seats_fit(self) -> GameRecord:
        if self.players < 2:
            raise ValueError(f"a game has 2 players or more, not {self.players}")
        if not 0 <= self.dealer < self.players:
            last = self.players - 1
            raise ValueError(f"the dealer is a seat from 0 to {last}, not {self.dealer}")
        if self.seats and len(self.seats) != self.players:
            raise ValueError(f"seats names {len(self.seats)} seats for {self.players} players")
        return self


def record_of(
    match: Match,
    variant: Variant,
    dealer: int,
    seats: list[str],
    position: dict[str, Any] | None = None,
) -> GameRecord:
    """The record of a match so far, from its journal (``Match(..., journal=[])``)."""
    assert match.journal is not None, "a record needs the match's journal"
    return GameRecord(
        version=2,
        variant=variant.label(),
        players=match.game.state.players,
        seed=match.game.state.seed,
        dealer=dealer,
        position=position,
        seats=seats,
        actions=[LoggedAction(kind=e.kind, seat=e.seat, action=e.action) for e in match.journal],
        final=dump_position(match.game.state),
    )


def replay(record: GameRecord, events: list[Event] | None = None) -> Match:
    """Play a record's journal again from its seed; the match, people in every seat, with the
    journal kept so that it can go on and be saved again. ``events``, if given, gets every
    event of the match, earlier hands' too.

    ``replay_mismatch`` if an entry is refused or the end differs from the recorded final
    position.
    """
    variant = Variant.parse(record.variant)
    # A person's choices (the cut, H12) are in the log; bots left them to the seed.
    people = [seat for seat, who in enumerate(record.seats) if who == "human"]
    if record.position is not None:
        game = game_from_position(variant, record.position, record.seed, choosers=people)
    else:
        game = new_game(
            variant,
            players=record.players,
            seed=record.seed,
            dealer=record.dealer,
            choosers=people,
        )
    match = Match(game, [None] * record.players, journal=[])
    made = events if events is not None else []
    made.extend(game.events)
    for number, logged in enumerate(record.actions, start=1):
        entries = [logged.entry()]
        if record.version == 1 and game.state.phase == HAND_OVER:
            entries.insert(0, Entry(NEXT_HAND))
        try:
            made.extend(match.replay(entries))
        except RuleError as exc:
            raise RuleError(
                "replay_mismatch",
                "Action %(action)s of the log was refused on replay: %(problem)s",
                action=number,
                problem=exc.message,
            ) from None
    if record.final is not None and dump_position(game.state) != migrate_position(record.final):
        raise RuleError("replay_mismatch", "The replay does not end in the recorded position.")
    return match


def load_record(path: Path) -> GameRecord:
    """Read a game record; ``bad_record`` says what is wrong."""
    try:
        return GameRecord.model_validate(read_json(path))
    except (OSError, ValueError, ValidationError) as exc:
        raise RuleError(
            "bad_record", "%(problem)s", problem=file_problem(str(path), exc), path=str(path)
        ) from None


def save_record(record: GameRecord, path: Path) -> None:
    """Write a record atomically and durably, readable by its owner only (it holds the deal).

    The text goes to a temporary file of a unique name beside ``path``, is flushed to the disk,
    and replaces ``path`` in one rename, which is flushed too: a crash or a power cut leaves the
    old save or the new one, never half of one. On failure (a full disk) the temporary file is
    removed and ``OSError`` raised; ``path`` is as it was.
    """
    data = record.model_dump_json(indent=1).encode("utf-8")
    # mkstemp creates the file with mode 0600.
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
    _sync_folder(path.parent)


def save_warning(path: Path, exc: OSError) -> str:
    """What a player is told when the game cannot be saved: it goes on, and saving is retried."""
    return _(
        "The game could not be saved to %(path)s (%(problem)s). Play goes on, and every move"
        " tries to save it again.",
        path=path,
        problem=exc.strerror or exc,
    )


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries (the rename) to the disk, where the system allows it."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        # Some systems and file systems cannot flush a folder; the rename itself is still atomic.
        pass
    finally:
        os.close(handle)
