"""Hungarian Römi: the scenario files under scenarios/hungarian play as they say."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_core.scenario import load_scenario, run_scenario

FOLDER = Path(__file__).resolve().parent.parent / "scenarios" / "hungarian"
FILES = sorted(FOLDER.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.ruleset == "hungarian"
    assert run_scenario(scenario) == []


def test_every_ruling_has_a_scenario() -> None:
    # Rulings H1 to H11: each file is named after the ruling it shows first.
    covered = {p.stem.split("-")[0] for p in FILES}
    assert {f"h{n}" for n in range(1, 12)} <= covered
