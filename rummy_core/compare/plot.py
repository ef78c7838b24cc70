"""``--plot FILE.png``: one panel per question, one colour per variant.

The panels: how long a hand lasts; with ``--matches``, how long a match lasts and how lopsided it
ends; who wins (each seat against the fair share); with ``--skill-gap``, how much the better bot
wins. Honest at a glance: rates are drawn on an axis from 0 with the fair share in the middle,
every estimate carries its 95% interval, and distributions start at zero.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from functools import partial
from io import BytesIO
from pathlib import Path
from typing import IO, Any

from rummy_core.compare.output import SHARES, seat_heading, study_title, sweep_values
from rummy_core.compare.questions import Question
from rummy_core.compare.report import BASELINE, SKILLED, Figure, Report
from rummy_core.compare.skill import skill_figure
from rummy_core.compare.stats import Histogram
from rummy_core.compare.trend import Trend
from rummy_core.extras import require_extra
from rummy_core.i18n.languages import N_plural, PluralMessage, _, ngettext

BINS = 30
"""Bars of a distribution at most: fine enough to show the shape, coarse enough to read."""

COLOURS = [f"C{i}" for i in range(10)]  # matplotlib's default cycle: tab10

Panel = Callable[[Any, Report], None]


def write_plot(report: Report, path: Path, minutes: int | None = None) -> None:
    """Draw the study's panels into a PNG file.

    :param minutes: a time the user cares about: marked on the hand and match lengths, with the
        share of each variant's hands and matches over by then.
    """
    panels: list[Panel] = [partial(hand_length, minutes=minutes)]
    if report.study.unit == "match":
        panels += [partial(match_length, minutes=minutes), score_spread]
    panels.append(win_rates)
    if shows_play(report):
        panels.append(play_panel)
    if report.study.skill_hands:
        panels.append(skill_gap)
    panels += [partial(trend_panel, trend=t) for t in plotted_trends(report)]
    draw(report, panels, path, title=study_title(report.study))


PANEL_INCHES = (6.2, 4.3)
"""A panel's size in the plot of every panel."""

LABEL_CHARS = 11
"""Characters of an axis label per inch of the axis, at the plot's font size."""

ALONE_INCHES = (5.0, 3.7)
"""A panel's size on its own in a page: smaller, so that its words stay legible on a phone."""


