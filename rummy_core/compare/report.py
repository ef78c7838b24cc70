"""A study's figures and the tests of their differences, as the ``--json`` report.

The models below are the documented schema of ``rummy compare --json`` (``docs/compare.md``).
Every figure except the timings (``seconds_per_hand`` and ``run``) is reproducible: the same
study gives the same figures whatever ran it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.compare.running import Outcome
from rummy_core.compare.stats import (
    Histogram,
    Moments,
    TestName,
    holm,
    two_proportions,
    welch,
    wilson,
)
from rummy_core.compare.tally import REASONS, Tally

ALPHA = 0.05
"""The family-wise error rate of the difference tests (Holm-Bonferroni over the whole study)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Figure(_Model):
    """One figure of one variant: a mean, a proportion or a count, with its 95% interval."""

    label: str
    kind: Literal["mean", "proportion", "count", "rate_difference"]
    n: int = Field(description="Observations: hands, or matches for the match figures.")
    value: float = Field(
        description="The mean, the proportion (0 to 1), the count, or a difference of rates."
    )
    low: float | None = Field(None, description="95% interval, low end (Wilson for proportions).")
    high: float | None = Field(None, description="95% interval, high end.")
    sd: float | None = Field(None, description="Sample standard deviation (means).")
    count: int | None = Field(None, description="How many of the n (proportions).")
    median: int | None = Field(None, description="Median (turns, hands per match).")
    p90: int | None = Field(None, description="90th percentile, nearest rank.")


class VariantReport(_Model):
    """Everything measured for one variant (one column of the table)."""

    variant: str
    hands: int
    matches: int
    figures: dict[str, Figure]
    turns_histogram: dict[str, int] = Field(description="Hands by number of turns.")
    hands_per_match_histogram: dict[str, int] = Field(description="Finished matches by length.")
    seconds_per_hand: float = Field(description="Mean wall-clock time per hand; not reproducible.")


class Difference(_Model):
    """A two-sample test of one figure between two variants."""

    figure: str
    label: str
    a: str
    b: str
    value_a: float
    value_b: float
    difference: float = Field(description="value_a - value_b")
    test: TestName
    statistic: float
    p_value: float
    p_holm: float = Field(description="p_value adjusted (Holm) over every test of the study.")
    significant: bool = Field(description="p_holm below alpha: more than chance.")


class StudyInfo(_Model):
    """What was asked: enough to run the same study again."""

    variants: list[str]
    players: int
    bots: list[str] = Field(description="The bot at each seat, seat 0 (the first to play) first.")
    unit: Literal["hand", "match"]
    requested: int = Field(description="Hands (or matches) asked for per variant.")
    seed: int
    max_match_hands: int


class RunInfo(_Model):
    """How this run went; not part of the reproducible figures."""

    seconds: float
    hands_per_second: float
    jobs: int
    where: str


class Report(_Model):
    """The ``--json`` output of ``rummy compare``."""

    schema_version: Literal[1] = 1
    study: StudyInfo
    complete: bool = Field(description="False when the run was stopped (Ctrl-C) early.")
    alpha: float
    variants: list[VariantReport]
    differences: list[Difference]
    run: RunInfo


@dataclass(frozen=True)
class _Measure:
    """A figure before it is written out: the data its interval and tests need."""

    key: str
    label: str
    moments: Moments | None = None
    count: int = 0
    n: int = 0
    histogram: Histogram | None = None
    total: bool = False
    scale: int = 1
    """The figure is the mean of ``moments`` over this (kept in integers until the end)."""
    rate_difference: bool = False

    def mean(self) -> float:
        assert self.moments is not None
        return self.moments.mean / self.scale

    def figure(self) -> Figure:
        if self.total:
            return Figure(label=self.label, kind="count", n=self.n, value=self.n)
        if self.moments is not None:
            low, high = self.moments.interval()
            hist = self.histogram
            return Figure(
                label=self.label,
                kind="rate_difference" if self.rate_difference else "mean",
                n=self.moments.n,
                value=self.mean(),
                low=low / self.scale,
                high=high / self.scale,
                sd=self.moments.sd / self.scale,
                median=hist.quantile(0.5) if hist is not None else None,
                p90=hist.quantile(0.9) if hist is not None else None,
            )
        low, high = wilson(self.count, self.n)
        value = self.count / self.n if self.n else 0.0
        return Figure(
            label=self.label,
            kind="proportion",
            n=self.n,
            value=value,
            low=low,
            high=high,
            count=self.count,
        )


