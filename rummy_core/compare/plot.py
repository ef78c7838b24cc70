"""``--plot FILE.png``: turns-per-hand distributions and seat win rates, one colour per variant."""

from __future__ import annotations

from pathlib import Path

from rummy_core.compare.output import bots_text
from rummy_core.compare.report import Report
from rummy_core.compare.stats import Histogram

BINS = 40
"""Bars of the turns histogram at most: fine enough to show the shape, coarse enough to read."""


def write_plot(report: Report, path: Path) -> None:
    """Draw the study's two panels into a PNG file."""
    # Imported here: matplotlib takes a second to load, and only --plot needs it.
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    colours = [f"C{i}" for i in range(10)]  # matplotlib's default cycle: tab10
    study = report.study
    fig, (turns_ax, wins_ax) = plt.subplots(1, 2, figsize=(12, 4.8))
    # The x axis stops at the longest variant's 99th percentile: one capped hand of 1000 turns
    # would otherwise squeeze every distribution into the first bar.
    histograms = [_histogram(v.turns_histogram) for v in report.variants]
    longest = max((h.quantile(0.99) for h in histograms), default=1) + 1
    width = max(1, -(-longest // BINS))
    edges = list(range(0, longest + width, width))
    beyond = 0
    for index, (variant, hist) in enumerate(zip(report.variants, histograms, strict=True)):
        counts = [0.0] * (len(edges) - 1)
        for turns, count in hist.counts.items():
            if turns // width < len(counts):
                counts[turns // width] += count
            else:
                beyond += count
        total = sum(hist.counts.values()) or 1
        turns_ax.stairs(
            [c / total for c in counts],
            edges,
            color=colours[index % len(colours)],
            linewidth=1.8,
            label=f"{variant.variant} (median {variant.figures['turns'].median})",
        )
    turns_ax.set_xlabel(
        "turns per hand" + (f" ({beyond:,} longer hands not drawn)" if beyond else "")
    )
    turns_ax.set_ylabel(f"share of hands per {width}-turn bin")
    turns_ax.set_title("How long a hand lasts")
    turns_ax.legend(fontsize=8)

    # Points with error bars, not bars: the differences that matter are a few points around the
    # fair share, and a bar chart would have to start at zero.
    seats = range(study.players)
    group = 0.6 / max(1, len(report.variants))
    for index, variant in enumerate(report.variants):
        rates = [variant.figures[f"win.seat{s}"] for s in seats]
        wins_ax.errorbar(
            [s - 0.3 + group * (index + 0.5) for s in seats],
            [f.value for f in rates],
            yerr=[
                [f.value - (f.low or 0.0) for f in rates],
                [(f.high or 0.0) - f.value for f in rates],
            ],
            fmt="o",
            capsize=4,
            color=colours[index % len(colours)],
            label=variant.variant,
        )
    wins_ax.axhline(
        1 / study.players, color="grey", linestyle="--", linewidth=1, label="fair share"
    )
    wins_ax.set_xticks(list(seats), [f"seat {s}" + (" (first)" if s == 0 else "") for s in seats])
    wins_ax.set_ylabel("hands won (95% interval)")
    wins_ax.set_title("Who wins the hand")
    wins_ax.legend(fontsize=8)
    fig.suptitle(
        f"{study.players} players, {bots_text(study.bots)}, seed {study.seed}, "
        f"{report.variants[0].hands:,} hands per variant"
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _histogram(counts: dict[str, int]) -> Histogram:
    """A report's histogram (JSON keys are strings) back as a ``Histogram``."""
    found = Histogram()
    for value, count in counts.items():
        found.counts[int(value)] = count
    return found
