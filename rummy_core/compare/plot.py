"""``--plot FILE.png``: turns-per-hand distributions and seat win rates, one colour per variant."""

from __future__ import annotations

from pathlib import Path

from rummy_core.compare.output import bots_text
from rummy_core.compare.report import Report

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
    longest = max((int(k) for v in report.variants for k in v.turns_histogram), default=1)
    width = max(1, -(-longest // BINS))
    edges = list(range(0, longest + width + 1, width))
    for index, variant in enumerate(report.variants):
        counts = [0.0] * (len(edges) - 1)
        for turns, count in variant.turns_histogram.items():
            counts[int(turns) // width] += count
        total = sum(counts) or 1.0
        turns_ax.stairs(
            [c / total for c in counts],
            edges,
            color=colours[index % len(colours)],
            linewidth=1.8,
            label=f"{variant.variant} (median {variant.figures['turns'].median})",
        )
    turns_ax.set_xlabel("turns per hand")
    turns_ax.set_ylabel(f"share of hands per {width}-turn bin")
    turns_ax.set_title("How long a hand lasts")
    turns_ax.legend(fontsize=8)

    seats = range(study.players)
    group = 0.8 / max(1, len(report.variants))
    for index, variant in enumerate(report.variants):
        rates = [variant.figures[f"win.seat{s}"] for s in seats]
        xs = [s - 0.4 + group * (index + 0.5) for s in seats]
        values = [f.value for f in rates]
        errors = [
            [f.value - (f.low or 0.0) for f in rates],
            [(f.high or 0.0) - f.value for f in rates],
        ]
        wins_ax.bar(
            xs,
            values,
            group,
            yerr=errors,
            capsize=3,
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