def measures(tally: Tally, matches: bool) -> list[_Measure]:
    """A variant's figures, in the order of the table."""
    n = tally.hands
    seats = range(tally.players)
    found = [
        _Measure("hands", "hands played", n=n, total=True),
        _Measure("turns", "turns per hand", moments=tally.turns.moments(), histogram=tally.turns),
        *(
            _Measure(f"ended.{r}", f"ended: {_ENDINGS[r]}", count=tally.ended[r], n=n)
            for r in REASONS
        ),
        *(
            _Measure(f"win.seat{s}", f"win rate, seat {s}{_first(s)}", count=tally.wins[s], n=n)
            for s in seats
        ),
        _Measure("win.none", "no single winner", count=n - sum(tally.wins), n=n),
        _Measure(
            "first_edge",
            "first player's edge",
            moments=tally.first_edge,
            scale=tally.players - 1,
            rate_difference=True,
        ),
        *(
            _Measure(f"points.seat{s}", f"points per hand, seat {s}", moments=tally.points[s])
            for s in seats
        ),
        _Measure("melds", "melds per hand", moments=tally.melds),
        _Measure("lay_offs", "lay-offs per hand", moments=tally.lay_offs),
        _Measure("wilds", "wilds on the table per hand", moments=tally.wilds),
        _Measure("jokers", "of which jokers", moments=tally.jokers),
        _Measure("swaps", "wild swaps per hand", moments=tally.swaps),
        _Measure("hands_with_wild", "hands with a wild on the table", count=tally.with_wild, n=n),
        _Measure("bonus", "bonus hands (rummy, -20)", count=tally.bonus, n=n),
    ]
    if matches:
        finished = tally.matches - tally.unfinished
        found += [
            _Measure("matches", "matches played", n=tally.matches, total=True),
            _Measure(
                "matches.unfinished", "matches cut off", count=tally.unfinished, n=tally.matches
            ),
            _Measure(
                "hands_per_match",
                "hands per match",
                moments=tally.hands_per_match.moments(),
                histogram=tally.hands_per_match,
            ),
            *(
                _Measure(
                    f"match_win.seat{s}",
                    f"match win rate, seat {s}",
                    count=tally.match_wins[s],
                    n=finished,
                )
                for s in seats
            ),
        ]
    return found


_ENDINGS = {"out": "someone went out", "stock": "stock ran out", "capped": "turn cap (A1)"}


def _first(seat: int) -> str:
    return " (first to play)" if seat == 0 else ""


def build_report(outcome: Outcome) -> Report:
    """The figures of every variant and the tests of every difference between two variants."""
    study = outcome.study
    per_variant = [measures(t, study.matches) for t in outcome.tallies]
    variants = [
        VariantReport(
            variant=name,
            hands=tally.hands,
            matches=tally.matches,
            figures={m.key: m.figure() for m in found},
            turns_histogram={str(k): v for k, v in sorted(tally.turns.counts.items())},
            hands_per_match_histogram={
                str(k): v for k, v in sorted(tally.hands_per_match.counts.items())
            },
            seconds_per_hand=tally.seconds / tally.hands if tally.hands else 0.0,
        )
        for name, tally, found in zip(study.variants, outcome.tallies, per_variant, strict=True)
    ]
    return Report(
        study=StudyInfo(
            variants=list(study.variants),
            players=study.players,
            bots=list(study.bots),
            unit="match" if study.matches else "hand",
            requested=study.units,
            seed=study.seed,
            max_match_hands=study.max_match_hands,
        ),
        complete=not outcome.interrupted,
        alpha=ALPHA,
        variants=variants,
        differences=differences(study.variants, per_variant),
        run=RunInfo(
            seconds=outcome.seconds,
            hands_per_second=outcome.hands / outcome.seconds if outcome.seconds else 0.0,
            jobs=outcome.jobs,
            where=outcome.where,
        ),
    )


def differences(names: tuple[str, ...], per_variant: list[list[_Measure]]) -> list[Difference]:
    """Test every figure between every two variants; Holm's correction over all the tests."""
    rows: list[tuple[str, str, str, str, float, float, TestName, float, float]] = []
    for (i, a), (j, b) in combinations(enumerate(names), 2):
        for ma, mb in zip(per_variant[i], per_variant[j], strict=True):
            if ma.total:
                continue
            if ma.moments is not None and mb.moments is not None:
                result = welch(ma.moments, mb.moments)
                va, vb = ma.mean(), mb.mean()
            else:
                result = two_proportions(ma.count, ma.n, mb.count, mb.n)
                va = ma.count / ma.n if ma.n else 0.0
                vb = mb.count / mb.n if mb.n else 0.0
            rows.append(
                (ma.key, ma.label, a, b, va, vb, result.test, result.statistic, result.p_value)
            )
    adjusted = holm([row[-1] for row in rows])
    return [
        Difference(
            figure=key,
            label=label,
            a=a,
            b=b,
            value_a=va,
            value_b=vb,
            difference=va - vb,
            test=test,
            statistic=statistic,
            p_value=p,
            p_holm=p_holm,
            significant=p_holm < ALPHA,
        )
        for (key, label, a, b, va, vb, test, statistic, p), p_holm in zip(
            rows, adjusted, strict=True
        )
    ]
