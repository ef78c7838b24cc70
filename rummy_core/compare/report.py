"""A study's figures and the tests of their differences, as the ``--json`` report.

The models below are the documented schema of ``rummy compare --json`` (``docs/compare.md``).
Every figure except the timings (``seconds_per_hand`` and ``run``) is reproducible: the same
study gives the same figures whatever ran it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.compare.questions import Question, Verdict
from rummy_core.compare.running import Outcome
from rummy_core.compare.seats import SeatTest, seat_tests
from rummy_core.compare.spec import Study
from rummy_core.compare.stats import (
    Histogram,
    Moments,
    TestName,
    TestResult,
    cohen_d,
    cohen_h,
    exact_sign,
    holm,
    paired_t,
    two_proportions,
    welch,
    wilson,
)
from rummy_core.compare.sweep import Sweep
from rummy_core.compare.tally import REASONS, PairTally, Tally, TrendTally
from rummy_core.compare.trend import Trend, trend_row
from rummy_core.engine.setup import Variant
from rummy_core.i18n.languages import N_, _, ngettext

ALPHA = 0.05
"""The family-wise error rate of the difference tests (Holm-Bonferroni over the whole study)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


FigureKind = Literal["mean", "proportion", "count", "rate_difference", "mean_share"]


class Figure(_Model):
    """One figure of one variant: a mean, a proportion or a count, with its 95% interval."""

    label: str
    kind: FigureKind
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
    fair: float | None = Field(None, description="The fair share, for win rates.")


class VariantReport(_Model):
    """Everything measured for one variant (one column of the table)."""

    variant: str
    hands: int
    matches: int
    figures: dict[str, Figure]
    turns_histogram: dict[str, int] = Field(description="Hands by number of turns.")
    stock_turns_histogram: dict[str, int] = Field(
        default_factory=dict,
        description="The hands that ended with the stock run out, by number of turns.",
    )
    hands_per_match_histogram: dict[str, int] = Field(description="Finished matches by length.")
    turns_per_match_histogram: dict[str, int] = Field(description="Finished matches by turns.")
    margin_histogram: dict[str, int] = Field(
        description="Finished matches by final margin, per mille of the top two's points."
    )
    seconds_per_hand: float = Field(description="Mean wall-clock time per hand; not reproducible.")


class Difference(_Model):
    """A test of one figure between two variants."""

    figure: str
    label: str
    a: str
    b: str
    value_a: float
    value_b: float
    difference: float = Field(description="value_a - value_b")
    effect: float | None = Field(
        description="Effect size: Cohen's d for means, Cohen's h for shares (None: no spread)."
    )
    paired: bool = Field(description="Tested unit by unit on the same deals.")
    test: TestName
    statistic: float
    p_value: float
    p_holm: float = Field(description="p_value adjusted (Holm) over every test of the study.")
    significant: bool = Field(description="p_holm below alpha: more than chance.")


class SweepInfo(_Model):
    """An argument that named several values of one option: one variant per value."""

    text: str = Field(description="The argument as written, hungarian:opening=30..60/10.")
    option: str
    values: list[str] = Field(description="The option's values, one per variant, in order.")
    start: int = Field(description="Where its first variant stands in study.variants.")


