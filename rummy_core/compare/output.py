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
from rummy_core.compare.report import Difference, Figure, Report, StudyInfo
from rummy_core.compare.skill import points, shortfall
from rummy_core.compare.trend import Trend
from rummy_core.i18n.languages import N_, _, ngettext


def progress_bar(console: Console, enabled: bool) -> Progress:
    """A bar of units played over all variants, with the time left at the current pace."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(_("elapsed")),
        TimeElapsedColumn(),
        TextColumn(_("left")),
        TimeRemainingColumn(),
        console=console,
        disable=not enabled,
        transient=True,
    )


def bots_text(bots: list[str]) -> str:
    """``greedy bots at every seat``, or the bots and how they change seats."""
    if len(set(bots)) == 1:
        return _("%(bot)s bots at every seat", bot=bots[0])
    return _("bots %(bots)s (rotating one seat per unit)", bots=", ".join(bots))


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
        text += " " + _("(median %(median)s, p90 %(p90)s)", median=figure.median, p90=figure.p90)
    return text


def study_title(study: StudyInfo) -> str:
    """The line that says what was played: players, bots, seed, units per variant."""
    per_variant = (
        ngettext("%(count)s match per variant", "%(count)s matches per variant", study.requested)
        if study.unit == "match"
        else ngettext("%(count)s hand per variant", "%(count)s hands per variant", study.requested)
    )
    return _(
        "%(players)s players, %(bots)s, seed %(seed)s, %(units)s",
        players=study.players,
        bots=bots_text(study.bots),
        seed=study.seed,
        units=per_variant.replace(str(study.requested), f"{study.requested:,}", 1),
    )


def figures_table(report: Report) -> Table:
    """The figures side by side, one column per variant."""
    table = Table(title=study_title(report.study), title_justify="left")
    table.add_column(_("figure"))
    for variant in report.variants:
        table.add_column(variant.variant, justify="right")
    first = report.variants[0].figures
    for key, figure in first.items():
        table.add_row(figure.label, *(cell(v.figures[key]) for v in report.variants))
    table.add_row(
        _("time per hand (ms)"), *(f"{v.seconds_per_hand * 1000:.1f}" for v in report.variants)
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
        title=_(
            "Differences beyond chance (Holm-adjusted p < %(alpha)s), largest effect first",
            alpha=report.alpha,
        ),
        title_justify="left",
    )
    for name in (_("figure"), _("variants")):
        table.add_column(name, justify="left")
    for name in (_("values"), _("difference"), _("effect"), _("test"), _("p (Holm)")):
        table.add_column(name, justify="right")
    kinds = {k: f.kind for k, f in report.variants[0].figures.items()}
    for d in found:
        fmt = "{:.1%}" if kinds[d.figure] in SHARES else "{:.2f}"
        table.add_row(
            d.label,
            _("%(a)s vs %(b)s", a=d.a, b=d.b),
            _("%(a)s vs %(b)s", a=fmt.format(d.value_a), b=fmt.format(d.value_b)),
            ("+" if d.difference > 0 else "") + fmt.format(d.difference),
            effect_text(d.effect),
            f"{_(TEST_NAMES[d.test])} {d.statistic:.2f}",
            p_text(d.p_holm),
        )
    return table


TEST_NAMES = {
    "welch_t": N_("Welch t"),
    "two_proportion_z": N_("2-prop. z"),
    "paired_t": N_("paired t"),
    "exact_sign": N_("exact sign"),
}


def effect_text(effect: float | None) -> str:
    """Cohen's d or h, or "certain" when both variants are constant and differ."""
    return _("certain") if effect is None else f"{effect:+.2f}"


def p_text(p: float) -> str:
    """A p-value to two digits; below 1e-16 double precision has nothing more to say."""
    return "<1e-16" if p < 1e-16 else f"{p:.2g}"


