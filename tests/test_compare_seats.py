"""rummy compare's seat edges: each seat's wins against the fair share, over hands or matches."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rummy_core.commands.cli import cli
from rummy_core.compare import Study, build_report, run_study
from rummy_core.compare.report import Report
from rummy_core.compare.seats import seat_tests
from rummy_core.compare.stats import Moments, binomial, holm
from rummy_core.compare.tally import Tally

scipy_stats = pytest.importorskip("scipy.stats", reason="scipy is the dev-only reference")


@pytest.mark.parametrize(
    ("count", "n", "share"),
    [(25, 60, 0.25), (0, 10, 0.5), (5, 10, 0.5), (153, 300, 0.5), (40, 100, 1 / 3), (2, 3, 1 / 3)],
)
def test_the_binomial_test_agrees_with_scipy(count: int, n: int, share: float) -> None:
    found = binomial(count, n, share)
    assert found.test == "binomial"
    assert found.p_value == pytest.approx(scipy_stats.binomtest(count, n, share).pvalue, rel=1e-9)


def test_the_issues_seat_3_is_an_edge_beyond_chance() -> None:
    # Classic with four players: seat 3 won 25 of 60 matches (#40), binomial p = 0.004.
    tally = Tally(players=4)
    tally.match = {f"sole_win.seat{s}": Moments(60, c, c) for s, c in enumerate([12, 11, 12, 25])}
    tests = seat_tests(["classic"], [tally], matches=True, alpha=0.05)
    assert [t.seat for t in tests] == [0, 1, 2, 3]
    assert all(t.decided == 60 and t.fair == 0.25 and t.unit == "match" for t in tests)
    assert tests[3].p_value == pytest.approx(0.00438, abs=1e-5)
    assert [t.p_holm for t in tests] == pytest.approx(holm([t.p_value for t in tests]))
    assert tests[3].significant and not any(t.significant for t in tests[:3])
    assert tests[3].low < 25 / 60 < tests[3].high


def test_hands_nobody_won_are_no_seats_win() -> None:
    tally = Tally(players=2, hands=100)
    # 40 and 40 of the 80 hands somebody won: exactly fair, whatever the 20 dead hands.
    tally.hand = {"win.seat0": Moments(100, 40, 40), "win.seat1": Moments(100, 40, 40)}
    tests = seat_tests(["classic"], [tally], matches=False, alpha=0.05)
    assert [(t.wins, t.decided, t.share) for t in tests] == [(40, 80, 0.5)] * 2
    assert all(t.p_value == pytest.approx(1.0) for t in tests)


def test_a_match_study_tests_seats_over_matches() -> None:
    study = Study(
        ("classic:target=50", "riverside"), players=3, bots=("greedy",) * 3, units=4, matches=True
    )
    report = build_report(run_study(study))
    assert len(report.seats) == 6 and {t.unit for t in report.seats} == {"match"}
    for variant in report.variants:
        mine = [t for t in report.seats if t.variant == variant.variant]
        finished = variant.figures["matches"].value - (
            variant.figures["matches.unfinished"].count or 0
        )
        assert sum(t.wins for t in mine) == mine[0].decided <= finished


def test_the_seat_edges_are_shown_and_written() -> None:
    result = CliRunner().invoke(
        cli, ["compare", "classic:target=null", "--hands", "6", "--no-progress", "--json", "-"]
    )
    report = Report.model_validate_json(result.output)
    assert [t.seat for t in report.seats] == [0, 1] and report.seats[0].unit == "hand"
    shown = CliRunner().invoke(
        cli, ["compare", "classic:target=null", "--hands", "6", "--no-progress"]
    )
    assert "Seat edges over hands" in shown.output and "seat 0 (first)" in shown.output
