"""The optional compiled build (setup.py, ``make test-compiled``): the modules it lists are the
ones compiled, and a game played on it goes as on pure Python."""

from __future__ import annotations

import ast
import hashlib
import importlib
import os
from pathlib import Path

import pytest

from rummy_core.bots import make_bot
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.match import Match

ROOT = Path(__file__).parent.parent
PLAYED: list[tuple[str, int, list[int], str]] = [
    ("classic:target=null", 3, [0, 5], "2937717c05c7a003"),
    ("classic:target=null", 11, [0, 30], "47d6c3c77b71ecfa"),
    ("riverside", 3, [255, 120], "34119872d48ec9c4"),
    ("riverside", 11, [105, 155], "5ed0b694b7c9a6c4"),
    ("hungarian", 3, [-10, 6], "d56f36e6ad57f7b6"),
    ("hungarian", 11, [-10, 4], "348dde5b0ce4ae18"),
]
"""Hands recorded on the pure Python build: variant, seed, final scores, digest of the log."""


def _listed() -> list[str]:
    """The module names ``setup.py`` compiles (its ``COMPILED`` list, read without running it:
    setup.py runs setuptools when imported)."""
    source = (ROOT / "setup.py").read_text()
    start = source.index("COMPILED = [") + len("COMPILED = ")
    paths: list[str] = ast.literal_eval(source[start : source.index("]", start) + 1])
    return [path.removesuffix(".py").replace("/", ".") for path in paths]


def test_every_listed_module_exists_and_imports() -> None:
    for name in _listed():
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name
        importlib.import_module(name)


@pytest.mark.skipif(
    os.environ.get("RUMMY_EXPECT_COMPILED") != "1", reason="run by make test-compiled"
)
def test_the_listed_modules_are_compiled() -> None:
    # The run imports the installed build, not the checkout's sources.
    for name in _listed():
        module = importlib.import_module(name)
        assert module.__file__ is not None and module.__file__.endswith(".so"), module.__file__
        assert not Path(module.__file__).is_relative_to(ROOT / "rummy_core"), module.__file__


def _played(variant: str, seed: int) -> tuple[list[int], str]:
    """The scores after a greedy hand of ``variant`` dealt from ``seed``, and a digest of every
    action of it."""
    hooks = build_hooks(Variant.parse(variant), 2)
    game = new_game(hooks=hooks, seed=seed)
    Match(game, [make_bot("greedy", seed), make_bot("greedy", seed + 1)]).play_hand()
    log = "\n".join(f"{seat} {action!r}" for seat, action in game.log)
    return game.state.scores, hashlib.sha256(log.encode()).hexdigest()[:16]


@pytest.mark.parametrize(("variant", "seed", "scores", "digest"), PLAYED)
def test_a_hand_is_played_the_same_on_either_build(
    variant: str, seed: int, scores: list[int], digest: str
) -> None:
    # Recorded on the pure Python build: the compiled one must make the very same moves.
    assert _played(variant, seed) == (scores, digest)
