"""Plain verdicts: each question of a study answered in words a family can read.

This is the one place that turns a report's figures into sentences: ``judge`` puts them in the
report (``Report.verdicts``), so ``--json`` carries the very sentences that ``--report`` shows.
A sentence says "clearly" only where the study's own test says the difference is beyond chance
(Holm-adjusted, as in the tables), and gives the fair share or the interval beside every rate.
"""

from __future__ import annotations

from collections.abc import Callable

from rummy_core.compare.output import cell, p_text
from rummy_core.compare.questions import TITLES, Evidence, Question, Verdict, ordered
from rummy_core.compare.report import Difference, Report, VariantReport
from rummy_core.compare.seats import SeatTest
from rummy_core.compare.skill import points, shortfall, skill_figure
from rummy_core.compare.stats import Histogram, units_to_tell
from rummy_core.i18n.languages import N_, _, ngettext

DECIDED = 0.85
"""A half-time leader who wins at least this share of matches: a match is usually settled by
then."""

OPEN = 0.65
"""Below this share, the half-time leader's lead often does not last: a match stays open."""

LEADS = (
    (
        DECIDED,
        N_(
            "In %(variant)s the player leading at half-time wins %(share)s of matches:"
            " a match is usually settled by then."
        ),
    ),
    (
        OPEN,
        N_(
            "In %(variant)s the player leading at half-time wins %(share)s of matches:"
            " the leader usually wins, but comebacks happen."
        ),
    ),
    (
        0.0,
        N_(
            "In %(variant)s the player leading at half-time wins %(share)s of matches:"
            " a match stays open to the end."
        ),
    ),
)
"""What the half-time leader's share of wins says, from the highest share down."""

PLAYERS = (
    N_("the first player"),
    N_("the second player"),
    N_("the third player"),
    N_("the fourth player"),
)


def judge(report: Report) -> Report:
    """The report with a verdict for every question: those asked (``study.questions``) first."""
    asked = report.study.questions
    return report.model_copy(
        update={
            "verdicts": [
                _VERDICTS[q](report).model_copy(update={"asked": not asked or q in asked})
                for q in ordered(asked)
            ]
        }
    )


def percent(share: float) -> str:
    """A share in whole percent, never rounded to 0% or 100% when it is neither."""
    shown = f"{share:.0%}"
    if share > 0 and shown == "0%":
        return _("less than 1%")
    if share < 1 and shown == "100%":
        return _("more than 99%")
    return shown


def minutes_text(minutes: float) -> str:
    """Minutes as a person says them: whole minutes from 10 on, tenths below."""
    return f"{minutes:.0f}" if minutes >= 10 else f"{minutes:.1f}"


def player(seat: int) -> str:
    """A seat as a player is named: by turn order (seat 0 plays first)."""
    if seat < len(PLAYERS):
        return _(PLAYERS[seat])
    return _("the player in seat %(seat)s", seat=seat)


def difference(report: Report, key: str, a: str, b: str) -> Difference | None:
    """The test of figure ``key`` between variants ``a`` and ``b``, in either order."""
    return next((d for d in report.differences if d.figure == key and {d.a, d.b} == {a, b}), None)


def _evidence(variant: VariantReport, keys: tuple[str, ...]) -> list[Evidence]:
    return [
        Evidence(
            variant=variant.variant, label=variant.figures[k].label, value=cell(variant.figures[k])
        )
        for k in keys
        if k in variant.figures
    ]


def _verdict(question: Question, sentences: list[str], figures: list[Evidence]) -> Verdict:
    return Verdict(
        question=question,
        title=_(TITLES[question]),
        asked=True,
        answered=True,
        sentences=sentences,
        figures=figures,
    )


def _unanswered(question: Question, why: str) -> Verdict:
    return Verdict(
        question=question,
        title=_(TITLES[question]),
        asked=True,
        answered=False,
        sentences=[why],
        figures=[],
    )


