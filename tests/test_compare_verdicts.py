"""rummy compare's plain verdicts (#40 point 6): each question worded from the figures, at the
edges where the wording changes (a share near 0% or 100%, a threshold, a test beyond chance or
not, one unit or many, a question the study cannot answer)."""

from __future__ import annotations

from typing import Any

import pytest

from rummy_core.compare import Study, build_report, run_study
from rummy_core.compare.questions import QUESTIONS, ordered, parse_questions
from rummy_core.compare.report import Difference, Figure, Report
from rummy_core.compare.verdicts import (
    DECIDED,
    OPEN,
    decisiveness,
    dull,
    fairness,
    judge,
    length,
    minutes_text,
    percent,
    player,
    skill,
)
from rummy_core.engine.errors import RuleError
from rummy_core.i18n.languages import use_language


@pytest.fixture(scope="module")
def matches() -> Report:
    """Two variants, three matches each: a real report whose figures the tests then set."""
    study = Study(("classic:target=50", "riverside"), units=3, matches=True, seed=4)
    return build_report(run_study(study))


@pytest.fixture(scope="module")
def hands() -> Report:
    study = Study(("classic:target=null", "riverside"), units=6, seed=4)
    return build_report(run_study(study))


def figure(report: Report, variant: int, key: str, **values: Any) -> Report:
    """``report`` with figure ``key`` of variant ``variant`` set to ``values``."""
    found = report.model_copy(deep=True)
    target = found.variants[variant].figures[key]
    found.variants[variant].figures[key] = target.model_copy(update=values)
    return found


def study(report: Report, **values: Any) -> Report:
    found = report.model_copy(deep=True)
    found.study = found.study.model_copy(update=values)
    return found


def test_a_share_is_never_rounded_to_none_or_all() -> None:
    assert [percent(s) for s in (0, 0.001, 0.005, 0.0051, 0.5, 0.994)] == [
        "0%",
        "less than 1%",
        "less than 1%",
        "1%",
        "50%",
        "99%",
    ]
    assert [percent(s) for s in (0.995, 0.9999, 1.0)] == ["more than 99%", "more than 99%", "100%"]
    with use_language("is"):
        assert percent(0.001) != "less than 1%"


def test_minutes_are_whole_from_ten_on_and_players_are_named_by_turn_order() -> None:
    assert [minutes_text(m) for m in (3.84, 9.94, 10.0, 119.89)] == ["3.8", "9.9", "10", "120"]
    assert [player(s) for s in range(5)] == [
        "the first player",
        "the second player",
        "the third player",
        "the fourth player",
        "the player in seat 4",
    ]


def test_questions_are_named_in_order_once_and_the_rest_follow() -> None:
    assert parse_questions(["skill,length", "skill", " dull "]) == ("skill", "length", "dull")
    assert ordered(("skill", "length")) == ["skill", "length", "fairness", "decisiveness", "dull"]
    assert ordered(()) == list(QUESTIONS)
    with pytest.raises(RuleError) as refused:
        parse_questions(["length,speed"])
    assert refused.value.code == "bad_question" and "'speed'" in refused.value.message
    assert refused.value.render("hu") != refused.value.render("en")


def test_judge_puts_the_asked_questions_first(matches: Report) -> None:
    asked = judge(study(matches, questions=["skill", "length"]))
    assert [v.question for v in asked.verdicts][:2] == ["skill", "length"]
    assert [v.asked for v in asked.verdicts] == [True, True, False, False, False]
    every = judge(matches)
    assert [v.question for v in every.verdicts] == list(QUESTIONS)
    assert all(v.asked for v in every.verdicts)


def test_length_says_the_share_within_the_minutes_asked(matches: Report) -> None:
    # Three riverside matches: count how many are over within the limit, from the histogram.
    riverside = matches.variants[1]
    turns = sorted(int(t) for t, c in riverside.turns_per_match_histogram.items() for _ in range(c))
    limit = (turns[0] * 15 + 59) // 60  # minutes: the shortest match is over by then
    within = sum(t * 15 <= limit * 60 for t in turns)
    text = length(study(matches, minutes=limit)).sentences[1]
    assert text.startswith("A riverside match usually takes about ")
    assert text.endswith(f"{percent(within / 3)} of matches are over within {limit} minutes.")
    assert f"matches over within {limit} minutes" in [
        e.label for e in length(study(matches, minutes=limit)).figures
    ]


def test_length_without_minutes_gives_the_typical_time_and_nine_in_ten(hands: Report) -> None:
    found = length(hands).sentences[0]
    turns = hands.variants[0].figures["turns"]
    assert turns.median is not None
    assert found.startswith(
        f"A classic:target=null hand usually takes about {minutes_text(turns.median / 4)}"
        f" minutes ({turns.median} turns). Nine in ten are over within"
    )


