"""One plugin manager per game, behind a typed facade the engine talks to.

The engine never calls ``pm.hook.x(...)`` itself: each hook has a typed method here that checks
what the plugins returned. A plugin that raises, or returns the wrong type, becomes a
``PluginError`` naming the plugin and the hook, and the action it was part of is refused with the
state unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from types import CodeType, TracebackType
from typing import Any, TypeVar

import pluggy

from rummy_core import defaults, hookspecs
from rummy_core.actions import Action
from rummy_core.cards import CARD_CODES
from rummy_core.errors import PluginError, RuleError, Violation
from rummy_core.meldrules import MeldRules
from rummy_core.plugin import HouseRule, Ruleset
from rummy_core.state import Meld, State

T = TypeVar("T")
ENGINE_DEFAULTS = "rummy_core.defaults"


def hook_names() -> list[str]:
    """The name of every hook in the spec, in the order it is written."""
    return [name for name in vars(hookspecs) if name.startswith("rummy_")]


class Hooks:
    """The rules of one game: a ruleset and its house rules, asked through typed methods."""

    def __init__(self, ruleset: Ruleset, house_rules: list[HouseRule]) -> None:
        self.ruleset = ruleset
        self.house_rules = house_rules
        pm = pluggy.PluginManager("rummy")
        pm.add_hookspecs(hookspecs)
        pm.register(defaults, name=ENGINE_DEFAULTS)
        for plugin, name in [(ruleset, ruleset.name), *((h, h.name) for h in house_rules)]:
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
        values = self._decide("rummy_card_values", tuple)
        if len(values) != CARD_CODES or not all(isinstance(v, int) for v in values):
            raise PluginError(
                self._answering("rummy_card_values"),
                "rummy_card_values",
                f"expected {CARD_CODES} ints, got {values!r}",
            )
        self.card_values: tuple[int, ...] = values
        self.turn_cap: int = self._decide("rummy_turn_cap", int)

    # -- calling ------------------------------------------------------------------------------

    def _call(self, name: str, **kwargs: Any) -> Any:
        plan = self._plans[name]
        try:
            if plan is None:
                return getattr(self._pm.hook, name)(**kwargs)
            first, steps = plan
            if first:
                for function, argnames in steps:
                    answer = function(*[kwargs[a] for a in argnames])
                    if answer is not None:
                        return answer
                return None
            results = []
            for function, argnames in steps:
                answer = function(*[kwargs[a] for a in argnames])
                if answer is not None:
                    results.append(answer)
            return results
        except RuleError:
            raise
        except Exception as exc:
            raise PluginError(self._blame(exc), name, f"{type(exc).__name__}: {exc}") from exc

    def _decide(self, name: str, kind: type[T], **kwargs: Any) -> T:
        result = self._call(name, **kwargs)
        if not isinstance(result, kind) or (kind is int and isinstance(result, bool)):
            raise PluginError(
                self._answering(name, **kwargs),
                name,
                f"returned {result!r}, expected {kind.__name__}",
            )
        return result

    def _collect(self, name: str, **kwargs: Any) -> list[Violation]:
        found: list[Violation] = []
        for answer in self._call(name, **kwargs):
            if not isinstance(answer, list) or not all(isinstance(v, Violation) for v in answer):
                raise PluginError(
                    self._answering(name, **kwargs),
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

    def _answering(self, name: str, **kwargs: Any) -> str:
        """The plugin that gave a firstresult hook's answer (asked again, one at a time)."""
        for impl in reversed(getattr(self._pm.hook, name).get_hookimpls()):
            if impl.hookwrapper or impl.wrapper:
                continue
            try:
                answer = impl.function(*(kwargs[arg] for arg in impl.argnames))
            except Exception:
                return str(impl.plugin_name)
            if answer is not None:
                return str(impl.plugin_name)
        return ENGINE_DEFAULTS

    # -- the deal -----------------------------------------------------------------------------

    def hand_size(self, players: int, seat: int, dealer: int) -> int:
        return self._decide("rummy_hand_size", int, players=players, seat=seat, dealer=dealer)

    def deal(self, state: State, deck: list[int], sizes: list[int], rng: Random) -> None:
        self._decide("rummy_deal", bool, state=state, deck=deck, sizes=sizes, rng=rng)

    def first_player(self, state: State) -> int:
        return self._seat(self._decide("rummy_first_player", int, state=state), state, "first")

    def next_dealer(self, state: State) -> int:
        return self._seat(self._decide("rummy_next_dealer", int, state=state), state, "dealer")

    def _seat(self, seat: int, state: State, what: str) -> int:
        if not 0 <= seat < state.players:
            raise PluginError(self.ruleset.name, f"rummy_{what}", f"seat {seat} does not exist")
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

    def take_back(self, state: State, seat: int) -> str:
        answer = self._decide("rummy_take_back", str, state=state, seat=seat)
        if answer not in ("play", "draw"):
            raise PluginError(
                self._answering("rummy_take_back", state=state, seat=seat),
                "rummy_take_back",
                f"returned {answer!r}, expected 'play' or 'draw'",
            )
        return answer

    # -- scoring and the match ----------------------------------------------------------------

    def hand_scores(self, state: State, went_out: int | None, reason: str) -> list[int]:
        scores = self._decide(
            "rummy_hand_scores", list, state=state, went_out=went_out, reason=reason
        )
        if len(scores) != state.players or not all(isinstance(s, int) for s in scores):
            raise PluginError(
                self.ruleset.name,
                "rummy_hand_scores",
                f"returned {scores!r}, expected {state.players} ints",
            )
        return scores

    def hand_bonus(self, state: State, went_out: int) -> bool:
        return self._decide("rummy_hand_bonus", bool, state=state, went_out=went_out)

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


_Plan = tuple[bool, list[tuple[Callable[..., Any], tuple[str, ...]]]]
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
    return first, [(impl.function, tuple(impl.argnames)) for impl in reversed(impls)]


def _hook_in(text: str) -> str:
    for name in hook_names():
        if name in text:
            return name
    return "registration"


def _plugin_name(plugin: object, pm: pluggy.PluginManager) -> str:
    name = pm.get_name(plugin) if plugin is not None else None
    return name or repr(plugin)
