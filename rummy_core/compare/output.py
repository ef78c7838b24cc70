"""Writing a study out: the terminal table, progress, ``--json``, ``--csv`` and ``--records``."""

from __future__ import annotations

import csv
import json
import math
import sys
from pathlib import Path
from typing import IO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from rummy_core.compare.play import Block
from rummy_core.compare.report import Difference, Figure, Report


def progress_bar(console: Console, enabled: bool) -> Progress:
    """A bar of units played over all variants, with the time left at the current pace."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("elapsed"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        disable=not enabled,
        transient=True,
    )


def bots_text(bots: list[str]) -> str:
    """``greedy bots at every seat``, or the bots and how they change seats."""
    if len(set(bots)) == 1:
        return f"{bots[0]} bots at every seat"
    return "bots " + ", ".join(bots) + " (rotating one seat per unit)"


def cell(figure: Figure) -> str:
    """One figure as a table cell: a count, a mean ± half its interval, or a rate [interval]."""
    if figure.kind == "count":
        return f"{int(figure.value):,}"
    low = figure.low if figure.low is not None else figure.value
    high = figure.high if figure.high is not None else figure.value
    if figure.kind == "proportion":
        return f"{figure.value:.1%} [{low:.1%}, {high:.1%}]"
    if figure.kind == "rate_difference":
        return f"{figure.value:+.1%} [{low:+.1%}, {high:+.1%}]"
    if figure.kind == "mean_share":
        return f"{figure.value:.1%} ± {(high - low) / 2:.1%}"
    text = f"{figure.value:.2f} ± {(high - low) / 2:.2f}"
    if figure.median is not None:
        text += f" (median {figure.median}, p90 {figure.p90})"
    return text


def figures_table(report: Report) -> Table:
    """The figures side by side, one column per variant."""
    study = report.study
    title = (
        f"{study.players} players, {bots_text(study.bots)}, seed {study.seed}, "
        f"{study.requested:,} {study.unit}{'es' if study.unit == 'match' else 's'} per variant"
    )
    table = Table(title=title, title_justify="left")
    table.add_column("figure")
    for variant in report.variants:
        table.add_column(variant.variant, justify="right")
    first = report.variants[0].figures
    for key, figure in first.items():
        table.add_row(figure.label, *(cell(v.figures[key]) for v in report.variants))
    table.add_row(
        "time per hand (ms)", *(f"{v.seconds_per_hand * 1000:.1f}" for v in report.variants)
    )
    return table


SHARES = ("proportion", "rate_difference", "mean_share")


def ranked(report: Report) -> list[Difference]:
    """The differences beyond chance, largest effect first (a certain one, with no spread, first of
    all): a p-value says a difference is real, the effect size says whether it matters."""
    return sorted(
        (d for d in report.differences if d.significant),
        key=lambda d: -abs(d.effect) if d.effect is not None else -math.inf,
    )


def differences_table(report: Report) -> Table | None:
    """The differences larger than chance (Holm-adjusted p below alpha), largest effect first."""
    found = ranked(report)
    if not found:
        return None
    table = Table(
        title=f"Differences beyond chance (Holm-adjusted p < {report.alpha}), largest effect first",
        title_justify="left",
    )
    for name in ("figure", "variants", "values", "difference", "effect", "test", "p (Holm)"):
        table.add_column(name, justify="left" if name in ("figure", "variants") else "right")
    kinds = {k: f.kind for k, f in report.variants[0].figures.items()}
    for d in found:
        fmt = "{:.1%}" if kinds[d.figure] in SHARES else "{:.2f}"
        table.add_row(
            d.label,
            f"{d.a} vs {d.b}",
            f"{fmt.format(d.value_a)} vs {fmt.format(d.value_b)}",
            ("+" if d.difference > 0 else "") + fmt.format(d.difference),
            effect_text(d.effect),
            f"{TEST_NAMES[d.test]} {d.statistic:.2f}",
            p_text(d.p_holm),
        )
    return table


TEST_NAMES = {
    "welch_t": "Welch t",
    "two_proportion_z": "2-prop. z",
    "paired_t": "paired t",
    "exact_sign": "exact sign",
}


def effect_text(effect: float | None) -> str:
    """Cohen's d or h, or "certain" when both variants are constant and differ."""
    return "certain" if effect is None else f"{effect:+.2f}"


def p_text(p: float) -> str:
    """A p-value to two digits; below 1e-16 double precision has nothing more to say."""
    return "<1e-16" if p < 1e-16 else f"{p:.2g}"


def print_report(console: Console, report: Report) -> None:
    """The tables and a line on how the run went."""
    if not report.complete:
        console.print("[bold yellow]Stopped early: these are the hands played so far.[/]")
    console.print(figures_table(report))
    diffs = differences_table(report)
    if diffs is None:
        console.print(f"No difference between variants is beyond chance (alpha {report.alpha}).")
    else:
        console.print(diffs)
    console.print(tests_note(report))
    run = report.run
    console.print(
        f"{sum(v.hands for v in report.variants):,} hands in {run.seconds:.1f} s: "
        f"{run.hands_per_second:.1f} hands/s with {run.jobs} job{'s' * (run.jobs != 1)}"
        f" ({run.where})."
    )


def tests_note(report: Report) -> str:
    """Which tests were used, and what was left out of them."""
    paired = {(d.a, d.b) for d in report.differences if d.paired}
    pairs = sorted({(d.a, d.b) for d in report.differences})
    lines = []
    if paired:
        lines.append(
            "Paired tests (paired t, exact sign) for "
            + ", ".join(f"{a} vs {b}" for a, b in pairs if (a, b) in paired)
            + ": dealt the same cards unit by unit."
        )
    unpaired = [f"{a} vs {b}" for a, b in pairs if (a, b) not in paired]
    if unpaired:
        lines.append("Unpaired tests (Welch t, two-proportion z) for " + ", ".join(unpaired) + ".")
    lines.append(
        "Points, wild cards and bonuses are compared only between variants of one ruleset;"
        " effect: Cohen's d (means) or h (shares), 0.2 small, 0.5 medium, 0.8 large."
    )
    return "\n".join(lines)


def write_json(report: Report, path: Path) -> None:
    """The report as JSON (schema: ``rummy_core.compare.report.Report``); ``-`` is stdout."""
    text = report.model_dump_json(indent=2) + "\n"
    if str(path) == "-":
        sys.stdout.write(text)
    else:
        path.write_text(text, encoding="utf-8")


CSV_COLUMNS = ("variant", "figure", "label", "kind", "n", "value", "low", "high", "median", "p90")


def write_csv(report: Report, path: Path) -> None:
    """One row per variant and figure (long format, for spreadsheets and data frames)."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(CSV_COLUMNS)
        for variant in report.variants:
            for key, f in variant.figures.items():
                row = (variant.variant, key, f.label, f.kind, f.n, f.value, f.low, f.high)
                writer.writerow((*row, f.median, f.p90))


class RecordWriter:
    """``--records``: one JSON line per hand, in the study's task order."""

    def __init__(self, out: IO[str]) -> None:
        self._out = out

    def __call__(self, block: Block) -> None:
        for hand in block.hands or ():
            self._out.write(json.dumps(hand.as_json(), separators=(",", ":")) + "\n")