def trends_table(report: Report) -> Table | None:
    """The trends beyond chance across each sweep (Holm-adjusted p below alpha), largest first."""
    found = sorted(
        (t for t in report.trends if t.significant),
        key=lambda t: -abs(t.effect) if t.effect is not None else -math.inf,
    )
    if not found:
        return None
    table = Table(
        title=_(
            "Trends across a sweep (Holm-adjusted p < %(alpha)s), largest effect first",
            alpha=report.alpha,
        ),
        title_justify="left",
    )
    for name in (_("figure"), _("sweep"), _("along the sweep")):
        table.add_column(name, justify="left")
    for name in (_("change over the sweep"), _("effect"), "t", _("p (Holm)")):
        table.add_column(name, justify="right")
    kinds = {k: f.kind for k, f in report.variants[0].figures.items()}
    for t in found:
        share = kinds.get(t.figure) in SHARES
        fmt = "{:+.1%}" if share else "{:+.2f}"
        span = max(t.values) - min(t.values)
        table.add_row(
            t.label,
            t.sweep,
            " → ".join(
                ("{:.1%}" if share else "{:.2f}").format(v) for v in sweep_values(report, t)
            ),
            f"{fmt.format(t.change)} [{fmt.format(t.low * span)}, {fmt.format(t.high * span)}]",
            effect_text(t.effect),
            f"{t.statistic:.2f}",
            p_text(t.p_holm),
        )
    return table


def sweep_values(report: Report, trend: Trend) -> list[float]:
    """The trend's figure in each variant of its sweep, in the sweep's order."""
    sweep = next(s for s in report.study.sweeps if s.text == trend.sweep)
    variants = report.variants[sweep.start : sweep.start + len(sweep.values)]
    return [v.figures[trend.figure].value for v in variants if trend.figure in v.figures]


def trends_note(report: Report) -> str:
    """Which sweeps were tested for a trend, and how."""
    swept = list(dict.fromkeys(t.sweep for t in report.trends))
    if not swept:
        return ""
    quiet = [s for s in swept if not any(t.significant for t in report.trends if t.sweep == s)]
    lines = [
        ngettext(
            "Trend: each unit's least-squares slope against the swept value, their mean tested"
            " with a t test (paired when every value was dealt the same cards); the change over"
            " the sweep with its 95%% interval; Holm over the %(count)s trend test.",
            "Trend: each unit's least-squares slope against the swept value, their mean tested"
            " with a t test (paired when every value was dealt the same cards); the change over"
            " the sweep with its 95%% interval; Holm over the %(count)s trend tests.",
            len(report.trends),
        )
    ]
    if quiet:
        lines.append(_("No trend beyond chance across %(sweeps)s.", sweeps=", ".join(quiet)))
    return "\n".join(lines)


def seats_table(report: Report) -> Table | None:
    """Each seat's share of the units won alone, against the fair share, variant by variant."""
    if not report.seats:
        return None
    first = report.seats[0]
    title = (
        _(
            "Seat edges over matches: each seat's share of the matches won alone, against the"
            " fair %(fair)s (exact binomial test, Holm over every seat; * beyond chance)",
            fair=f"{first.fair:.0%}",
        )
        if first.unit == "match"
        else _(
            "Seat edges over hands: each seat's share of the hands won alone, against the fair"
            " %(fair)s (exact binomial test, Holm over every seat; * beyond chance)",
            fair=f"{first.fair:.0%}",
        )
    )
    table = Table(title=title, title_justify="left")
    table.add_column(_("variant"))
    seats = sorted({t.seat for t in report.seats})
    for seat in seats:
        table.add_column(seat_heading(seat), justify="right")
    for variant in report.variants:
        mine = [t for t in report.seats if t.variant == variant.variant]
        table.add_row(
            variant.variant,
            *(
                f"{t.share:.1%} [{t.low:.1%}, {t.high:.1%}] {t.wins}/{t.decided},"
                f" p {p_text(t.p_holm)}{' *' if t.significant else ''}"
                for t in mine
            ),
        )
    return table


def seat_heading(seat: int) -> str:
    """A seat as a column or an axis names it: ``seat 0 (first)``, ``seat 1``."""
    return _("seat %(seat)s (first)", seat=seat) if seat == 0 else _("seat %(seat)s", seat=seat)


