"""The kinds of action the plugins of one game add, gathered once and each called guarded.

Every plugin's ``rummy_register_actions`` answer is checked (``ActionKind.problems``, no name
taken twice) and kept with the plugin that gave it, so that a kind's code that raises or returns
the wrong thing becomes a ``PluginError`` naming that plugin. A kind's code is given the game's
steps with ``state`` a copy (``StepsOnCopy``): what it does to ``game.state`` stays out of the
game, whether it then fails or not (ruling A2). The candidates of kinds that all ship with the
framework (rulesets and house rules of ``rummy_rulesets``, which change nothing) are listed from
the game itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel

from rummy_core.engine.action_kinds import ActionKind, GameSteps
from rummy_core.engine.actions import Action, PluginAction
from rummy_core.engine.errors import PluginError, RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.hookcall import HookCalls
from rummy_core.engine.plugin import ships
from rummy_core.engine.state import Reason, State

T = TypeVar("T")
REGISTER_ACTIONS = "rummy_register_actions"


class StepsOnCopy:
    """A game's public steps, with ``state`` a copy of the game's state."""

    __slots__ = ("_copy", "_game")

    def __init__(self, game: GameSteps) -> None:
        self._game = game
        self._copy: State | None = None

    @property
    def state(self) -> State:
        """A copy of the game's state, made when first asked for: most actions work on the
        clone ``apply`` is given and never ask."""
        if self._copy is None:
            self._copy = self._game.state.clone()
        return self._copy

    def check_play(self, st: State, seat: int, action: Action) -> None:
        """The game's ``check_play``."""
        self._game.check_play(st, seat, action)

    def discard_card(self, st: State, seat: int, card: int, events: list[Event]) -> None:
        """The game's ``discard_card``."""
        self._game.discard_card(st, seat, card, events)

    def end_turn(self, st: State, seat: int, events: list[Event]) -> None:
        """The game's ``end_turn``."""
        self._game.end_turn(st, seat, events)

    def end_hand(
        self, st: State, went_out: int | None, reason: Reason, events: list[Event]
    ) -> None:
        """The game's ``end_hand``."""
        self._game.end_hand(st, went_out, reason, events)

    def deal_waiting(self, st: State, choice: int | None, events: list[Event]) -> None:
        """The game's ``deal_waiting``."""
        self._game.deal_waiting(st, choice, events)