class StudyInfo(_Model):
    """What was asked: enough to run the same study again."""

    variants: list[str]
    players: int
    bots: list[str] = Field(description="The bots, seat 0 first; they rotate when they differ.")
    unit: Literal["hand", "match"]
    requested: int = Field(description="Hands (or matches) asked for per variant.")
    seed: int
    max_match_hands: int
    seconds_per_turn: int = Field(description="The pace of the estimated minutes.")
    skill_hands: int = Field(
        description="Units per variant the skill gap may play (0: none): hands, or matches when"
        " skill_unit is match. With precision, it stops sooner once its interval is narrow enough."
    )
    skill_unit: Literal["hand", "match"] = Field(
        "hand", description="The skill gap's unit (--skill-unit): single hands or whole matches."
    )
    precision: float | None = Field(
        None,
        description="The half-width of the skill gap's 95% interval wanted (--precision), as a"
        " share: 0.05 is ±5 points.",
    )
    sweeps: list[SweepInfo] = Field(
        default_factory=list, description="The arguments that swept an option."
    )
    minutes: int | None = Field(
        None, description="A time that matters to the user (--minutes): the verdicts use it."
    )
    questions: list[Question] = Field(
        default_factory=list, description="The questions named by --question, in order."
    )

    def arguments(self) -> list[str]:
        """The variant arguments as they were written, each sweep as one."""
        starts = {s.start: s for s in self.sweeps}
        found: list[str] = []
        index = 0
        while index < len(self.variants):
            sweep = starts.get(index)
            found.append(sweep.text if sweep else self.variants[index])
            index += len(sweep.values) if sweep else 1
        return found

    def to_study(self, units: int | None = None) -> Study:
        """The study this describes, with ``units`` hands or matches instead if given."""
        return Study(
            variants=tuple(self.variants),
            players=self.players,
            bots=tuple(self.bots),
            units=units or self.requested,
            matches=self.unit == "match",
            seed=self.seed,
            max_match_hands=self.max_match_hands,
            seconds_per_turn=self.seconds_per_turn,
            sweeps=tuple(Sweep(s.text, s.option, tuple(s.values), s.start) for s in self.sweeps),
        )


class Check(_Model):
    """The figures of the study's first units alone: what a short run of it must give again."""

    units: int = Field(description="The first hands (or matches) of each variant.")
    variants: list[VariantReport]


class RunInfo(_Model):
    """How this run went; not part of the reproducible figures."""

    seconds: float = Field(description="Wall-clock time of the whole run, skill gap included.")
    hands: int = Field(0, description="Every hand played: the figures' and the skill gap's.")
    skill_hands: int = Field(0, description="Of those, the skill gap's.")
    hands_per_second: float = Field(description="hands / seconds.")
    jobs: int
    where: str


class Report(_Model):
    """The ``--json`` output of ``rummy compare``."""

    schema_version: Literal[2] = 2
    study: StudyInfo
    complete: bool = Field(description="False when the run was stopped (Ctrl-C) early.")
    alpha: float
    variants: list[VariantReport]
    differences: list[Difference]
    trends: list[Trend] = Field(
        default_factory=list, description="Each figure's trend across each numeric sweep."
    )
    seats: list[SeatTest] = Field(
        default_factory=list, description="Each seat's wins against the fair share."
    )
    verdicts: list[Verdict] = Field(
        default_factory=list,
        description="Each question answered in plain words (rummy_core.compare.verdicts.judge).",
    )
    check: Check
    run: RunInfo

    def reproducible(self) -> dict[str, Any]:
        """The report without its timings: what the same study gives again, on any machine."""
        found = self.model_dump(exclude={"run"})
        for variant in (*found["variants"], *found["check"]["variants"]):
            del variant["seconds_per_hand"]
        return found


SKILLED, BASELINE = "expert", "greedy"
"""The skill gap pits one ``SKILLED`` bot against ``BASELINE`` bots at every other seat."""

Scope = Literal["any", "ruleset"]
"""Which variants a figure is compared between: any two, or only two of the same ruleset (the
figure means something else in another: points are on another scale, a bonus is another bonus,
and a ruleset without wild cards has none to compare)."""


@dataclass(frozen=True)
class _Measure:
    """A figure before it is written out: the data its interval and tests need."""

    key: str
    label: str
    kind: FigureKind
    moments: Moments = field(default_factory=Moments)
    histogram: Histogram | None = None
    scale: int = 1
    """The figure is the mean of ``moments`` over this (kept in integers until the end)."""
    factor: float = 1.0
    """Then multiplied by this (turns to minutes)."""
    scope: Scope = "any"
    tested: bool = True
    fair: float | None = None
    pair_key: str | None = None
    """The key of the per-unit differences that pair this figure (None: it is never paired)."""
    skill: bool = False
    """From the skill-gap study, not the main one."""

    @property
    def conversion(self) -> float:
        """From the tally's integer observations to the figure's unit."""
        return 1.0 if self.kind == "proportion" else self.factor / self.scale

    def mean(self) -> float:
        return self.moments.mean * self.conversion

    def figure(self) -> Figure:
        m = self.moments
        if self.kind == "count":
            return Figure(label=self.label, kind="count", n=m.n, value=m.n)
        if self.kind == "proportion":
            low, high = wilson(m.total, m.n)
            return Figure(
                label=self.label,
                kind="proportion",
                n=m.n,
                value=m.mean,
                low=low,
                high=high,
                count=m.total,
                fair=self.fair,
            )
        low, high = m.interval()
        to_figure = self.factor / self.scale
        hist = self.histogram
        return Figure(
            label=self.label,
            kind=self.kind,
            n=m.n,
            value=self.mean(),
            low=low * to_figure,
            high=high * to_figure,
            sd=m.sd * to_figure,
            median=hist.quantile(0.5) if hist is not None else None,
            p90=hist.quantile(0.9) if hist is not None else None,
        )


