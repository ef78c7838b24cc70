"""rummy compare's paired analysis, like-with-like tests, match figures and rotating bots."""

from __future__ import annotations

from random import Random

import pytest

from rummy_core.compare import Study, build_report, run_study
from rummy_core.compare.output import differences_table, ranked
from rummy_core.compare.play import Block
from rummy_core.compare.report import Report, comparable, measures
from rummy_core.compare.stats import Moments, cohen_d, cohen_h, exact_sign, paired_t, welch
from rummy_core.compare.tally import HandFigures, MatchFigures, halftime_leader, match_values

scipy_stats = pytest.importorskip("scipy.stats", reason="scipy is the dev-only reference")

BASE = "classic:target=null"
CAPPED = "classic:target=null,turn_cap=20"
"""A planted effect: the same game, the same deals, but no hand runs past 20 turns."""


def moments(values: list[int]) -> Moments:
    found = Moments()
    for value in values:
        found.add(value)
    return found


def test_paired_t_agrees_with_scipy() -> None:
    rng = Random(4)
    a = [rng.randint(5, 40) for _ in range(60)]
    b = [x - rng.randint(-3, 6) for x in a]
    mine = paired_t(moments([x - y for x, y in zip(a, b, strict=True)]))
    theirs = scipy_stats.ttest_rel(a, b)
    assert mine.statistic == pytest.approx(theirs.statistic, rel=1e-9)
    assert mine.p_value == pytest.approx(theirs.pvalue, rel=1e-7)


def test_welch_agrees_with_scipy() -> None:
    rng = Random(5)
    a = [rng.randint(0, 30) for _ in range(40)]
    b = [rng.randint(3, 50) for _ in range(70)]
    mine = welch(moments(a), moments(b))
    theirs = scipy_stats.ttest_ind(a, b, equal_var=False)
    assert mine.statistic == pytest.approx(theirs.statistic, rel=1e-9)
    assert mine.p_value == pytest.approx(theirs.pvalue, rel=1e-7)


@pytest.mark.parametrize(("above", "below"), [(0, 0), (3, 0), (7, 2), (40, 61), (500, 430)])
def test_exact_sign_agrees_with_scipys_binomial_test(above: int, below: int) -> None:
    mine = exact_sign(above, below)
    if above + below == 0:
        assert mine.p_value == 1.0
        return
    theirs = scipy_stats.binomtest(above, above + below, 0.5).pvalue
    assert mine.p_value == pytest.approx(theirs, rel=1e-9)


def test_effect_sizes() -> None:
    assert cohen_d(12.0, 4.0, 10.0, 4.0) == pytest.approx(1.0)
    assert cohen_d(3.0, 0.0, 3.0, 0.0) == 0.0
    assert cohen_d(3.0, 0.0, 0.0, 0.0) is None  # both constant and different
    assert cohen_h(0.5, 0.5) == 0.0
    assert cohen_h(0.55, 0.45) == pytest.approx(0.2003, abs=1e-4)


def detected_from(p_values: dict[int, float]) -> int | None:
    """The smallest sample from which every larger one finds the difference (p below 0.05)."""
    found = None
    for n in sorted(p_values, reverse=True):
        if p_values[n] >= 0.05:
            break
        found = n
    return found


def test_a_planted_effect_is_found_with_fewer_hands_when_paired() -> None:
    hands: list[HandFigures] = []

    def keep(block: Block) -> None:
        hands.extend(block.hands or ())

    outcome = run_study(Study((BASE, CAPPED), units=64, seed=2), keep_hands=True, on_block=keep)
    report = build_report(outcome)
    turns = next(d for d in report.differences if d.figure == "turns")
    assert turns.paired and turns.test == "paired_t" and turns.difference > 0

    base = [h.turns for h in hands if h.variant == BASE]
    capped = [h.turns for h in hands if h.variant == CAPPED]
    assert all(c <= min(b, 20) for b, c in zip(base, capped, strict=True))
    paired, unpaired = {}, {}
    for n in range(8, 65, 8):
        diffs = [b - c for b, c in zip(base[:n], capped[:n], strict=True)]
        paired[n] = paired_t(moments(diffs)).p_value
        unpaired[n] = welch(moments(base[:n]), moments(capped[:n])).p_value
    with_pairs, without = detected_from(paired), detected_from(unpaired)
    assert with_pairs is not None and without is not None
    assert with_pairs < without  # measured: 16 hands paired, 32 unpaired


def test_variants_dealt_other_cards_are_tested_unpaired() -> None:
    # Hungarian deals from two packs with jokers: other cards than classic's one pack.
    report = build_report(run_study(Study((BASE, "hungarian", CAPPED), units=4, seed=1)))
    tests = {(d.a, d.b): d for d in report.differences if d.figure == "turns"}
    assert not tests[(BASE, "hungarian")].paired
    assert tests[(BASE, "hungarian")].test == "welch_t"
    assert tests[(BASE, CAPPED)].paired
    shares = {(d.a, d.b): d for d in report.differences if d.figure == "ended.out"}
    assert shares[(BASE, CAPPED)].test == "exact_sign"
    assert shares[(BASE, "hungarian")].test == "two_proportion_z"


