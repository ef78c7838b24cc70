"""Riverside Rommí: runs, sets, lay-offs and wild 2s (rulings R6, R7, R8)."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import Any

import pytest
from riverside_helpers import mid_hand, refusal_codes
from rummy_rulesets.riverside import RiversideOptions, RiversideRommi

from rummy_core.engine.actions import Discard, Draw, LayOff, MeldDown, NewMeld, Swap
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.game import Game
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.meldrules import MeldRules, SetShape
from rummy_core.engine.plugin import HouseRule, NoOptions, hookimpl
from rummy_core.formats.position import load_position, parse_meld_card
from rummy_core.testing import assert_refused


def game(hand: str, table: list[list[str]] | None = None, **position: Any) -> Game:
    """Seat 0 holds ``hand`` and has drawn; seat 1 holds 10C JC and owns the table's melds."""
    return mid_hand([hand, "10C JC"], table, seed=3, **position)


def meld(*tokens: str) -> NewMeld:
    """A new meld as written in a scenario: ``5H 2C=6H 7H``."""
    pairs = [parse_meld_card(t) for t in tokens]
    return NewMeld(tuple(c for c, _ in pairs), tuple(d for _, d in pairs))


def lay_off(index: int, *tokens: str, end: str | None = None) -> LayOff:
    """A lay-off as written in a scenario."""
    new = meld(*tokens)
    return LayOff(index, new.cards, new.declared, end)


def reps(g: Game, index: int) -> list[int]:
    return list(g.state.table[index].reps)


# -- ruling R6: runs ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards",
    ["5H 6H 7H", "JS QS KS AS", "KD AD 2D 3D", "QC KC AC 2C 3C 4C", "AH 2H 3H"],
    ids=["plain", "ace-high", "round-the-corner", "long-round", "ace-low"],
)
def test_runs_of_one_suit_in_cyclic_order(cards: str) -> None:
    # Ruling R6: ..., Q, K, A, 2, 3, ... and the 2s in their own places are natural (R7).
    g = game(cards + " 9C")
    g.apply(0, MeldDown((meld(*cards.split()),)))
    assert g.state.table[0].kind == "run"
    assert list(g.state.table[0].reps) == parse_cards(cards)


@pytest.mark.parametrize(
    ("given", "run"),
    [("AS KS QS", "QS KS AS"), ("7H 5H 6H", "5H 6H 7H"), ("AD KD QD JD", "JD QD KD AD")],
)
def test_a_run_without_2s_may_be_given_in_any_order(given: str, run: str) -> None:
    # Ruling A4: 7H 5H 6H is the run 5H 6H 7H; it goes on the table in run order.
    g = game(given + " 9C")
    g.apply(0, MeldDown((meld(*given.split()),)))
    assert list(g.state.table[0].cards) == parse_cards(run)


def test_a_run_with_a_2_is_read_in_the_order_given() -> None:
    # Ruling A4: with a wild, the order (low to high or high to low) says what it stands for;
    # 7H 5H 2C has no reading either way.
    g = game("7H 2C 5H 9C")
    assert refusal_codes(g, MeldDown((meld("7H", "5H", "2C"),))) == ["not_a_meld"]
    g.apply(0, MeldDown((meld("7H", "2C", "5H"),)))
    assert list(g.state.table[0].cards) == parse_cards("5H 2C 7H")
    assert list(g.state.table[0].reps) == parse_cards("5H 6H 7H")


def test_a_lay_off_without_2s_may_be_given_in_any_order() -> None:
    # Ruling A4 for lay-offs: 9H 8H at the high end of 5H 6H 7H.
    g = game("9H 8H 4C", [["5H", "6H", "7H"]])
    g.apply(0, lay_off(0, "9H", "8H"))
    assert list(g.state.table[0].cards) == parse_cards("5H 6H 7H 8H 9H")


