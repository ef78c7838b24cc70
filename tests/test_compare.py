"""rummy compare: figures read right from the hands, consistent, and the same whatever runs them."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rummy_core.bots import registry as bot_registry
from rummy_core.compare import Study, build_report, run_study
from rummy_core.compare.play import (
    Block,
    committed_plays,
    hand_figures,
    hand_winner,
    hooks_for,
    seat_zero_starts,
)
from rummy_core.compare.report import Report
from rummy_core.compare.running import plan
from rummy_core.compare.spec import parse_bots, unit_seed
from rummy_core.compare.tally import HandFigures
from rummy_core.engine.actions import Discard, Draw, MeldDown, NewMeld
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import (
    Dealt,
    Discarded,
    Drew,
    HandEnded,
    LaidOff,
    Melded,
    Swapped,
    TookBack,
)
from rummy_core.engine.setup import game_from_position

# Greedy bots (the default) play a hand in a few milliseconds: small studies are enough here.
STUDY = Study(("classic:target=null", "riverside"), players=2, units=14, seed=21)


def reproducible(report: Report) -> dict[str, Any]:
    """The report without its timings, which are the one part not reproducible."""
    return report.reproducible()


def run_with_hands(study: Study, jobs: int = 1) -> tuple[Report, list[HandFigures]]:
    hands: list[HandFigures] = []

    def keep(block: Block) -> None:
        hands.extend(block.hands or ())

    report = build_report(run_study(study, jobs=jobs, keep_hands=True, on_block=keep))
    return report, hands


@pytest.fixture(scope="module")
def local_run() -> tuple[Report, list[HandFigures]]:
    return run_with_hands(STUDY)


def test_figures_add_up(local_run: tuple[Report, list[HandFigures]]) -> None:
    report, _ = local_run
    for variant in report.variants:
        fig = variant.figures
        assert variant.hands == fig["hands"].value == STUDY.units
        ended = sum(fig[f"ended.{r}"].count or 0 for r in ("out", "stock", "capped"))
        assert ended == variant.hands
        wins = sum(fig[f"win.seat{s}"].count or 0 for s in range(2)) + (fig["win.none"].count or 0)
        assert wins == variant.hands
        assert sum(variant.turns_histogram.values()) == variant.hands
        turns = fig["turns"]
        assert turns.low is not None and turns.high is not None
        assert turns.low <= turns.value <= turns.high
        assert turns.median is not None and turns.p90 is not None and turns.median <= turns.p90
        assert fig["jokers"].value <= fig["wilds"].value


def test_figures_match_the_hand_records(local_run: tuple[Report, list[HandFigures]]) -> None:
    report, hands = local_run
    for variant in report.variants:
        mine = [h for h in hands if h.variant == variant.variant]
        assert [h.unit for h in mine] == list(range(STUDY.units))
        fig = variant.figures
        assert fig["turns"].value == pytest.approx(sum(h.turns for h in mine) / len(mine))
        assert fig["melds"].value == pytest.approx(sum(h.melds for h in mine) / len(mine))
        assert fig["lay_offs"].value == pytest.approx(sum(h.lay_offs for h in mine) / len(mine))
        for seat in range(2):
            points = sum(h.hand_scores[seat] for h in mine) / len(mine)
            assert fig[f"points.seat{seat}"].value == pytest.approx(points)
            assert fig[f"win.seat{seat}"].count == sum(h.winner == seat for h in mine)
        others = sum(h.winner == 1 for h in mine)  # two players: the one other seat
        edge = (sum(h.winner == 0 for h in mine) - others) / len(mine)
        assert fig["first_edge"].value == pytest.approx(edge)
        reasons = Counter(h.reason for h in mine)
        assert fig["ended.out"].count == reasons["out"]
        assert {h.first_player for h in mine} == {0}  # seat 0 always plays first
        for hand in mine:
            if hand.reason == "out":
                assert hand.winner == hand.went_out
    classic = [h for h in hands if h.variant.startswith("classic")]
    assert all(h.wilds == 0 for h in classic)  # classic has no wild cards (C3)


def test_same_figures_whatever_the_number_of_jobs(
    local_run: tuple[Report, list[HandFigures]],
) -> None:
    report, hands = local_run
    parallel, parallel_hands = run_with_hands(STUDY, jobs=2)
    assert reproducible(parallel) == reproducible(report)
    strip = [{**h.as_json(), "seconds": 0} for h in hands]
    assert [{**h.as_json(), "seconds": 0} for h in parallel_hands] == strip


def test_another_seed_gives_other_hands(local_run: tuple[Report, list[HandFigures]]) -> None:
    report, _ = local_run
    other = build_report(run_study(Study(STUDY.variants, units=STUDY.units, seed=22)))
    assert reproducible(other) != reproducible(report)


def test_variants_sharing_a_deck_get_the_same_deal() -> None:
    # Classic and Riverside both deal 10 cards each from one pack to two players (C1, R2).
    for index in range(3):
        seed = unit_seed(5, index)
        classic = seat_zero_starts(hooks_for("classic", 2), seed).state
        riverside = seat_zero_starts(hooks_for("riverside", 2), seed).state
        assert classic.hands == riverside.hands
        assert classic.turn == riverside.turn == 0
    assert unit_seed(5, 0) != unit_seed(5, 1) != unit_seed(6, 0)


def test_plan_covers_every_unit_and_cuts_after_the_check() -> None:
    for units in (1, 10, 14, 400):
        study = Study(STUDY.variants, units=units)
        tasks = plan(study)
        assert [i for t in tasks for i in range(t.start, t.stop)] == list(range(units))
        assert min(units, 10) in {t.stop for t in tasks}


def test_ctrl_c_keeps_the_blocks_already_done() -> None:
    seen: list[Block] = []

    def stop_after_two(block: Block) -> None:
        seen.append(block)
        if len(seen) == 2:
            raise KeyboardInterrupt

    for jobs in (1, 2):
        seen.clear()
        outcome = run_study(STUDY, jobs=jobs, on_block=stop_after_two)
        assert outcome.interrupted
        played = [t.hands for t in outcome.tallies]
        done = sum(b.task.stop - b.task.start for b in seen)
        assert played == [done, done]  # every variant plays the same units
        report = build_report(outcome)
        assert not report.complete
        assert [v.hands for v in report.variants] == played


def test_matches_count_hands_per_match() -> None:
    study = Study(("riverside:target=100",), units=3, matches=True, seed=4)
    report, hands = run_with_hands(study)
    fig = report.variants[0].figures
    per_match = Counter(h.unit for h in hands)
    assert fig["matches"].value == 3
    assert fig["hands_per_match"].value == pytest.approx(sum(per_match.values()) / 3)
    assert sum(fig[f"match_win.seat{s}"].count or 0 for s in range(2)) >= 3 - (
        fig["matches.unfinished"].count or 0
    )
    for unit, count in per_match.items():
        numbers = [h.hand_number for h in hands if h.unit == unit]
        assert numbers == list(range(1, count + 1))


def test_study_errors_are_caught_before_playing() -> None:
    with pytest.raises(RuleError) as bad_bot:
        Study(("classic",), bots=("random", "nobody")).check()
    assert bad_bot.value.code == "unknown_bot"
    with pytest.raises(RuleError) as bad_variant:
        Study(("classic:target=0",)).check()
    assert bad_variant.value.code == "bad_options"
    with pytest.raises(RuleError):
        Study(("classic",), bots=("random",) * 3).check()
    assert parse_bots("random", 3) == ("random",) * 3
    assert parse_bots("random, random", 2) == ("random", "random")


# -- reading a hand's figures --------------------------------------------------------------------


def test_a_taken_back_meld_is_not_counted() -> None:
    # Ruling A3: a take-back undoes the turn's plays, so they never reached the table.
    events = [
        Dealt(1, 1, (10, 10)),
        Drew(0, "stock", (4,), 1, None, True),
        Melded(0, 0, "run", (1, 2, 3), (1, 2, 3)),
        TookBack(0, False),
        LaidOff(0, 0, (4,), "high", (1, 2, 3, 4)),
        Discarded(0, 9, False),
        Drew(1, "stock", (5,), 1, None, True),
        Melded(1, 0, "run", (1, 2, 3), (1, 2, 3)),
        Swapped(1, 0, 2, 52),
        HandEnded(1, "out", (0, 0), (0, 0)),
    ]
    assert committed_plays(events) == Counter({"laid_off": 1, "melded": 1, "swapped": 1})


def test_hand_winner_when_nobody_went_out() -> None:
    assert hand_winner(1, [50, 0], low_wins=False) == 1
    assert hand_winner(None, [40, 10, 25], low_wins=False) == 0
    assert hand_winner(None, [40, 10, 25], low_wins=True) == 1  # Hungarian: low is good (H9)
    assert hand_winner(None, [0, 0], low_wins=False) is None  # a dead classic hand (C6)


def test_a_classic_rummy_is_a_bonus_hand() -> None:
    # Ruling C5: going out with no earlier meld or lay-off is a rummy, doubled.
    position = {
        "players": 2,
        "dealer": 1,
        "turn": 0,
        "phase": "draw",
        "hands": [["5H", "6H", "7H"], ["KD", "9C"]],
        "stock": ["8S", "2D"],
        "discard": ["9D"],
        "turns_taken": [3, 3],
    }
    game = game_from_position("classic", position, seed=3)
    game.apply(0, Draw("stock"))
    game.apply(0, MeldDown((NewMeld(tuple(parse_cards("5H 6H 7H")), (None,) * 3),)))
    game.apply(0, Discard(parse_card("8S")))
    hand = hand_figures(game, "classic", 0, ("greedy", "greedy"), 0, 0.0)
    assert hand.bonus and hand.went_out == 0 and hand.winner == 0
    assert hand.hand_scores == (2 * (10 + 9), 0)
    assert (hand.melds, hand.lay_offs, hand.wilds) == (1, 0, 0)

    opened = {**position, "first_play_turn": [1, None], "opened": [True, False]}
    game = game_from_position("classic", opened, seed=3)
    game.apply(0, Draw("stock"))
    game.apply(0, MeldDown((NewMeld(tuple(parse_cards("5H 6H 7H")), (None,) * 3),)))
    game.apply(0, Discard(parse_card("8S")))
    hand = hand_figures(game, "classic", 0, ("greedy", "greedy"), 0, 0.0)
    assert not hand.bonus and hand.hand_scores == (10 + 9, 0)


class IllegalBot:
    """Discards a card it does not hold: a stand-in for a buggy bot."""

    name = "illegal"

    def choose(self, seat: object) -> Discard:
        return Discard(parse_card("JK"))

    def observe(self, events: object) -> None:
        """Remembers nothing."""


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_failing_hand_names_its_seed(jobs: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bot_registry._BOTS, "illegal", lambda seed: IllegalBot())
    study = Study(("classic",), bots=("illegal", "illegal"), units=4, seed=8)
    with pytest.raises(RuleError) as failed:
        run_study(study, jobs=jobs)
    assert failed.value.code == "bot_failed"
    assert f"classic, hand 0 (game seed {unit_seed(8, 0)})" in failed.value.message


def test_a1_capped_hands_are_flagged_in_the_statistics() -> None:
    # Ruling A1: two turns are too few for anyone to go out, so every hand hits the cap and the
    # figures count it as capped, with no winner (classic scores nobody in such a hand).
    study = Study(("classic:target=null,turn_cap=2",), players=2, units=6, seed=3)
    report, hands = run_with_hands(study)
    fig = report.variants[0].figures
    assert fig["ended.capped"].count == 6
    assert (fig["ended.out"].count or 0) == (fig["ended.stock"].count or 0) == 0
    assert fig["win.none"].count == 6
    assert len(hands) == 6
