"""One match driven by action ids: the part the PettingZoo and Gymnasium environments share.

A ``Session`` holds the game, each seat's memory and lay-down under way, and turns action ids
into engine actions. An id that is not legal raises ``RuleError`` ``illegal_action_id`` and
changes nothing.

Rewards (``reward=``):

- ``"hand"``: an episode is one hand. When it ends, each seat gets its hand score minus the
  mean of the others' (negated where the lowest score wins, as in Hungarian), so the rewards of
  a hand sum to zero. ``docs/rl.md`` says what that is per ruleset.
- ``"match"``: an episode is a whole match, hands dealt one after another. At its end each
  winner gets +1 and every other seat -1 (0 for all when every seat shares the win or
  the match has no winner).

For search and self-play a session can be copied (``clone``, ``copy.deepcopy``), pickled, its
hidden cards re-dealt as one seat could imagine them (``resample``), and one seat's knowledge
written as text (``info_state``).
"""

from __future__ import annotations

import copy
import io
import pickle
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from rummy_core.bots import Bot
from rummy_core.bots.base import seat_handles
from rummy_core.bots.sampling import (
    CannotSample,
    sampled_game,
    sampled_rival_turn,
    turn_records,
)
from rummy_core.bots.tracking import CardTracker
from rummy_core.engine.actions import Action, Draw
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event, seen_by
from rummy_core.engine.game import Game
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER, State
from rummy_core.engine.view import PlayerView, player_view
from rummy_core.env.actions import EMPTY, ActionCodec, Choices, Laydown, Pending, TakeBackIds
from rummy_core.env.observe import UNKNOWN, Encoder, SeatMemory, Vector
from rummy_core.match import Match

Reward = Literal["hand", "match"]
REWARDS: tuple[Reward, ...] = ("hand", "match")
Mask = npt.NDArray[np.int8]


def variant_hooks(variant: str | Variant, players: int | None) -> Hooks:
    """The rules of a variant written as ``rummy_core.engine.setup.Variant`` reads it."""
    if isinstance(variant, str):
        variant = Variant.parse(variant)
    return build_hooks(variant, players)


def variant_of(hooks: Hooks) -> Variant:
    """The variant ``hooks`` were built from: its ruleset and house rules with all their options."""
    return Variant(
        hooks.ruleset.name,
        hooks.ruleset.options.model_dump(),
        tuple((rule.name, rule.options.model_dump()) for rule in hooks.house_rules),
    )