def test_a_run_of_thirteen_cards_and_no_more() -> None:
    # Ruling R6: up to 13 cards; a full suit cannot take another card at either end.
    suit = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S"
    g = game(suit + " 9C 2H")
    g.apply(0, MeldDown((meld(*suit.split()),)))
    assert len(g.state.table[0].cards) == 13
    assert refusal_codes(g, lay_off(0, "2H", end="high")) == ["cannot_lay_off"]


@pytest.mark.parametrize("cards", ["5H 6H", "5H 6H 8H", "5H 6D 7H", "AS KS 10S"])
def test_not_runs(cards: str) -> None:
    # Ruling R6: three or more, one suit, in sequence.
    g = game(cards + " 9C")
    assert refusal_codes(g, MeldDown((meld(*cards.split()),))) == ["not_a_meld"]


# -- ruling R6: sets ---------------------------------------------------------------------------


def test_a_set_is_all_four_of_a_rank() -> None:
    g = game("7C 7D 7H 7S 9C")
    g.apply(0, MeldDown((meld("7C", "7D", "7H", "7S"),)))
    assert g.state.table[0].kind == "set"


def test_three_of_a_kind_is_never_a_meld() -> None:
    # Ruling R6.
    g = game("7C 7D 7H 9C")
    assert refusal_codes(g, MeldDown((meld("7C", "7D", "7H"),))) == ["not_a_meld"]


# -- ruling R6: only runs are extended, at either end; melds never split or rearranged --------


def test_runs_are_extended_at_either_end_by_anyone() -> None:
    # Ruling R6: any run on the table, the player's own or another's. The cards stay in order.
    g = game("4H 8H 9H 9C", [["5H", "6H", "7H"]])
    g.apply(0, lay_off(0, "4H"))
    g.apply(0, lay_off(0, "8H", "9H"))
    run = g.state.table[0]
    assert list(run.cards) == parse_cards("4H 5H 6H 7H 8H 9H")
    assert run.owner == 1
    assert run.credit == (0, 1, 1, 1, 0, 0)


def test_a_run_is_extended_round_the_corner() -> None:
    g = game("AD 3D 9C", [["JD", "QD", "KD"]])
    g.apply(0, lay_off(0, "AD"))
    assert list(g.state.table[0].reps) == parse_cards("JD QD KD AD")


def test_a_lay_off_goes_at_one_end_only() -> None:
    # Ruling R6: melds are never split or rearranged: a lay-off adds at one end, so cards that
    # belong at both ends are two lay-offs.
    g = game("4H 8H 9C", [["5H", "6H", "7H"]])
    assert refusal_codes(g, lay_off(0, "4H", "8H")) == ["cannot_lay_off"]
    assert refusal_codes(g, lay_off(0, "8H", "4H")) == ["cannot_lay_off"]


def test_a_set_cannot_be_extended() -> None:
    # Ruling R6: only runs; a set already holds its rank's four cards, wild or not.
    g = game("2D 9C", [["7C", "7D", "7H", "7S"]])
    assert refusal_codes(g, lay_off(0, "2D")) == ["cannot_lay_off"]
    assert refusal_codes(g, lay_off(0, "2D=7S")) == ["cannot_lay_off"]


# -- ruling R7: every 2 is wild ----------------------------------------------------------------


def test_a_2_stands_for_the_card_its_place_fixes() -> None:
    g = game("5H 2C 7H 9C")
    g.apply(0, MeldDown((meld("5H", "2C", "7H"),)))
    assert reps(g, 0) == parse_cards("5H 6H 7H")


def test_a_2_in_a_set() -> None:
    g = game("9S 9C 9D 2H 4C")
    g.apply(0, MeldDown((meld("9S", "9C", "9D", "2H"),)))
    assert reps(g, 0) == parse_cards("9S 9C 9D 9H")


