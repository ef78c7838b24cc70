"""rummy compare's trend test across a sweep: each unit's slope against the swept value."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy_core.commands.cli import cli
from rummy_core.compare import Study, build_report, run_study
from rummy_core.compare.play import Block
from rummy_core.compare.plot import plotted_trends
from rummy_core.compare.report import Report
from rummy_core.compare.sweep import expand
from rummy_core.compare.tally import HandFigures, hand_values, trend_weights

scipy_stats = pytest.importorskip("scipy.stats", reason="scipy is the dev-only reference")

CAPPED = "classic:target=null,turn_cap=10..30/10"
"""A planted trend: the same deals, hands cut off after 10, 20 or 30 turns."""


def sweep_study(argument: str, units: int, seed: int = 3) -> Study:
    variants, sweeps = expand([argument])
    return Study(variants, units=units, seed=seed, sweeps=sweeps)


@pytest.fixture(scope="module")
def capped() -> tuple[Report, list[HandFigures]]:
    hands: list[HandFigures] = []

    def keep(block: Block) -> None:
        hands.extend(block.hands or ())

    study = sweep_study(CAPPED, 30)
    return build_report(run_study(study, keep_hands=True, on_block=keep)), hands


def test_the_weights_give_the_least_squares_slope() -> None:
    xs = (30, 40, 51)
    weights = trend_weights(xs)
    assert weights == (-31, -1, 32) and sum(weights) == 0
    ys = (7, 5, 2)
    slope = sum(w * y for w, y in zip(weights, ys, strict=True)) / sum(
        w * x for w, x in zip(weights, xs, strict=True)
    )
    assert slope == pytest.approx(scipy_stats.linregress(xs, ys).slope)


@pytest.mark.parametrize("key", ["turns", "ended.capped", "first_edge", "lay_offs"])
def test_the_trend_is_the_mean_of_each_units_regression_slope(
    capped: tuple[Report, list[HandFigures]], key: str
) -> None:
    report, hands = capped
    xs = [10, 20, 30]
    by_unit: dict[int, dict[str, int]] = {}
    for hand in hands:
        by_unit.setdefault(hand.unit, {})[hand.variant] = hand_values(hand)[key]
    names = [v.variant for v in report.variants]
    slopes = [
        scipy_stats.linregress(xs, [unit[n] for n in names]).slope for unit in by_unit.values()
    ]
    trend = next(t for t in report.trends if t.figure == key)
    assert trend.units == 30 and trend.paired
    assert trend.slope == pytest.approx(
        sum(slopes) / len(slopes)
    )  # first_edge: scale 1 with 2 players
    reference = scipy_stats.ttest_1samp(slopes, 0.0)
    assert trend.statistic == pytest.approx(reference.statistic)
    assert trend.p_value == pytest.approx(reference.pvalue, rel=1e-6, abs=1e-12)
    assert trend.low < trend.slope < trend.high
    assert trend.change == pytest.approx(trend.slope * 20)


def test_a_planted_trend_is_found_and_holm_covers_the_trend_tests(
    capped: tuple[Report, list[HandFigures]],
) -> None:
    report, _ = capped
    found = {t.figure: t for t in report.trends}
    assert found["turns"].significant and found["turns"].slope > 0
    assert found["ended.capped"].significant and found["ended.capped"].change < -0.5
    assert all(t.p_holm >= t.p_value for t in report.trends)
    assert "minutes" not in found and "hands" not in found  # not tested: a multiple, a count


def test_an_option_that_changes_nothing_has_no_trend() -> None:
    # A single hand does not know the match's target: every deal plays out the same.
    report = build_report(run_study(sweep_study("classic:target=50..150/50", 8)))
    assert report.trends and all(t.slope == 0 and t.p_value == 1 for t in report.trends)
    assert not any(t.significant for t in report.trends)


def test_a_list_of_numbers_is_a_trend_but_not_a_pair_or_words() -> None:
    three = sweep_study("classic:target=null,turn_cap=10|30|20", 4)
    report = build_report(run_study(three))
    assert {tuple(t.values) for t in report.trends} == {(10, 30, 20)}
    for argument in ("classic:target=null,turn_cap=10|20", "hungarian:ace=flat|low-high|flat2"):
        assert not sweep_study(argument, 1).trends


def test_trends_are_the_same_whatever_the_number_of_jobs() -> None:
    study = sweep_study(CAPPED, 12)
    one = build_report(run_study(study, jobs=1)).reproducible()
    two = build_report(run_study(study, jobs=2)).reproducible()
    assert one["trends"] == two["trends"] and one["trends"]


def test_the_trends_are_shown_written_and_drawn(tmp_path: Path) -> None:
    path = tmp_path / "trend.png"
    result = CliRunner().invoke(
        cli,
        [
            "compare",
            CAPPED,
            "--hands",
            "30",
            "--seed",
            "3",
            "--no-progress",
            "--json",
            str(tmp_path / "trend.json"),
            "--plot",
            str(path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Trends across a sweep" in result.output
    assert "9.90 → 17.07 → 19.67" in result.output  # turns per hand at each cap, in order
    report = Report.model_validate_json((tmp_path / "trend.json").read_text(encoding="utf-8"))
    drawn = plotted_trends(report)
    assert len(drawn) == 3 and all(t.significant for t in drawn)
    assert path.read_bytes().startswith(b"\x89PNG")