def measures(tally: Tally, study: Study) -> list[_Measure]:
    """A variant's figures, in the order of the table."""
    hand, seats, players = tally.hand, range(tally.players), tally.players
    minutes = study.seconds_per_turn / 60

    def got(key: str, source: dict[str, Moments]) -> Moments:
        return source.get(key, Moments())

    pace = study.seconds_per_turn
    found = [
        _Measure("hands", _("hands played"), "count", Moments(n=tally.hands)),
        _Measure(
            "turns", _("turns per hand"), "mean", got("turns", hand), tally.turns, pair_key="turns"
        ),
        _Measure(
            "minutes",
            _("minutes per hand (at %(seconds)s s a turn)", seconds=pace),
            "mean",
            got("turns", hand),
            factor=minutes,
            tested=False,
        ),
        *(
            _Measure(
                f"ended.{r}",
                _(_ENDINGS[r]),
                "proportion",
                got(f"ended.{r}", hand),
                pair_key=f"ended.{r}",
            )
            for r in (*REASONS, "dull")
        ),
        *(
            _Measure(
                f"win.seat{s}",
                _first(
                    s, N_("win rate, seat %(seat)s (first to play)"), N_("win rate, seat %(seat)s")
                ),
                "proportion",
                got(f"win.seat{s}", hand),
                fair=1 / players,
                pair_key=f"win.seat{s}",
            )
            for s in seats
        ),
        _Measure(
            "win.none",
            _("no single winner"),
            "proportion",
            got("win.none", hand),
            pair_key="win.none",
        ),
        _Measure(
            "first_edge",
            _("first player's edge"),
            "rate_difference",
            got("first_edge", hand),
            scale=players - 1,
            pair_key="first_edge",
        ),
        *(
            _Measure(
                f"bot_win.{name}",
                _("win rate, %(bot)s (%(seats)s)", bot=name, seats=_seats(study, name)),
                "proportion",
                got(f"bot_win.{name}", hand),
                fair=study.bots.count(name) / players,
                pair_key=f"bot_win.{name}",
            )
            for name in _bot_names(study)
        ),
        *(
            _Measure(
                f"points.seat{s}",
                _("points per hand, seat %(seat)s", seat=s),
                "mean",
                got(f"points.seat{s}", hand),
                scope="ruleset",
                pair_key=f"points.seat{s}",
            )
            for s in seats
        ),
        _Measure("melds", _("melds per hand"), "mean", got("melds", hand), pair_key="melds"),
        _Measure(
            "lay_offs", _("lay-offs per hand"), "mean", got("lay_offs", hand), pair_key="lay_offs"
        ),
        *(
            _Measure(key, label, "mean", got(key, hand), scope="ruleset", pair_key=key)
            for key, label in (
                ("wilds", _("wilds on the table per hand")),
                ("jokers", _("of which jokers")),
                ("swaps", _("wild swaps per hand")),
            )
        ),
        _Measure(
            "hands_with_wild",
            _("hands with a wild on the table"),
            "proportion",
            got("hands_with_wild", hand),
            scope="ruleset",
            pair_key="hands_with_wild",
        ),
        _Measure(
            "bonus",
            _("bonus hands (rummy, -20)"),
            "proportion",
            got("bonus", hand),
            scope="ruleset",
            pair_key="bonus",
        ),
    ]
    if study.matches:
        # The units are matches: only the match figures pair up unit by unit.
        found = [replace(m, pair_key=None) for m in found]
        found += match_measures(tally, study, pace, minutes)
    return found


