"""Calling hooks: pluggy's own call, or a direct call of the same implementations, written out
once per hook, where that is the same thing.

Simulations make millions of hook calls, and pluggy spends about as long on each call's machinery
(its defaults, its checks, a copy of the implementations, a try block per wrapper) as a ruleset
spends answering. ``HookCalls`` calls a hook's implementations directly, in pluggy's order and
with its aggregation rule, only for the hooks it can follow exactly: every implementation plain
(no wrapper), none with a parameter default (pluggy 1.7 passes those by keyword), a spec without
defaults, and no call monitoring or tracing on. Anything else, and any hook it does not know, goes
to ``pm.hook``. ``PluginManager`` counts the registrations, unregistrations and monitors, so a
plugin registered late is seen at the next call. ``tests/test_hookcall.py`` checks, over random
plugin sets, that both ways give the same answers and the same errors.

``HookCalls`` is the one way the engine's side calls hooks: ``call`` for a whole hook, and
``call_some`` for the few questions put to some plugins alone (each plugin's registered actions,
and finding which plugin gave a wrong answer), which pluggy's ``subset_hook_caller`` answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

import pluggy

Step = tuple[Callable[..., Any], tuple[int, ...]]
"""One implementation to call, and the positions of its arguments among the call's."""
Plan = tuple[int, Callable[..., Any]]
"""How to call one hook directly: how many arguments its spec takes, and the function that
makes the call with them (for a decision answered by one implementation, that implementation)."""


class PluginManager(pluggy.PluginManager):
    """pluggy's plugin manager, counting the changes after which a direct call may differ."""

    def __init__(self, project_name: str) -> None:
        super().__init__(project_name)
        self.changes = 0
        """Bumped by every registration, unregistration, new spec and monitor added or removed."""
        self.monitors = 0
        """How many hook call monitors (``add_hookcall_monitoring``, ``enable_tracing``) are on."""

    def register(self, plugin: object, name: str | None = None) -> str | None:
        """Register ``plugin`` (see pluggy); the direct calls see it from the next call."""
        try:
            return super().register(plugin, name)
        finally:
            self.changes += 1

    def unregister(self, plugin: object | None = None, name: str | None = None) -> Any | None:
        """Unregister ``plugin`` (see pluggy); the direct calls drop it from the next call."""
        try:
            return super().unregister(plugin, name)
        finally:
            self.changes += 1

    def add_hookspecs(self, module_or_class: ModuleType | type) -> None:
        """Add hook specifications (see pluggy)."""
        try:
            super().add_hookspecs(module_or_class)
        finally:
            self.changes += 1

    def add_hookcall_monitoring(
        self,
        before: Callable[[str, Any, Any], None],
        after: Callable[[Any, str, Any, Any], None],
    ) -> Callable[[], None]:
        """Monitor every hook call (see pluggy); while on, every call goes through pluggy."""
        undo = super().add_hookcall_monitoring(before, after)
        self.monitors += 1
        self.changes += 1
        undone = False

        def undo_monitor() -> None:
            nonlocal undone
            undo()
            if not undone:
                undone = True
                self.monitors -= 1
                self.changes += 1

        return undo_monitor


