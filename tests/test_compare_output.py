"""rummy compare's outputs: the command, --json (its schema), --csv, --records, --plot, Ctrl-C."""

from __future__ import annotations

import csv
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from pydantic import BaseModel

from rummy_core.commands.cli import cli
from rummy_core.compare import Study, build_report, run_study, running
from rummy_core.compare import report as report_module
from rummy_core.compare.output import CSV_COLUMNS, run_line
from rummy_core.compare.questions import Evidence, Verdict
from rummy_core.compare.report import Report

DOCS = Path(__file__).resolve().parent.parent / "docs" / "compare.md"
VARIANTS = ["classic:target=null", "riverside"]


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("compare")
    result = CliRunner().invoke(
        cli,
        [
            "compare",
            *VARIANTS,
            "--hands",
            "10",
            "--seed",
            "9",
            "--jobs",
            "2",
            "--no-progress",
            "--json",
            str(out / "report.json"),
            "--csv",
            str(out / "figures.csv"),
            "--records",
            str(out / "hands.jsonl"),
            "--plot",
            str(out / "plot.png"),
        ],
    )
    assert result.exit_code == 0, result.output
    return out, result.output


def test_the_table_shows_every_variant_and_figure(written: tuple[Path, str]) -> None:
    _, output = written
    for name in VARIANTS:
        assert name in output
    for label in ("turns per hand", "win rate, seat 0 (first to play)", "bonus hands"):
        assert label in output
    assert re.search(r"20 hands in [\d.]+ s: [\d.]+ hands/s with 2 jobs", output)


def test_json_report_follows_its_schema(written: tuple[Path, str]) -> None:
    out, _ = written
    text = (out / "report.json").read_text(encoding="utf-8")
    report = Report.model_validate_json(text)  # extra keys are refused: the schema is exact
    assert report.complete and report.study.variants == VARIANTS
    assert report.study.bots == ["greedy", "greedy"] and report.study.seed == 9
    assert [v.hands for v in report.variants] == [10, 10]
    pairs = {(d.a, d.b) for d in report.differences}
    assert pairs == {tuple(VARIANTS)}
    for difference in report.differences:
        assert 0 <= difference.p_value <= difference.p_holm <= 1
        assert difference.significant == (difference.p_holm < report.alpha)


def test_csv_has_a_row_per_variant_and_figure(written: tuple[Path, str]) -> None:
    out, _ = written
    report = Report.model_validate_json((out / "report.json").read_text(encoding="utf-8"))
    with (out / "figures.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert tuple(rows[0]) == CSV_COLUMNS
    expected = {(v.variant, k): f for v in report.variants for k, f in v.figures.items()}
    assert len(rows) == len(expected)
    for row in rows:
        figure = expected[(row["variant"], row["figure"])]
        assert float(row["value"]) == pytest.approx(figure.value)
        assert int(row["n"]) == figure.n


def test_records_are_one_line_per_hand(written: tuple[Path, str]) -> None:
    out, _ = written
    report = Report.model_validate_json((out / "report.json").read_text(encoding="utf-8"))
    lines = [json.loads(line) for line in (out / "hands.jsonl").read_text().splitlines()]
    assert len(lines) == 20
    for variant in report.variants:
        mine = [r for r in lines if r["variant"] == variant.variant]
        assert sorted(r["unit"] for r in mine) == list(range(10))
        turns = sum(r["turns"] for r in mine) / len(mine)
        assert variant.figures["turns"].value == pytest.approx(turns)
        assert variant.figures["ended.out"].count == sum(r["reason"] == "out" for r in mine)


def test_plot_is_a_png(written: tuple[Path, str]) -> None:
    out, _ = written
    data = (out / "plot.png").read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000


def test_ctrl_c_prints_what_was_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = running.play_block
    calls = []

    def interrupted_third_time(*args: object) -> object:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(running, "play_block", interrupted_third_time)
    path = tmp_path / "partial.json"
    result = CliRunner().invoke(
        cli, ["compare", *VARIANTS, "--hands", "16", "--no-progress", "--json", str(path)]
    )
    assert result.exit_code == 130
    assert "Stopped early" in result.output
    report = Report.model_validate_json(path.read_text(encoding="utf-8"))
    assert not report.complete
    assert [v.hands for v in report.variants] == [4, 4]  # two blocks of two hands each


def test_bad_arguments_are_refused_clearly() -> None:
    runner = CliRunner()
    both = runner.invoke(cli, ["compare", "classic", "--hands", "2", "--matches", "2"])
    assert both.exit_code != 0 and "not both" in both.output
    bots = runner.invoke(cli, ["compare", "classic", "--bots", "random,random,random"])
    assert bots.exit_code != 0 and "3 bots for 2 seats" in str(bots.exception)


def test_every_report_field_is_documented() -> None:
    text = DOCS.read_text(encoding="utf-8")
    models: list[type[BaseModel]] = [
        report_module.Report,
        report_module.StudyInfo,
        report_module.SweepInfo,
        report_module.VariantReport,
        report_module.Figure,
        report_module.Difference,
        report_module.Trend,
        report_module.SeatTest,
        Verdict,
        Evidence,
        report_module.Check,
        report_module.RunInfo,
    ]
    for model in models:
        for field in model.model_fields:
            assert f"`{field}`" in text, f"{model.__name__}.{field} is not in docs/compare.md"


def test_the_closing_line_counts_every_hand_played() -> None:
    # The skill gap's hands take most of a study's time: left out of the rate, "1,269 hands in
    # 866.7 s: 92.6 hands/s" contradicted itself (#40).
    study = Study(("classic:target=null",), units=4, seed=1)
    main = run_study(study)
    skill = run_study(replace(study, units=3, seed=2))
    report = build_report(main, skill)
    run = report.run
    assert (run.hands, run.skill_hands) == (7, 3)
    assert run.seconds == pytest.approx(main.seconds + skill.seconds)
    assert run.hands_per_second == pytest.approx(7 / run.seconds)
    line = run_line(report)
    assert line.startswith("7 hands in ")
    assert "4 of them for the figures, 3 for the skill gap." in line
    matches = build_report(run_study(Study(("classic:target=20",), units=2, matches=True)))
    assert run_line(matches).endswith("The figures' hands made 2 matches.")