def match_measures(tally: Tally, study: Study, pace: int, minutes: float) -> list[_Measure]:
    """The figures of whole matches (``--matches``)."""
    match, players = tally.match, tally.players

    def got(key: str) -> Moments:
        return match.get(key, Moments())

    return [
        _Measure("matches", _("matches played"), "count", Moments(n=tally.matches)),
        _Measure(
            "matches.unfinished",
            _("matches cut off"),
            "proportion",
            got("unfinished"),
            pair_key="unfinished",
        ),
        _Measure(
            "hands_per_match",
            _("hands per match"),
            "mean",
            got("hands_per_match"),
            tally.hands_per_match,
            pair_key="hands_per_match",
        ),
        _Measure(
            "turns_per_match",
            _("turns per match"),
            "mean",
            got("turns_per_match"),
            tally.turns_per_match,
            pair_key="turns_per_match",
        ),
        _Measure(
            "match_minutes",
            _("minutes per match (at %(seconds)s s a turn)", seconds=pace),
            "mean",
            got("turns_per_match"),
            factor=minutes,
            tested=False,
        ),
        *(
            _Measure(
                f"match_win.seat{s}",
                _first(
                    s,
                    N_("match win rate, seat %(seat)s (first to play)"),
                    N_("match win rate, seat %(seat)s"),
                ),
                "proportion",
                got(f"match_win.seat{s}"),
                fair=1 / players,
                pair_key=f"match_win.seat{s}",
            )
            for s in range(players)
        ),
        *(
            _Measure(
                f"bot_match_win.{name}",
                _("match win rate, %(bot)s (%(seats)s)", bot=name, seats=_seats(study, name)),
                "proportion",
                got(f"bot_match_win.{name}"),
                fair=study.bots.count(name) / players,
                pair_key=f"bot_match_win.{name}",
            )
            for name in _bot_names(study)
        ),
        _Measure(
            "halftime",
            _("half-time leader wins the match"),
            "proportion",
            got("halftime_leader_won"),
        ),
        _Measure(
            "margin",
            _("final margin (points, top two)"),
            "mean",
            got("margin"),
            scope="ruleset",
            pair_key="margin",
        ),
        _Measure(
            "margin_share",
            _("final margin, share of the top two's points"),
            "mean_share",
            got("margin_share"),
            scale=1000,
            pair_key="margin_share",
        ),
    ]


SKILL_KEYS = {"hand": f"bot_win.{SKILLED}", "match": f"bot_match_win.{SKILLED}"}
"""The tally keys of the skilled bot's wins, over hands and over matches."""


def skill_measures(tally: Tally, players: int, matches: bool) -> list[_Measure]:
    """The skill gap: the skilled bot's win rate against baseline bots at the other seats, over
    hands, and with ``matches`` over whole matches (the units then: their hands are not paired)."""
    names = {"skilled": SKILLED, "baseline": BASELINE}
    found = [
        _Measure(
            "skill.hands", _("skill gap: hands played"), "count", Moments(n=tally.hands), skill=True
        ),
        _Measure(
            "skill.win",
            _("skill gap: %(skilled)s's win rate against %(baseline)s", **names),
            "proportion",
            tally.hand.get(SKILL_KEYS["hand"], Moments()),
            fair=1 / players,
            pair_key=None if matches else SKILL_KEYS["hand"],
            skill=True,
        ),
    ]
    if matches:
        found += [
            _Measure(
                "skill.matches",
                _("skill gap: matches played"),
                "count",
                Moments(n=tally.matches),
                skill=True,
            ),
            _Measure(
                "skill.match_win",
                _("skill gap: %(skilled)s's match win rate against %(baseline)s", **names),
                "proportion",
                tally.match.get(SKILL_KEYS["match"], Moments()),
                fair=1 / players,
                pair_key=SKILL_KEYS["match"],
                skill=True,
            ),
        ]
    return found


def skill_study(study: Study, units: int, matches: bool = False) -> Study:
    """The study of the skill gap: the same variants, one skilled bot, its seat rotating, over
    ``units`` single hands, or whole matches with ``matches``."""
    return replace(
        study,
        bots=(SKILLED,) + (BASELINE,) * (study.players - 1),
        units=units,
        matches=matches,
    )


