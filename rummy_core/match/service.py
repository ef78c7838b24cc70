"""One match: the game, who sits at each seat, the journal of its changes, and the bots told.

Every front end drives a match through this class: a person's action (``act``), a bot's
(``bot_step``, or ``choose`` then ``act`` where the choice is made elsewhere, as the server does
on a worker thread), the next deal (``deal_next``), a seat handed to a bot (``hand_to_bot``) and
back to a person (``hand_to_person``),
and whole hands and matches of bots (``play_hand``, ``play_match``). Each change returns a
``Step``: the journal entry that records it and the events it made. The bots see the events
as their seats may; the front end shows them as it likes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummy_core.bots import Bot, make_bot
from rummy_core.bots.base import SeatHandle
from rummy_core.bots.turns import bot_move, tell
from rummy_core.engine.actions import Action
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER
from rummy_core.match.journal import (
    HAND_TO_BOT,
    HAND_TO_PERSON,
    NEXT_HAND,
    Entry,
    action_entry,
    play_entry,
)

OVER = (HAND_OVER, MATCH_OVER)


class Step:
    """One change of a match: its journal entry and the events it made (full, unfiltered:
    show each seat ``rummy_core.engine.events.seen_by`` of them)."""

    __slots__ = ("_entry", "_made", "events")

    def __init__(
        self,
        entry: Entry | None,
        events: list[Event],
        made: tuple[Game, int, Action] | None = None,
    ) -> None:
        self._entry = entry
        self._made = made
        self.events = events

    @property
    def entry(self) -> Entry:
        """The journal entry of the change. An action's is written when first asked for where
        the match keeps no journal: an environment's millions of steps are never written."""
        if self._entry is None:
            assert self._made is not None, "a step without its entry has its action"
            self._entry = action_entry(*self._made)
        return self._entry


class Match:
    """A match between people and bots.

    ``bots`` has one entry per seat: the seat's bot, or None where a person plays. The journal
    is kept when ``journal`` is given (a list, appended to): saves and the server keep one;
    simulations, which play millions of hands, do not.
    """

    def __init__(
        self, game: Game, bots: Sequence[Bot | None], journal: list[Entry] | None = None
    ) -> None:
        if len(bots) != game.state.players:
            raise RuleError(
                "bad_seats",
                "A match of %(players)s players needs %(players)s seats, not %(seats)s.",
                players=game.state.players,
                seats=len(bots),
            )
        self.game = game
        self.bots: list[Bot | None] = list(bots)
        self.journal = journal

    def __reduce__(self) -> tuple[type[Match], tuple[Game, list[Bot | None], list[Entry] | None]]:
        # Copied and pickled by being built again from its parts: in the compiled build a match
        # is a native class, which neither ``copy`` nor ``pickle`` can make without ``__init__``
        # (an environment's clone, tree search, copies the match it holds).
        return (Match, (self.game, self.bots, self.journal))

    # -- who is to move ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the hand (or the whole match) has ended."""
        return self.game.state.phase in OVER

    def bot_to_move(self) -> int | None:
        """The seat to act when a bot plays it, else None."""
        seat = self.game.current_player()
        return seat if seat is not None and self.bots[seat] is not None else None

    def people(self) -> list[int]:
        """The seats people play."""
        return [seat for seat, bot in enumerate(self.bots) if bot is None]

    # -- changes -----------------------------------------------------------------------------

    def act(self, seat: int, action: Action) -> Step:
        """``seat``'s action applied and shown to the bots; ``RuleError`` (nothing changed) if
        the rules refuse it."""
        events = self.game.apply(seat, action)
        tell(self.bots, events)
        return self._acted(seat, action, events)

    def choose(self, seat: int, fallback_seed: int | None = None) -> Action:
        """The action ``seat``'s bot chooses, not yet applied.

        With ``fallback_seed`` a choice the rules would refuse (a faulty plugin bot) is replaced
        by a random bot's, so that a table is never stuck; without it the choice is returned
        as it is and ``act`` refuses it.
        """
        bot = self.bots[seat]
        if bot is None:
            raise RuleError("not_a_bot", "Seat %(seat)s is not played by a bot.", seat=seat)
        handle = SeatHandle(self.game, seat)
        action = bot.choose(handle)
        if fallback_seed is None or self.game.check(seat, action):
            return action
        return make_bot("random", fallback_seed).choose(handle)

    def bot_step(self) -> Step:
        """One action of the bot to move (``bot_failed`` if the rules refuse its choice)."""
        seat, action, events = bot_move(self.game, self.bots)
        return self._acted(seat, action, events)

    def deal_next(self) -> Step:
        """Deal the next hand (``hand_not_over`` while this one is played)."""
        events = self.game.next_hand()
        tell(self.bots, events)
        return self._keep(Entry(NEXT_HAND), events)

    def hand_to_bot(self, seat: int, bot: Bot) -> Step:
        """``bot`` plays ``seat`` from now on (and cuts as a bot, ruling H12)."""
        self.bots[seat] = bot
        entry = Entry(HAND_TO_BOT, seat)
        return self._keep(entry, play_entry(self.game, entry))

    def hand_to_person(self, seat: int) -> Step:
        """A person plays ``seat`` again, after a bot (and cuts by hand, ruling H12)."""
        self.bots[seat] = None
        entry = Entry(HAND_TO_PERSON, seat)
        return self._keep(entry, play_entry(self.game, entry))

    def replay(self, entries: Iterable[Entry]) -> list[Event]:
        """Make the changes ``entries`` record, in order; returns every event they made.

        ``RuleError`` at the first the game refuses (the entries before it stay made).
        """
        made: list[Event] = []
        for entry in entries:
            events = play_entry(self.game, entry)
            tell(self.bots, events)
            self._keep(entry, events)
            made.extend(events)
        return made

    def _acted(self, seat: int, action: Action, events: list[Event]) -> Step:
        if self.journal is None:
            return Step(None, events, (self.game, seat, action))
        return self._keep(action_entry(self.game, seat, action), events)

    def _keep(self, entry: Entry, events: list[Event]) -> Step:
        if self.journal is not None:
            self.journal.append(entry)
        return Step(entry, events)

    # -- bots alone --------------------------------------------------------------------------

    def play_hand(self) -> None:
        """Play the current hand to its end, every seat to move being a bot's."""
        game, bots, journal = self.game, self.bots, self.journal
        while game.state.phase not in OVER:
            seat, action, _ = bot_move(game, bots)
            if journal is not None:
                journal.append(action_entry(game, seat, action))

    def play_match(self, max_hands: int = 1000) -> None:
        """Play hands until the match is over (or ``max_hands`` have been played)."""
        for _ in range(max_hands):
            self.play_hand()
            if self.game.state.phase == MATCH_OVER:
                return
            self.deal_next()
