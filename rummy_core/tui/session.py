"""A game as the full-screen app plays it: the match, who sits where, the bots, the save file.

Nothing here draws on the screen, so the flow of a game (act, let the bots move, deal the next
hand, save, resume) can be driven and tested without a terminal.
"""

from __future__ import annotations

import os
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummy_core.bots import Bot, make_bot
from rummy_core.bots.levels import DEFAULT_LEVEL, LEVELS
from rummy_core.engine.actions import Action, Draw
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game
from rummy_core.engine.registry import find_ruleset
from rummy_core.engine.setup import Variant, first_dealer, new_game
from rummy_core.engine.state import DRAW, HAND_OVER, MATCH_OVER, PLAY
from rummy_core.engine.view import PlayerView, player_view
from rummy_core.formats.record import (
    load_record,
    record_of,
    replay,
    save_record,
    save_warning,
)
from rummy_core.i18n.uitext import UI, _
from rummy_core.match import Entry, Match
from rummy_core.present.cut import cut_to_choose
from rummy_core.present.describe import describe

HUMAN = "human"
LOG_LINES = 2000
"""How many log sentences a session keeps: a whole match of several hands, for the log's
earlier pages."""


@dataclass(frozen=True)
class MatchLength:
    """How a ruleset sets the length of a match, read off its options model.

    ``field`` is the option for a full match (``target`` or ``hands``) with its default;
    ``single`` the options that make it a single hand, or None where the ruleset has no such
    setting.
    """

    field: str | None
    default: int | None
    single: dict[str, Any] | None


def match_length(ruleset: str) -> MatchLength:
    """How ``ruleset``'s options say how long a match is."""
    fields = find_ruleset(ruleset).Options.model_fields
    if "target" in fields:
        info = fields["target"]
        # A target that may be null plays a single hand (classic, ruling C7).
        nullable = type(None) in typing.get_args(info.annotation)
        return MatchLength("target", info.default, {"target": None} if nullable else None)
    if "hands" in fields:
        return MatchLength("hands", fields["hands"].default, {"hands": 1})
    return MatchLength(None, None, None)


@dataclass(frozen=True)
class Setup:
    """The choices that start a match: from the start screen or the command line."""

    ruleset: str = "classic"
    """A ruleset name, or a variant with options and house rules (``classic:target=250``)."""
    bots: tuple[str, ...] = (LEVELS[DEFAULT_LEVEL],)
    """The strength (bot name) of each computer opponent, one per opponent."""
    single_hand: bool = False
    length: int | None = None
    """The target or number of hands (see ``MatchLength``); None keeps the ruleset's default."""
    seed: int | None = None
    speed: str | None = None
    """The computer players' pace (``speed.PAUSES``); None keeps the pause the app was given."""

    def variant(self) -> Variant:
        """The variant to play, with the match length applied."""
        base = Variant.parse(self.ruleset)
        options = dict(base.options)
        length = match_length(base.ruleset)
        if self.single_hand:
            if length.single is None:
                raise RuleError(
                    "no_single_hand",
                    "%(ruleset)s has no single-hand game; it is always played to a target.",
                    domain=UI.name,
                    ruleset=base.ruleset,
                )
            options.update(length.single)
        elif self.length is not None and length.field is not None:
            options[length.field] = self.length
        return Variant(base.ruleset, options, base.house_rules)


def seat_names(seats: list[str]) -> list[str]:
    """What the log and the panels call each seat."""
    return [_("You") if who == HUMAN else _("Bot %(seat)s", seat=s) for s, who in enumerate(seats)]


