"""Hungarian Römi: going out, the hand's scores, the stock running out, the match (H8-H11, A1)."""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

import pytest
from hungarian_helpers import RUN_5H, RUN_WITH_JOKER, c, lay_down, make

from rummy_core.engine.actions import Discard, Draw, LayOff, Swap
from rummy_core.engine.cards import JOKER, card_name, parse_cards, rank_of, standard_deck
from rummy_core.engine.game import Game
from rummy_core.engine.setup import new_game
from rummy_core.engine.state import State
from rummy_core.formats.position import outcome_json
from rummy_core.testing import assert_refused, conformance_run, random_action


def penalty(card: int) -> int:
    """H9, written out again: a joker 20, an ace or a ten or a picture 10, others their pips."""
    if card == JOKER:
        return 20
    return 10 if rank_of(card) in (1, 10, 11, 12, 13) else rank_of(card)


def outcome(game: Game) -> dict[str, Any]:
    found = outcome_json(game.state.outcome)
    assert found is not None
    return found


def test_going_out_scores_minus_ten_and_the_others_count_their_hands() -> None:
    # Rulings H8 and H9: pips, 10 for an ace, a ten or a picture, 20 for a joker.
    game = make(["8H 9H", "2C 9D 10S JH QC KD AS JK"], table=[RUN_5H])
    game.apply(0, Draw("stock"))
    game.apply(0, LayOff(0, (c("8H"), c("9H")), (None, None), "high"))
    game.apply(0, Discard(c("KC")))
    assert outcome(game)["went_out"] == 0
    assert outcome(game)["hand_scores"] == [-10, 2 + 9 + 10 + 10 + 10 + 10 + 10 + 20]


def test_a_player_who_never_opened_scores_a_hundred() -> None:
    # Ruling H9: 100 flat, however little they hold.
    game = make(["8H 9H", "2C"], table=[RUN_5H], opened=[True, False])
    game.apply(0, Draw("stock"))
    game.apply(0, LayOff(0, (c("8H"), c("9H")), (None, None), "high"))
    game.apply(0, Discard(c("KC")))
    assert outcome(game)["hand_scores"] == [-10, 100]


def test_opening_and_going_out_with_new_melds_only_scores_minus_twenty() -> None:
    # Ruling H8: opened this turn, every card into new melds of their own.
    game = make(["KS KH KD QC QD QH 4C", "2C"], opened=[False, True])
    game.apply(0, Draw("stock"))
    game.apply(0, lay_down("KS KH KD KC", "QC QD QH"))
    game.apply(0, Discard(c("4C")))
    assert outcome(game)["hand_scores"] == [-20, 2]
    assert game.hooks.hand_bonus(game.state, 0)  # statistics count it as a bonus hand


def test_opening_and_going_out_with_a_lay_off_scores_minus_ten() -> None:
    # Ruling H8: a lay-off on the way out loses the double.
    game = make(["KS KH KD QC QD QH 8H", "2C"], opened=[False, True], table=[RUN_5H])
    game.apply(0, Draw("stock"))
    game.apply(0, lay_down("KS KH KD", "QC QD QH"))
    game.apply(0, LayOff(0, (c("8H"),), (None,)))
    game.apply(0, Discard(c("KC")))
    assert outcome(game)["hand_scores"] == [-10, 2]
    assert not game.hooks.hand_bonus(game.state, 0)


def test_opening_and_going_out_with_a_swap_scores_minus_ten() -> None:
    # Ruling H8: a joker swap on the way out loses the double.
    hand = "KS KH KD QC QD QH 9D 5S 6S 4C"
    game = make([hand, "2C"], opened=[False, True], table=[RUN_WITH_JOKER])
    game.apply(0, Draw("stock"))
    game.apply(0, lay_down("KS KH KD KC", "QC QD QH"))
    game.apply(0, Swap(0, c("9D")))
    game.apply(0, lay_down("5S 6S JK"))
    game.apply(0, Discard(c("4C")))
    assert outcome(game)["hand_scores"] == [-10, 2]


def test_going_out_after_an_earlier_opening_with_melds_only_is_minus_ten() -> None:
    # Ruling H8: the double needs the opening on the same turn.
    game = make(["QC QD QH", "2C"])
    game.apply(0, Draw("stock"))
    game.apply(0, lay_down("QC QD QH"))
    game.apply(0, Discard(c("KC")))
    assert outcome(game)["hand_scores"] == [-10, 2]


def test_the_last_card_is_never_put_down() -> None:
    # Ruling H8: neither a meld nor a lay-off may empty the hand.
    game = make(["5S 6S", "2C"], stock=["7S"])
    game.apply(0, Draw("stock"))
    assert_refused(game, 0, lay_down("5S 6S 7S"), "must_keep_a_card")
    game = make(["9H", "2C"], stock=["8H"], table=[RUN_5H])
    game.apply(0, Draw("stock"))
    assert_refused(game, 0, LayOff(0, (c("8H"), c("9H")), (None, None), "high"), "must_keep_a_card")


def exhausted(hands: list[str], stock: str, discard_all: bool) -> dict[str, Any]:
    """A position whose stock is the one card ``stock``: every other card is placed."""
    placed = Counter([*parse_cards(" ".join(hands)), c(stock), c("9C")])
    rest = sorted((Counter(standard_deck(2, 4)) - placed).elements())
    names = [card_name(x) for x in rest]
    if discard_all:
        return {"hands": hands, "stock": [stock], "discard": names}
    return {"hands": [*hands[:-1], " ".join([hands[-1], *names])], "stock": [stock]}


