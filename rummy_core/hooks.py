"""One plugin manager per game, behind a typed facade the engine talks to.

The engine never calls ``pm.hook.x(...)`` itself: each hook has a typed method here that checks
what the plugins returned. A plugin that raises, or returns the wrong type, becomes a
``PluginError`` naming the plugin and the hook, and the action it was part of is refused with the
state unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from operator import itemgetter
from random import Random
from types import CodeType, TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

import pluggy
from pydantic import BaseModel

from rummy_core import defaults, hookspecs
from rummy_core.action_kinds import ActionKind
from rummy_core.actions import Action, PluginAction
from rummy_core.cards import CARD_CODES
from rummy_core.errors import PluginError, RuleError, Violation
from rummy_core.meldrules import MeldRules
from rummy_core.plugin import HouseRule, Ruleset
from rummy_core.state import Meld, State

if TYPE_CHECKING:
    from rummy_core.engine import Event, Game

T = TypeVar("T")
ENGINE_DEFAULTS = "rummy_core.defaults"
REGISTER_ACTIONS = "rummy_register_actions"


def hook_names() -> list[str]:
    """The name of every hook in the spec, in the order it is written."""
    return [name for name in vars(hookspecs) if name.startswith("rummy_")]


class Hooks:
    """The rules of one game: a ruleset and its house rules, asked through typed methods."""

    def __init__(
        self, ruleset: Ruleset, house_rules: list[HouseRule], plugins: Sequence[object] = ()
    ) -> None:
        """Register the ruleset, then the house rules in order, then any other ``plugins``.

        ``plugins`` are plain objects with hook implementations, named by their ``name``
        attribute or class (tests and tools); like house rules they are asked before the ruleset.
        """
        self.ruleset = ruleset
        self.house_rules = house_rules
        pm = pluggy.PluginManager("rummy")
        pm.add_hookspecs(hookspecs)
        pm.register(defaults, name=ENGINE_DEFAULTS)
        named = [(ruleset, ruleset.name), *((h, h.name) for h in house_rules)]
        named += [(p, str(getattr(p, "name", type(p).__name__))) for p in plugins]
        for plugin, name in named:
            _check_marked(plugin, name)
            try:
                pm.register(plugin, name=name)
            except pluggy.PluginValidationError as exc:
                raise PluginError(name, _hook_in(str(exc)), str(exc)) from exc
        try:
            pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(_plugin_name(exc.plugin, pm), _hook_in(str(exc)), str(exc)) from exc
        self._pm = pm
        self._owners: dict[CodeType, str] = {}
        self._plans: dict[str, _Plan | None] = {}
        for name in hook_names():
            caller = getattr(pm.hook, name)
            impls = caller.get_hookimpls()
            for impl in impls:
                self._owners[impl.function.__code__] = impl.plugin_name
            self._plans[name] = _plan(caller, impls)
        # Asked once: the hot path reads these attributes instead of calling hooks.
        self.deck: list[int] = self._decide("rummy_deck", list)
        self.meld_rules: MeldRules = self._decide("rummy_meld_rules", MeldRules)
        self.card_values: tuple[int, ...] = self._checked(
            "rummy_card_values",
            lambda v: isinstance(v, tuple) and len(v) == CARD_CODES and all(_is_int(x) for x in v),
            f"a tuple of {CARD_CODES} ints",
        )
        self.turn_cap: int = self._decide("rummy_turn_cap", int)
        self.action_kinds: dict[str, ActionKind[Any, Any]] = {}
        """The kinds of action plugins added, by JSON ``type`` (``rummy_register_actions``)."""
        self._kind_owners: dict[str, str] = {}
        self._kinds_by_class: dict[type, ActionKind[Any, Any]] = {}
        self._register_actions()

    # -- calling ------------------------------------------------------------------------------

    def _call(self, name: str, **kwargs: Any) -> Any:
        plan = self._plans[name]
        try:
            if plan is None:
                return getattr(self._pm.hook, name)(**kwargs)
            first, steps = plan
            if first:
                for function, args in steps:
                    answer = function(*args(kwargs))
                    if answer is not None:
                        return answer
                return None
            results = []
            for function, args in steps:
                answer = function(*args(kwargs))
                if answer is not None:
                    results.append(answer)
            return results
        except RuleError:
            raise
        except Exception as exc:
            raise PluginError(self._blame(exc), name, f"{type(exc).__name__}: {exc}") from exc

    def _decide(self, name: str, kind: type[T], **kwargs: Any) -> T:
        result = self._call(name, **kwargs)
        if type(result) is kind:
            # The usual answer, checked without building the checker below (hot path).
            return result

        def ok(result: Any) -> bool:
            return isinstance(result, kind) and not (kind is int and isinstance(result, bool))

        answer: T = self._verified(name, result, ok, kind.__name__, kwargs)
        return answer

    def _checked(self, name: str, ok: Callable[[Any], bool], expected: str, **kwargs: Any) -> Any:
        """A decision's answer; a ``PluginError`` names the plugin whose answer is not ``ok``."""
        return self._verified(name, self._call(name, **kwargs), ok, expected, kwargs)

    def _verified(
        self,
        name: str,
        result: Any,
        ok: Callable[[Any], bool],
        expected: str,
        kwargs: dict[str, Any],
    ) -> Any:
        """``result`` of ``name`` if it is ``ok``; else a ``PluginError`` naming the culprit."""
        if not ok(result):
            raise PluginError(
                self._culprit(name, ok, **kwargs),
                name,
                f"returned {result!r}, expected {expected}",
            )
        return result

    def _collect(self, name: str, **kwargs: Any) -> list[Violation]:
        found: list[Violation] = []
        for answer in self._call(name, **kwargs):
            if answer.__class__ is list and not answer:
                continue
            if not _violations_ok(answer):
                raise PluginError(
                    self._culprit(name, _violations_ok, **kwargs),
                    name,
                    f"returned {answer!r}, expected a list of Violation",
                )
            found.extend(answer)
        return found

    def _blame(self, exc: BaseException) -> str:
        """The plugin whose code raised ``exc``: the innermost hook implementation it passed."""
        blamed = self.ruleset.name
        tb: TracebackType | None = exc.__traceback__
        while tb is not None:
            owner = self._owners.get(tb.tb_frame.f_code)
            if owner is not None:
                blamed = owner
            tb = tb.tb_next
        return blamed

    def _culprit(self, name: str, ok: Callable[[Any], bool], **kwargs: Any) -> str:
        """The plugin whose answer to ``name`` is not ``ok``, found by asking each again alone.

        For a validator, the first implementation whose own answer is not ``ok``. For a decision,
        the implementation that answered, if its answer is not ``ok``; otherwise the first
        wrapper, innermost first, that turned a good answer into a bad one.
        """
        caller = getattr(self._pm.hook, name)
        impls = caller.get_hookimpls()
        plain = [i for i in reversed(impls) if not (i.wrapper or i.hookwrapper)]
        first = bool(caller.spec is not None and caller.spec.opts.get("firstresult"))
        answer: Any = None
        culprit = ENGINE_DEFAULTS
        for impl in plain:
            try:
                answer = impl.function(*(kwargs[arg] for arg in impl.argnames))
            except Exception:
                return str(impl.plugin_name)
            if not first and not ok(answer):
                return str(impl.plugin_name)
            if first and answer is not None:
                culprit = str(impl.plugin_name)
                break
        if first and not ok(answer):
            return culprit
        # pluggy lists wrappers after plain implementations, innermost first.
        for impl in (i for i in impls if i.wrapper or i.hookwrapper):
            if impl.hookwrapper or not first:
                return str(impl.plugin_name)
            try:
                answer = _unwrap(impl.function(*(kwargs[arg] for arg in impl.argnames)), answer)
            except Exception:
                return str(impl.plugin_name)
            if not ok(answer):
                return str(impl.plugin_name)
        return culprit

    # -- the deal -----------------------------------------------------------------------------

    def hand_size(self, players: int, seat: int, dealer: int) -> int:
        return self._decide("rummy_hand_size", int, players=players, seat=seat, dealer=dealer)

    def deal(
        self, state: State, deck: list[int], sizes: list[int], rng: Random, cut: int | None
    ) -> None:
        self._decide("rummy_deal", bool, state=state, deck=deck, sizes=sizes, rng=rng, cut=cut)

    def cutter(self, state: State) -> int | None:
        answer: int | None = self._checked(
            "rummy_cutter",
            lambda seat: seat is None or (_is_int(seat) and 0 <= seat < state.players),
            "None or a seat number",
            state=state,
        )
        return answer

    def first_player(self, state: State) -> int:
        return self._seat("rummy_first_player", state)

    def next_dealer(self, state: State) -> int:
        return self._seat("rummy_next_dealer", state)

    def _seat(self, name: str, state: State) -> int:
        def ok(seat: Any) -> bool:
            return _is_int(seat) and 0 <= seat < state.players

        seat: int = self._checked(name, ok, f"a seat from 0 to {state.players - 1}", state=state)
        return seat

    # -- drawing ------------------------------------------------------------------------------

    def turn_starts_with_draw(self, state: State, seat: int) -> bool:
        return self._decide("rummy_turn_starts_with_draw", bool, state=state, seat=seat)

    def draw_sources(self, state: State, seat: int) -> list[str]:
        return self._decide("rummy_draw_sources", list, state=state, seat=seat)

    def draw_violations(self, state: State, seat: int, source: str) -> list[Violation]:
        return self._collect("rummy_draw_violations", state=state, seat=seat, source=source)

    def draw(self, state: State, seat: int, source: str) -> list[int]:
        return self._decide("rummy_draw", list, state=state, seat=seat, source=source)

    def refill_stock(self, state: State, rng: Random) -> bool:
        return self._decide("rummy_refill_stock", bool, state=state, rng=rng)

    # -- plays --------------------------------------------------------------------------------

    def action_violations(self, state: State, seat: int, action: Action) -> list[Violation]:
        return self._collect("rummy_action_violations", state=state, seat=seat, action=action)

    def meld_violations(self, state: State, seat: int, melds: list[Meld]) -> list[Violation]:
        return self._collect("rummy_meld_violations", state=state, seat=seat, melds=melds)

    def lay_off_violations(
        self, state: State, seat: int, index: int, before: Meld, after: Meld
    ) -> list[Violation]:
        return self._collect(
            "rummy_lay_off_violations",
            state=state,
            seat=seat,
            index=index,
            before=before,
            after=after,
        )

    def swap_violations(
        self, state: State, seat: int, index: int, before: Meld, after: Meld, wild: int
    ) -> list[Violation]:
        return self._collect(
            "rummy_swap_violations",
            state=state,
            seat=seat,
            index=index,
            before=before,
            after=after,
            wild=wild,
        )

    def min_hand_after_play(self, state: State, seat: int) -> int:
        return self._decide("rummy_min_hand_after_play", int, state=state, seat=seat)

    def opening_minimum(self, state: State, seat: int) -> int:
        return self._decide("rummy_opening_minimum", int, state=state, seat=seat)

    def meld_points(self, state: State, meld: Meld) -> int:
        return self._decide("rummy_meld_points", int, state=state, meld=meld)

    # -- discarding and the end of a turn -----------------------------------------------------

    def discard_violations(self, state: State, seat: int, card: int) -> list[Violation]:
        return self._collect("rummy_discard_violations", state=state, seat=seat, card=card)

    def discard_face_down(self, state: State, seat: int, card: int) -> bool:
        return self._decide("rummy_discard_face_down", bool, state=state, seat=seat, card=card)

    def turn_end_violations(self, state: State, seat: int) -> list[Violation]:
        return self._collect("rummy_turn_end_violations", state=state, seat=seat)

    def goes_out(self, state: State, seat: int) -> bool:
        return self._decide("rummy_goes_out", bool, state=state, seat=seat)

    def turn_ended(self, state: State, seat: int) -> None:
        self._call("rummy_turn_ended", state=state, seat=seat)

    def take_back(self, state: State, seat: int) -> str:
        answer: str = self._checked(
            "rummy_take_back",
            lambda a: a in ("play", "draw"),
            "'play' or 'draw'",
            state=state,
            seat=seat,
        )
        return answer

    # -- scoring and the match ----------------------------------------------------------------

    def hand_scores(
        self, state: State, went_out: int | None, reason: str, bonus: bool = False
    ) -> list[int]:
        def ok(scores: Any) -> bool:
            return (
                isinstance(scores, list)
                and len(scores) == state.players
                and all(_is_int(s) for s in scores)
            )

        scores: list[int] = self._checked(
            "rummy_hand_scores",
            ok,
            f"a list of {state.players} ints",
            state=state,
            went_out=went_out,
            reason=reason,
            values=self.card_values,
            bonus=bonus,
        )
        return scores

    def hand_bonus(self, state: State, went_out: int) -> bool:
        return self._decide("rummy_hand_bonus", bool, state=state, went_out=went_out)

    def match_over(self, state: State) -> bool:
        return self._decide("rummy_match_over", bool, state=state)

    def match_winners(self, state: State) -> list[int]:
        return self._decide("rummy_match_winners", list, state=state)

    def hand_ended(self, state: State) -> None:
        self._call("rummy_hand_ended", state=state)

    def implementers(self) -> dict[str, list[str]]:
        """For each plugin of this game, the hooks it implements."""
        found: dict[str, list[str]] = {}
        for name in hook_names():
            for impl in getattr(self._pm.hook, name).get_hookimpls():
                found.setdefault(impl.plugin_name, []).append(name)
        return found

    # -- actions added by plugins -------------------------------------------------------------

    def _register_actions(self) -> None:
        """Gather every plugin's ``ActionKind``, checked, each with the plugin that added it."""
        for impl in reversed(getattr(self._pm.hook, REGISTER_ACTIONS).get_hookimpls()):
            owner = str(impl.plugin_name)
            if impl.wrapper or impl.hookwrapper:
                raise PluginError(owner, REGISTER_ACTIONS, "a registrar cannot be a wrapper")
            try:
                kinds = impl.function()
            except Exception as exc:
                raise PluginError(owner, REGISTER_ACTIONS, f"{type(exc).__name__}: {exc}") from exc
            if not isinstance(kinds, list) or not all(isinstance(k, ActionKind) for k in kinds):
                raise PluginError(
                    owner, REGISTER_ACTIONS, f"returned {kinds!r}, expected a list of ActionKind"
                )
            for kind in kinds:
                problems = kind.problems()
                if kind.name in self.action_kinds:
                    problems.append(
                        f"the action type {kind.name!r} is already added by"
                        f" {self._kind_owners[kind.name]!r}"
                    )
                if problems:
                    raise PluginError(owner, REGISTER_ACTIONS, "; ".join(problems))
                self.action_kinds[kind.name] = kind
                self._kind_owners[kind.name] = owner
                self._kinds_by_class[kind.action] = kind

    def action_kind(self, action: object) -> ActionKind[Any, Any] | None:
        """The registered kind of a plugin's action (None for a built-in or unknown action)."""
        return self._kinds_by_class.get(type(action))

    def apply_action(
        self, game: Game, state: State, seat: int, action: PluginAction, events: list[Event]
    ) -> None:
        """Make a plugin's action on the working state (``RuleError`` refuses it)."""
        kind = self._kinds_by_class[type(action)]
        result = self._guard(kind, "apply", kind.apply, game, state, seat, action, events)
        if result is not None:
            raise PluginError(
                self._kind_owners[kind.name],
                f"the {kind.name!r} action (apply)",
                f"returned {result!r}, expected None",
            )

    def plugin_candidates(self, game: Game, seat: int) -> list[PluginAction]:
        """The plugins' actions worth checking for ``seat`` now, legal or not."""
        found: list[PluginAction] = []
        for kind in self.action_kinds.values():
            actions = self._guard(kind, "candidates", lambda k=kind: list(k.candidates(game, seat)))
            wrong = [a for a in actions if not isinstance(a, kind.action)]
            if wrong:
                raise PluginError(
                    self._kind_owners[kind.name],
                    f"the {kind.name!r} action (candidates)",
                    f"gave {wrong[0]!r}, expected {kind.action.__name__} instances",
                )
            found.extend(actions)
        return found

    def action_from_model(self, kind: ActionKind[Any, Any], model: BaseModel) -> PluginAction:
        """The engine form of a plugin action's validated JSON model."""
        action: PluginAction = self._guard(kind, "to_action", kind.to_action, model)
        expected: type[PluginAction] = kind.action
        if not isinstance(action, expected):
            raise PluginError(
                self._kind_owners[kind.name],
                f"the {kind.name!r} action (to_action)",
                f"returned {action!r}, expected a {kind.action.__name__}",
            )
        return action

    def action_to_model(self, action: PluginAction) -> BaseModel:
        """The JSON model of a plugin's action (``unknown_action`` if no plugin added it)."""
        kind = self._kinds_by_class.get(type(action))
        if kind is None:
            raise RuleError(
                "unknown_action",
                f"No plugin of this game adds {type(action).__name__} actions.",
                action=type(action).__name__,
            )
        model: BaseModel = self._guard(kind, "to_model", kind.to_model, action)
        expected: type[BaseModel] = kind.model
        if not isinstance(model, expected):
            raise PluginError(
                self._kind_owners[kind.name],
                f"the {kind.name!r} action (to_model)",
                f"returned {model!r}, expected a {kind.model.__name__}",
            )
        return model

    def _guard(
        self, kind: ActionKind[Any, Any], step: str, function: Callable[..., T], *args: Any
    ) -> T:
        try:
            return function(*args)
        except RuleError:
            raise
        except Exception as exc:
            raise PluginError(
                self._kind_owners[kind.name],
                f"the {kind.name!r} action ({step})",
                f"{type(exc).__name__}: {exc}",
            ) from exc


