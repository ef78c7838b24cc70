"""What a bot is, what it may ask the game, and the random bot (``registry`` names them all).

A bot sees its own seat's view and nothing more: ``SeatHandle`` answers only questions whose
answer a player at that seat could know (its view, the rules, whether an action is legal).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Protocol

from rummy_core.actions import Action
from rummy_core.engine import Game
from rummy_core.errors import RuleError
from rummy_core.events import Event
from rummy_core.hooks import Hooks
from rummy_core.meldrules import MeldRules
from rummy_core.moves import action_candidates, legal_actions
from rummy_core.view import PlayerView, player_view


class SeatHandle:
    """One seat's window on a game: its view, the rules, and legality checks."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat

    @property
    def view(self) -> PlayerView:
        """What this seat sees now."""
        return player_view(self._game.state, self.seat)

    @property
    def rules(self) -> MeldRules:
        """The game's meld rules."""
        return self._game.hooks.meld_rules

    @property
    def card_values(self) -> tuple[int, ...]:
        """Each card's value for scoring, indexed by card code."""
        return self._game.hooks.card_values

    @property
    def ruleset(self) -> str:
        """The name of the game's ruleset."""
        return self._game.hooks.ruleset.name

    @property
    def hooks(self) -> Hooks:
        """The game's rules, to play out sampled copies of the game (they hold no game state)."""
        return self._game.hooks

    def draw_sources(self) -> list[str]:
        """Where this seat may draw from now."""
        return self._game.hooks.draw_sources(self._game.state, self.seat)

    def opening_minimum(self) -> int:
        """The points this seat's first lay-down must be worth (0: none)."""
        return self._game.hooks.opening_minimum(self._game.state, self.seat)

    def min_hand_after_play(self) -> int:
        """How many cards this seat must keep after a meld, lay-off or swap."""
        return self._game.hooks.min_hand_after_play(self._game.state, self.seat)

    def is_legal(self, action: Action) -> bool:
        """Whether the game would accept ``action`` from this seat now."""
        return self._game.is_legal(self.seat, action)

    def candidates(self) -> list[Action]:
        """Actions worth checking now, legal or not (see ``rummy_core.moves``)."""
        return action_candidates(self._game, self.seat)

    def legal_actions(self) -> list[Action]:
        """Every legal action of this seat now."""
        return legal_actions(self._game, self.seat)


class Bot(Protocol):
    """A computer player."""

    name: str

    def choose(self, seat: SeatHandle) -> Action:
        """The action to take now; it should be legal (an illegal one is replaced at random)."""
        ...

    def observe(self, events: Sequence[Event]) -> None:
        """The events of the last action, as this bot's seat may see them."""
        ...


class RandomBot:
    """A uniformly random legal action at every decision: the baseline."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Random(f"random-bot/{seed}")

    def choose(self, seat: SeatHandle) -> Action:
        # The first legal action of a shuffled candidate list is uniform over the legal ones,
        # and costs a few legality checks instead of one per candidate.
        candidates = seat.candidates()
        self._rng.shuffle(candidates)
        for action in candidates:
            if seat.is_legal(action):
                return action
        raise RuleError("no_legal_action", f"Seat {seat.seat} has no legal action.")

    def observe(self, events: Sequence[Event]) -> None:
        """The random bot remembers nothing."""
