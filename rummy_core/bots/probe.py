"""Rule questions a bot answers by trying an action on a sampled copy of the game.

Some rules show only when an action is made: whether a discard draw takes one card or the whole
pile, whether a card taken from the pile must be played this turn. A bot cannot try them on the
real game, so it tries them on a game rebuilt from its own view (``sampling.sampled_game``):
the answer depends on the rules alone, never on the hidden cards dealt into the copy.
"""

from __future__ import annotations

from random import Random
from weakref import WeakKeyDictionary

from rummy_core.bots.base import SeatHandle
from rummy_core.bots.sampling import CannotSample, sampled_game
from rummy_core.bots.tracking import CardTracker
from rummy_core.engine.actions import DISCARD, Discard, Draw
from rummy_core.engine.errors import RuleError
from rummy_core.engine.hookcall import PluginManager
from rummy_core.engine.view import PlayerView

_TAKES_ALL: WeakKeyDictionary[PluginManager, bool] = WeakKeyDictionary()
"""Per game rules: whether a discard draw takes the whole pile. The answer depends on the rules
alone, so every bot of those rules shares it, and it goes when they do. The rules are known by
their plugin manager (``Hooks.pm``, one per ``Hooks`` and held by it), not by the ``Hooks``
itself: on the compiled build ``Hooks`` is a native class, which takes no weak reference. Not
by the ruleset either, which several ``Hooks`` with other house rules may share."""


class Probe:
    """Tries draws on sampled copies of a game."""

    def __init__(self, seed: int = 0) -> None:
        self._seed = seed
        self._rng_made: Random | None = None

    @property
    def _rng(self) -> Random:
        # Seeded on first use (a string seed is hashed): most probes answer from what the rules
        # are known to do and never sample a game, and simulations make a probe per bot.
        if self._rng_made is None:
            self._rng_made = Random(f"probe/{self._seed}")
        return self._rng_made

    def pile_takes_all(self, seat: SeatHandle, view: PlayerView, tracker: CardTracker) -> bool:
        """Whether drawing from the discard pile takes all of it (asked with two cards or more)."""
        hooks = seat.hooks
        known = _TAKES_ALL.get(hooks.pm)
        if known is None:
            try:
                game = sampled_game(hooks, view, tracker, self._rng, seat.turn_records())
                game.apply(view.seat, Draw(DISCARD))
            except (CannotSample, RuleError):
                return False
            known = _TAKES_ALL[hooks.pm] = len(game.state.drawn) > 1
        return known

    def pile_card_must_be_played(
        self, seat: SeatHandle, view: PlayerView, tracker: CardTracker
    ) -> bool:
        """Whether a card drawn from the discard pile now must reach the table this turn (H4).

        True when, after the draw on a sampled copy, no other card of the hand may be discarded.
        """
        try:
            game = sampled_game(seat.hooks, view, tracker, self._rng, seat.turn_records())
            game.apply(view.seat, Draw(DISCARD))
        except (CannotSample, RuleError):
            return True
        drawn = game.state.drawn
        return not any(
            game.is_legal(view.seat, Discard(code)) for code in set(view.hand) if code not in drawn
        )
