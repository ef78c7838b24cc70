"""``HookCalls``, the one way the engine calls hooks, gives what pluggy gives: over random plugin
sets and changes to them, whole hooks and hooks asked of some plugins alone, with first results,
collected answers, wrappers old and new, ``tryfirst`` and ``trylast``."""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

import pluggy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_core.engine.hookcall import HookCalls, PluginManager

spec = pluggy.HookspecMarker("probe")
impl = pluggy.HookimplMarker("probe")


class Spec:
    @spec(firstresult=True)
    def decide(self, a: int, b: int) -> Any:
        """A decision."""

    @spec
    def collect(self, a: int, b: int) -> Any:
        """A collecting hook."""

    @spec(firstresult=True)
    def defaulted(self, a: int, b: int = 5) -> Any:
        """A decision whose spec gives a default (pluggy passes it in)."""


HOOKS = ("decide", "collect", "defaulted")
SHAPES = ("ab", "ba", "a", "b", "", "a_b=0")
"""The parameters an implementation takes: both, both swapped, one, none, one with a default."""
KINDS = ("plain", "tryfirst", "trylast", "wrapper", "hookwrapper")
ANSWERS = ("none", "value", "raise")


@dataclass(frozen=True)
class Impl:
    hook: str
    shape: str
    kind: str
    answer: str


class Plugin:
    """A plugin built from ``Impl`` descriptions: its functions live on the instance."""

    def __init__(self, tag: int, impls: list[Impl]) -> None:
        self.tag = tag
        for one in impls:
            setattr(self, one.hook, _function(tag, one))


def _function(tag: int, one: Impl) -> Callable[..., Any]:
    def answer(a: int | None, b: int | None) -> Any:
        if one.answer == "raise":
            raise ValueError(f"plugin {tag} refuses {a} {b}")
        return None if one.answer == "none" else (tag, a, b)

    function: Callable[..., Any]
    if one.kind == "wrapper":

        def function(a: int, b: int) -> Generator[None, Any, Any]:
            result = yield
            return ("wrapped", tag, result)
    elif one.kind == "hookwrapper":

        def function(a: int, b: int) -> Generator[None, Any, None]:
            outcome = yield
            if outcome.exception is None and one.answer == "value":
                outcome.force_result(("forced", tag, outcome.get_result()))

    elif one.shape == "ab":

        def function(a: int, b: int) -> Any:
            return answer(a, b)
    elif one.shape == "ba":

        def function(b: int, a: int) -> Any:
            return answer(a, b)
    elif one.shape == "a":

        def function(a: int) -> Any:
            return answer(a, None)
    elif one.shape == "b":

        def function(b: int) -> Any:
            return answer(None, b)
    elif one.shape == "":

        def function() -> Any:
            return answer(None, None)
    else:

        def function(a: int, b: int = 0) -> Any:
            return answer(a, b)

    opts: dict[str, bool] = {}
    if one.kind in ("tryfirst", "trylast", "wrapper", "hookwrapper"):
        opts[one.kind] = True
    return impl(**opts)(function)  # type: ignore[no-any-return]


impls = st.builds(
    Impl,
    st.sampled_from(HOOKS),
    st.sampled_from(SHAPES),
    st.sampled_from(KINDS),
    st.sampled_from(ANSWERS),
)
plugins = st.lists(impls, max_size=3, unique_by=lambda i: i.hook)
steps = st.one_of(
    st.tuples(st.just("register"), plugins),
    st.tuples(st.just("unregister"), st.integers(0, 10)),
    st.tuples(st.just("monitor"), st.none()),
    st.tuples(st.just("unmonitor"), st.none()),
    st.tuples(st.just("call"), st.tuples(st.sampled_from(HOOKS), st.integers(0, 9))),
    st.tuples(
        st.just("some"),
        st.tuples(st.sampled_from(HOOKS), st.integers(0, 9), st.lists(st.booleans(), max_size=8)),
    ),
)