def test_length_counts_a_match_cut_off_as_not_over(matches: Report) -> None:
    # One of the three classic matches cut off: no "nine in ten", and never over in time.
    cut = matches.model_copy(deep=True)
    classic = cut.variants[0]
    first = next(iter(classic.turns_per_match_histogram))
    classic.turns_per_match_histogram = {first: 2}
    assert length(cut).sentences[0].endswith("More than one in ten did not finish.")
    assert (
        length(study(cut, minutes=10_000))
        .sentences[0]
        .endswith("67% of matches are over within 10000 minutes.")
    )
    classic.turns_per_match_histogram = {first: 1}
    assert length(cut).sentences[0] == (
        "Most classic:target=50 matches did not finish within 200 hands."
    )
    classic.matches = 0
    assert length(cut).sentences[0] == "Nothing was played."


def test_length_says_clearly_only_when_the_test_says_so(matches: Report) -> None:
    def tested(significant: bool) -> Report:
        found = matches.model_copy(deep=True)
        found.differences = [
            d.model_copy(update={"significant": significant})
            if d.figure == "turns_per_match"
            else d
            for d in found.differences
        ]
        return found

    quick = min(matches.variants, key=lambda v: v.figures["match_minutes"].value).variant
    other = next(v.variant for v in matches.variants if v.variant != quick)
    assert length(tested(True)).sentences[-1] == (
        f"{quick} is the quickest; {other} clearly takes longer."
    )
    assert length(tested(False)).sentences[-1] == (
        f"{quick} looks the quickest, but the gap to {other} could be chance."
    )


def seats(report: Report, shares: list[tuple[int, int]], significant: list[bool]) -> Report:
    """``report`` with the first variant's seats set to ``(wins, decided)`` each."""
    found = report.model_copy(deep=True)
    mine = [t for t in found.seats if t.variant == found.variants[0].variant]
    others = [t for t in found.seats if t.variant != found.variants[0].variant]
    found.seats = [
        t.model_copy(
            update={"wins": w, "decided": n, "share": w / n if n else 0.0, "significant": s}
        )
        for t, (w, n), s in zip(mine, shares, significant, strict=True)
    ] + others
    return found


def test_fairness_names_the_seat_that_clearly_wins_more(hands: Report) -> None:
    found = fairness(seats(hands, [(70, 100), (30, 100)], [True, True])).sentences[0]
    # With two players the other seat then wins less: only the one that wins more is named.
    assert found == (
        "In classic:target=null the first player clearly wins more than a fair share: 70% of"
        " the hands won by one player, against a fair 50%."
    )


def test_fairness_names_a_seat_that_clearly_wins_less_when_none_wins_more(
    hands: Report,
) -> None:
    found = fairness(seats(hands, [(40, 100), (60, 100)], [True, False])).sentences[0]
    assert found.startswith("In classic:target=null the first player clearly wins less than")


def test_fairness_within_chance_says_what_would_not_show(hands: Report, matches: Report) -> None:
    one = fairness(seats(hands, [(1, 1), (0, 1)], [False, False])).sentences[0]
    assert "no seat clearly wins more than its fair share: the first player won 100%" in one
    assert "With 1 hand, an edge smaller than about" in one
    many = fairness(seats(matches, [(2, 3), (1, 3)], [False, False])).sentences[0]
    assert "With 3 matches, an edge smaller than about" in many
    assert "of the matches won by one player" in many
    nobody = fairness(seats(hands, [(0, 0), (0, 0)], [False, False])).sentences[0]
    assert nobody == "In classic:target=null nobody won a hand alone."


def test_fairness_shows_the_figures_it_rests_on(hands: Report, matches: Report) -> None:
    over_hands = [e.label for e in fairness(hands).figures]
    assert over_hands[0] == "the first player: hands won alone (fair 50%)"
    assert "first player's edge" in over_hands
    # Over matches the seat shares are of matches; the first player's edge is of hands.
    over_matches = [e.label for e in fairness(matches).figures]
    assert over_matches[0] == "the first player: matches won alone (fair 50%)"
    assert "first player's edge" not in over_matches


@pytest.mark.parametrize(
    ("share", "words"),
    [
        (DECIDED, "a match is usually settled by then."),
        (DECIDED - 0.001, "the leader usually wins, but comebacks happen."),
        (OPEN, "the leader usually wins, but comebacks happen."),
        (OPEN - 0.001, "a match stays open to the end."),
    ],
)
def test_decisiveness_at_its_thresholds(matches: Report, share: float, words: str) -> None:
    found = decisiveness(figure(matches, 0, "halftime", value=share, n=3)).sentences[0]
    assert found.startswith("In classic:target=50 the player leading at half-time wins")
    assert found.endswith(words)