def length(report: Report) -> Verdict:
    """How long a hand (or, with ``--matches``, a match) takes, and the quickest variant."""
    study = report.study
    matches = study.unit == "match"
    minutes_key = "match_minutes" if matches else "minutes"
    sentences: list[str] = []
    figures: list[Evidence] = []
    for variant in report.variants:
        sentences.append(_length_sentence(report, variant))
        keys = ("match_minutes", "hands_per_match", "matches.unfinished") if matches else ()
        figures += _evidence(variant, (*keys, "minutes", "turns"))
        if study.minutes is not None:
            within, total = _within(report, variant, study.minutes)
            figures.append(
                Evidence(
                    variant=variant.variant,
                    label=(
                        _("matches over within %(limit)s minutes", limit=study.minutes)
                        if matches
                        else _("hands over within %(limit)s minutes", limit=study.minutes)
                    ),
                    value=f"{within / total:.1%} ({within:,}/{total:,})" if total else "-",
                )
            )
    if len(report.variants) > 1:
        quick = sorted(report.variants, key=lambda v: v.figures[minutes_key].value)
        test = difference(
            report, "turns_per_match" if matches else "turns", quick[0].variant, quick[1].variant
        )
        names = {"first": quick[0].variant, "second": quick[1].variant}
        sentences.append(
            _("%(first)s is the quickest; %(second)s clearly takes longer.", **names)
            if test is not None and test.significant
            else _(
                "%(first)s looks the quickest, but the gap to %(second)s could be chance.", **names
            )
        )
    return _verdict("length", sentences, figures)


def _within(report: Report, variant: VariantReport, minutes: int) -> tuple[int, int]:
    """How many units were over within ``minutes`` at the study's pace, and of how many (a match
    cut off is not over)."""
    turns = minutes * 60 / report.study.seconds_per_turn
    if report.study.unit == "match":
        hist = Histogram.from_counts(variant.turns_per_match_histogram)
        return hist.at_most(turns), variant.matches
    return Histogram.from_counts(variant.turns_histogram).at_most(turns), variant.hands


def _length_sentence(report: Report, variant: VariantReport) -> str:
    """The typical length (the median: one capped hand of 1,000 turns would carry the mean far
    from what a table lives through), then the share over by ``--minutes`` or nine in ten."""
    study = report.study
    f = variant.figures
    pace = study.seconds_per_turn / 60
    matches = study.unit == "match"
    hist = Histogram.from_counts(
        variant.turns_per_match_histogram if matches else variant.turns_histogram
    )
    total = variant.matches if matches else variant.hands
    finished = sum(hist.counts.values())
    if not total:
        return _("Nothing was played.")
    if 2 * finished < total:
        return _(
            "Most %(variant)s matches did not finish within %(limit)s hands.",
            variant=variant.variant,
            limit=study.max_match_hands,
        )
    # A match cut off counts as longer than any that finished.
    ranked = Histogram(hist.counts.copy())
    ranked.counts[max(hist.counts, default=0) + 1] += total - finished
    typical = minutes_text(ranked.quantile(0.5) * pace)
    first = (
        _(
            "A %(variant)s match usually takes about %(minutes)s minutes (%(hands)s hands).",
            variant=variant.variant,
            minutes=typical,
            hands=f["hands_per_match"].median,
        )
        if matches
        else _(
            "A %(variant)s hand usually takes about %(minutes)s minutes (%(turns)s turns).",
            variant=variant.variant,
            minutes=typical,
            turns=f["turns"].median,
        )
    )
    if study.minutes is not None:
        within, _total = _within(report, variant, study.minutes)
        share = {"share": percent(within / total), "limit": study.minutes}
        second = (
            _("%(share)s of matches are over within %(limit)s minutes.", **share)
            if matches
            else _("%(share)s of hands are over within %(limit)s minutes.", **share)
        )
    elif finished >= 0.9 * total:
        second = _(
            "Nine in ten are over within %(minutes)s minutes.",
            minutes=minutes_text(ranked.quantile(0.9) * pace),
        )
    else:
        second = _("More than one in ten did not finish.")
    return f"{first} {second}"


