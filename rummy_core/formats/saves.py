"""Saved games: each new game gets its own file, and ``rummy play --resume`` lists them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from rummy_core.engine.errors import RuleError
from rummy_core.formats.home import rummy_home
from rummy_core.formats.record import load_record
from rummy_core.i18n.languages import _


def saves_dir() -> Path:
    """Where new games are saved when no ``--save`` file is given."""
    return rummy_home() / "games"


def new_save_path(now: datetime | None = None) -> Path:
    """A fresh file for a new game, named by its start time: no earlier save is overwritten."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    folder = saves_dir()
    path = folder / f"game-{stamp}.json"
    number = 2
    while path.exists():
        path = folder / f"game-{stamp}-{number}.json"
        number += 1
    return path


@dataclass(frozen=True)
class SavedGame:
    """A saved game as ``--resume`` lists it."""

    path: Path
    variant: str
    players: int
    hand: int
    saved: datetime

    def line(self) -> str:
        """One line of the list: ruleset, players, hand and date."""
        return _(
            "%(variant)s, %(players)s players, hand %(hand)s, saved %(saved)s (%(file)s)",
            variant=self.variant,
            players=self.players,
            hand=self.hand,
            saved=f"{self.saved:%Y-%m-%d %H:%M}",
            file=self.path.name,
        )


def saved_games(folder: Path | None = None) -> list[SavedGame]:
    """The readable saves in ``folder`` (default ``saves_dir()``), newest first."""
    found = []
    for path in (folder or saves_dir()).glob("*.json"):
        try:
            record = load_record(path)
        except RuleError:
            # Not a save of this program (or damaged): resuming it would fail anyway.
            continue
        final = record.final or {}
        hand = final.get("hand_number", 1)
        found.append(
            SavedGame(
                path,
                record.variant,
                record.players,
                hand if isinstance(hand, int) else 1,
                datetime.fromtimestamp(path.stat().st_mtime),
            )
        )
    return sorted(found, key=lambda s: s.saved, reverse=True)
