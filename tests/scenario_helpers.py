"""Running a ruleset's scenario files (``scenarios/<ruleset>/*.json``) from its test module."""

from __future__ import annotations

from pathlib import Path

from rummy_core.formats.scenario import load_scenario, run_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def scenario_files(ruleset: str) -> list[Path]:
    """The ruleset's scenario files, sorted by name."""
    return sorted((SCENARIOS / ruleset).glob("*.json"))


def check_scenario(path: Path, ruleset: str) -> None:
    """The file is a scenario of ``ruleset`` and every step and final expectation holds."""
    scenario = load_scenario(path)
    assert scenario.ruleset == ruleset
    assert run_scenario(scenario) == []


def rulings_shown(files: list[Path]) -> set[str]:
    """The ruling ids the files show first: each file is named after one, as in ``h4-...``."""
    return {p.stem.split("-")[0] for p in files}