def fairness(report: Report) -> Verdict:
    """Whether a seat (the first player's above all) wins more than its fair share."""
    sentences: list[str] = []
    figures: list[Evidence] = []
    for variant in report.variants:
        seats = [t for t in report.seats if t.variant == variant.variant]
        if not seats:
            continue
        sentences.append(" ".join(_fairness_sentences(variant.variant, seats)))
        figures += [
            Evidence(
                variant=variant.variant,
                label=_seat_label(t),
                value=f"{t.share:.1%} [{t.low:.1%}, {t.high:.1%}] {t.wins}/{t.decided},"
                f" p {p_text(t.p_holm)}",
            )
            for t in seats
        ]
        if seats[0].unit == "hand":
            # The first player's edge is a hand figure: beside seat shares over matches it
            # would read as the match's edge, which the first player's row already is.
            figures += _evidence(variant, ("first_edge",))
    if not sentences:
        return _unanswered("fairness", _("Nobody won: there is nothing to tell."))
    return _verdict("fairness", sentences, figures)


def _seat_label(test: SeatTest) -> str:
    return (
        _(
            "%(player)s: matches won alone (fair %(fair)s)",
            player=player(test.seat),
            fair=f"{test.fair:.0%}",
        )
        if test.unit == "match"
        else _(
            "%(player)s: hands won alone (fair %(fair)s)",
            player=player(test.seat),
            fair=f"{test.fair:.0%}",
        )
    )


def _fairness_sentences(variant: str, seats: list[SeatTest]) -> list[str]:
    matches = seats[0].unit == "match"
    decided = seats[0].decided
    if not decided:
        return [
            _("In %(variant)s nobody won a match alone.", variant=variant)
            if matches
            else _("In %(variant)s nobody won a hand alone.", variant=variant)
        ]
    # A seat that wins more is the news; with two players the other then wins less, so the seats
    # that win less are named only when no seat wins more.
    above = [t for t in seats if t.significant and t.share > t.fair]
    found = []
    for t in above or [t for t in seats if t.significant]:
        words = {
            "variant": variant,
            "player": player(t.seat),
            "share": percent(t.share),
            "fair": percent(t.fair),
        }
        if t.share > t.fair:
            found.append(
                _(
                    "In %(variant)s %(player)s clearly wins more than a fair share:"
                    " %(share)s of the matches won by one player, against a fair %(fair)s.",
                    **words,
                )
                if matches
                else _(
                    "In %(variant)s %(player)s clearly wins more than a fair share:"
                    " %(share)s of the hands won by one player, against a fair %(fair)s.",
                    **words,
                )
            )
        else:
            found.append(
                _(
                    "In %(variant)s %(player)s clearly wins less than a fair share:"
                    " %(share)s of the matches won by one player, against a fair %(fair)s.",
                    **words,
                )
                if matches
                else _(
                    "In %(variant)s %(player)s clearly wins less than a fair share:"
                    " %(share)s of the hands won by one player, against a fair %(fair)s.",
                    **words,
                )
            )
    if found:
        return found
    first = seats[0]
    words = {"variant": variant, "share": percent(first.share), "fair": percent(first.fair)}
    width = {"width": f"{(first.high - first.low) / 2:.0%}", "count": f"{decided:,}"}
    return [
        _(
            "In %(variant)s no seat clearly wins more than its fair share: the first player won"
            " %(share)s of the matches won by one player (fair: %(fair)s).",
            **words,
        )
        if matches
        else _(
            "In %(variant)s no seat clearly wins more than its fair share: the first player won"
            " %(share)s of the hands won by one player (fair: %(fair)s).",
            **words,
        ),
        ngettext(
            "With %(count)s match, an edge smaller than about %(width)s would not show.",
            "With %(count)s matches, an edge smaller than about %(width)s would not show.",
            decided,
            **width,
        )
        if matches
        else ngettext(
            "With %(count)s hand, an edge smaller than about %(width)s would not show.",
            "With %(count)s hands, an edge smaller than about %(width)s would not show.",
            decided,
            **width,
        ),
    ]