def print_report(console: Console, report: Report) -> None:
    """The tables and a line on how the run went."""
    if not report.complete:
        console.print(
            "[bold yellow]" + _("Stopped early: these are the hands played so far.") + "[/]"
        )
    console.print(figures_table(report))
    diffs = differences_table(report)
    if diffs is None:
        console.print(
            _(
                "No difference between variants is beyond chance (alpha %(alpha)s).",
                alpha=report.alpha,
            )
        )
    else:
        console.print(diffs)
    console.print(tests_note(report))
    trends = trends_table(report)
    if trends is not None:
        console.print(trends)
    note = trends_note(report)
    if note:
        console.print(note)
    seats = seats_table(report)
    if seats is not None:
        console.print(seats)
    skill = skill_line(report)
    if skill:
        console.print(skill)
    console.print(run_line(report))


def skill_line(report: Report) -> str:
    """With ``--precision``: whether the skill gap reached it, and if not how far it is short."""
    width = report.study.precision
    if width is None or not report.study.skill_hands:
        return ""
    short = shortfall(report)
    precision = f"±{points(width)}%"
    if not short:
        return _("Skill gap: known to %(precision)s in every variant.", precision=precision)
    matches = report.study.skill_unit == "match"
    return " ".join(
        ngettext(
            "Skill gap in %(variant)s: %(count)s more match needed for %(precision)s.",
            "Skill gap in %(variant)s: %(count)s more matches needed for %(precision)s.",
            more,
            variant=name,
            count=f"{more:,}",
            precision=precision,
        )
        if matches
        else ngettext(
            "Skill gap in %(variant)s: %(count)s more hand needed for %(precision)s.",
            "Skill gap in %(variant)s: %(count)s more hands needed for %(precision)s.",
            more,
            variant=name,
            count=f"{more:,}",
            precision=precision,
        )
        for name, more in short
    )


def run_line(report: Report) -> str:
    """How the run went, counting every hand it played: the skill gap's are in the rate too."""
    run = report.run
    lines = [
        ngettext(
            "%(hands)s hands in %(seconds)s s: %(rate)s hands/s with %(count)s job (%(where)s).",
            "%(hands)s hands in %(seconds)s s: %(rate)s hands/s with %(count)s jobs (%(where)s).",
            run.jobs,
            hands=f"{run.hands:,}",
            seconds=f"{run.seconds:.1f}",
            rate=f"{run.hands_per_second:.1f}",
            where=run.where,
        )
    ]
    if run.skill_hands:
        lines.append(
            _(
                "%(study)s of them for the figures, %(skill)s for the skill gap.",
                study=f"{run.hands - run.skill_hands:,}",
                skill=f"{run.skill_hands:,}",
            )
        )
    if report.study.unit == "match":
        matches = sum(v.matches for v in report.variants)
        lines.append(
            ngettext(
                "The figures' hands made %(count)s match.",
                "The figures' hands made %(count)s matches.",
                matches,
                count=f"{matches:,}",
            )
        )
    return " ".join(lines)


def tests_note(report: Report) -> str:
    """Which tests were used, and what was left out of them."""
    paired = {(d.a, d.b) for d in report.differences if d.paired}
    pairs = sorted({(d.a, d.b) for d in report.differences})
    lines = []
    if paired:
        lines.append(
            _(
                "Paired tests (paired t, exact sign) for %(pairs)s: dealt the same cards unit by"
                " unit.",
                pairs=", ".join(
                    _("%(a)s vs %(b)s", a=a, b=b) for a, b in pairs if (a, b) in paired
                ),
            )
        )
    unpaired = [_("%(a)s vs %(b)s", a=a, b=b) for a, b in pairs if (a, b) not in paired]
    if unpaired:
        lines.append(
            _(
                "Unpaired tests (Welch t, two-proportion z) for %(pairs)s.",
                pairs=", ".join(unpaired),
            )
        )
    lines.append(
        _(
            "Points, wild cards and bonuses are compared only between variants of one ruleset;"
            " effect: Cohen's d (means) or h (shares), 0.2 small, 0.5 medium, 0.8 large."
        )
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
