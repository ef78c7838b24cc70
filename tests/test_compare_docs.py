"""docs/compare.md holds what its committed reports say, and those reports are what the code
gives today: each report's first units (its ``check``) are played again and must match exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy_core.compare import build_report, run_study
from rummy_core.compare.markdown import BLOCK, command_words, fill
from rummy_core.compare.report import Report

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGE = DOCS / "compare.md"
REPORTS = sorted({m["file"] for m in BLOCK.finditer(PAGE.read_text(encoding="utf-8"))})


def test_the_page_shows_its_reports() -> None:
    assert REPORTS, "docs/compare.md has no report blocks"
    page = PAGE.read_text(encoding="utf-8")
    assert fill(page, DOCS) == page, "run: python -m rummy_core.compare.markdown docs/compare.md"


def test_the_command_makes_the_page_committed_beside_a_report(tmp_path: Path) -> None:
    name = REPORTS[0]
    (tmp_path / name).write_bytes((DOCS / name).read_bytes())
    block = f"<!-- report: {name} command -->\n<!-- end report -->"
    stem = "docs/" + name.removesuffix(".json")
    assert "--report" not in fill(block, tmp_path)
    (tmp_path / name).with_suffix(".html").write_text("<!doctype html>", encoding="utf-8")
    words = fill(block, tmp_path).splitlines()[2].split()
    report = Report.model_validate_json((DOCS / name).read_text(encoding="utf-8"))
    assert words == [
        *command_words(report),
        *("--json", f"{stem}.json", "--plot", f"{stem}.png", "--report", f"{stem}.html"),
    ]


@pytest.mark.parametrize("name", REPORTS)
def test_a_committed_report_is_what_the_code_plays_today(name: str) -> None:
    text = (DOCS / name).read_text(encoding="utf-8")
    committed = Report.model_validate_json(text)
    assert committed.complete
    assert (DOCS / name.removesuffix(".json")).with_suffix(".png").exists()
    study = committed.study.to_study(units=committed.check.units)
    fresh = build_report(run_study(study, jobs=1)).reproducible()
    # A report made before a figure existed is checked on the figures it holds; it gains the new
    # ones when its study is run again.
    held = [set(v) for v in json.loads(text)["check"]["variants"]]

    def common(variants: list[dict[str, object]]) -> list[dict[str, object]]:
        return [
            {key: value for key, value in v.items() if key in keys}
            for v, keys in zip(variants, held, strict=True)
        ]

    assert common(fresh["variants"]) == common(committed.reproducible()["check"]["variants"]), (
        f"The code no longer plays {name}'s study as it did: run its command again "
        "(docs/compare.md) and update the page."
    )