class ActionKinds(Mapping[str, ActionKind[Any, Any]]):
    """The kinds of action plugins added, by JSON ``type``."""

    def __init__(self, calls: HookCalls) -> None:
        """Ask every plugin of the game, through ``calls``, for its kinds, one plugin at a time
        in pluggy's calling order, so a bad answer names its plugin (``PluginError``)."""
        self._kinds: dict[str, ActionKind[Any, Any]] = {}
        self._owners: dict[str, str] = {}
        self._by_class: dict[type, ActionKind[Any, Any]] = {}
        self._shipped = True
        """Whether every kind comes from a ruleset or house rule that ships with the framework,
        whose candidates change nothing (``tests/test_hook_isolation.py``): they are given the
        game itself, not a copy of its state (a clone at every gin decision that ends a turn)."""
        for impl in calls.implementations(REGISTER_ACTIONS):
            owner = str(impl.plugin_name)
            self._shipped = self._shipped and ships(impl.plugin)
            if impl.wrapper or impl.hookwrapper:
                raise PluginError(owner, REGISTER_ACTIONS, "a registrar cannot be a wrapper")
            try:
                answers = calls.call_some(REGISTER_ACTIONS, [impl.plugin])
            except Exception as exc:
                raise PluginError(owner, REGISTER_ACTIONS, f"{type(exc).__name__}: {exc}") from exc
            for kinds in answers:
                self._add(owner, kinds)

    def _add(self, owner: str, kinds: Any) -> None:
        if not isinstance(kinds, list) or not all(isinstance(k, ActionKind) for k in kinds):
            raise PluginError(
                owner, REGISTER_ACTIONS, f"returned {kinds!r}, expected a list of ActionKind"
            )
        for kind in kinds:
            problems = kind.problems()
            if kind.name in self._kinds:
                problems.append(
                    f"the action type {kind.name!r} is already added by {self._owners[kind.name]!r}"
                )
            if problems:
                raise PluginError(owner, REGISTER_ACTIONS, "; ".join(problems))
            self._kinds[kind.name] = kind
            self._owners[kind.name] = owner
            self._by_class[kind.action] = kind

    def __getitem__(self, name: str) -> ActionKind[Any, Any]:
        return self._kinds[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)

    def event_kinds(self) -> list[type[Event]]:
        """The kinds of event the plugins' actions bring."""
        return [event for kind in self._kinds.values() for event in kind.events]

    def waiting_in(self, phase: str) -> ActionKind[Any, Any] | None:
        """The kind the deal waits for in ``phase`` (``before_deal``), or None: no such phase."""
        kind = self._kinds.get(phase)
        return kind if kind is not None and kind.before_deal is not None else None

    def kind_of(self, action: object) -> ActionKind[Any, Any] | None:
        """The registered kind of a plugin's action (None for a built-in or unknown action)."""
        return self._by_class.get(type(action))

    def apply(
        self, game: GameSteps, state: State, seat: int, action: PluginAction, events: list[Event]
    ) -> None:
        """Make a plugin's action on the working state (``RuleError`` refuses it)."""
        kind = self._by_class[type(action)]
        steps = StepsOnCopy(game)
        # Typed ``object``: mypyc refuses a local whose inferred type is None.
        result: object = self._guard(kind, "apply", kind.apply, steps, state, seat, action, events)
        if result is not None:
            raise PluginError(
                self._owners[kind.name],
                f"the {kind.name!r} action (apply)",
                f"returned {result!r}, expected None",
            )

    def candidates(self, game: GameSteps, seat: int) -> list[PluginAction]:
        """The plugins' actions worth checking for ``seat`` now, legal or not: while the deal
        waits, the waited-for kind's; in a turn, those of the kinds made in turns."""
        waiting = self.waiting_in(game.state.phase)
        found: list[PluginAction] = []
        # One copy for all the kinds: what a kind does to it can change only what the kinds
        # after it offer, and every candidate is checked before it is offered.
        steps = game if self._shipped else StepsOnCopy(game)
        for kind in self._kinds.values() if waiting is None else (waiting,):
            if waiting is None and kind.before_deal is not None:
                continue
            actions = self._guard(kind, "candidates", _listed, kind.candidates, steps, seat)
            wrong = [a for a in actions if not isinstance(a, kind.action)]
            if wrong:
                raise PluginError(
                    self._owners[kind.name],
                    f"the {kind.name!r} action (candidates)",
                    f"gave {wrong[0]!r}, expected {kind.action.__name__} instances",
                )
            found.extend(actions)
        return found

    def from_model(self, kind: ActionKind[Any, Any], model: BaseModel) -> PluginAction:
        """The engine form of a plugin action's validated JSON model."""
        action: PluginAction = self._converted(
            kind, "to_action", kind.to_action, model, kind.action
        )
        return action

    def to_model(self, action: PluginAction) -> BaseModel:
        """The JSON model of a plugin's action (``unknown_action`` if no plugin added it)."""
        kind = self._by_class.get(type(action))
        if kind is None:
            raise RuleError(
                "unknown_action",
                "No plugin of this game adds %(action)s actions.",
                action=type(action).__name__,
            )
        model: BaseModel = self._converted(kind, "to_model", kind.to_model, action, kind.model)
        return model

    def _converted(
        self,
        kind: ActionKind[Any, Any],
        step: str,
        function: Callable[[Any], Any],
        value: Any,
        expected: type,
    ) -> Any:
        """``function(value)``, guarded, and refused as the plugin's fault unless ``expected``."""
        result = self._guard(kind, step, function, value)
        if not isinstance(result, expected):
            raise PluginError(
                self._owners[kind.name],
                f"the {kind.name!r} action ({step})",
                f"returned {result!r}, expected a {expected.__name__}",
            )
        return result

    def _guard(
        self, kind: ActionKind[Any, Any], step: str, function: Callable[..., T], *args: Any
    ) -> T:
        try:
            return function(*args)
        except RuleError:
            raise
        except Exception as exc:
            raise PluginError(
                self._owners[kind.name],
                f"the {kind.name!r} action ({step})",
                f"{type(exc).__name__}: {exc}",
            ) from exc


def _listed(candidates: Callable[[GameSteps, int], Any], game: GameSteps, seat: int) -> list[Any]:
    # Inside the guard: a generator's code runs only as it is listed.
    return list(candidates(game, seat))