def draw(
    report: Report,
    panels: list[Panel],
    target: Path | IO[bytes],
    title: str = "",
    inches: tuple[float, float] = PANEL_INCHES,
    dpi: int = 100,
) -> None:
    """Draw ``panels`` in two columns (one, for a single panel) as a PNG into ``target``."""
    # Imported here: matplotlib takes a second to load, and only a plot needs it (an extra).
    require_extra("plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    columns = 2 if len(panels) > 1 else 1
    rows = -(-len(panels) // columns)
    with plt.rc_context({"font.size": 10, "axes.titlesize": 12, "legend.fontsize": 9}):
        fig, axes = plt.subplots(
            rows, columns, figsize=(inches[0] * columns, inches[1] * rows), squeeze=False
        )
        flat = [ax for row in axes for ax in row]
        for panel, ax in zip(panels, flat, strict=False):
            panel(ax, report)
            # A long axis label would run off the panel: wrapped to fit it ("... 28 longer
            # matches not drawn)" lost its end on a phone's page).
            ax.set_ylabel(textwrap.fill(ax.get_ylabel(), int(inches[1] * LABEL_CHARS)))
            ax.set_xlabel(textwrap.fill(ax.get_xlabel(), int(inches[0] * LABEL_CHARS)))
        for ax in flat[len(panels) :]:
            ax.remove()
        if title:
            fig.suptitle(title)
        fig.tight_layout()
        fig.savefig(target, dpi=dpi, format="png")
        plt.close(fig)


def question_panels(report: Report, question: Question) -> list[Panel]:
    """The panels that show a question's answer in the report page (``--report``)."""
    matches = report.study.unit == "match"
    minutes = report.study.minutes
    found: dict[Question, list[Panel]] = {
        "length": [partial(match_length, minutes=minutes)]
        if matches
        else [partial(hand_length, minutes=minutes)],
        "fairness": [seat_edges] if report.seats else [],
        "decisiveness": [score_spread] if matches else [],
        "skill": [skill_gap] if report.study.skill_hands else [],
        "dull": [dull_endings],
    }
    return found[question]


def panel_png(report: Report, panel: Panel) -> bytes:
    """One panel alone, as PNG bytes (for a page that embeds it)."""
    out = BytesIO()
    draw(report, [panel], out, inches=ALONE_INCHES, dpi=120)
    return out.getvalue()


def _distributions(
    ax: Any,
    report: Report,
    histograms: list[Histogram],
    labels: list[str],
    scale: float = 1.0,
) -> int:
    """Each variant's distribution as steps of the share per bin; returns the values not drawn.

    The x axis stops at the longest variant's 99th percentile: one capped hand of 1000 turns
    would otherwise squeeze every distribution into the first bar.
    """
    longest = _longest(histograms)
    highest = 0.0
    width = _bin_width(histograms)
    edges = list(range(0, longest + width, width))
    beyond = 0
    for index, (hist, label) in enumerate(zip(histograms, labels, strict=True)):
        counts = [0.0] * (len(edges) - 1)
        for value, count in hist.counts.items():
            if value // width < len(counts):
                counts[value // width] += count
            else:
                beyond += count
        total = sum(hist.counts.values()) or 1
        highest = max([highest, *(c / total for c in counts)])
        ax.stairs(
            [c / total for c in counts],
            [e * scale for e in edges],
            color=COLOURS[index % len(COLOURS)],
            linewidth=1.8,
            label=label,
        )
    ax.set_ylim(0, headroom(highest, len(labels)))
    ax.set_xlim(left=0)
    ax.legend(loc="upper right")
    return beyond


def _longest(histograms: list[Histogram]) -> int:
    """Just past the longest variant's 99th percentile: where a distribution's axis stops."""
    return max((h.quantile(0.99) for h in histograms), default=1) + 1


def _bin_width(histograms: list[Histogram]) -> int:
    """The width of a distribution's bars: at most ``BINS`` of them up to ``_longest``."""
    return max(1, -(-_longest(histograms) // BINS))


STOCK_LABELLED = 0.05
"""A variant whose hands end with the stock run out at least this often has that spike named."""


def stock_out_labels(ax: Any, report: Report, histograms: list[Histogram]) -> None:
    """Name the bar where a variant's hands run the stock out (classic with four players: a
    spike near the end, a fifth of its hands), so a reader does not take it for long play."""
    width = _bin_width(histograms)
    shown = _longest(histograms) // width
    for index, (variant, hist) in enumerate(zip(report.variants, histograms, strict=True)):
        bins: dict[int, int] = {}
        for turns, count in Histogram.from_counts(variant.stock_turns_histogram).counts.items():
            bins[turns // width] = bins.get(turns // width, 0) + count
        total = sum(hist.counts.values())
        out = sum(bins.values())
        if not total or out < STOCK_LABELLED * total:
            continue
        top = max(bins, key=lambda b: bins[b])
        if top > shown:
            continue
        height = sum(c for v, c in hist.counts.items() if v // width == top) / total
        colour = COLOURS[index % len(COLOURS)]
        ax.annotate(
            _("stock ran out: %(share)s of hands", share=f"{out / total:.0%}"),
            xy=((top + 0.5) * width, height),
            xytext=(0, 16),
            textcoords="offset points",
            ha="center",
            fontsize=8,
            color=colour,
            arrowprops={"arrowstyle": "->", "color": colour},
        )


def headroom(highest: float, entries: int) -> float:
    """The top of a distribution's axis: room above the tallest bar for a legend of ``entries``."""
    return max(highest, 0.01) * (1.15 + 0.11 * entries)


def _axis(label: str, beyond: int, not_drawn: PluralMessage) -> str:
    """An axis label, saying how many units were too long to draw (``not_drawn``)."""
    if not beyond:
        return label
    note = ngettext(not_drawn.singular, not_drawn.plural, beyond, count=f"{beyond:,}")
    return f"{label} ({note})"


def within(hist: Histogram, turns: float) -> float:
    """The share of a histogram of turns at or below ``turns``."""
    total = sum(hist.counts.values())
    return hist.at_most(turns) / total if total else 0.0


def _mark(ax: Any, at: float, minutes: int) -> None:
    """The line at a time the user cares about (``--minutes``), drawn before the legend."""
    ax.axvline(
        at, color="black", linestyle=":", linewidth=1.5, label=_("%(limit)s min", limit=minutes)
    )


def hand_length(ax: Any, report: Report, minutes: int | None = None) -> None:
    """Turns per hand, distribution per variant; with ``minutes``, the share of hands over by
    then."""
    pace = report.study.seconds_per_turn
    histograms = [Histogram.from_counts(v.turns_histogram) for v in report.variants]
    labels = [
        _(
            "%(variant)s: median %(turns)s turns, %(minutes)s min",
            variant=v.variant,
            turns=v.figures["turns"].median,
            minutes=f"{v.figures['minutes'].value:.1f}",
        )
        for v in report.variants
    ]
    if minutes is not None:
        limit = minutes * 60 / pace
        # The line only where the hands are: far to the right, it would squeeze them together.
        if limit <= 1.5 * max(h.quantile(0.99) for h in histograms):
            _mark(ax, limit, minutes)
        labels = [
            _(
                "%(variant)s: median %(turns)s turns, %(share)s within %(limit)s min",
                variant=v.variant,
                turns=v.figures["turns"].median,
                share=f"{within(h, limit):.0%}",
                limit=minutes,
            )
            for v, h in zip(report.variants, histograms, strict=True)
        ]
    beyond = _distributions(ax, report, histograms, labels)
    stock_out_labels(ax, report, histograms)
    ax.set_xlabel(
        _axis(
            _("turns per hand"),
            beyond,
            N_plural("%(count)s longer hand not drawn", "%(count)s longer hands not drawn"),
        )
    )
    ax.set_ylabel(_("share of hands"))
    ax.set_title(_("How long a hand lasts (minutes at %(seconds)s s a turn)", seconds=pace))


def match_length(ax: Any, report: Report, minutes: int | None = None) -> None:
    """Minutes per finished match, distribution per variant; with ``minutes``, the share of
    matches over by then."""
    pace = report.study.seconds_per_turn
    histograms = [Histogram.from_counts(v.turns_per_match_histogram) for v in report.variants]
    labels = [
        _(
            "%(variant)s: %(hands)s hands, %(minutes)s min",
            variant=v.variant,
            hands=f"{v.figures['hands_per_match'].value:.1f}",
            minutes=f"{v.figures['match_minutes'].value:.0f}",
        )
        for v in report.variants
    ]
    if minutes is not None:
        _mark(ax, minutes, minutes)
        labels = [
            _(
                "%(variant)s: %(hands)s hands, %(share)s within %(limit)s min",
                variant=v.variant,
                hands=f"{v.figures['hands_per_match'].value:.1f}",
                share=f"{within(h, minutes * 60 / pace):.0%}",
                limit=minutes,
            )
            for v, h in zip(report.variants, histograms, strict=True)
        ]
    beyond = _distributions(ax, report, histograms, labels, scale=pace / 60)
    ax.set_xlabel(
        _axis(
            _("minutes per match at %(seconds)s s a turn", seconds=pace),
            beyond,
            N_plural("%(count)s longer match not drawn", "%(count)s longer matches not drawn"),
        )
    )
    ax.set_ylabel(_("share of matches"))
    ax.set_title(_("How long a match lasts (mean hands and minutes)"))


def score_spread(ax: Any, report: Report) -> None:
    """The final margin as a share of the top two's points, distribution per variant."""
    # Per mille in the report: bins of 50 (5%) over 0 to 100%.
    edges = [e / 1000 for e in range(0, 1001, 50)]
    highest = 0.0
    for index, variant in enumerate(report.variants):
        hist = Histogram.from_counts(variant.margin_histogram)
        counts = [0.0] * 20
        for value, count in hist.counts.items():
            counts[min(19, value // 50)] += count
        total = sum(counts) or 1
        highest = max([highest, *(c / total for c in counts)])
        leader = variant.figures["halftime"]
        ax.stairs(
            [c / total for c in counts],
            edges,
            color=COLOURS[index % len(COLOURS)],
            linewidth=1.8,
            label=_(
                "%(variant)s: half-time leader wins %(share)s",
                variant=variant.variant,
                share=f"{leader.value:.0%}",
            ),
        )
    ax.set_xlim(0, 1)
    ax.set_ylim(0, headroom(highest, len(report.variants)))
    ax.xaxis.set_major_formatter(_percent())
    ax.set_xlabel(_("final margin, share of the top two's points (0%: a tie)"))
    ax.set_ylabel(_("share of matches"))
    ax.set_title(_("How lopsided a match ends"))
    ax.legend(loc="upper center")


def _error_bars(figures: list[Figure]) -> list[list[float]]:
    """How far each figure's 95% interval reaches below and above it."""
    # Clamped: at 0% or 100% the interval's end may differ from the value by a rounding.
    return [
        [max(0.0, f.value - (f.low if f.low is not None else f.value)) for f in figures],
        [max(0.0, (f.high if f.high is not None else f.value) - f.value) for f in figures],
    ]


def _estimates(
    ax: Any,
    xs: list[float] | list[int],
    figures: list[Figure],
    colour: str,
    label: str | None = None,
) -> None:
    """Figures at ``xs`` as points with their 95% intervals."""
    ax.errorbar(
        xs,
        [f.value for f in figures],
        yerr=_error_bars(figures),
        fmt="o",
        capsize=4,
        color=colour,
        label=label,
    )


def _points(
    ax: Any, groups: list[str], rows: list[tuple[str, list[Figure]]], by_group: bool = False
) -> float:
    """Figures with their intervals, one row of points per colour, grouped along the x axis;
    ``by_group``: one colour per group instead (a row's groups are then the variants). Returns
    the top of the highest interval."""
    width = 0.6 / max(1, len(rows))
    top = 0.0
    for index, (label, figures) in enumerate(rows):
        xs = [g - 0.3 + width * (index + 0.5) for g in range(len(groups))]
        if by_group:
            for g, (x, figure) in enumerate(zip(xs, figures, strict=True)):
                _estimates(ax, [x], [figure], COLOURS[g % len(COLOURS)])
        else:
            _estimates(ax, xs, figures, COLOURS[index % len(COLOURS)], label)
        top = max([top, *(f.high or f.value for f in figures)])
    ax.set_xticks(list(range(len(groups))), groups)
    ax.set_xlim(-0.6, len(groups) - 0.4)
    return top


def _rates(
    ax: Any,
    groups: list[str],
    rows: list[tuple[str, list[Figure]]],
    fair: float,
    legend: bool = True,
    by_group: bool = False,
) -> None:
    """Rates with their intervals, grouped, on an axis from 0 with the fair share in the middle."""
    top = _points(ax, groups, rows, by_group)
    ax.axhline(
        fair,
        color="grey",
        linestyle="--",
        linewidth=1,
        label=_("fair share %(share)s", share=f"{fair:.0%}"),
    )
    # 0 to twice the fair share (or more, if a rate is above it): a gap of a few points looks
    # like a few points, not like a landslide.
    ax.set_ylim(0, min(1.0, max(2 * fair, top * 1.1)))
    # Rates sit near the fair share, in the middle: the legend goes where they are not.
    ax.yaxis.set_major_formatter(_percent())
    if legend:
        ax.legend(loc="lower right" if top > 1.5 * fair else "upper right", ncols=2)


PLAY_FIGURES = ("melds", "lay_offs")
"""What the players put down: drawn when a difference or a trend in them is beyond chance."""


def shows_play(report: Report) -> bool:
    """Whether melds or lay-offs answer the study's question: they differ beyond chance."""
    return any(d.significant and d.figure in PLAY_FIGURES for d in report.differences) or any(
        t.significant and t.figure in PLAY_FIGURES for t in report.trends
    )


def play_panel(ax: Any, report: Report) -> None:
    """Melds and lay-offs per hand, each variant in its colour, from 0."""
    top = _points(
        ax,
        [report.variants[0].figures[key].label for key in PLAY_FIGURES],
        [(v.variant, [v.figures[key] for key in PLAY_FIGURES]) for v in report.variants],
    )
    ax.set_ylim(0, top * (1.15 + 0.11 * len(report.variants)))
    ax.set_ylabel(_("per hand (%(level)s interval)", level="95%"))
    ax.set_title(_("What the players put down"))
    ax.legend(loc="upper right", ncols=2)


def win_rates(ax: Any, report: Report) -> None:
    """Each seat's hand win rate per variant, against the fair share."""
    players = report.study.players
    seats = range(players)
    _rates(
        ax,
        [seat_heading(s) for s in seats],
        [(v.variant, [v.figures[f"win.seat{s}"] for s in seats]) for v in report.variants],
        1 / players,
    )
    ax.set_ylabel(_("hands won (%(level)s interval)", level="95%"))
    ax.set_title(_("Who wins the hand"))


def seat_edges(ax: Any, report: Report) -> None:
    """Each seat's share of the units won alone (matches, with ``--matches``), against the fair
    share: the seat edges' test, drawn."""
    players = report.study.players
    seats = range(players)
    _rates(
        ax,
        [seat_heading(s) for s in seats],
        [
            (
                v.variant,
                [
                    Figure(
                        label="",
                        kind="proportion",
                        n=t.decided,
                        value=t.share,
                        low=t.low,
                        high=t.high,
                    )
                    for t in report.seats
                    if t.variant == v.variant
                ],
            )
            for v in report.variants
        ],
        1 / players,
    )
    matches = report.study.unit == "match"
    ax.set_ylabel(
        _("matches won alone (%(level)s interval)", level="95%")
        if matches
        else _("hands won alone (%(level)s interval)", level="95%")
    )
    ax.set_title(_("Who wins the match") if matches else _("Who wins the hand"))


def dull_endings(ax: Any, report: Report) -> None:
    """The share of hands that end with no proper winner, per variant, from 0."""
    top = _points(
        ax,
        [v.variant for v in report.variants],
        [("", [v.figures["ended.dull"] for v in report.variants])],
        by_group=True,
    )
    ax.set_ylim(0, max(0.02, top * 1.3))
    ax.yaxis.set_major_formatter(_percent())
    ax.set_ylabel(_("hands (%(level)s interval)", level="95%"))
    ax.set_title(_("Hands with the stock run out, capped or no winner"))


def skill_gap(ax: Any, report: Report) -> None:
    """The skilled bot's win rate per variant (per match with ``--skill-unit match``), against
    the fair share."""
    figures = [skill_figure(report, i) for i in range(len(report.variants))]
    _rates(
        ax,
        [v.variant for v in report.variants],
        [(_("%(skilled)s against %(baseline)s", skilled=SKILLED, baseline=BASELINE), figures)],
        1 / report.study.players,
        legend=False,
        by_group=True,
    )
    names = {"skilled": SKILLED, "baseline": BASELINE}
    played = min(f.n for f in figures)
    if report.study.skill_unit == "match":
        ax.set_ylabel(
            _("matches the %(skilled)s won against %(baseline)s (95%% interval)", **names)
        )
        title = ngettext(
            "How much skill matters (%(count)s match per variant)",
            "How much skill matters (%(count)s matches per variant)",
            played,
            count=f"{played:,}",
        )
    else:
        ax.set_ylabel(_("hands the %(skilled)s won against %(baseline)s (95%% interval)", **names))
        title = ngettext(
            "How much skill matters (%(count)s hand per variant)",
            "How much skill matters (%(count)s hands per variant)",
            played,
            count=f"{played:,}",
        )
    ax.set_xlabel(_("dashed: the fair share, %(share)s", share=f"{1 / report.study.players:.0%}"))
    ax.set_title(title)


TRENDS_PLOTTED = 3
"""Figures drawn against each sweep's option at most: its largest trends beyond chance."""


def plotted_trends(report: Report) -> list[Trend]:
    """Per sweep, its largest trends beyond chance, or its first figure when none is."""
    found: list[Trend] = []
    for sweep in dict.fromkeys(t.sweep for t in report.trends):
        mine = [t for t in report.trends if t.sweep == sweep]
        strong = sorted(
            (t for t in mine if t.significant and t.effect is not None),
            key=lambda t: -abs(t.effect or 0.0),
        )
        found += strong[:TRENDS_PLOTTED] or mine[:1]
    return found


def trend_panel(ax: Any, report: Report, trend: Trend) -> None:
    """A figure against the swept option: each value with its 95% interval, and the fitted trend."""
    sweep = next(s for s in report.study.sweeps if s.text == trend.sweep)
    variants = report.variants[sweep.start : sweep.start + len(sweep.values)]
    figures = [v.figures[trend.figure] for v in variants]
    xs = trend.values
    _estimates(ax, xs, figures, COLOURS[0], _("each value (%(level)s interval)", level="95%"))
    middle = sum(xs) / len(xs)
    level = sum(sweep_values(report, trend)) / len(xs)
    ends = [min(xs), max(xs)]
    share = figures[0].kind in SHARES
    shown = "{:+.1%}" if share else "{:+.2f}"
    span = ends[1] - ends[0]
    ax.plot(
        ends,
        [level + trend.slope * (x - middle) for x in ends],
        color="grey",
        linestyle="--",
        label=_(
            "trend: %(change)s over the sweep [%(low)s, %(high)s], p (Holm) %(p)s",
            change=shown.format(trend.change),
            low=shown.format(trend.low * span),
            high=shown.format(trend.high * span),
            p=f"{trend.p_holm:.2g}",
        ),
    )
    if share:
        ax.yaxis.set_major_formatter(_percent())
    ax.set_xticks(xs)
    ax.set_xlabel(trend.option)
    ax.set_ylabel(trend.label)
    ax.set_title(_("%(figure)s against %(option)s", figure=trend.label, option=trend.option))
    ax.legend(loc="best")


def _percent() -> Any:
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(percent_tick)


def percent_tick(share: float, _position: object = None) -> str:
    """A share as a tick's percentage, with the decimals it needs and no more: an axis that stops
    at 3% has ticks 0.5% apart, which whole percents would label 0%, 0%, 1%, 2%, 2%."""
    value = share * 100
    decimals = next((d for d in (0, 1) if abs(round(value, d) - value) < 1e-6), 2)
    return f"{value:.{decimals}f}%"