_ENDINGS = {
    "out": N_("ended: someone went out"),
    "stock": N_("ended: stock ran out"),
    "capped": N_("ended: turn cap (A1)"),
    "dull": N_("ended: stock out, capped or no winner"),
}


def _first(seat: int, first: str, other: str) -> str:
    """A seat's label: ``first`` for the first player (seat 0), ``other`` for the rest."""
    return _(first if seat == 0 else other, seat=seat)


def _bot_names(study: Study) -> list[str]:
    return sorted(set(study.bots)) if study.rotates else []


def _seats(study: Study, name: str) -> str:
    return ngettext(
        "%(count)s seat of %(players)s, rotating",
        "%(count)s seats of %(players)s, rotating",
        study.bots.count(name),
        players=study.players,
    )


def variant_report(name: str, tally: Tally, found: list[_Measure]) -> VariantReport:
    """One variant's column."""

    def histogram(h: Histogram) -> dict[str, int]:
        return {str(k): v for k, v in sorted(h.counts.items())}

    return VariantReport(
        variant=name,
        hands=tally.hands,
        matches=tally.matches,
        figures={m.key: m.figure() for m in found},
        turns_histogram=histogram(tally.turns),
        stock_turns_histogram=histogram(tally.stock_turns),
        hands_per_match_histogram=histogram(tally.hands_per_match),
        turns_per_match_histogram=histogram(tally.turns_per_match),
        margin_histogram=histogram(tally.margin_share),
        seconds_per_hand=tally.seconds / tally.hands if tally.hands else 0.0,
    )


def build_report(
    outcome: Outcome,
    skill: Outcome | None = None,
    *,
    minutes: int | None = None,
    questions: tuple[Question, ...] = (),
    precision: float | None = None,
) -> Report:
    """The figures of every variant and the tests of every difference between two variants.

    ``skill``: the outcome of ``skill_study`` on the same study, for the skill-gap figures.
    ``minutes`` and ``questions`` are recorded for the verdicts (``verdicts.judge``), which are
    worded from the finished report; ``precision``, the skill gap's precision asked for.
    """
    study = outcome.study
    per_variant = [measures(t, study) for t in outcome.tallies]
    if skill is not None:
        for found, tally in zip(per_variant, skill.tallies, strict=True):
            found += skill_measures(tally, study.players, skill.study.matches)
    names = study.variants
    variants = [
        variant_report(name, tally, found)
        for name, tally, found in zip(names, outcome.tallies, per_variant, strict=True)
    ]
    check = [
        variant_report(name, tally, measures(tally, study))
        for name, tally in zip(names, outcome.check, strict=True)
    ]
    pairs = {"main": outcome.pairs, "skill": skill.pairs if skill is not None else []}
    return Report(
        study=StudyInfo(
            variants=list(names),
            players=study.players,
            bots=list(study.bots),
            unit="match" if study.matches else "hand",
            requested=study.units,
            seed=study.seed,
            max_match_hands=study.max_match_hands,
            seconds_per_turn=study.seconds_per_turn,
            skill_hands=skill.study.units if skill is not None else 0,
            skill_unit="match" if skill is not None and skill.study.matches else "hand",
            precision=precision,
            sweeps=[
                SweepInfo(text=s.text, option=s.option, values=list(s.values), start=s.start)
                for s in study.sweeps
            ],
            minutes=minutes,
            questions=list(questions),
        ),
        complete=not outcome.interrupted and (skill is None or not skill.interrupted),
        alpha=ALPHA,
        variants=variants,
        differences=differences(names, per_variant, pairs),
        trends=trends(
            study.trends,
            per_variant,
            {"main": outcome.trends, "skill": skill.trends if skill is not None else []},
        ),
        seats=seat_tests(names, outcome.tallies, study.matches, ALPHA),
        check=Check(units=outcome.check_units, variants=check),
        run=run_info(outcome, skill),
    )