class HookCalls:
    """Calls the hooks of one ``PluginManager``: ``call(name, *args)``, the spec's arguments in the
    spec's order, returns what ``pm.hook.<name>(**those arguments)`` returns."""

    __slots__ = ("_argnames", "_plans", "_pm", "_seen")

    def __init__(self, pm: PluginManager) -> None:
        self._pm = pm
        self._seen = -1
        self._plans: dict[str, Plan | None] = {}
        self._argnames: dict[str, tuple[str, ...]] = {}

    def call(self, name: str, *args: Any) -> Any:
        """The hook ``name``'s answer to ``args`` (a decision's answer, or the list collected)."""
        if self._pm.changes != self._seen:
            self._replan()
        plan = self._plans.get(name)
        if plan is None or len(args) != plan[0]:
            return getattr(self._pm.hook, name)(**self.keywords(name, args))
        return plan[1](*args)

    def call_some(self, name: str, keep: Iterable[object], *args: Any) -> Any:
        """The hook ``name``'s answer to ``args`` as if only the plugins in ``keep`` were
        registered, in their registered order (pluggy's ``subset_hook_caller``)."""
        kept = {id(plugin) for plugin in keep}
        pm = self._pm
        others = [plugin for plugin in pm.get_plugins() if id(plugin) not in kept]
        return pm.subset_hook_caller(name, others)(**self.keywords(name, args))

    def implementations(self, name: str) -> list[pluggy.HookImpl]:
        """The implementations of ``name`` in the order pluggy calls them: wrappers first, the
        outermost first, then the plain ones, ``tryfirst`` first."""
        return list(reversed(getattr(self._pm.hook, name).get_hookimpls()))

    def direct(self, name: str) -> bool:
        """Whether ``name`` is called directly now (False: through ``pm.hook``)."""
        if self._pm.changes != self._seen:
            self._replan()
        return self._plans.get(name) is not None

    def keywords(self, name: str, args: tuple[Any, ...]) -> dict[str, Any]:
        """The call's arguments by name, as ``pm.hook.<name>`` takes them."""
        if self._pm.changes != self._seen:
            self._replan()
        names = self._argnames.get(name)
        if names is None:
            raise TypeError(f"{name} is not a hook with a spec")
        if len(args) != len(names):
            raise TypeError(f"{name} takes {len(names)} arguments ({', '.join(names)})")
        return dict(zip(names, args, strict=True))

    def _replan(self) -> None:
        pm = self._pm
        self._seen = pm.changes
        self._plans.clear()
        self._argnames.clear()
        for name, caller in vars(pm.hook).items():
            if not isinstance(caller, pluggy.HookCaller) or caller.spec is None:
                continue
            self._argnames[name] = (*caller.spec.argnames, *caller.spec.kwargnames)
            self._plans[name] = None if pm.monitors else _plan(caller)


def _plan(caller: pluggy.HookCaller) -> Plan | None:
    """A direct call plan for ``caller``, or None when only pluggy can make the call as it does."""
    spec = caller.spec
    assert spec is not None
    impls = caller.get_hookimpls()
    if spec.kwargdefaults or caller.is_historic():
        return None
    if any(impl.wrapper or impl.hookwrapper or impl.kwargnames for impl in impls):
        return None
    where = {arg: i for i, arg in enumerate(spec.argnames)}
    # pluggy calls the implementations in the reverse of ``get_hookimpls()``.
    steps = [(impl.function, tuple(where[a] for a in impl.argnames)) for impl in reversed(impls)]
    arity = len(spec.argnames) + len(spec.kwargnames)
    return arity, _compiled(bool(spec.opts.get("firstresult")), steps, arity)


def _compiled(first: bool, steps: list[Step], arity: int) -> Callable[..., Any]:
    """One function that makes the whole call, written out: each implementation called with its
    own arguments in turn, then the first answer that is not None (``firstresult``) or every
    such answer in a list, as pluggy gives them. Generated like ``dataclasses`` writes
    ``__init__``: a loop over steps costs a call per argument pick on the hot path."""
    if first and len(steps) == 1 and steps[0][1] == tuple(range(arity)):
        # The usual decision: one implementation (the engine's default) taking every argument.
        return steps[0][0]
    params = ", ".join(f"a{i}" for i in range(arity))
    lines = [f"def call({params}):"]
    if not first:
        lines.append("    found = []")
    for n, (_, picks) in enumerate(steps):
        lines.append(f"    answer = f{n}({', '.join(f'a{i}' for i in picks)})")
        lines.append("    if answer is not None:")
        lines.append("        return answer" if first else "        found.append(answer)")
    lines.append("    return None" if first else "    return found")
    space: dict[str, Any] = {f"f{n}": function for n, (function, _) in enumerate(steps)}
    # The text holds only generated names and argument positions, never anything from a plugin.
    exec("\n".join(lines), space)
    made: Callable[..., Any] = space["call"]
    return made