def test_like_is_compared_with_like() -> None:
    study = Study((BASE, "riverside", CAPPED), units=4, seed=1)
    report = build_report(run_study(study))
    compared = {(d.figure, d.a, d.b) for d in report.differences}
    # Points are on other scales in other rulesets; wild cards and bonuses mean other things.
    for figure in ("points.seat0", "wilds", "swaps", "bonus"):
        assert (figure, BASE, "riverside") not in compared
        assert (figure, BASE, CAPPED) in compared
    assert ("turns", BASE, "riverside") in compared
    assert not any(d.figure in ("hands", "minutes") for d in report.differences)
    found = measures(run_study(study).tallies[0], study)
    assert not comparable(next(m for m in found if m.key == "points.seat0"), BASE, "riverside")


def test_differences_are_listed_largest_effect_first() -> None:
    report = build_report(run_study(Study((BASE, CAPPED), units=40, seed=2)))
    found = ranked(report)
    assert len(found) >= 2 and all(d.significant for d in found)
    effects = [abs(d.effect) for d in found if d.effect is not None]
    assert effects == sorted(effects, reverse=True)
    table = differences_table(report)
    assert table is not None and table.row_count == len(found)


def test_different_bots_rotate_seats() -> None:
    study = Study((BASE,), bots=("greedy", "random"), units=6, seed=3)
    assert study.seat_bots(0) == ("greedy", "random")
    assert study.seat_bots(1) == ("random", "greedy")
    hands: list[HandFigures] = []
    report = build_report(
        run_study(study, keep_hands=True, on_block=lambda b: hands.extend(b.hands or ()))
    )
    assert [h.bots[0] for h in hands] == ["greedy", "random"] * 3
    fig = report.variants[0].figures
    greedy_wins = sum(h.winner is not None and h.bots[h.winner] == "greedy" for h in hands)
    assert fig["bot_win.greedy"].count == greedy_wins
    assert fig["bot_win.greedy"].fair == 0.5
    same = build_report(run_study(Study((BASE,), units=2, seed=3))).variants[0].figures
    assert not any(key.startswith("bot_win") for key in same)


def hand(scores: tuple[int, ...], turns: int = 10) -> HandFigures:
    return HandFigures(
        variant="v",
        unit=0,
        hand_number=1,
        seed=0,
        bots=("greedy", "greedy"),
        dealer=1,
        first_player=0,
        turns=turns,
        reason="out",
        went_out=0,
        winner=0,
        hand_scores=(0, 0),
        match_scores=scores,
        melds=0,
        lay_offs=0,
        swaps=0,
        wilds=0,
        jokers=0,
        bonus=False,
        seconds=0.0,
    )


def test_match_values_of_a_known_match() -> None:
    # Seat 1 leads after hand 2 of 4, seat 0 comes back to win 120 to 90.
    hands = tuple(hand(s, turns=t) for s, t in [((10, 20), 5), ((30, 60), 7), ((80, 80), 9)])
    hands += (hand((120, 90), turns=11),)
    values = match_values(MatchFigures(hands, True, (0,), low_score_wins=False))
    assert values["hands_per_match"] == 4 and values["turns_per_match"] == 32
    assert values["match_win.seat0"] == 1 and values["match_win.seat1"] == 0
    assert values["halftime_leader_won"] == 0  # the leader at half-time, seat 1, lost
    assert values["margin"] == 30 and values["margin_share"] == round(1000 * 30 / 210)
    assert halftime_leader(hands, low_score_wins=True) == 0  # low scores lead in Hungarian
    assert halftime_leader(hands[:1], low_score_wins=False) is None  # one hand: no half-time
    cut = match_values(MatchFigures(hands, False, (), low_score_wins=False))
    assert cut == {"unfinished": 1}


def test_a_shared_match_is_nobodys_win_alone() -> None:
    hands = (hand((50, 50)), hand((100, 100)))
    shared = match_values(MatchFigures(hands, True, (0, 1), low_score_wins=False))
    assert shared["match_win.seat0"] == shared["match_win.seat1"] == 1
    assert shared["sole_win.seat0"] == shared["sole_win.seat1"] == 0
    alone = match_values(MatchFigures(hands, True, (1,), low_score_wins=False))
    assert (alone["sole_win.seat0"], alone["sole_win.seat1"]) == (0, 1)


def test_match_study_figures_and_pairs() -> None:
    study = Study(("classic:target=50", "classic:target=100"), units=3, matches=True, seed=6)
    outcome = run_study(study)
    report: Report = build_report(outcome)
    for variant in report.variants:
        fig = variant.figures
        assert fig["matches"].value == 3
        assert fig["match_minutes"].value == pytest.approx(fig["turns_per_match"].value / 4)
        assert fig["match_win.seat0"].fair == 0.5
    short, long = report.variants
    assert short.figures["hands_per_match"].value <= long.figures["hands_per_match"].value
    tests = {d.figure: d for d in report.differences}
    assert tests["hands_per_match"].paired
    assert not tests["turns"].paired  # hands of matches are not units: unpaired
