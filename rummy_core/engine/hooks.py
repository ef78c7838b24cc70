"""One plugin manager per game, behind a typed facade the engine talks to.

The engine never calls ``pm.hook.x(...)`` itself: each hook has a typed method here that checks
what the plugins returned. A plugin that raises, or returns the wrong type, becomes a
``PluginError`` naming the plugin and the hook, and the action it was part of is refused with the
state unchanged. The calls go through ``rummy_core.engine.hookcall``, which answers as ``pm.hook``
does (direct calls where it can follow pluggy exactly, pluggy's own elsewhere); ``Hooks.pm`` is the
manager itself, for late plugins, monitoring and tracing.

The hooks a caller may ask between actions (the draw sources, an opening's minimum, the cards to
keep, a meld's points, the next dealer, a take-back's scope, and the end of a hand's bonus,
scores and match questions) are asked of a copy of the state they are given whenever a plugin
from elsewhere (not the engine's defaults, nor a shipped ruleset or house rule, which change
nothing they are asked) takes the state, so no caller can hand such a plugin the game's own
state (A2). Only the engine, asking them inside an action of the clone that action works on, says
``working=True`` and skips the copy.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from random import Random
from types import TracebackType
from typing import Any, TypeVar

import pluggy

from rummy_core.engine import defaults, hookspecs
from rummy_core.engine.action_kinds import DealWait
from rummy_core.engine.action_registry import ActionKinds
from rummy_core.engine.actions import Action
from rummy_core.engine.cards import CARD_CODES
from rummy_core.engine.errors import PluginError, RuleError, Violation
from rummy_core.engine.events import Event
from rummy_core.engine.hookcall import HookCalls, PluginManager
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.plugin import HouseRule, Ruleset, plugin_text, ships
from rummy_core.engine.scorelines import ScoreLine
from rummy_core.engine.stages import TurnStage
from rummy_core.engine.state import Meld, Reason, State

T = TypeVar("T")
ENGINE_DEFAULTS = "rummy_core.engine.defaults"


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
        pm = PluginManager("rummy")
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
        self.pm = pm
        """The game's plugin manager: a plugin registered here later takes part from the next call;
        monitoring and tracing it sees every hook call."""
        self._calls = HookCalls(pm)
        self._given_state: dict[str, bool] = {}
        self._given_seen = -1
        self._shipped: dict[tuple[str, ...], bool] = {}
        self._shipped_seen = -1
        # Asked once: the hot path reads these attributes instead of calling hooks.
        self.deck: list[int] = self._checked(
            "rummy_deck",
            lambda deck: (
                isinstance(deck, list)
                and len(deck) > 0
                and all(_is_int(c) and 0 <= c < CARD_CODES for c in deck)
            ),
            f"a list of card codes from 0 to {CARD_CODES - 1}",
        )
        self.meld_rules: MeldRules = self._decide("rummy_meld_rules", MeldRules)
        self.card_values: tuple[int, ...] = self._checked(
            "rummy_card_values",
            lambda v: isinstance(v, tuple) and len(v) == CARD_CODES and all(_is_int(x) for x in v),
            f"a tuple of {CARD_CODES} ints",
        )
        self.turn_cap: int = self._checked(
            "rummy_turn_cap",
            lambda cap: _is_int(cap) and cap >= 1,
            "a whole number of turns from 1",
        )
        self.shows: dict[str, str] = {}
        """Every label the game's rules put cards on show under, with what the table calls them
        in English (``Ruleset.shows``, ``HouseRule.shows``); ``shown_names`` translates them."""
        self._shown_by: dict[str, type[Ruleset] | type[HouseRule]] = {}
        owners: list[Ruleset | HouseRule] = [ruleset, *house_rules]
        for plugin in owners:
            for label, name in plugin.shows.items():
                self.shows[label] = name
                self._shown_by[label] = type(plugin)
        self.public_records: frozenset[str] = frozenset().union(
            *(plugin.public_records for plugin in owners)
        )
        """The keys of ``State.extra`` the ruleset and house rules say every player may know
        (``Ruleset.public_records``, ``HouseRule.public_records``)."""
        self.action_kinds = ActionKinds(self._calls)
        """The kinds of action plugins added, by JSON ``type`` (``rummy_register_actions``)."""

    def shown_names(self, lang: str | None = None) -> dict[str, str]:
        """What the table calls the cards on show under each label, in ``lang`` (default: the
        current language), from the domain of the plugin that declared the label."""
        return {
            label: plugin_text(self._shown_by[label], name, lang)
            for label, name in self.shows.items()
        }

    # -- calling ------------------------------------------------------------------------------

    def _call(self, name: str, *args: Any) -> Any:
        """The hook's answer to ``args`` (in the spec's order); a plugin that raises is named."""
        try:
            return self._calls.call(name, *args)
        except RuleError:
            raise
        except Exception as exc:
            raise PluginError(self._blame(exc), name, f"{type(exc).__name__}: {exc}") from exc

    def given_state(self, name: str) -> bool:
        """Whether a plugin from elsewhere (not the engine's defaults, nor a ruleset or house
        rule that ships with the framework) implements ``name`` taking the state: a question
        asked between actions then needs a copy for it to change (A2). The shipped plugins change
        nothing they are asked between actions (``tests/test_hook_isolation.py`` checks it), as
        the legality reader already relies on (``rummy_core.engine.legality``)."""
        if self.pm.changes != self._given_seen:
            self._given_seen = self.pm.changes
            self._given_state.clear()
        given = self._given_state.get(name)
        if given is None:
            given = self._given_state[name] = any(
                "state" in impl.argnames
                and impl.plugin_name != ENGINE_DEFAULTS
                and not ships(impl.plugin)
                for impl in getattr(self.pm.hook, name).get_hookimpls()
            )
        return given

    def shipped_only(self, names: tuple[str, ...], defaults_only: bool = False) -> bool:
        """Whether every implementation of the hooks ``names`` ships with the framework: the
        engine's defaults, the built-in rulesets and house rules (modules of ``rummy_rulesets``),
        or with ``defaults_only`` the engine's defaults alone.

        ``Game.is_legal`` answers without a trial run only then: ``tests/test_legality.py``
        shows for these plugins that the hooks a trial would ask after the validators never
        refuse, which no one can know of a plugin from elsewhere.
        """
        if self.pm.changes != self._shipped_seen:
            self._shipped_seen = self.pm.changes
            self._shipped.clear()
        key = (*names, "defaults") if defaults_only else names
        found = self._shipped.get(key)
        if found is None:
            found = self._shipped[key] = all(
                impl.plugin_name == ENGINE_DEFAULTS or (not defaults_only and ships(impl.plugin))
                for name in names
                for impl in getattr(self.pm.hook, name).get_hookimpls()
            )
        return found

    def _own(self, name: str, state: State) -> State:
        """``state`` for the engine's defaults and the shipped plugins, which change nothing; a
        copy of it for a plugin from elsewhere given it, so what the plugin does stays out of
        the caller's state (A2)."""
        return state.clone() if self.given_state(name) else state

    def _decide(self, name: str, kind: type[T], *args: Any) -> T:
        # ``_call`` written out: the hot path makes millions of these calls.
        try:
            result = self._calls.call(name, *args)
        except RuleError:
            raise
        except Exception as exc:
            raise PluginError(self._blame(exc), name, f"{type(exc).__name__}: {exc}") from exc
        if type(result) is kind:
            # The usual answer, checked without building the checker below (hot path).
            return result

        def ok(result: Any) -> bool:
            return isinstance(result, kind) and not (kind is int and isinstance(result, bool))

        answer: T = self._verified(name, result, ok, kind.__name__, args)
        return answer

    def _checked(self, name: str, ok: Callable[[Any], bool], expected: str, *args: Any) -> Any:
        """A decision's answer; a ``PluginError`` names the plugin whose answer is not ``ok``."""
        return self._verified(name, self._call(name, *args), ok, expected, args)

    def _verified(
        self,
        name: str,
        result: Any,
        ok: Callable[[Any], bool],
        expected: str,
        args: tuple[Any, ...],
    ) -> Any:
        """``result`` of ``name`` if it is ``ok``; else a ``PluginError`` naming the culprit."""
        if not ok(result):
            raise PluginError(
                self._culprit(name, ok, args), name, f"returned {result!r}, expected {expected}"
            )
        return result

    def _collect(self, name: str, *args: Any) -> list[Violation]:
        found: list[Violation] = []
        try:
            answers = self._calls.call(name, *args)
        except RuleError:
            raise
        except Exception as exc:
            raise PluginError(self._blame(exc), name, f"{type(exc).__name__}: {exc}") from exc
        for answer in answers:
            if answer.__class__ is list and not answer:
                continue
            if not _violations_ok(answer):
                raise PluginError(
                    self._culprit(name, _violations_ok, args),
                    name,
                    f"returned {answer!r}, expected a list of Violation",
                )
            found.extend(answer)
        return found

    def _blame(self, exc: BaseException) -> str:
        """The plugin whose code raised ``exc``: the innermost hook implementation it passed."""
        owners = {
            impl.function.__code__: str(impl.plugin_name)
            for name in hook_names()
            for impl in getattr(self.pm.hook, name).get_hookimpls()
        }
        blamed = self.ruleset.name
        tb: TracebackType | None = exc.__traceback__
        while tb is not None:
            blamed = owners.get(tb.tb_frame.f_code, blamed)
            tb = tb.tb_next
        return blamed

    def _culprit(self, name: str, ok: Callable[[Any], bool], args: tuple[Any, ...]) -> str:
        """The plugin whose answer to ``name`` is not ``ok``, found by asking pluggy again with
        fewer plugins (the error path only).

        For a validator, the first implementation whose own answer is not ``ok``. For a decision,
        the implementation that answered, if its answer is not ``ok``. Otherwise the first
        wrapper, innermost first, whose answer around the plain implementations is not ``ok``.
        """
        calls = self._calls
        caller = getattr(self.pm.hook, name)
        first = bool(caller.spec is not None and caller.spec.opts.get("firstresult"))

        def bad(result: Any) -> bool:
            return not ok(result) if first else not all(map(ok, result))

        order = calls.implementations(name)
        plain = [i for i in order if not (i.wrapper or i.hookwrapper)]
        wrappers = [i for i in order if i.wrapper or i.hookwrapper]  # the outermost first
        culprit = ENGINE_DEFAULTS
        answer: Any = None
        for impl in plain:
            try:
                answer = calls.call_some(name, [impl.plugin], *args)
            except Exception:
                return str(impl.plugin_name)
            if first and answer is not None:
                culprit = str(impl.plugin_name)
                break
            if not first and bad(answer):
                return str(impl.plugin_name)
        if first and bad(answer):
            return culprit
        inner = [impl.plugin for impl in plain]
        for at in reversed(range(len(wrappers))):
            wrapper = wrappers[at]
            try:
                answer = calls.call_some(name, [*inner, *(w.plugin for w in wrappers[at:])], *args)
            except Exception:
                return str(wrapper.plugin_name)
            if bad(answer):
                return str(wrapper.plugin_name)
        return culprit

    # -- the deal -----------------------------------------------------------------------------

    def hand_size(self, players: int, seat: int, dealer: int) -> int:
        size: int = self._checked(
            "rummy_hand_size",
            lambda n: _is_int(n) and n >= 1,
            "a whole number of cards from 1",
            players,
            seat,
            dealer,
        )
        return size

    def deal(
        self, state: State, deck: list[int], sizes: list[int], rng: Random, choice: int | None
    ) -> None:
        self._decide("rummy_deal", bool, state, deck, sizes, rng, choice)

    def deal_wait(self, state: State, deck: list[int]) -> DealWait | None:
        """Whom the deal waits for, if anyone: a seat of the game, and a kind of action
        registered to be made before the deal."""
        answer: DealWait | None = self._checked(
            "rummy_deal_wait",
            lambda wait: (
                wait is None
                or (
                    isinstance(wait, DealWait)
                    and _is_int(wait.seat)
                    and 0 <= wait.seat < state.players
                    and self.action_kinds.waiting_in(wait.action) is not None
                    and all(isinstance(event, Event) for event in wait.events)
                )
            ),
            "None or a DealWait for a seat and a kind of action made before the deal",
            state,
            deck,
        )
        return answer

    def first_player(self, state: State) -> int:
        return self._seat("rummy_first_player", state)

    def next_dealer(self, state: State) -> int:
        """The next hand's dealer, asked of a copy of ``state`` for a plugin that takes it."""
        return self._seat("rummy_next_dealer", self._own("rummy_next_dealer", state))

    def _seat(self, name: str, state: State) -> int:
        def ok(seat: Any) -> bool:
            return _is_int(seat) and 0 <= seat < state.players

        seat: int = self._checked(name, ok, f"a seat from 0 to {state.players - 1}", state)
        return seat

    # -- drawing ------------------------------------------------------------------------------

    def turn_starts_with_draw(self, state: State, seat: int) -> bool:
        return self._decide("rummy_turn_starts_with_draw", bool, state, seat)

    def turn_stage(self, state: State) -> TurnStage | None:
        """The turn's stage (``rummy_turn_stage``), asked of a copy of ``state`` for a plugin
        that takes it: the views ask between actions."""
        answer: TurnStage | None = self._checked(
            "rummy_turn_stage",
            lambda a: a is None or isinstance(a, TurnStage),
            "None or a TurnStage",
            self._own("rummy_turn_stage", state),
        )
        return answer

    def draw_sources(self, state: State, seat: int, *, working: bool = False) -> list[str]:
        """The sources open to ``seat``; asked of a copy of ``state`` for a plugin that takes it,
        unless ``working`` (the engine's own clone, inside an action)."""
        if not working:
            state = self._own("rummy_draw_sources", state)
        return self._decide("rummy_draw_sources", list, state, seat)

    def draw_violations(self, state: State, seat: int, source: str) -> list[Violation]:
        return self._collect("rummy_draw_violations", state, seat, source)

    def draw(self, state: State, seat: int, source: str) -> list[int]:
        return self._decide("rummy_draw", list, state, seat, source)

    def refill_stock(self, state: State, rng: Random) -> bool:
        return self._decide("rummy_refill_stock", bool, state, rng)

    # -- plays --------------------------------------------------------------------------------

    def action_violations(self, state: State, seat: int, action: Action) -> list[Violation]:
        return self._collect("rummy_action_violations", state, seat, action)

    def meld_violations(self, state: State, seat: int, melds: list[Meld]) -> list[Violation]:
        return self._collect("rummy_meld_violations", state, seat, melds)

    def lay_off_violations(
        self, state: State, seat: int, index: int, before: Meld, after: Meld
    ) -> list[Violation]:
        return self._collect("rummy_lay_off_violations", state, seat, index, before, after)

    def swap_violations(
        self, state: State, seat: int, index: int, before: Meld, after: Meld, wild: int
    ) -> list[Violation]:
        return self._collect("rummy_swap_violations", state, seat, index, before, after, wild)

    def min_hand_after_play(self, state: State, seat: int, *, working: bool = False) -> int:
        """The cards ``seat`` must keep after a play; asked of a copy of ``state`` for a plugin
        that takes it, unless ``working`` (the engine's own clone, inside an action)."""
        if not working:
            state = self._own("rummy_min_hand_after_play", state)
        return self._decide("rummy_min_hand_after_play", int, state, seat)

    def opening_minimum(self, state: State, seat: int, *, working: bool = False) -> int:
        """The points ``seat``'s opening must be worth; asked of a copy of ``state`` for a plugin
        that takes it, unless ``working`` (the engine's own clone, inside an action)."""
        if not working:
            state = self._own("rummy_opening_minimum", state)
        return self._decide("rummy_opening_minimum", int, state, seat)

    def meld_points(self, state: State, meld: Meld, *, working: bool = False) -> int:
        """What ``meld`` is worth to an opening; asked of a copy of ``state`` for a plugin that
        takes it, unless ``working`` (the engine's own clone, inside an action)."""
        if not working:
            state = self._own("rummy_meld_points", state)
        return self._decide("rummy_meld_points", int, state, meld)

    # -- discarding and the end of a turn -----------------------------------------------------

    def discard_violations(self, state: State, seat: int, card: int) -> list[Violation]:
        return self._collect("rummy_discard_violations", state, seat, card)

    def discard_face_down(self, state: State, seat: int, card: int) -> bool:
        return self._decide("rummy_discard_face_down", bool, state, seat, card)

    def turn_end_violations(self, state: State, seat: int) -> list[Violation]:
        return self._collect("rummy_turn_end_violations", state, seat)

    def goes_out(self, state: State, seat: int) -> bool:
        return self._decide("rummy_goes_out", bool, state, seat)

    def action_applied(self, state: State, seat: int, events: list[Event]) -> None:
        self._call("rummy_action_applied", state, seat, events)

    def dead_hand(self, state: State, seat: int) -> Reason | None:
        """Why the hand ends now with nobody out, or None (``rummy_dead_hand``)."""
        answer: Reason | None = self._checked(
            "rummy_dead_hand",
            lambda a: a is None or a in ("stock", "capped"),
            "None, 'stock' or 'capped'",
            state,
            seat,
        )
        return answer

    def turn_ended(self, state: State, seat: int) -> None:
        self._call("rummy_turn_ended", state, seat)

    def take_back(self, state: State, seat: int, *, working: bool = False) -> str:
        """What ``seat``'s take-back undoes, asked of a copy of ``state`` for a plugin that takes
        it (the engine asks before the action has a clone to work on), unless ``working``: the
        caller knows every implementation ships with the framework and changes nothing
        (``rummy_core.engine.legality``)."""
        if not working:
            state = self._own("rummy_take_back", state)
        answer: str = self._checked(
            "rummy_take_back", lambda a: a in ("play", "draw"), "'play' or 'draw'", state, seat
        )
        return answer

    # -- scoring and the match ----------------------------------------------------------------

    def hand_scores(
        self,
        state: State,
        went_out: int | None,
        reason: str,
        bonus: bool = False,
        *,
        working: bool = False,
    ) -> list[int]:
        """Each seat's points for the hand; asked of a copy of ``state`` for a plugin that takes
        it, unless ``working`` (the engine's own clone, inside an action)."""
        if not working:
            state = self._own("rummy_hand_scores", state)

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
            state,
            went_out,
            reason,
            self.card_values,
            bonus,
        )
        return scores

    def hand_bonus(self, state: State, went_out: int, *, working: bool = False) -> bool:
        """Whether ``went_out`` earned the bonus; asked of a copy of ``state`` for a plugin that
        takes it, unless ``working`` (the engine's own clone, inside an action)."""
        if not working:
            state = self._own("rummy_hand_bonus", state)
        return self._decide("rummy_hand_bonus", bool, state, went_out)

    def score_lines(
        self, state: State, went_out: int | None, reason: str, bonus: bool
    ) -> list[list[ScoreLine]]:
        """Each seat's items of the hand's score (``rummy_score_lines``), asked of a copy of
        ``state`` for a plugin that takes it: the score sheet asks between actions."""

        def ok(lines: Any) -> bool:
            return (
                isinstance(lines, list)
                and len(lines) == state.players
                and all(
                    isinstance(seat, list) and all(isinstance(line, ScoreLine) for line in seat)
                    for seat in lines
                )
            )

        lines: list[list[ScoreLine]] = self._checked(
            "rummy_score_lines",
            ok,
            f"a list of {state.players} lists of ScoreLine",
            self._own("rummy_score_lines", state),
            went_out,
            reason,
            self.card_values,
            bonus,
        )
        return lines

    def leftover_value(self, state: State, seat: int) -> int:
        """What ``seat``'s cards left in hand count for (``rummy_leftover_value``), asked of a
        copy of ``state`` for a plugin that takes it: the score sheet asks between actions."""
        return self._decide(
            "rummy_leftover_value",
            int,
            self._own("rummy_leftover_value", state),
            seat,
            self.card_values,
        )

    def match_over(self, state: State, *, working: bool = False) -> bool:
        """Whether the match is over; asked of a copy of ``state`` for a plugin that takes it,
        unless ``working`` (the engine's own clone, inside an action)."""
        if not working:
            state = self._own("rummy_match_over", state)
        return self._decide("rummy_match_over", bool, state)

    def match_capped(self, state: State, *, working: bool = False) -> bool:
        """Whether a cap ended the match; asked of a copy of ``state`` for a plugin that takes
        it, unless ``working`` (the engine's own clone, inside an action)."""
        if not working:
            state = self._own("rummy_match_capped", state)
        return self._decide("rummy_match_capped", bool, state)

    def match_winners(self, state: State, *, working: bool = False) -> list[int]:
        """The match's winners; asked of a copy of ``state`` for a plugin that takes it, unless
        ``working`` (the engine's own clone, inside an action)."""
        if not working:
            state = self._own("rummy_match_winners", state)
        return self._decide("rummy_match_winners", list, state)

    def hand_ended(self, state: State) -> None:
        self._call("rummy_hand_ended", state)

    def implementers(self) -> dict[str, list[str]]:
        """For each plugin of this game, the hooks it implements."""
        found: dict[str, list[str]] = {}
        for name in hook_names():
            for impl in getattr(self.pm.hook, name).get_hookimpls():
                found.setdefault(impl.plugin_name, []).append(name)
        return found


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


def _plugin_name(plugin: object, pm: pluggy.PluginManager) -> str:
    name = pm.get_name(plugin) if plugin is not None else None
    return name or repr(plugin)