def decisiveness(report: Report) -> Verdict:
    """Whether the player leading at half-time goes on to win the match, and whether that
    differs between the variants (the half-time test between the most and least settled)."""
    if report.study.unit != "match":
        return _unanswered(
            "decisiveness",
            _("Only whole matches can tell: run the study with --matches."),
        )
    sentences: list[str] = []
    figures: list[Evidence] = []
    for variant in report.variants:
        leader = variant.figures["halftime"]
        figures += _evidence(variant, ("halftime", "margin_share"))
        words = {"variant": variant.variant, "share": percent(leader.value)}
        if not leader.n:
            sentences.append(
                _("In %(variant)s no match had one leader at half-time.", variant=variant.variant)
            )
        else:
            sentences.append(_(next(m for at, m in LEADS if leader.value >= at), **words))
    led = sorted(
        (v for v in report.variants if v.figures["halftime"].n),
        key=lambda v: v.figures["halftime"].value,
    )
    if len(led) > 1:
        least, most = led[0].variant, led[-1].variant
        test = difference(report, "halftime", least, most)
        sentences.append(
            _(
                "In %(most)s the half-time leader clearly wins more often than in %(least)s.",
                most=most,
                least=least,
            )
            if test is not None and test.significant
            else _("The differences between the variants could be chance.")
        )
    return _verdict("decisiveness", sentences, figures)


SKILL_WORDS = {
    ("above", "hand"): N_(
        "In %(variant)s skill clearly matters: the expert bot wins %(share)s of hands against"
        " greedy bots, more than the fair %(fair)s (between %(low)s and %(high)s, allowing for"
        " chance)."
    ),
    ("above", "match"): N_(
        "In %(variant)s skill clearly matters: the expert bot wins %(share)s of matches against"
        " greedy bots, more than the fair %(fair)s (between %(low)s and %(high)s, allowing for"
        " chance)."
    ),
    ("below", "hand"): N_(
        "In %(variant)s the expert bot clearly wins less than a fair share: %(share)s of hands"
        " against greedy bots, against %(fair)s (between %(low)s and %(high)s, allowing for"
        " chance)."
    ),
    ("below", "match"): N_(
        "In %(variant)s the expert bot clearly wins less than a fair share: %(share)s of matches"
        " against greedy bots, against %(fair)s (between %(low)s and %(high)s, allowing for"
        " chance)."
    ),
    ("unsure", "hand"): N_(
        "In %(variant)s this study cannot tell yet: the expert bot won %(share)s of hands"
        " against greedy bots, which could be the fair %(fair)s (between %(low)s and %(high)s,"
        " allowing for chance)."
    ),
    ("unsure", "match"): N_(
        "In %(variant)s this study cannot tell yet: the expert bot won %(share)s of matches"
        " against greedy bots, which could be the fair %(fair)s (between %(low)s and %(high)s,"
        " allowing for chance)."
    ),
}
"""The skill verdict: the interval above the fair share, below it, or across it; per unit."""


