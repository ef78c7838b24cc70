"""Riverside Rommí: the scenario files under scenarios/riverside play as they say."""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario_helpers import check_scenario, rulings_shown, scenario_files

FILES = scenario_files("riverside")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path) -> None:
    check_scenario(path, "riverside")


def test_every_ruling_has_a_scenario() -> None:
    # Rulings R1 to R12: each file is named after the ruling it shows first.
    assert {f"r{n}" for n in range(1, 13)} <= rulings_shown(FILES)
