"""The skill gap's precision (``--precision``): how many units its share needs for the interval
asked for, and the sequential rule that stops the skill gap once every variant has it.

The share is the skilled bot's win rate, over hands or over matches (``--skill-unit``); its
interval is the Wilson 95% interval the report shows, so "narrow enough" means what the reader
sees. Stopping when the interval is narrow (never when the difference looks large) leaves the
share's estimate and its interval sound.
"""

from __future__ import annotations

from collections.abc import Callable

from rummy_core.compare.report import SKILL_KEYS, Figure, Report
from rummy_core.compare.stats import Moments, half_width, units_for
from rummy_core.compare.tally import Tally


def skill_figure(report: Report, variant: int) -> Figure:
    """The skill gap's share in variant ``variant``: per match with ``--skill-unit match``."""
    figures = report.variants[variant].figures
    return figures["skill.match_win" if report.study.skill_unit == "match" else "skill.win"]


def skill_moments(tally: Tally, matches: bool) -> Moments:
    """The skilled bot's wins in a skill-gap tally: per match with ``matches``, else per hand."""
    if matches:
        return tally.match.get(SKILL_KEYS["match"], Moments())
    return tally.hand.get(SKILL_KEYS["hand"], Moments())


def precise(width: float, matches: bool) -> Callable[[list[Tally]], bool]:
    """The sequential rule: enough once every variant's interval is at most ``width`` either
    side of its share."""

    def enough(tallies: list[Tally]) -> bool:
        shares = [skill_moments(t, matches) for t in tallies]
        return all(m.n and half_width(m.mean, m.n) <= width for m in shares)

    return enough


def points(share: float) -> str:
    """A share in percentage points, as ``--precision`` takes it: 0.05 is ``5``."""
    return f"{share * 100:g}"


def most_units(width: float) -> int:
    """The units that give any share an interval of at most ``width``: a share of one half has
    the widest, so the sequential rule always stops by then."""
    return units_for(0.5, width)


def more_needed(figure: Figure, width: float) -> int:
    """About how many more units the share ``figure`` needs for ``width`` either side (0: it has
    it), judged at the share seen so far."""
    return max(0, units_for(figure.value, width) - figure.n)


def shortfall(report: Report) -> list[tuple[str, int]]:
    """Each variant whose skill gap is short of ``--precision``, with about how many more units
    it needs (none without ``--precision``)."""
    width = report.study.precision
    if width is None or not report.study.skill_hands:
        return []
    found = [
        (v.variant, more_needed(skill_figure(report, i), width))
        for i, v in enumerate(report.variants)
    ]
    return [(name, more) for name, more in found if more]