def test_stock_out_shuffles_the_pile_less_its_top_into_a_new_stock() -> None:
    # Ruling H10: the pile except its top, shuffled by the seeded source.
    fields = exhausted(["4C 5C", "6C"], "KC", discard_all=True)
    game = make(**fields)
    old_pile = list(game.state.discard)
    game.apply(0, Draw("stock"))
    game.apply(0, Discard(c("4C")))
    st = game.state
    assert st.phase == "draw" and st.turn == 1
    assert st.discard == [c("4C")]
    assert Counter(st.stock) == Counter(old_pile)
    assert st.stock not in (old_pile, old_pile[::-1])
    assert st.refills == 1
    again = make(**fields)
    again.apply(0, Draw("stock"))
    again.apply(0, Discard(c("4C")))
    assert again.state.stock == st.stock


def test_stock_out_with_nothing_to_shuffle_ends_the_hand() -> None:
    # Ruling H10: no one goes out; everyone is scored as in H9.
    fields = exhausted(["4C JK", "6C"], "KC", discard_all=False)
    game = make(opened=[True, False], **fields)
    game.apply(0, Draw("stock"))
    game.apply(0, Discard(c("4C")))
    assert outcome(game)["reason"] == "stock"
    assert outcome(game)["went_out"] is None
    assert outcome(game)["hand_scores"] == [20 + 10, 100]


def test_a_capped_hand_is_scored_as_a_hand_with_no_one_out() -> None:
    # Rulings A1 and H9.
    game = make(["4C JK", "2C"], variant="hungarian:turn_cap=2", hand_turns=1, opened=[True, False])
    game.apply(0, Draw("stock"))
    game.apply(0, Discard(c("4C")))
    assert outcome(game)["reason"] == "capped"
    assert outcome(game)["hand_scores"] == [30, 100]


def last_hand(scores: list[int], variant: str = "hungarian", hand_number: int = 7) -> Game:
    """Seat 0 about to go out (-10) while seat 1 holds 2C (2), in hand ``hand_number``."""
    game = make(
        ["8H 9H", "2C"],
        variant=variant,
        table=[RUN_5H],
        scores=scores,
        hand_number=hand_number,
        hand_history=[[0, 0]] * (hand_number - 1),
    )
    game.apply(0, Draw("stock"))
    game.apply(0, LayOff(0, (c("8H"), c("9H")), (None, None), "high"))
    game.apply(0, Discard(c("KC")))
    return game


def test_the_match_ends_after_seven_hands_lowest_total_wins() -> None:
    # Ruling H11.
    game = last_hand([50, 40])
    assert game.state.scores == [40, 42]
    assert game.state.phase == "match_over"
    assert game.state.winners == [0]


def test_players_level_on_the_lowest_total_share_the_win() -> None:
    # Ruling H11.
    game = last_hand([50, 38])
    assert game.state.scores == [40, 40]
    assert game.state.winners == [0, 1]


def test_before_the_last_hand_the_match_goes_on_and_the_deal_moves_left() -> None:
    # Ruling H11, and the deal moving one seat to the left.
    game = last_hand([50, 40], hand_number=6)
    assert game.state.phase == "hand_over"
    game.next_hand()
    st = game.state
    assert (st.hand_number, st.dealer, st.scores) == (7, 0, [40, 42])
    assert [len(h) for h in st.hands] == [14, 15]


def test_the_number_of_hands_is_an_option() -> None:
    # Ruling H11: a one-hand match.
    game = last_hand([0, 0], variant="hungarian:hands=1", hand_number=1)
    assert game.state.phase == "match_over"
    assert game.state.winners == [0]


def expected_scores(st: State) -> list[int]:
    """H8 and H9 worked out from a finished hand, independently of the ruleset."""
    assert st.outcome is not None
    scores = []
    for seat, hand in enumerate(st.hands):
        if seat == st.outcome.went_out:
            scores.append(st.outcome.hand_scores[seat])
            assert scores[-1] in (-10, -20)
        elif not st.opened(seat):
            scores.append(100)
        else:
            scores.append(sum(penalty(x) for x in hand))
    return scores


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_hands_end_properly(players: int) -> None:
    # Rulings H1-H10 and A2: random legal play keeps the engine's invariants and every hand ends.
    for final in conformance_run("hungarian", players=players, seeds=range(2)):
        assert final.outcome is not None
        assert final.outcome.reason in ("out", "stock", "capped")
        assert list(final.outcome.hand_scores) == expected_scores(final)
        if final.outcome.reason == "out":
            assert final.hands[final.outcome.went_out] == []


def test_a_random_match_plays_its_hands_and_the_lowest_total_wins() -> None:
    # Rulings H11 and A1: three random hands (option), dealt in turn, summed; low wins.
    game = new_game("hungarian:hands=3,turn_cap=300", players=3, seed=8)
    rng = Random(8)
    dealers = []
    while game.state.phase != "match_over":
        if game.state.phase == "hand_over":
            game.next_hand()
        dealers.append(game.state.dealer)
        while game.state.phase in ("draw", "play"):
            seat = game.current_player()
            assert seat is not None
            game.apply(seat, random_action(game, rng))
    st = game.state
    assert st.hand_number == 3 and len(st.hand_history) == 3
    assert st.scores == [sum(h[seat] for h in st.hand_history) for seat in range(3)]
    assert st.winners == [seat for seat in range(3) if st.scores[seat] == min(st.scores)]
    assert len(set(dealers)) == 3