def test_decisiveness_needs_matches(hands: Report, matches: Report) -> None:
    verdict = decisiveness(hands)
    assert not verdict.answered and verdict.figures == []
    assert verdict.sentences == ["Only whole matches can tell: run the study with --matches."]
    none = decisiveness(figure(matches, 0, "halftime", n=0, value=0.0)).sentences[0]
    assert none == "In classic:target=50 no match had one leader at half-time."


def with_skill(report: Report, share: float, low: float, high: float) -> Report:
    found = study(report, skill_hands=100)
    for variant in found.variants:
        variant.figures["skill.hands"] = Figure(
            label="skill gap: hands played", kind="count", n=100, value=100
        )
        variant.figures["skill.win"] = Figure(
            label="skill gap", kind="proportion", n=100, value=share, low=low, high=high, fair=0.5
        )
    return found


def test_skill_is_clear_only_when_the_interval_leaves_the_fair_share(hands: Report) -> None:
    assert not skill(hands).answered
    above = skill(with_skill(hands, 0.66, 0.56, 0.75)).sentences[0]
    assert above.startswith("In classic:target=null skill clearly matters: the expert bot wins 66%")
    below = skill(with_skill(hands, 0.3, 0.2, 0.4)).sentences[0]
    assert "the expert bot clearly wins less than a fair share: 30%" in below
    unsure = skill(with_skill(hands, 0.54, 0.44, 0.63)).sentences[0]
    assert "this study cannot tell yet: the expert bot won 54%" in unsure
    assert unsure.endswith("About 1,225 hands would tell 54% from 50%.")
    fair = skill(with_skill(hands, 0.5, 0.4, 0.6)).sentences[0]
    assert "would tell" not in fair  # nothing to tell apart


def test_dull_endings_in_words(hands: Report) -> None:
    none = dull(figure(hands, 0, "ended.dull", count=0, value=0.0, n=1)).sentences[0]
    assert none == "In classic:target=null none of the 1 hand ended with no proper winner."
    some = dull(figure(hands, 0, "ended.dull", count=11, value=11 / 1000, n=1000)).sentences[0]
    assert some.endswith("with no winner: about 1 hand in 91.")
    half = dull(figure(hands, 0, "ended.dull", count=5, value=0.5, n=10)).sentences[0]
    assert half.endswith("at the turn cap or with no winner.") and "1 hand in" not in half


def planted(key: str, a: str, b: str, significant: bool) -> Difference:
    """A test of figure ``key`` between ``a`` and ``b``, beyond chance or not."""
    return Difference(
        figure=key,
        label="x",
        a=a,
        b=b,
        value_a=0.5,
        value_b=0.0,
        difference=0.5,
        effect=1.0,
        paired=True,
        test="exact_sign",
        statistic=2.0,
        p_value=0.001,
        p_holm=0.002 if significant else 0.2,
        significant=significant,
    )


def test_dull_compares_the_variants_only_when_the_test_says_so(hands: Report) -> None:
    worse = figure(hands, 0, "ended.dull", count=5, value=0.5, n=10)
    worse = figure(worse, 1, "ended.dull", count=0, value=0.0, n=10)
    worse.differences = [planted("ended.dull", "classic:target=null", "riverside", True)]
    assert dull(worse).sentences[-1] == (
        "classic:target=null clearly ends that way more often than riverside."
    )
    worse.differences[0].significant = False
    assert dull(worse).sentences[-1] == "The differences between the variants could be chance."


@pytest.mark.parametrize("significant", [True, False])
def test_decisiveness_compares_the_variants_only_when_the_test_says_so(
    matches: Report, significant: bool
) -> None:
    # "Does three of a kind make Riverside more decisive?" is a question about the difference.
    settled = figure(matches, 0, "halftime", value=0.55, n=3000)
    settled = figure(settled, 1, "halftime", value=0.9, n=3000)
    settled.differences = [planted("halftime", "classic:target=50", "riverside", significant)]
    assert decisiveness(settled).sentences[-1] == (
        "In riverside the half-time leader clearly wins more often than in classic:target=50."
        if significant
        else "The differences between the variants could be chance."
    )
    alone = figure(settled, 0, "halftime", value=0.0, n=0)
    assert len(decisiveness(alone).sentences) == 2  # nothing to compare with


def test_verdicts_are_in_the_language_of_the_run(matches: Report) -> None:
    english = judge(matches).verdicts
    with use_language("it"):
        italian = judge(matches).verdicts
    assert [v.question for v in italian] == [v.question for v in english]
    for mine, theirs in zip(italian, english, strict=True):
        assert mine.title != theirs.title
        assert mine.sentences != theirs.sentences
