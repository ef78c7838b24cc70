"""Riverside Rommí: drawing, the first turn, discarding and the stock running out (R3, R4, R5)."""

from __future__ import annotations

from typing import Any

import pytest

from rummy_core.engine.actions import Discard, Draw, LayOff, MeldDown, NewMeld, Swap
from rummy_core.engine.cards import card_name, parse_card, parse_cards
from rummy_core.engine.game import Game
from rummy_core.engine.setup import game_from_position
from rummy_core.testing import assert_refused


def game(**position: Any) -> Game:
    """A two-player game from a position; seat 0 to move, both past their first turn."""
    base: dict[str, Any] = {"players": 2, "dealer": 1, "turn": 0, "turns_taken": [1, 1]}
    return game_from_position("riverside", {**base, **position}, seed=11)


# -- ruling R3: the stock's top card, or the whole discard pile --------------------------------


def test_drawing_from_the_stock_takes_its_top_card() -> None:
    g = game(hands=[["4S", "KD"], ["5H"]], stock=["8S", "6D"], discard=["9D"])
    g.apply(0, Draw("stock"))
    assert sorted(g.state.hands[0]) == sorted(parse_cards("4S KD 8S"))
    assert g.state.stock[-1] == parse_card("6D")
    assert g.state.discard == [parse_card("9D")]


def test_drawing_from_the_discard_pile_takes_all_of_it() -> None:
    # Ruling R3.
    g = game(hands=[["4S", "KD"], ["5H"]], stock=["8S"], discard=["9D", "QH", "3C"])
    events = g.apply(0, Draw("discard"))
    assert sorted(g.state.hands[0]) == sorted(parse_cards("4S KD 9D QH 3C"))
    assert g.state.discard == []
    assert g.state.drawn == parse_cards("9D QH 3C")
    # Only the top card was showing: the rest of the pile is news to the others.
    assert events[0].top == parse_card("3C")


def test_the_whole_pile_may_be_taken_on_the_first_turn() -> None:
    # Ruling R3: on any turn, the first included.
    g = game(hands=[["4S", "KD"], ["5H"]], discard=["9D", "QH"], turns_taken=[0, 0])
    g.apply(0, Draw("discard"))
    assert len(g.state.hands[0]) == 4


def test_a_card_just_picked_up_may_be_discarded() -> None:
    # Ruling R3: any card may be discarded, even one just picked up (the classic rule forbids it).
    g = game(hands=[["4S", "KD"], ["5H", "6H"]], discard=["9D", "QH"])
    g.apply(0, Draw("discard"))
    g.apply(0, Discard(parse_card("QH")))
    assert g.state.discard == [parse_card("QH")]
    assert g.current_player() == 1


def test_only_one_draw_a_turn() -> None:
    g = game(hands=[["4S", "KD"], ["5H"]], discard=["9D"])
    g.apply(0, Draw("stock"))
    assert_refused(g, 0, Draw("discard"), "already_drew")


def test_discarding_before_drawing_is_refused() -> None:
    g = game(hands=[["4S", "KD"], ["5H"]], discard=["9D"])
    assert_refused(g, 0, Discard(parse_card("4S")), "draw_first")


# -- ruling R5: the first turn of each hand is draw and discard only ---------------------------

FIRST_TURN = {
    "hands": [["5H", "6H", "7H", "8H", "9C", "10D", "4S"], ["KC"]],
    "table": [
        {"owner": 1, "cards": ["10C", "JC", "QC"]},
        {"owner": 1, "cards": ["3S", "2C", "5S"]},
    ],
    "turns_taken": [0, 1],
    "stock": ["AD"],
    "discard": ["9D"],
}


@pytest.mark.parametrize(
    "play",
    [
        MeldDown((NewMeld.of(tuple(parse_cards("5H 6H 7H"))),)),
        LayOff(0, (parse_card("9C"),), (None,), "low"),
        Swap(1, parse_card("4S")),
    ],
    ids=["meld", "lay_off", "swap"],
)
def test_first_turn_is_draw_and_discard_only(play: Any) -> None:
    # Ruling R5. The same play on the second turn is accepted (below).
    g = game(**FIRST_TURN)
    g.apply(0, Draw("stock"))
    assert_refused(g, 0, play, "first_turn")
    g.apply(0, Discard(parse_card("8H")))
    assert g.current_player() == 1

    later = game(**{**FIRST_TURN, "turns_taken": [1, 1]})
    later.apply(0, Draw("stock"))
    later.apply(0, play)
    assert later.state.plays


