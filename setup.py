"""The optional compiled build: ``RUMMY_COMPILE=1`` compiles the engine's hot path with mypyc.

Without it (the default, and what ``pip install rummy`` does) everything is pure Python and
``pyproject.toml`` says all there is to say. With it, the modules below are compiled from these
same sources into C extensions (a C compiler, the Python headers and mypy are needed; build with
``pip install --no-build-isolation`` so that mypy is found). They behave the same, only faster:
``docs/performance.md`` has the figures and ``make test-compiled`` runs the engine's tests on them.
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "rummy_core/engine/action_checks.py",
    "rummy_core/engine/action_registry.py",
    "rummy_core/engine/cards.py",
    "rummy_core/engine/game.py",
    "rummy_core/engine/hookcall.py",
    "rummy_core/engine/hooks.py",
    "rummy_core/engine/legality.py",
    "rummy_core/engine/melds.py",
    "rummy_core/engine/moves.py",
    "rummy_core/engine/plays.py",
    "rummy_core/engine/state.py",
    "rummy_core/engine/view.py",
    "rummy_core/match/service.py",
    "rummy_core/bots/assess.py",
    "rummy_core/bots/base.py",
    "rummy_core/bots/greedy.py",
    "rummy_core/bots/probe.py",
    "rummy_core/bots/tracking.py",
    "rummy_core/bots/turns.py",
    "rummy_core/solver/api.py",
    "rummy_core/solver/layoffs.py",
    "rummy_core/solver/openings.py",
    "rummy_core/solver/runs.py",
    "rummy_core/solver/search.py",
    "rummy_core/solver/sets.py",
    "rummy_core/solver/wilds.py",
]
"""The modules compiled: those a simulated hand spends its time in. Left in Python:
``events.py`` and ``solver/general.py`` (mypyc fails on them) and ``playerview.py`` (the wire
models are built from its named tuple's annotations, which mypyc drops). ``Game`` is marked
``mypyc_attr(native_class=False)``: its methods are compiled, but it stays a Python object, which
a seat handle refers to weakly. The greedy bot and the objects it keeps are native classes that
copy and pickle (bots are copied to replay a decision, for one): made again by their
``__new__`` (with ``__getnewargs__`` where ``__init__`` needs arguments), then given the
original's attributes. The state is a native class marked ``serializable``, which copies and
pickles as the Python class does."""


def _extensions() -> list[object]:
    if os.environ.get("RUMMY_COMPILE") != "1":
        return []
    from mypyc.build import mypycify

    return list(mypycify(COMPILED, opt_level="3"))


setup(ext_modules=_extensions())