def _outcome(call: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[str, Any]:
    try:
        return "answer", call(*args, **kwargs)
    except Exception as exc:
        return type(exc).__name__, str(exc)


@settings(max_examples=300, deadline=None)
@given(st.lists(plugins, max_size=5), st.lists(steps, max_size=25))
def test_direct_calls_answer_as_pluggy_does(start: list[list[Impl]], changes: list[Any]) -> None:
    pm = PluginManager("probe")
    pm.add_hookspecs(Spec)
    registered: list[Plugin] = []
    undos: list[Callable[[], None]] = []
    seen: list[str] = []
    tags = iter(range(1000))
    for described in start:
        registered.append(Plugin(next(tags), described))
        pm.register(registered[-1])
    calls = HookCalls(pm)
    for step, arg in [*changes, ("call", ("decide", 1)), ("call", ("collect", 2))]:
        if step == "register":
            registered.append(Plugin(next(tags), arg))
            pm.register(registered[-1])
        elif step == "unregister" and registered:
            pm.unregister(registered.pop(arg % len(registered)))
        elif step == "monitor":
            undos.append(pm.add_hookcall_monitoring(lambda n, i, k: seen.append(n), _after))
        elif step == "unmonitor" and undos:
            undos.pop()()
        elif step == "call":
            name, a = arg
            direct = _outcome(calls.call, name, a, a + 1)
            direct_seen, seen[:] = len(seen), []
            expected = _outcome(getattr(pm.hook, name), a=a, b=a + 1)
            assert direct == expected
            # A monitor sees a direct call as it sees pluggy's (once per monitor on).
            assert direct_seen == len(seen)
            seen.clear()
        elif step == "some":
            name, a, picks = arg
            keep = [p for p, kept in zip(registered, picks, strict=False) if kept]
            assert _outcome(calls.call_some, name, keep, a, a + 1) == _alone(keep, name, a)
            seen.clear()


def _after(outcome: Any, name: str, impls: Any, kwargs: Any) -> None:
    pass


def _alone(keep: list[Plugin], name: str, a: int) -> tuple[str, Any]:
    """What ``pm.hook`` answers in a manager where only ``keep`` is registered, in that order."""
    pm = pluggy.PluginManager("probe")
    pm.add_hookspecs(Spec)
    for plugin in keep:
        pm.register(plugin)
    return _outcome(getattr(pm.hook, name), a=a, b=a + 1)


def test_a_plugin_registered_late_takes_part_and_an_unregistered_one_does_not() -> None:
    pm = PluginManager("probe")
    pm.add_hookspecs(Spec)
    calls = HookCalls(pm)
    assert calls.call("decide", 1, 2) is None
    late = Plugin(7, [Impl("decide", "ab", "plain", "value")])
    pm.register(late)
    assert calls.call("decide", 1, 2) == (7, 1, 2)
    pm.unregister(late)
    assert calls.call("decide", 1, 2) is None


def test_tracing_sees_every_call() -> None:
    pm = PluginManager("probe")
    pm.add_hookspecs(Spec)
    pm.register(Plugin(1, [Impl("collect", "a", "plain", "value")]))
    calls = HookCalls(pm)
    traced: list[tuple[Any, ...]] = []
    pm.trace.root.setwriter(lambda text: traced.append(text))
    undo = pm.enable_tracing()
    assert calls.call("collect", 3, 4) == [(1, 3, None)]
    undo()
    assert calls.call("collect", 3, 4) == [(1, 3, None)]
    assert sum("finish collect" in str(line) for line in traced) == 1


def test_a_call_with_the_wrong_arguments_is_refused() -> None:
    pm = PluginManager("probe")
    pm.add_hookspecs(Spec)
    calls = HookCalls(pm)
    with pytest.raises(TypeError, match="takes 2 arguments"):
        calls.keywords("decide", (1,))
    with pytest.raises(TypeError, match="not a hook with a spec"):
        calls.keywords("nothing", ())


def test_call_some_asks_only_the_plugins_kept() -> None:
    pm = PluginManager("probe")
    pm.add_hookspecs(Spec)
    one = Plugin(1, [Impl("collect", "ab", "plain", "value")])
    two = Plugin(2, [Impl("collect", "ab", "plain", "value")])
    pm.register(one)
    pm.register(two)
    calls = HookCalls(pm)
    assert calls.call_some("collect", [one], 1, 2) == [(1, 1, 2)]
    assert calls.call("collect", 1, 2) == pm.hook.collect(a=1, b=2) == [(2, 1, 2), (1, 1, 2)]


def test_implementations_are_in_pluggys_calling_order() -> None:
    pm = PluginManager("probe")
    pm.add_hookspecs(Spec)
    kinds = ("trylast", "plain", "tryfirst", "wrapper", "hookwrapper")
    for tag, kind in enumerate(kinds):
        pm.register(Plugin(tag, [Impl("collect", "ab", kind, "value")]))
    order = [impl.plugin.tag for impl in HookCalls(pm).implementations("collect")]
    assert order == [4, 3, 2, 1, 0]
    # Plain answers in that order, inside the wrappers: the hookwrapper (registered last) is
    # the outermost, so it forces the result last.
    assert pm.hook.collect(a=1, b=2) == (
        "forced",
        4,
        ("wrapped", 3, [(2, 1, 2), (1, 1, 2), (0, 1, 2)]),
    )


def test_only_plain_implementations_without_defaults_are_called_directly() -> None:
    pm = PluginManager("probe")
    pm.add_hookspecs(Spec)
    calls = HookCalls(pm)
    pm.register(Plugin(1, [Impl("decide", "ba", "tryfirst", "value")]))
    pm.register(Plugin(2, [Impl("collect", "a", "wrapper", "value")]))
    pm.register(Plugin(3, [Impl("defaulted", "a", "plain", "value")]))
    assert (calls.direct("decide"), calls.direct("collect"), calls.direct("defaulted")) == (
        True,
        False,
        False,
    )
    pm.register(Plugin(4, [Impl("decide", "a_b=0", "plain", "value")]))
    assert not calls.direct("decide")
    undo = pm.add_hookcall_monitoring(lambda *a: None, lambda *a: None)
    assert not calls.direct("decide")
    undo()
    pm.unregister(name=pm.get_name(next(p for p in pm.get_plugins() if p.tag == 4)))
    assert calls.direct("decide")


class Layered:
    """A plugin with every kind of implementation on hooks a game asks all the time."""

    name = "layered"

    @pluggy.HookimplMarker("rummy")(tryfirst=True)
    def rummy_draw_sources(self, seat: int) -> None:
        return None

    @pluggy.HookimplMarker("rummy")(wrapper=True)
    def rummy_goes_out(self, state: Any, seat: int) -> Generator[None, bool, bool]:
        out = yield
        return bool(out)

    @pluggy.HookimplMarker("rummy")(trylast=True)
    def rummy_discard_violations(self, card: int) -> list[Any]:
        return []


@pytest.mark.parametrize("variant", ["classic+knock", "riverside", "hungarian"])
def test_a_games_hooks_answer_as_pm_hook_does(variant: str) -> None:
    from rummy_core.bots import make_bot
    from rummy_core.bots.turns import bot_turn
    from rummy_core.engine.setup import new_game
    from rummy_core.engine.state import DRAW, PLAY

    game = new_game(variant, players=2, seed=3, dealer=0, plugins=[Layered()])
    hooks, pm = game.hooks, game.hooks.pm
    bots = [make_bot("greedy", 1), make_bot("random", 2)]
    registered = [kind for kinds in pm.hook.rummy_register_actions() for kind in kinds]
    assert list(hooks.action_kinds.values()) == registered
    for _ in range(60):
        st = game.state
        if st.phase not in (DRAW, PLAY):
            break
        seat = st.turn
        assert hooks.draw_sources(st, seat) == pm.hook.rummy_draw_sources(state=st, seat=seat)
        assert hooks.goes_out(st, seat) == pm.hook.rummy_goes_out(state=st, seat=seat)
        for card in st.hands[seat][:3]:
            collected = pm.hook.rummy_discard_violations(state=st, seat=seat, card=card)
            assert hooks.discard_violations(st, seat, card) == [v for vs in collected for v in vs]
        assert hooks.opening_minimum(st, seat) == pm.hook.rummy_opening_minimum(state=st, seat=seat)
        bot_turn(game, bots)
