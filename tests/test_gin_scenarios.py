"""Gin Rummy: the scenario files under scenarios/gin play as they say."""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario_helpers import check_scenario, rulings_shown, scenario_files

FILES = scenario_files("gin")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path) -> None:
    check_scenario(path, "gin")


def test_every_ruling_has_a_scenario() -> None:
    # Rulings G1 to G15: each file is named after the ruling it shows first.
    assert {f"g{n}" for n in range(1, 16)} <= rulings_shown(FILES)
