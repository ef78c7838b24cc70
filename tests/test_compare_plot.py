"""rummy compare --plot: the panels answer the study's question (#40 point 4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rummy_core.commands.cli import cli
from rummy_core.compare import Study, build_report, run_study
from rummy_core.compare.plot import (
    BINS,
    COLOURS,
    STOCK_LABELLED,
    Panel,
    _rates,
    dull_endings,
    hand_length,
    panel_png,
    percent_tick,
    shows_play,
    within,
)
from rummy_core.compare.report import Figure, Report
from rummy_core.compare.stats import Histogram

pyplot = pytest.importorskip("matplotlib.pyplot", reason="the plot extra")
FigureCanvasAgg = pytest.importorskip("matplotlib.backends.backend_agg").FigureCanvasAgg


def run(tmp_path: Path, *args: str) -> Report:
    result = CliRunner().invoke(
        cli,
        [
            "compare",
            *args,
            "--seed",
            "2026",
            "--no-progress",
            "--json",
            str(tmp_path / "r.json"),
            "--plot",
            str(tmp_path / "r.png"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "r.png").read_bytes().startswith(b"\x89PNG")
    return Report.model_validate_json((tmp_path / "r.json").read_text(encoding="utf-8"))


def test_melds_and_lay_offs_are_drawn_when_they_answer_the_question(tmp_path: Path) -> None:
    # Three of a kind changes how Riverside is played: far fewer lay-offs on the same deals.
    report = run(tmp_path, "riverside", "riverside+three-of-a-kind", "--hands", "60")
    assert shows_play(report)
    same = run(tmp_path, "classic:target=50", "classic:target=100", "--hands", "10")
    assert not shows_play(same)  # a single hand does not know the target: nothing to show


def test_the_share_within_a_time_counts_the_histogram() -> None:
    hist = Histogram()
    for turns in (10, 20, 20, 40):
        hist.add(turns)
    assert within(hist, 20) == 0.75 and within(hist, 9) == 0 and within(Histogram(), 5) == 0


def test_minutes_mark_the_match_length(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli,
        [
            "compare",
            "riverside",
            "--matches",
            "2",
            "--no-progress",
            "--minutes",
            "30",
            "--plot",
            str(tmp_path / "m.png"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "m.png").read_bytes().startswith(b"\x89PNG")


def test_the_skill_panel_colours_each_variant_as_the_others_do() -> None:
    fig, ax = pyplot.subplots()
    figures = [
        Figure(label="x", kind="proportion", n=10, value=v, low=v - 0.1, high=v + 0.1)
        for v in (0.5, 0.6, 0.4)
    ]
    _rates(ax, ["a", "b", "c"], [("expert", figures)], 0.5, legend=False, by_group=True)
    drawn = [line.get_color() for line in ax.lines if line.get_linestyle() == "None"]
    assert list(dict.fromkeys(drawn)) == COLOURS[:3]  # one colour per variant, caps alike
    pyplot.close(fig)


def test_the_stock_out_spike_is_named_where_it_is_drawn() -> None:
    # Four-player classic runs the stock out in about a fifth of its hands, all near the end.
    four = build_report(
        run_study(
            Study(("classic:target=null",), players=4, bots=("greedy",) * 4, units=40, seed=3)
        )
    )
    variant = four.variants[0]
    out = sum(variant.stock_turns_histogram.values())
    assert out >= STOCK_LABELLED * variant.hands
    assert out == variant.figures["ended.stock"].count
    fig, ax = pyplot.subplots()
    hand_length(ax, four)
    labels = [t for t in ax.texts if t.get_text().startswith("stock ran out")]
    assert [t.get_text() for t in labels] == [f"stock ran out: {out / variant.hands:.0%} of hands"]
    # The arrow points at the top of the bar that holds most of those hands.
    x, y = labels[0].xy
    histogram = Histogram.from_counts(variant.turns_histogram)
    width = max(1, -(-(histogram.quantile(0.99) + 1) // BINS))
    stock = Histogram.from_counts(variant.stock_turns_histogram)
    assert int(x // width) == max(
        {t // width for t in stock.counts},
        key=lambda b: sum(c for t, c in stock.counts.items() if t // width == b),
    )
    assert y == pytest.approx(
        sum(c for t, c in histogram.counts.items() if t // width == x // width) / variant.hands
    )
    pyplot.close(fig)
    # Two-player riverside rarely runs it out: nothing to name.
    two = build_report(run_study(Study(("riverside",), units=20, seed=3)))
    fig, ax = pyplot.subplots()
    hand_length(ax, two)
    assert not [t for t in ax.texts if t.get_text().startswith("stock ran out")]
    pyplot.close(fig)


def test_percent_ticks_keep_the_decimals_they_need() -> None:
    assert [percent_tick(s) for s in (0, 0.005, 0.02, 0.0025, 0.25, 1)] == [
        "0%",
        "0.5%",
        "2%",
        "0.25%",
        "25%",
        "100%",
    ]


def test_a_panel_of_small_shares_labels_each_tick_once() -> None:
    # Riverside against three of a kind, four players: 0.4% and 2.4% of hands end dull.
    report = build_report(run_study(Study(("riverside", "riverside+three-of-a-kind"), units=4)))
    for variant, share in zip(report.variants, (0.004, 0.024), strict=True):
        dull = variant.figures["ended.dull"]
        variant.figures["ended.dull"] = dull.model_copy(
            update={"value": share, "low": share - 0.002, "high": share + 0.002}
        )
    fig, ax = pyplot.subplots()
    dull_endings(ax, report)
    fig.canvas.draw()
    ticks = [t.get_text() for t in ax.get_yticklabels()]
    assert len(ticks) > 3 and len(set(ticks)) == len(ticks), ticks
    pyplot.close(fig)


def test_a_long_axis_label_stays_inside_a_panel_on_its_own() -> None:
    drawn: list[Any] = []

    def long_label(ax: Any, report: Report) -> None:
        ax.set_xlabel("minutes per match at 15 s a turn (28 longer matches not drawn)")
        drawn.append(ax)

    report = build_report(run_study(Study(("riverside",), units=2)))
    panel: Panel = long_label
    panel_png(report, panel)
    ax = drawn[0]
    # The page's figure is closed once drawn: a canvas of its own measures it again.
    renderer = FigureCanvasAgg(ax.figure).get_renderer()
    label = ax.xaxis.label.get_window_extent(renderer=renderer)
    assert "\n" in ax.get_xlabel()
    assert label.x0 >= 0 and label.x1 <= ax.figure.bbox.width