def run_info(outcome: Outcome, skill: Outcome | None) -> RunInfo:
    """How the run went: every hand it played, the skill gap's too, over the whole time."""
    seconds = outcome.seconds + (skill.seconds if skill is not None else 0.0)
    skill_hands = skill.hands if skill is not None else 0
    hands = outcome.hands + skill_hands
    return RunInfo(
        seconds=seconds,
        hands=hands,
        skill_hands=skill_hands,
        hands_per_second=hands / seconds if seconds else 0.0,
        jobs=outcome.jobs,
        where=outcome.where,
    )


def comparable(m: _Measure, a: str, b: str) -> bool:
    """Whether figure ``m`` means the same thing in variants ``a`` and ``b``."""
    if not m.tested or m.kind == "count":
        return False
    return m.scope == "any" or Variant.parse(a).ruleset == Variant.parse(b).ruleset


def differences(
    names: tuple[str, ...],
    per_variant: list[list[_Measure]],
    pairs: dict[str, list[PairTally]],
) -> list[Difference]:
    """Test every comparable figure between every two variants; Holm over all the tests.

    Where the two variants were dealt the same cards unit by unit, the test is paired.
    """
    rows: list[dict[str, Any]] = []
    for number, ((i, a), (j, b)) in enumerate(combinations(enumerate(names), 2)):
        for ma, mb in zip(per_variant[i], per_variant[j], strict=True):
            if not comparable(ma, a, b):
                continue
            pair_list = pairs["skill" if ma.skill else "main"]
            pair = pair_list[number] if pair_list else None
            rows.append(_test(ma, mb, a, b, pair))
    adjusted = holm([row["p_value"] for row in rows])
    return [
        Difference(**row, p_holm=p_holm, significant=p_holm < ALPHA)
        for row, p_holm in zip(rows, adjusted, strict=True)
    ]


def trends(
    sweeps: tuple[Sweep, ...],
    per_variant: list[list[_Measure]],
    tallies: dict[str, list[TrendTally]],
) -> list[Trend]:
    """Test every figure that is observed unit by unit for a trend across each numeric sweep;
    Holm over all the trend tests."""
    rows = []
    for number, sweep in enumerate(sweeps):
        swept = per_variant[sweep.start : sweep.stop]
        for index, m in enumerate(swept[0]):
            source = tallies["skill" if m.skill else "main"]
            if not m.tested or m.kind == "count" or m.pair_key is None or not source:
                continue
            rows.append(
                trend_row(
                    sweep,
                    source[number],
                    m.pair_key,
                    m.label,
                    m.kind == "proportion",
                    m.conversion,
                    [found[index].moments for found in swept],
                )
            )
    rows = [r for r in rows if r.units]
    adjusted = holm([r.p_value for r in rows])
    return [
        row.model_copy(update={"p_holm": p_holm, "significant": p_holm < ALPHA})
        for row, p_holm in zip(rows, adjusted, strict=True)
    ]


def _test(ma: _Measure, mb: _Measure, a: str, b: str, pair: PairTally | None) -> dict[str, Any]:
    """One figure's test between two variants, paired when their deals were the same."""
    paired = (
        pair is not None and pair.paired and ma.pair_key is not None and ma.pair_key in pair.diffs
    )
    result: TestResult
    if ma.kind == "proportion":
        effect: float | None = cohen_h(ma.mean(), mb.mean())
        if paired:
            assert pair is not None and ma.pair_key is not None
            signs = pair.signs.get(ma.pair_key, Counter())
            result = exact_sign(signs[1], signs[-1])
        else:
            x, y = ma.moments, mb.moments
            result = two_proportions(x.total, x.n, y.total, y.n)
    else:
        x, y = ma.moments, mb.moments
        effect = cohen_d(x.mean, x.variance, y.mean, y.variance)
        if paired:
            assert pair is not None and ma.pair_key is not None
            result = paired_t(pair.diffs[ma.pair_key])
        else:
            result = welch(x, y)
    va, vb = ma.mean(), mb.mean()
    return {
        "figure": ma.key,
        "label": ma.label,
        "a": a,
        "b": b,
        "value_a": va,
        "value_b": vb,
        "difference": va - vb,
        "effect": effect,
        "paired": paired,
        "test": result.test,
        "statistic": result.statistic,
        "p_value": result.p_value,
    }