def skill(report: Report) -> Verdict:
    """Whether the skilled bot wins more than its fair share against the baseline bots, and,
    with ``--precision``, how many more units would give the interval asked for."""
    study = report.study
    if not study.skill_hands:
        return _unanswered(
            "skill",
            _("Not measured: add --skill-gap to have one expert bot play against greedy bots."),
        )
    unit = study.skill_unit
    short = dict(shortfall(report))
    sentences: list[str] = []
    figures: list[Evidence] = []
    for index, variant in enumerate(report.variants):
        figure = skill_figure(report, index)
        figures += _evidence(
            variant, ("skill.hands", "skill.win", "skill.matches", "skill.match_win")
        )
        fair = figure.fair if figure.fair is not None else 1 / study.players
        low = figure.low if figure.low is not None else figure.value
        high = figure.high if figure.high is not None else figure.value
        side = "above" if low > fair else "below" if high < fair else "unsure"
        paragraph = [
            _(
                SKILL_WORDS[side, unit],
                variant=variant.variant,
                share=percent(figure.value),
                fair=percent(fair),
                low=percent(low),
                high=percent(high),
            )
        ]
        needed = units_to_tell(figure.value, fair) if side == "unsure" else None
        if needed is not None:
            words = {"count": f"{needed:,}", "share": percent(figure.value), "fair": percent(fair)}
            paragraph.append(
                ngettext(
                    "About %(count)s match would tell %(share)s from %(fair)s.",
                    "About %(count)s matches would tell %(share)s from %(fair)s.",
                    needed,
                    **words,
                )
                if unit == "match"
                else ngettext(
                    "About %(count)s hand would tell %(share)s from %(fair)s.",
                    "About %(count)s hands would tell %(share)s from %(fair)s.",
                    needed,
                    **words,
                )
            )
        more = short.get(variant.variant)
        if more and study.precision is not None:
            words = {"count": f"{more:,}", "precision": f"±{points(study.precision)}%"}
            paragraph.append(
                ngettext(
                    "For %(precision)s, %(count)s more match is needed.",
                    "For %(precision)s, %(count)s more matches are needed.",
                    more,
                    **words,
                )
                if unit == "match"
                else ngettext(
                    "For %(precision)s, %(count)s more hand is needed.",
                    "For %(precision)s, %(count)s more hands are needed.",
                    more,
                    **words,
                )
            )
        sentences.append(" ".join(paragraph))
    return _verdict("skill", sentences, figures)


def dull(report: Report) -> Verdict:
    """How often a hand ends with the stock run out, at the turn cap, or with no winner."""
    sentences: list[str] = []
    figures: list[Evidence] = []
    for variant in report.variants:
        figure = variant.figures["ended.dull"]
        figures += _evidence(variant, ("ended.dull", "ended.stock", "ended.capped", "win.none"))
        if not figure.count:
            sentences.append(
                ngettext(
                    "In %(variant)s none of the %(count)s hand ended with no proper winner.",
                    "In %(variant)s none of the %(count)s hands ended with no proper winner.",
                    figure.n,
                    variant=variant.variant,
                    count=f"{figure.n:,}",
                )
            )
            continue
        words = {"variant": variant.variant, "share": percent(figure.value)}
        sentences.append(
            _(
                "In %(variant)s %(share)s of hands end with the stock run out, at the turn cap"
                " or with no winner: about 1 hand in %(every)s.",
                every=f"{round(1 / figure.value):,}",
                **words,
            )
            if figure.value < 0.5
            else _(
                "In %(variant)s %(share)s of hands end with the stock run out, at the turn cap"
                " or with no winner.",
                **words,
            )
        )
    if len(report.variants) > 1:
        ranked = sorted(report.variants, key=lambda v: v.figures["ended.dull"].value)
        best, worst = ranked[0].variant, ranked[-1].variant
        test = difference(report, "ended.dull", best, worst)
        if test is not None and test.significant:
            sentences.append(
                _(
                    "%(worst)s clearly ends that way more often than %(best)s.",
                    worst=worst,
                    best=best,
                )
            )
        else:
            sentences.append(_("The differences between the variants could be chance."))
    return _verdict("dull", sentences, figures)


_VERDICTS: dict[Question, Callable[[Report], Verdict]] = {
    "length": length,
    "fairness": fairness,
    "decisiveness": decisiveness,
    "skill": skill,
    "dull": dull,
}