def test_the_first_turn_comes_again_each_hand() -> None:
    # Ruling R5: "first turn of each hand". The play is refused before its cards are even read.
    g = game(hands=[[], []], phase="hand_over", turns_taken=[6, 6], dealer=0)
    g.next_hand()
    seat = 0
    assert g.current_player() == seat
    g.apply(seat, Draw("stock"))
    hand = tuple(g.state.hands[seat])
    assert_refused(g, seat, MeldDown((NewMeld.of(hand[:3]),)), "first_turn")


# -- ruling R4: refilling the stock three times, then the hand ends ----------------------------


def with_pile(hands: list[list[str]], stock: list[str], pile_top: list[str], **more: Any) -> Game:
    """A game whose stock is exactly ``stock``: every other card is in the discard pile, which
    ends with ``pile_top``."""
    placed = set(parse_cards([*(c for h in hands for c in h), *stock, *pile_top]))
    rest = [card_name(c) for c in range(52) if c not in placed]
    return game(hands=hands, stock=stock, discard=rest + pile_top, **more)


def test_an_empty_stock_is_refilled_from_the_pile_without_shuffling() -> None:
    # Ruling R4: the top discard stays, the rest is turned over: the oldest discard is on top.
    g = with_pile([["4S", "KD"], ["5H", "6C"]], ["8S"], ["9D", "QH", "3C"])
    pile = list(g.state.discard)
    g.apply(0, Draw("stock"))
    events = g.apply(0, Discard(parse_card("KD")))
    st = g.state
    assert st.refills == 1
    assert st.discard == [parse_card("KD")]
    # The stock list has its top card last: the pile, turned over as a block.
    assert st.stock == pile[::-1]
    assert events[-1].type == "refilled"
    g.apply(1, Draw("stock"))
    assert pile[0] in g.state.hands[1]


def test_the_hand_ends_after_three_refills() -> None:
    # Ruling R4: the fourth time the stock runs out, the hand ends with no one closing, scored
    # as usual (R11): seat 0 holds 4S KD (5 + 10), seat 1 holds 5H 6C (5 + 5).
    g = with_pile([["4S", "KD"], ["5H", "6C"]], ["8S"], ["9D"], refills=3)
    g.apply(0, Draw("stock"))
    g.apply(0, Discard(parse_card("8S")))
    st = g.state
    assert st.phase == "hand_over"
    assert st.outcome is not None
    assert st.outcome.reason == "stock"
    assert st.outcome.went_out is None
    assert list(st.outcome.hand_scores) == [-15, -10]


def test_two_refills_leave_one_more() -> None:
    # Ruling R4: three refills in all, not two.
    g = with_pile([["4S", "KD"], ["5H", "6C"]], ["8S"], ["9D"], refills=2)
    g.apply(0, Draw("stock"))
    g.apply(0, Discard(parse_card("8S")))
    assert g.state.refills == 3
    assert g.current_player() == 1


def test_the_hand_ends_when_the_pile_holds_only_its_top_card() -> None:
    # Ruling R4: nothing to turn over. Seat 0 has taken the whole pile and discards one card, so
    # when seat 1's turn starts the stock is empty and the pile is that one card.
    placed = parse_cards("4S KD 5H 6C")
    pile = [card_name(c) for c in range(52) if c not in placed]
    g = game(
        hands=[["4S", "KD", *pile], ["5H", "6C"]],
        stock=[],
        phase="play",
        this_turn={"drew": "discard", "drawn": pile},
    )
    g.apply(0, Discard(parse_card("9D")))
    st = g.state
    assert st.phase == "hand_over"
    assert st.outcome is not None and st.outcome.reason == "stock"
    assert st.refills == 0


def test_a_position_to_draw_from_an_empty_stock_starts_with_the_refill() -> None:
    # Rulings A5 and R4: a position in the draw phase is a turn's start, so an empty stock is
    # turned over from the pile when it is loaded, and the player draws from it.
    g = with_pile([["4S", "KD"], ["5H", "6C"]], [], ["9D", "QH", "3C"])
    assert g.state.refills == 1
    assert g.state.discard == [parse_card("3C")]
    assert g.events[-1].type == "refilled"
    g.apply(0, Draw("stock"))
    # Turned over without shuffling: the oldest discard, the pile's bottom card AC, is on top.
    assert parse_card("AC") in g.state.hands[0]


def test_a_position_to_draw_with_nothing_to_turn_over_is_a_hand_that_ended() -> None:
    # Rulings A5 and R4: the same position after three refills is the stock running out.
    g = with_pile([["4S", "KD"], ["5H", "6C"]], [], ["9D"], refills=3)
    assert g.state.phase == "hand_over"
    assert g.state.outcome is not None and g.state.outcome.reason == "stock"
    assert list(g.state.outcome.hand_scores) == [-15, -10]