def test_any_number_of_2s_in_one_meld() -> None:
    # Ruling R7: three wild 2s and two natural cards make a run of five.
    g = game("2C 2D 2H 8S 9S 9C")
    g.apply(0, MeldDown((meld("2C", "2D", "2H", "8S", "9S"),)))
    assert reps(g, 0) == parse_cards("5S 6S 7S 8S 9S")


def test_wilds_that_fit_a_run_and_a_set_must_be_declared() -> None:
    # Ruling R7: 2C 2D 2H 8S is 5S-8S or all four 8s; the player says which.
    g = game("2C 2D 2H 8S 9C")
    assert refusal_codes(g, MeldDown((meld("2C", "2D", "2H", "8S"),))) == ["ambiguous_wild"]
    # Ruling A4: the refusal names the readings there are.
    error = assert_refused(g, 0, MeldDown((meld("2C", "2D", "2H", "8S"),)))
    assert "2C=5S 2D=6S 2H=7S 8S or 2C=8C 2D=8D 2H=8H 8S" in error.message
    g.apply(0, MeldDown((meld("2C=8C", "2D", "2H", "8S"),)))
    assert reps(g, 0) == parse_cards("8C 8D 8H 8S")


def test_a_meld_of_2s_only_with_declared_cards() -> None:
    # Ruling R7: a meld made only of 2s, each declared.
    g = game("2C 2D 2H 9C")
    g.apply(0, MeldDown((meld("2C=JH", "2D=QH", "2H=KH"),)))
    assert reps(g, 0) == parse_cards("JH QH KH")


def test_an_undeclared_meld_of_2s_is_refused_as_ambiguous() -> None:
    # Ruling R7: the player must declare what each stands for.
    g = game("2C 2D 2H 9C")
    assert refusal_codes(g, MeldDown((meld("2C", "2D", "2H"),))) == ["ambiguous_wild"]


def test_the_four_2s_are_a_natural_set() -> None:
    # Ruling R7: no declaration needed, and every 2 is itself.
    g = game("2C 2D 2H 2S 9C")
    g.apply(0, MeldDown((meld("2C", "2D", "2H", "2S"),)))
    assert g.state.table[0].kind == "set"
    assert reps(g, 0) == parse_cards("2C 2D 2H 2S")


def test_a_2_in_its_own_place_is_natural() -> None:
    # Ruling R7: the 2 of clubs in A-2-3 of clubs is simply a 2; the 2 of diamonds in A-2-3 of
    # hearts is a wild standing for the 2 of hearts.
    g = game("AC 2C 3C AH 2D 3H 9C")
    g.apply(0, MeldDown((meld("AC", "2C", "3C"), meld("AH", "2D", "3H"))))
    assert reps(g, 0) == parse_cards("AC 2C 3C")
    assert reps(g, 1) == parse_cards("AH 2H 3H")


def test_a_2_laid_off_where_either_end_fits_must_be_declared() -> None:
    # Ruling R7: 2H after 5H 6H 7H could be 4H or 8H: refused unless the player says which.
    g = game("2H 9C 3D", [["5H", "6H", "7H"]])
    assert refusal_codes(g, lay_off(0, "2H")) == ["ambiguous_wild"]
    g.apply(0, lay_off(0, "2H=8H"))
    assert reps(g, 0) == parse_cards("5H 6H 7H 8H")


def test_a_2_laid_off_at_a_named_end() -> None:
    g = game("2H 9C 3D", [["5H", "6H", "7H"]])
    g.apply(0, lay_off(0, "2H", end="low"))
    assert reps(g, 0) == parse_cards("4H 5H 6H 7H")


def test_a_2_laid_off_where_it_is_natural_or_wild_must_be_declared() -> None:
    # 2H before 3H 4H 5H is the natural 2 of hearts; after it, a wild 6H.
    g = game("2H 9C 3D", [["3H", "4H", "5H"]])
    assert refusal_codes(g, lay_off(0, "2H")) == ["ambiguous_wild"]
    g.apply(0, lay_off(0, "2H=2H"))
    assert reps(g, 0) == parse_cards("2H 3H 4H 5H")