class Session:
    """A match between one human and bots, saved after every action when given a path."""

    def __init__(
        self,
        game: Game,
        variant: Variant,
        seats: list[str],
        dealer: int,
        save_path: Path | None = None,
        position: dict[str, Any] | None = None,
        journal: list[Entry] | None = None,
    ) -> None:
        """``journal``: the entries of the match so far, when it did not start at ``game``."""
        if seats.count(HUMAN) != 1:
            raise RuleError(
                "no_human_seat",
                "A game in the terminal needs exactly one human seat.",
                domain=UI.name,
            )
        self.variant = variant
        self.seats = seats
        self.dealer = dealer
        self.save_path = save_path
        self.position = position
        self.human = seats.index(HUMAN)
        self.names = seat_names(seats)
        bots: list[Bot | None] = [
            None if who == HUMAN else make_bot(who, seed=game.state.seed + s)
            for s, who in enumerate(seats)
        ]
        self.match = Match(game, bots, journal=[] if journal is None else journal)
        self.log: list[str] = []
        self.save_failing = False
        """Whether the last save failed (the game goes on, and the next move saves again)."""

    # -- starting --------------------------------------------------------------------------------

    @classmethod
    def start(cls, setup: Setup, save_path: Path | None = None) -> Session:
        """A new match from the start screen's or the command line's choices."""
        variant = setup.variant()
        seed = setup.seed if setup.seed is not None else int.from_bytes(os.urandom(4), "big")
        players = len(setup.bots) + 1
        dealer = first_dealer(seed, players)
        game = new_game(variant, players=players, seed=seed, dealer=dealer, choosers=[0])
        session = cls(game, variant, [HUMAN, *setup.bots], dealer, save_path)
        session.remember(game.events)
        return session

    @classmethod
    def resume(cls, path: Path, save_path: Path | None = None) -> Session:
        """The game saved at ``path``, replayed to where it was; saving goes on to the same file."""
        record = load_record(path)
        events: list[Event] = []
        match = replay(record, events)
        session = cls(
            match.game,
            Variant.parse(record.variant),
            list(record.seats),
            record.dealer,
            save_path or path,
            record.position,
            match.journal,
        )
        session.remember(events)
        return session

    def again(self) -> Session:
        """A new match at the same table, with a new seed."""
        seed = int.from_bytes(os.urandom(4), "big")
        dealer = first_dealer(seed, len(self.seats))
        game = new_game(
            self.variant,
            players=len(self.seats),
            seed=seed,
            dealer=dealer,
            choosers=[self.seats.index(HUMAN)],
        )
        session = Session(game, self.variant, self.seats, dealer, self.save_path)
        session.remember(game.events)
        return session

    @property
    def game(self) -> Game:
        """The match's game."""
        return self.match.game

    # -- what the human sees -------------------------------------------------------------------

    @property
    def view(self) -> PlayerView:
        """The human's view of the game."""
        return player_view(self.game.state, self.human)

    @property
    def my_turn(self) -> bool:
        """Whether the human is to act."""
        return self.game.current_player() == self.human

    @property
    def bot_to_move(self) -> bool:
        """Whether a bot is to act."""
        seat = self.game.current_player()
        return seat is not None and seat != self.human

    @property
    def cut_to_choose(self) -> int | None:
        """The deck's size when the human is to cut it before the deal (ruling H12), else None."""
        return cut_to_choose(self.game, self.human)

    @property
    def hand_over(self) -> bool:
        """Whether the hand (or the whole match) has ended."""
        return self.game.state.phase in (HAND_OVER, MATCH_OVER)

    @property
    def match_over(self) -> bool:
        """Whether the match has ended."""
        return self.game.state.phase == MATCH_OVER

    def draw_sources(self) -> list[str]:
        """Where the human may draw from now (empty unless it is their draw): the sources the
        rules open that a draw would be accepted from, so a cut card given back is not offered
        again that turn (H7), as on the browser table."""
        st = self.game.state
        if not self.my_turn or st.phase != DRAW:
            return []
        game, seat = self.game, self.human
        return [s for s in game.draw_sources(seat) if game.is_legal(seat, Draw(s))]

    def low_score_wins(self) -> bool:
        """Whether the lowest total leads, as the ruleset declares (``Ruleset.low_score_wins``)."""
        return self.game.hooks.ruleset.low_score_wins

    def running_scores(self) -> list[int] | None:
        """What the hand is worth so far, where the ruleset counts the cards put down for their
        owner (Riverside, R11): each seat's cards on the table, less the human's own hand.

        Asked of the ruleset's own scoring on a copy of the state where it could end now with
        nobody out: with every hand empty it must credit only table cards (a seat with none
        scores 0), else there is no running score to show (classic, Hungarian's penalties).
        Rivals' hands stay out of it: their worth is hidden.
        """
        st = self.game.state
        if st.phase not in (DRAW, PLAY):
            return None
        probe = st.clone()
        probe.hands = [[] for _ in range(st.players)]
        on_table = self.game.hooks.hand_scores(probe, None, "stock")
        holders = {seat for meld in st.table for seat in meld.credit}
        if not any(on_table) or any(on_table[s] for s in range(st.players) if s not in holders):
            return None
        probe.hands[self.human] = list(st.hands[self.human])
        return [
            score if seat != self.human else mine
            for seat, (score, mine) in enumerate(
                zip(on_table, self.game.hooks.hand_scores(probe, None, "stock"), strict=True)
            )
        ]

    def leaders(self) -> list[int]:
        """The seats with the best total so far."""
        scores = self.game.state.scores
        best = min(scores) if self.low_score_wins() else max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    # -- playing -------------------------------------------------------------------------------

    def act(self, action: Action) -> list[str]:
        """The human's action: applied, shown to the bots, logged and saved; ``RuleError`` if
        refused, with nothing changed."""
        events = self.match.act(self.human, action).events
        return [*self.remember(events), *self.save()]

    def bot_step(self) -> list[str]:
        """One action of the bot to move, logged and saved."""
        events = self.match.bot_step().events
        return [*self.remember(events), *self.save()]

    def next_hand(self) -> list[str]:
        """Deal the next hand, saved as the journal's next entry."""
        events = self.match.deal_next().events
        return [*self.remember(events), *self.save()]

    def remember(self, events: list[Event]) -> list[str]:
        """Add the events' sentences to the log; returns them."""
        shows = self.game.hooks.shown_names()
        return self.remember_lines(
            [describe(e, self.human, self.names, shows).render() for e in events]
        )

    def remember_lines(self, lines: list[str]) -> list[str]:
        """Add sentences to the log; returns them."""
        self.log = [*self.log, *lines][-LOG_LINES:]
        return lines

    def save(self) -> list[str]:
        """Write the record of the match so far, if there is a save file.

        A save that fails (a full disk, a folder in the file's place) does not stop the game:
        the first failure returns a warning (also added to the log), and every later move tries
        again. Returns the warning, or nothing.
        """
        if self.save_path is None:
            return []
        record = record_of(self.match, self.variant, self.dealer, self.seats, self.position)
        try:
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
            save_record(record, self.save_path)
        except OSError as exc:
            first = not self.save_failing
            self.save_failing = True
            return self.remember_lines([save_warning(self.save_path, exc)]) if first else []
        self.save_failing = False
        return []

    @property
    def playing(self) -> bool:
        """Whether the hand is being played (someone is to act)."""
        return self.game.state.phase in (DRAW, PLAY)
