"""What a bot is, what it may ask the game, and the random bot (``registry`` names them all).

A bot sees its own seat's view and nothing more: ``SeatHandle`` answers only questions whose
answer a player at that seat could know (its view, the rules, whether an action of its own is
legal), and holds no reference to the game: it holds a key the engine's side of this module
looks the game up by, so nothing reachable from a handle (its attributes, and theirs) leads to
another seat's hand or the stock. In one process nothing is sealed (the garbage collector lists
every object): the handle keeps honest bots honest and keeps the game out of anything a bot
stores, prints or pickles.
"""

from __future__ import annotations

import secrets
import weakref
from collections.abc import Callable, Sequence
from random import Random
from typing import Any, Protocol

from rummy_core.bots.sampling import turn_records
from rummy_core.engine.actions import Action, Discard, PluginAction
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game, below
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.moves import action_candidates, legal_actions, rule_action_candidates
from rummy_core.engine.view import PlayerView, player_view

_SEATS: dict[int, tuple[Callable[[], Game | None], int]] = {}
"""Each handle's key: the game (weakly: a handle does not keep a game alive) and the seat."""
_HANDLES = "_seat_handles"
"""The game's attribute that keeps the handle of each seat (a handle cannot change, so one
serves every decision)."""


def _nothing() -> None:
    return None


_GONE: tuple[Callable[[], Game | None], int] = (_nothing, -1)
"""What a key whose game is gone finds."""


def _forgetting(key: int) -> Callable[[weakref.ref[Game]], None]:
    """The callback that drops ``key`` once its game is gone."""

    def forget(_: weakref.ref[Game]) -> None:
        _SEATS.pop(key, None)

    return forget


def seat_handles(game: Game) -> dict[int, SeatHandle]:
    """The seat handles ``game`` keeps, one per seat asked so far. Each names its game by a key:
    a copy of the game must not share them (it starts with none and makes its own)."""
    found: dict[int, SeatHandle] = vars(game).setdefault(_HANDLES, {})
    return found


class SeatHandle:
    """One seat's window on a game: its view, the rules, and checks of its own actions."""

    __slots__ = ("_key", "card_values", "hooks", "rules", "seat")

    _key: int
    hooks: Hooks
    """The game's rules, to play out sampled copies of the game (they hold no game state)."""
    rules: MeldRules
    """The game's meld rules."""
    card_values: tuple[int, ...]
    """Each card's value for scoring, indexed by card code."""
    seat: int
    """The seat this handle is for."""

    def __new__(cls, game: Game, seat: int) -> SeatHandle:
        """The handle of ``seat`` in ``game``, for the bot at that seat."""
        attributes = vars(game)
        handles: dict[int, SeatHandle] | None = attributes.get(_HANDLES)
        if handles is None:
            handles = attributes[_HANDLES] = {}
        handle = handles.get(seat)
        if handle is None:
            handle = handles[seat] = object.__new__(cls)
            # Random, so that no key is found from another by arithmetic.
            key = secrets.randbits(63)
            _SEATS[key] = (weakref.ref(game, _forgetting(key)), seat)
            hooks = game.hooks
            object.__setattr__(handle, "_key", key)
            object.__setattr__(handle, "seat", seat)
            object.__setattr__(handle, "hooks", hooks)
            object.__setattr__(handle, "rules", hooks.meld_rules)
            object.__setattr__(handle, "card_values", hooks.card_values)
        return handle

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a seat handle cannot be changed")

    def __repr__(self) -> str:
        return f"SeatHandle(seat={self.seat})"

    def _seat(self) -> tuple[Game, int]:
        # The seat as the key says, not ``self.seat``: the key is what cannot be forged.
        game, seat = _SEATS.get(self._key, _GONE)
        found = game()
        if found is None:
            raise RuleError("game_gone", "The game this seat belonged to is over and gone.")
        return found, seat

    @property
    def view(self) -> PlayerView:
        """What this seat sees now."""
        game, seat = self._seat()
        return player_view(game.state, seat)

    @property
    def ruleset(self) -> str:
        """The name of the game's ruleset."""
        return self.hooks.ruleset.name

    def draw_sources(self) -> list[str]:
        """Where this seat may draw from now."""
        game, seat = self._seat()
        return game.draw_sources(seat)

    def opening_minimum(self) -> int:
        """The points this seat's first lay-down must be worth (0: none)."""
        game, seat = self._seat()
        return game.opening_minimum(seat)

    def min_hand_after_play(self) -> int:
        """How many cards this seat must keep after a meld, lay-off or swap."""
        game, seat = self._seat()
        return game.min_hand_after_play(seat)

    def is_legal(self, action: Action) -> bool:
        """Whether the game would accept ``action`` from this seat now. Asked of an action the
        bot then plays (``Game.check``): the game keeps the outcome, and the move costs nothing
        more; ``allows`` answers for one that may not be played."""
        game, seat = self._seat()
        return game.check(seat, action)

    def allows(self, action: Action) -> bool:
        """Whether the game would accept ``action`` from this seat now, read without making it
        (``Game.is_legal``): cheaper than ``is_legal`` for an action that will not be played
        next."""
        game, seat = self._seat()
        return game.is_legal(seat, action)

    def candidates(self) -> list[Action]:
        """Actions worth checking now, legal or not (see ``rummy_core.engine.moves``)."""
        game, seat = self._seat()
        return action_candidates(game, seat)

    def turn_records(self) -> dict[str, Any]:
        """The rules' records every player may know as they were when this seat's turn began
        (``bots.sampling.turn_records``), for a game rebuilt from its view (``sampled_game``)."""
        game, seat = self._seat()
        return turn_records(game) if game.state.turn == seat else {}

    def rule_candidates(self) -> list[PluginAction]:
        """The rules' own actions worth checking now, legal or not (a knock, a pass): the
        plugin actions among ``candidates``, without listing the built-in ones."""
        game, seat = self._seat()
        return rule_action_candidates(game, seat)

    def legal_actions(self) -> list[Action]:
        """Every legal action of this seat now."""
        game, seat = self._seat()
        return legal_actions(game, seat)


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
    observes_events = False
    """It remembers nothing, so ``bots.turns.tell`` does not make it copies of the events."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = Random(f"random-bot/{seed}")

    def choose(self, seat: SeatHandle) -> Action:
        # A Fisher-Yates shuffle of the candidates, stopped at the first legal one: each step
        # picks uniformly among the candidates not tried yet, so the action found is uniform
        # over the legal ones, after a draw and a legality check or two instead of a draw per
        # candidate. Each pick is drawn as ``Random.randrange`` draws it (``below``).
        # A discard is read (two validators, where its run ends the turn and starts the next);
        # any other candidate is run, which the move reuses when it is the one found (measured
        # the faster of the two in classic and Riverside).
        candidates = seat.candidates()
        for last in range(len(candidates) - 1, -1, -1):
            if last:
                pick = below(last + 1, self._rng)
                candidates[last], candidates[pick] = candidates[pick], candidates[last]
            found = candidates[last]
            if seat.allows(found) if type(found) is Discard else seat.is_legal(found):
                return found
        raise RuleError("no_legal_action", "Seat %(seat)s has no legal action.", seat=seat.seat)

    def observe(self, events: Sequence[Event]) -> None:
        """The random bot remembers nothing."""