# -- ruling R8: each card on the table at most once --------------------------------------------


def test_a_2_cannot_stand_for_a_card_already_on_the_table() -> None:
    # Ruling R8: 6H is on the table, so 5H 2C 7H (2C for 6H) is refused.
    g = game("5H 2C 7H 9C", [["6H", "6C", "6D", "6S"]])
    assert refusal_codes(g, MeldDown((meld("5H", "2C", "7H"),))) == ["wild_for_table_card"]


def test_a_card_a_2_stands_for_comes_down_only_by_a_swap() -> None:
    # Ruling R8: 2C stands for 6H on the table; 6H may not go into a new meld or a lay-off.
    g = game("6C 6D 6H 6S 7H 8H 9C", [["4H", "5H", "2C"]])
    assert refusal_codes(g, MeldDown((meld("6C", "6D", "6H", "6S"),))) == ["card_stood_for"]
    assert refusal_codes(g, MeldDown((meld("6H", "7H", "8H"),))) == ["card_stood_for"]


def test_a_2_cannot_be_laid_off_for_a_card_on_the_table() -> None:
    # Ruling R8: 8H is in another meld, so a 2 at the high end of 5H 6H 7H is refused.
    g = game("2D 9C 3C", [["5H", "6H", "7H"], ["8C", "8D", "8H", "8S"]])
    assert refusal_codes(g, lay_off(0, "2D", end="high")) == ["wild_for_table_card"]
    g.apply(0, lay_off(0, "2D", end="low"))
    assert reps(g, 0) == parse_cards("4H 5H 6H 7H")


def test_a_card_a_2_stands_for_cannot_be_laid_off() -> None:
    # Ruling R8: 2C stands for 9S in the set; 9S may not extend a run.
    g = game("9S 4C", [["9C", "9D", "9H", "2C"], ["6S", "7S", "8S"]])
    assert refusal_codes(g, lay_off(1, "9S")) == ["card_stood_for"]


def test_one_lay_down_cannot_use_a_card_twice() -> None:
    # Ruling R8 within one lay-down: 2C stands for 6H while 6H itself goes into the set.
    g = game("5H 2C 7H 6C 6D 6H 6S 9C")
    codes = refusal_codes(g, MeldDown((meld("5H", "2C", "7H"), meld("6C", "6D", "6H", "6S"))))
    assert codes == ["card_stood_for"]


def test_a_2_that_a_2_stands_for_cannot_go_down_as_a_wild() -> None:
    # Ruling R8, a 2 is a card too: 2C stands for 2H in AH 2C 3H, so the real 2H reaches the
    # table only by a swap, never as the 6S of 5S 2H 7S, at either end of a lay-off or in a set.
    g = game("5S 2H 7S 9C", [["AH", "2C=2H", "3H"]])
    assert refusal_codes(g, MeldDown((meld("5S", "2H=6S", "7S"),))) == ["card_stood_for"]
    g = game("2H 9C 3C", [["AH", "2C=2H", "3H"], ["6S", "7S", "8S"]])
    assert refusal_codes(g, lay_off(1, "2H=9S", end="high")) == ["card_stood_for"]
    g.apply(0, Swap(0, parse_card("2H")))
    g.apply(0, lay_off(1, "2C=9S", end="high"))
    assert reps(g, 1) == parse_cards("6S 7S 8S 9S")


def test_no_2_may_stand_for_a_2_that_is_on_the_table_as_a_wild() -> None:
    # Ruling R8: 2H is down as the 6S of 5S 2H 7S, so no 2 may stand for 2H, in a new meld or
    # a lay-off; 2H is on the table once already.
    g = game("AH 2C 3H 9C", [["5S", "2H=6S", "7S"]])
    assert refusal_codes(g, MeldDown((meld("AH", "2C=2H", "3H"),))) == ["wild_for_table_card"]
    g = game("2C 9C", [["5S", "2H=6S", "7S"], ["3H", "4H", "5H"]])
    assert refusal_codes(g, lay_off(1, "2C=2H", end="low")) == ["wild_for_table_card"]
    g.apply(0, lay_off(1, "2C=6H", end="high"))
    assert reps(g, 1) == parse_cards("3H 4H 5H 6H")