_Plan = tuple[bool, list[tuple[Callable[..., Any], Callable[[dict[str, Any]], tuple[Any, ...]]]]]
"""How to call a hook without pluggy's per-call machinery: firstresult, then the calls in order."""


def _plan(caller: pluggy.HookCaller, impls: list[pluggy.HookImpl]) -> _Plan | None:
    """A direct call plan for a hook with no wrappers (None: call it through pluggy).

    Simulations make millions of hook calls; calling the implementations directly, in pluggy's
    order (the reverse of ``get_hookimpls()``) and with its aggregation rule, keeps pluggy's
    semantics without its per-call cost. Wrappers need pluggy's generator protocol.
    """
    if any(impl.hookwrapper or impl.wrapper for impl in impls):
        return None
    spec = caller.spec
    first = bool(spec is not None and spec.opts.get("firstresult"))
    return first, [(impl.function, _arguments(tuple(impl.argnames))) for impl in reversed(impls)]


def _arguments(names: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """Picks an implementation's arguments out of the hook's keyword arguments, in its order."""
    if len(names) > 1:
        return itemgetter(*names)
    if names:
        name = names[0]
        return lambda kwargs: (kwargs[name],)
    return lambda kwargs: ()


def _hook_in(text: str) -> str:
    """The hook a pluggy validation message is about (``... hook 'rummy_x' ...``)."""
    found = re.search(r"hook '(\w+)'", text)
    return found.group(1) if found else "registration"


def _check_marked(plugin: object, name: str) -> None:
    """A method named like a hook but not marked ``@hookimpl`` would be ignored: refuse it."""
    for attr in dir(plugin):
        if not attr.startswith("rummy_") or not callable(getattr(plugin, attr, None)):
            continue
        if not hasattr(getattr(plugin, attr), "rummy_impl"):
            raise PluginError(name, attr, "it is named like a hook but not marked with @hookimpl")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _violations_ok(answer: Any) -> bool:
    return isinstance(answer, list) and all(isinstance(v, Violation) for v in answer)


def _unwrap(wrapper: Any, answer: Any) -> Any:
    """Run one new-style wrapper (a generator) around ``answer`` and return what it returns."""
    next(wrapper)
    try:
        wrapper.send(answer)
    except StopIteration as stop:
        return stop.value
    raise RuntimeError("the wrapper yielded more than once")


def _plugin_name(plugin: object, pm: pluggy.PluginManager) -> str:
    name = pm.get_name(plugin) if plugin is not None else None
    return name or repr(plugin)