class _HooksPickler(pickle.Pickler):
    """Pickles all but the ``Hooks``, which hold modules (the plugin manager's hooks), and the
    game's seat handles (see ``seat_handles``)."""

    def __init__(self, file: io.BytesIO, hooks: Hooks, handles: Mapping[int, object]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._kept = {id(hooks): "hooks", id(handles): "handles"}

    def persistent_id(self, obj: object) -> str | None:
        return self._kept.get(id(obj))


class _HooksUnpickler(pickle.Unpickler):
    """Reads what ``_HooksPickler`` wrote: the ``Hooks`` rebuilt from the variant, no handles."""

    def __init__(self, file: io.BytesIO, hooks: Hooks) -> None:
        super().__init__(file)
        self._hooks = hooks

    def persistent_load(self, pid: object) -> object:
        return self._hooks if pid == "hooks" else {}


def _unpickled_session(variant: Variant, blob: bytes) -> Session:
    hooks = build_hooks(variant)
    session = Session.__new__(Session)
    session.__dict__.update(_HooksUnpickler(io.BytesIO(blob), hooks).load())
    return session


def _turn_key(state: State) -> tuple[int, int]:
    """Which turn of the match ``state`` is in."""
    return state.hand_number, state.hand_turns


def _tracker(seen: Sequence[Event], view: PlayerView) -> CardTracker:
    """What a seat that saw ``seen`` knows of the hand ``view`` shows."""
    tracker = CardTracker()
    tracker.observe(seen)
    tracker.sync(view)
    return tracker


def hand_rewards(hand_scores: Sequence[int], low_score_wins: bool) -> list[float]:
    """Each seat's hand score minus the mean of the others', negated when low scores win."""
    n = len(hand_scores)
    total = sum(hand_scores)
    sign = -1.0 if low_score_wins else 1.0
    return [sign * (score - (total - score) / (n - 1)) for score in hand_scores]


def match_rewards(winners: Sequence[int], players: int) -> list[float]:
    """+1 for each winner and -1 for the others; 0 for all when every seat won, or none did."""
    if not winners or len(set(winners)) == players:
        return [0.0] * players
    return [1.0 if seat in winners else -1.0 for seat in range(players)]


class Session:
    """A match played by action ids, with every seat's memory kept up to date."""

    def __init__(
        self,
        hooks: Hooks,
        reward: Reward = "hand",
        laydown: Laydown | None = None,
        take_back: TakeBackIds = "escape",
    ) -> None:
        if reward not in REWARDS:
            raise RuleError(
                "bad_reward",
                "reward must be one of %(rewards)s, not %(reward)r.",
                reward=reward,
                rewards=", ".join(REWARDS),
            )
        self.hooks = hooks
        self.reward = reward
        self.codec = ActionCodec(hooks, laydown, take_back)
        self.players = hooks.ruleset.options.players
        self.encoder = Encoder(hooks, self.codec.table_slots)
        self.match = Match(new_game(hooks=hooks, seed=0), [None] * self.players)
        self.memories: list[SeatMemory] = []
        self.views: list[PlayerView] = []
        self.pending: Pending = EMPTY
        self.turn_actions: list[Action] = []
        """The actions of the turn under way, draws included, which ``resample`` makes again."""
        self._turn = (0, 0)
        self._turn_events = 0
        """How many events the game held when the turn under way began."""
        self._choices: Choices | None = None
        self.done = False
        """Whether the episode is over (the hand, or the match with ``reward="match"``)."""
        self.rewards: list[float] = [0.0] * self.players
        """The rewards of the last step (non-zero only when the episode ended on it)."""

    def __reduce__(self) -> tuple[Any, ...]:
        # The hooks (rules) hold modules, which pickle refuses: they are written as the variant
        # they were built from and rebuilt on loading; every object that shares them (the game,
        # bots' copies) shares the rebuilt ones.
        blob = io.BytesIO()
        _HooksPickler(blob, self.hooks, seat_handles(self.game)).dump(self.__dict__)
        return (_unpickled_session, (variant_of(self.hooks), blob.getvalue()))

    def __deepcopy__(self, memo: dict[int, Any]) -> Session:
        # The rules are shared, not copied: they hold no game's state, and building them is slow.
        # So are the action codec and the encoder, fixed once built (the codec holds every meld
        # the rules allow).
        for shared in (self.hooks, self.codec, self.encoder):
            memo.setdefault(id(shared), shared)
        memo.setdefault(id(seat_handles(self.game)), {})
        new = Session.__new__(Session)
        memo[id(self)] = new
        for name, value in self.__dict__.items():
            setattr(new, name, copy.deepcopy(value, memo))
        return new

    def clone(self) -> Session:
        """An independent copy: playing on either never changes the other, and both continue
        alike given the same actions (bots included: they are copied with what they know)."""
        return copy.deepcopy(self)

    def resample(self, seat: int, rng: Random) -> Session:
        """A copy whose hidden cards are re-dealt at random as ``seat`` could imagine them.

        Rivals' hands, the stock, the unseen part of the discard pile and the seed of later
        deals are drawn by the bots' own determinisation (``rummy_core.bots.sampling``) from
        ``seat``'s view and the events it saw this hand, never from the cards it cannot see:
        its view, observation and ``info_state`` are unchanged. The copy's history of the hand
        is those events as ``seat`` saw them. On ``seat``'s own turn the copy is rebuilt as it
        was just after the draw and its plays since then are made again (so a take-back there
        goes where it goes here). On a rival's turn after the rival has acted, the copy is
        rebuilt as the turn began and the rival's actions made again, the cards it has shown
        since dealt to its hand or its draw (``bots.sampling.sampled_rival_turn``; a turn that holds
        a plugin's own action, or turned the stock over, cannot be: ``CannotSample``).
        """
        state = self.game.state
        seen = [seen_by(event, seat) for event in self.game.events]
        records = turn_records(self.game)
        if state.turn != seat and self.turn_actions and self._turn == _turn_key(state):
            game = self._rival_turn_sampled(seat, seen, rng, records)
        else:
            game = self._own_turn_sampled(seat, seen, rng, records)
        game.events = seen
        new = self.clone()
        new.match = Match(game, new.match.bots, new.match.journal)
        new._refresh()
        return new

    def _own_turn_sampled(
        self, seat: int, seen: list[Event], rng: Random, records: Mapping[str, Any]
    ) -> Game:
        view = self.views[seat]
        plays: list[Action] = []
        if view.my_turn and view.plays:
            base = self.game.state.state_after_draw()
            if base is None:
                raise CannotSample("the turn's draw was not recorded, so its plays cannot be made")
            view = player_view(base, seat)
            draws = [i for i, action in enumerate(self.turn_actions) if isinstance(action, Draw)]
            plays = self.turn_actions[draws[-1] + 1 if draws else 0 :]
        game = sampled_game(self.hooks, view, _tracker(seen, view), rng, records)
        try:
            for action in plays:
                game.apply(seat, action)
        except RuleError as exc:
            raise CannotSample(f"a play of this turn is refused on the copy: {exc}") from exc
        if player_view(game.state, seat) != self.views[seat]:
            raise CannotSample("the plays of this turn did not lead back to the seat's view")
        return game

    def _rival_turn_sampled(
        self, seat: int, seen: list[Event], rng: Random, records: Mapping[str, Any]
    ) -> Game:
        start = self.game.state.start_of_turn()
        if start is None:
            raise CannotSample("the turn's start was not recorded, so its plays cannot be made")
        before = player_view(start, seat)
        view = self.views[seat]
        return sampled_rival_turn(
            self.hooks,
            (before, _tracker(seen[: self._turn_events], before)),
            (view, _tracker(seen, view)),
            rng,
            records,
            self.turn_actions,
        )

    def info_state(self, seat: int) -> str:
        """What ``seat`` knows, as text: its view, what it remembers of the hand (the discard
        pile's face-up cards, the pile cards each rival took), and its lay-down under way.

        Equal for two positions ``seat`` cannot tell apart, different when it can.
        """
        view = self.views[seat]
        memory = self.memories[seat]
        lines = [
            f"{name}={value!r}"
            for name, value in zip(view._fields, view, strict=True)
            if name != "table"
        ]
        lines += [
            f"meld owner={m.owner} kind={m.kind} cards={m.cards} reps={m.reps} credit={m.credit}"
            for m in view.table
        ]
        lines.append("pile=" + " ".join("?" if c == UNKNOWN else str(c) for c in memory.pile))
        lines += [f"taken {s}={sorted(held.elements())}" for s, held in enumerate(memory.taken)]
        pending = self.pending if self.current() == seat else EMPTY
        lines.append(f"pending={pending.staged!r} {pending.selected!r}")
        return "\n".join(lines)

    @property
    def game(self) -> Game:
        """The match's game."""
        return self.match.game

    def start(self, seed: int, bots: Sequence[Bot | None] | None = None) -> list[Event]:
        """Deal a new match from ``seed``, ``bots`` (if given) in the seats no agent plays;
        returns the deal's events (bots, as everywhere, start from their view of the deal)."""
        game = new_game(hooks=self.hooks, seed=seed)
        seats = list(bots) if bots is not None else [None] * self.players
        self.match = Match(game, seats)
        self.memories = [SeatMemory(seat, self.players) for seat in range(self.players)]
        self.pending = EMPTY
        self.turn_actions = []
        self._turn = _turn_key(game.state)
        self._turn_events = len(game.events)
        self.done = False
        self.rewards = [0.0] * self.players
        self._refresh()
        return list(self.game.events)

    def current(self) -> int | None:
        """The seat to act (None once the episode is over)."""
        return None if self.done else self.game.current_player()

    def choices(self) -> Choices:
        """The legal ids of the seat to act (cached until the next engine action)."""
        if self._choices is None:
            seat = self.game.current_player()
            if seat is None:
                raise RuleError("hand_over", "No one is to move.")
            self._choices = self.codec.choices(self.game, seat)
        return self._choices

    def mask(self, seat: int) -> Mask:
        """1 for every id ``seat`` may take now, 0 elsewhere (all 0 when it is not to act)."""
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if self.current() == seat:
            mask[self.choices().ids(self.pending)] = 1
        return mask

    def observation(self, seat: int) -> Vector:
        """The observation array of ``seat``."""
        pending = self.pending if self.current() == seat else EMPTY
        return self.encoder.encode(self.memories[seat], self.views[seat], pending)

    def step(self, seat: int, action_id: int) -> list[Event]:
        """Take ``action_id`` for ``seat``; returns the engine's events (none for a selection)."""
        if self.current() != seat:
            raise RuleError(
                "not_your_turn", "Seat %(seat)s is not to act now.", seat=seat, turn=self.current()
            )
        pending, action = self.choices().resolve(self.pending, int(action_id))
        if action is None:
            self.pending = pending
            self.rewards = [0.0] * self.players
            return []
        return self.apply(seat, action)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Make an engine action for ``seat`` (a bot's, or one an id resolved to)."""
        before = self.game.state
        count = len(self.game.events)
        events = self.match.act(seat, action).events
        turn = _turn_key(before)
        if turn != self._turn:
            self._turn = turn
            self._turn_events = count
            self.turn_actions = []
        self.turn_actions.append(action)
        self.pending = EMPTY
        self.rewards = [0.0] * self.players
        state = self.game.state
        if state.phase in (HAND_OVER, MATCH_OVER):
            if self.reward == "hand":
                assert state.outcome is not None
                low = self.hooks.ruleset.low_score_wins
                self.rewards = hand_rewards(state.outcome.hand_scores, low)
                self.done = True
            elif state.phase == MATCH_OVER:
                self.rewards = match_rewards(state.winners, self.players)
                self.done = True
            else:
                events = [*events, *self.match.deal_next().events]
        self._refresh()
        return events

    def _refresh(self) -> None:
        self._choices = None
        state = self.game.state
        self.views = [player_view(state, seat) for seat in range(self.players)]
        for memory, view in zip(self.memories, self.views, strict=True):
            memory.update(view)
