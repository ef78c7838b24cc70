"""The example agent (examples/rl/reinforce.py) learns: a short run beats the random bot."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

EXAMPLE = Path(__file__).parent.parent / "examples" / "rl" / "reinforce.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reinforce_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_short_run_learns_to_beat_the_random_bot() -> None:
    run = _example().train(episodes=160, block=40, evals=40, step=0.25)
    # The untrained policy is uniform over the legal ids: the random bot's own play.
    assert abs(run.before) < 10
    assert run.after > run.before + 8
    assert run.curve[-1] > run.curve[0]