def test_one_lay_down_cannot_put_a_2_down_twice() -> None:
    # Ruling R8 within one lay-down, either order: 2H as a wild and a 2 standing for 2H.
    g = game("5S 2H 7S AH 2C 3H 9C")
    first, second = meld("5S", "2H=6S", "7S"), meld("AH", "2C=2H", "3H")
    assert refusal_codes(g, MeldDown((first, second))) == ["wild_for_table_card"]
    assert refusal_codes(g, MeldDown((second, first))) == ["card_stood_for"]


def test_every_broken_rule_is_reported() -> None:
    # Validators collect: two melds each breaking R8 give two violations.
    g = game("5H 2C 7H 8D 2S 10D 4C", [["6H", "6C", "6D", "6S"], ["9D", "9C", "9H", "9S"]])
    codes = refusal_codes(g, MeldDown((meld("5H", "2C", "7H"), meld("8D", "2S", "10D"))))
    assert codes == ["wild_for_table_card", "wild_for_table_card"]


def test_cards_go_back_after_a_refused_meld() -> None:
    # Ruling A2 with R6: the hand is untouched and the turn goes on.
    g = game("7C 7D 7H 9C")
    assert_refused(g, 0, MeldDown((meld("7C", "7D", "7H"),)))
    g.apply(0, Discard(parse_card("9C")))
    assert sorted(g.state.hands[0]) == sorted(parse_cards("7C 7D 7H"))


def test_plays_need_a_draw_first() -> None:
    g = game("5H 6H 7H 9C", phase="draw", this_turn={})
    assert refusal_codes(g, MeldDown((meld("5H", "6H", "7H"),))) == ["draw_first"]
    g.apply(0, Draw("stock"))
    g.apply(0, MeldDown((meld("5H", "6H", "7H"),)))
    assert len(g.state.table) == 1


class ThreeOfAKind(HouseRule):
    """A test house rule: sets of three, so a wild in a set can stand for a rank only."""

    name = "test-three-of-a-kind"

    @hookimpl(wrapper=True)
    def rummy_meld_rules(self) -> Generator[None, MeldRules, MeldRules]:
        rules = yield
        return replace(rules, set=SetShape(sizes=frozenset({3, 4})))


def test_a_wild_standing_for_a_rank_takes_one_of_its_cards() -> None:
    # Ruling R8 under a house rule with sets of three: 2H in 7C 7D 2H stands for 7H or 7S. Once
    # 7H is down, the 2 stands for 7S, which can then reach the table only by a swap.
    ruleset = RiversideRommi(RiversideOptions())
    hooks = Hooks(ruleset, [ThreeOfAKind(NoOptions(), ruleset)])
    position = {
        "players": 2,
        "dealer": 1,
        "phase": "play",
        "this_turn": {"drew": "stock"},
        "turns_taken": [1, 1],
        "hands": [["7H", "8H", "9H", "7S", "8S", "9S", "4C"], ["10C"]],
        "discard": ["10H"],
        "table": [{"owner": 1, "cards": ["7C", "7D", "2H"]}],
    }
    g = Game(hooks, load_position(position, hooks))
    g.apply(0, MeldDown((meld("7H", "8H", "9H"),)))
    assert refusal_codes(g, MeldDown((meld("7S", "8S", "9S"),))) == ["rank_on_table"]
    g.apply(0, Swap(0, parse_card("7S")))
    assert g.state.table[0].cards == tuple(parse_cards("7C 7D 7S"))
