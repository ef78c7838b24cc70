"""``make soak`` keeps working: a few hands of every variant through bench/soak.py find no break.

The soak is run by hand at 100,000 hands; this short run keeps the script in step with the
engine (it once read an outcome as a dict after outcomes became typed, and every hand "broke").
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rummy_core.engine.registry import rulesets

SOAK = Path(__file__).resolve().parent.parent / "bench" / "soak.py"


def test_a_short_soak_finds_no_break() -> None:
    env = {**os.environ, "HANDS": "24", "JOBS": "1"}
    done = subprocess.run(
        [sys.executable, str(SOAK)], env=env, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [line for line in done.stdout.splitlines() if "hands" in line and "breaks" in line]
    assert len(lines) == len(rulesets()), done.stdout
    assert all(" 0 breaks" in line and " 24 hands" in line for line in lines), done.stdout
