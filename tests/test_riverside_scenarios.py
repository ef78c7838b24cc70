"""Riverside Rommí: the scenario files under scenarios/riverside play as they say."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_core.scenario import load_scenario, run_scenario

FOLDER = Path(__file__).resolve().parent.parent / "scenarios" / "riverside"
FILES = sorted(FOLDER.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.ruleset == "riverside"
    assert run_scenario(scenario) == []


def test_every_ruling_has_a_scenario() -> None:
    # Rulings R1 to R12: each file is named after the ruling it shows first.
    covered = {p.stem.split("-")[0] for p in FILES}
    assert {f"r{n}" for n in range(1, 13)} <= covered
