"""Riverside Rommí: swapping a real card for the 2 that stands for it (rulings R8, R9, R11)."""

from __future__ import annotations

from typing import Any

import pytest
from riverside_helpers import mid_hand

from rummy_core.engine.actions import Discard, Draw, LayOff, Swap
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.game import Game
from rummy_core.testing import assert_refused


def game(hand: str, table: list[list[str]], **position: Any) -> Game:
    """Seat 0 holds ``hand`` and is to draw the 4D; seat 1 holds 10C JC and owns the table."""
    return mid_hand([hand, "10C JC"], table, seed=5, drawn=False, stock=["4D"], **position)


def card_list(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def test_a_swap_on_another_players_run() -> None:
    # Ruling R9: the real card takes the 2's place and the 2 comes into the swapper's hand.
    g = game("6H 9C", [["5H", "2C", "7H"]])
    g.apply(0, Draw("stock"))
    g.apply(0, Swap(0, parse_card("6H")))
    run = g.state.table[0]
    assert run.cards == card_list("5H 6H 7H")
    assert run.credit == (1, 0, 1)
    assert parse_card("2C") in g.state.hands[0]
    assert parse_card("6H") not in g.state.hands[0]


def test_a_swap_needs_a_draw_first() -> None:
    # Ruling R9: "after drawing".
    g = game("6H 9C", [["5H", "2C", "7H"]])
    assert_refused(g, 0, Swap(0, parse_card("6H")), "draw_first")


def test_no_swap_on_the_first_turn() -> None:
    # Rulings R5 and R9: from the second turn on.
    g = game("6H 9C", [["5H", "2C", "7H"]], turns_taken=[0, 1])
    g.apply(0, Draw("stock"))
    assert_refused(g, 0, Swap(0, parse_card("6H")), "first_turn")


def test_only_the_card_the_2_stands_for() -> None:
    g = game("6D 9C", [["5H", "2C", "7H"]])
    g.apply(0, Draw("stock"))
    assert_refused(g, 0, Swap(0, parse_card("6D")), "no_wild_for_card")


def test_a_natural_2_cannot_be_swapped() -> None:
    # Ruling R7: the 2 of clubs in A-2-3 of clubs is itself, not a wild.
    g = game("9C", [["AC", "2C", "3C"]])
    g.apply(0, Draw("stock"))
    assert_refused(g, 0, Swap(0, parse_card("4D")), "no_wild_for_card")


@pytest.mark.parametrize(("real", "wild"), [("7H", "2C"), ("7H", "2S"), ("7S", "2C"), ("7S", "2S")])
def test_in_a_set_any_missing_card_replaces_any_2(real: str, wild: str) -> None:
    # Ruling R9: in 7C 7D 2C 2S each 2 stands for "one of the missing suits", H or S.
    g = game(f"{real} 9C", [["7C", "7D", "2C", "2S"]])
    g.apply(0, Draw("stock"))
    g.apply(0, Swap(0, parse_card(real), parse_card(wild)))
    meld = g.state.table[0]
    other = "7S" if real == "7H" else "7H"
    assert parse_card(wild) in g.state.hands[0]
    assert parse_card(real) in meld.cards
    assert sorted(meld.reps) == sorted(parse_cards(f"7C 7D {real} {other}"))
    # The 2 left in the set now stands for the other missing card, which may be swapped in.
    assert parse_card(other) in meld.reps


def test_a_set_takes_both_missing_cards_by_swaps() -> None:
    g = game("7H 7S 9C", [["7C", "7D", "2C", "2S"]])
    g.apply(0, Draw("stock"))
    g.apply(0, Swap(0, parse_card("7S"), parse_card("2C")))
    g.apply(0, Swap(0, parse_card("7H")))
    assert sorted(g.state.table[0].cards) == sorted(parse_cards("7C 7D 7H 7S"))
    assert sorted(c for c in g.state.hands[0] if c in parse_cards("2C 2S")) == parse_cards("2C 2S")


def test_the_2_may_be_kept() -> None:
    # Ruling R9: nothing obliges the swapper to play the 2 again this turn.
    g = game("6H 9C", [["5H", "2C", "7H"]])
    g.apply(0, Draw("stock"))
    g.apply(0, Swap(0, parse_card("6H")))
    g.apply(0, Discard(parse_card("9C")))
    assert parse_card("2C") in g.state.hands[0]
    assert g.current_player() == 1


def test_the_2_may_be_played_at_once() -> None:
    # Ruling R9: the 2 taken may go straight back down, here as 8H.
    g = game("6H 9C", [["5H", "2C", "7H"]])
    g.apply(0, Draw("stock"))
    g.apply(0, Swap(0, parse_card("6H")))
    g.apply(0, LayOff(0, (parse_card("2C"),), (None,), "high"))
    assert g.state.table[0].reps == card_list("5H 6H 7H 8H")
    assert g.state.table[0].credit == (1, 0, 1, 0)


def test_a_swap_changes_who_scores_the_place() -> None:
    # Ruling R11: the real card counts for the swapper, and the 2 no longer for who played it.
    # Seat 0: 6H down (+5); 2C, 9C and the drawn 4D in hand (-60). Seat 1: 5H 7H down (+10);
    # 10C JC in hand (-20).
    g = game("6H 9C", [["5H", "2C", "7H"]])
    g.apply(0, Draw("stock"))
    g.apply(0, Swap(0, parse_card("6H")))
    scores = g.hooks.hand_scores(g.state, None, "stock")
    assert scores == [5 - 50 - 5 - 5, 10 - 20]
