"""docs/rulings.md is the project's own statement of its rulings, and every one of them is tested.

Each ruling is a ``### ID Title`` heading of docs/rulings.md. Every id must be cited, as a whole
word (``R1`` is not found in ``R10``), by a test file or a scenario file; every id cited anywhere
in the project must be a ruling of the doc; and nothing shipped may point to a rulings document
outside the repository.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "docs" / "rulings.md"
THIS_FILE = Path(__file__).resolve()

EXPECTED = {
    *(f"R{n}" for n in range(1, 13)),
    *(f"H{n}" for n in range(1, 13)),
    *(f"C{n}" for n in range(1, 9)),
    *(f"G{n}" for n in range(1, 16)),
    *(f"A{n}" for n in range(1, 6)),
}
"""Every ruling the project implements: Riverside, Hungarian, classic, gin, and all rulesets."""


RULING_ID = re.compile(r"\b[RHCGA]\d{1,2}\b")
HEADING = re.compile(r"^### ([RHCGA]\d{1,2}) \S", re.MULTILINE)
TEXT_SUFFIXES = frozenset({".md", ".py", ".json", ".toml", ".tcss", ".txt", ".cfg", ".ini"})
# Escaped so that this file does not mention what it forbids.
OUTSIDE_POINTERS = re.compile(r"RULINGS\.md|(?:\.\.|/work)/shared")


def shipped_files() -> Iterator[Path]:
    """Every file of the repository: not the virtual environment, caches or build output."""
    for path in sorted(ROOT.rglob("*")):
        parts = path.relative_to(ROOT).parts
        if any(p.startswith(".") or p in {"build", "dist", "__pycache__"} for p in parts):
            continue
        if any(p.endswith(".egg-info") for p in parts) or not path.is_file():
            continue
        yield path


def ruling_ids() -> list[str]:
    """The ids of the rulings stated in docs/rulings.md, in the order of the doc."""
    return HEADING.findall(RULINGS.read_text(encoding="utf-8"))


def citing_files() -> list[Path]:
    """The test and scenario files, which must cite every ruling between them."""
    tests = [p for p in sorted((ROOT / "tests").glob("test_*.py")) if p != THIS_FILE]
    return tests + sorted((ROOT / "scenarios").rglob("*.json"))


def cited_ids() -> set[str]:
    return {i for p in citing_files() for i in RULING_ID.findall(p.read_text(encoding="utf-8"))}


def test_the_doc_states_every_ruling_once() -> None:
    ids = ruling_ids()
    assert len(ids) == len(set(ids)), f"a ruling is stated twice: {sorted(ids)}"
    assert set(ids) == EXPECTED


def test_the_doc_is_grouped_by_ruleset_then_all_rulesets() -> None:
    text = RULINGS.read_text(encoding="utf-8")
    sections = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    assert sections == [
        "Riverside Rommí (`riverside`)",
        "Hungarian Römi (`hungarian`)",
        "Classic Rummy (`classic`)",
        "Gin Rummy (`gin`)",
        "All rulesets",
    ]
    # Each ruleset's rulings sit under its own heading: R under Riverside, and so on.
    prefixes = {"Riverside": "R", "Hungarian": "H", "Classic": "C", "Gin": "G", "All": "A"}
    for chunk in text.split("\n## ")[1:]:
        prefix = prefixes[chunk.split()[0]]
        assert {i[0] for i in HEADING.findall(chunk)} == {prefix}, chunk.splitlines()[0]


@pytest.mark.parametrize("ruling", sorted(EXPECTED))
def test_every_ruling_is_cited_by_a_test_or_a_scenario(ruling: str) -> None:
    assert ruling in cited_ids(), (
        f"ruling {ruling} of docs/rulings.md is cited by no test under tests/ and no scenario"
        " under scenarios/: write one that fails when the rule is broken, and cite the ruling"
    )


def test_every_cited_ruling_is_in_the_doc() -> None:
    stated = set(ruling_ids())
    unknown = {
        (str(path.relative_to(ROOT)), ruling)
        for path in shipped_files()
        if path.suffix in TEXT_SUFFIXES
        for ruling in RULING_ID.findall(path.read_text(encoding="utf-8"))
        if ruling not in stated
    }
    assert not unknown, f"rulings cited but not stated in docs/rulings.md: {sorted(unknown)}"


def test_nothing_shipped_points_outside_the_repository() -> None:
    offenders = [
        str(path.relative_to(ROOT))
        for path in shipped_files()
        if OUTSIDE_POINTERS.search(path.read_bytes().decode("utf-8", errors="replace"))
    ]
    assert not offenders, (
        f"these files point to a rulings document outside the repository: {offenders}"
    )
