"""Hungarian Römi: the opening lay-down and what comes before and after it (H5, H1's ace)."""

from __future__ import annotations

import pytest
from hungarian_helpers import RUN_5H, RUN_WITH_JOKER, lay_down, make

from rummy_core.engine.actions import Discard, Draw, LayOff, Swap
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.game import Game
from rummy_core.engine.melds import readings
from rummy_core.engine.state import Meld
from rummy_core.testing import assert_refused


def points(game: Game, cards: str) -> int:
    """What ``cards`` are worth as an opening meld under the game's rules."""
    codes = parse_cards(cards)
    (reading,) = readings(codes, [None] * len(codes), game.hooks.meld_rules)
    meld = Meld(0, reading.kind, tuple(codes), reading.reps, (0,) * len(codes))
    return game.hooks.meld_points(game.state, meld)


def test_opening_needs_fifty_one() -> None:
    # Ruling H5: 50 is short, 51 opens.
    game = make(["KS KH KD 2S 3S 4S 5S 6S 7D 7H 7S 4C", "6C"], opened=[False, True])
    game.apply(0, Draw("stock"))
    assert_refused(game, 0, lay_down("KS KH KD", "2S 3S 4S 5S 6S"), "opening_too_low")
    game.apply(0, lay_down("KS KH KD", "7D 7H 7S"))
    assert game.state.opened(0)


def test_opening_is_one_lay_down_of_several_melds() -> None:
    # Ruling H5: melds put down together count together; one alone must reach 51 by itself.
    game = make(["KS KH KD QC QD QH 4C", "6C"], opened=[False, True])
    game.apply(0, Draw("stock"))
    assert_refused(game, 0, lay_down("KS KH KD"), "opening_too_low")
    game.apply(0, lay_down("KS KH KD", "QC QD QH"))
    assert len(game.state.table) == 2


def test_opening_minimum_is_an_option() -> None:
    # Ruling H5: the 51 is an option.
    game = make(
        ["KS KH KD 2S 3S 4S 5S 6S 4C", "6C"], variant="hungarian:opening=40", opened=[False, True]
    )
    game.apply(0, Draw("stock"))
    game.apply(0, lay_down("KS KH KD", "2S 3S 4S 5S 6S"))
    assert game.state.opened(0)


@pytest.mark.parametrize("turns_taken", [[0, 0], [0, 3]])
def test_no_opening_on_a_first_turn(turns_taken: list[int]) -> None:
    # Ruling H5: never on the player's very first turn (seat 0 here is not the starter).
    game = make(
        ["KS KH KD QC QD QH 4C", "6C"], dealer=0, turns_taken=turns_taken, opened=[False, False]
    )
    game.apply(0, Draw("stock"))
    assert_refused(game, 0, lay_down("KS KH KD", "QC QD QH"), "first_turn")


def test_starters_discard_only_turn_allows_no_meld() -> None:
    # Rulings H2 and H5: the starter's first turn, which has no draw, allows no meld either.
    game = make(
        ["KS KH KD QC QD QH 4C", "6C"], turns_taken=[0, 0], phase="play", opened=[False, False]
    )
    assert_refused(game, 0, lay_down("KS KH KD", "QC QD QH"), "first_turn")


def test_before_opening_no_lay_off_and_no_joker() -> None:
    # Ruling H5: an unopened player can neither lay off nor take a joker.
    game = make(["8H 9D 4C", "6C"], table=[RUN_5H, RUN_WITH_JOKER], opened=[False, True])
    game.apply(0, Draw("stock"))
    assert_refused(game, 0, LayOff(0, (parse_card("8H"),), (None,)), "not_opened")
    assert_refused(game, 0, Swap(1, parse_card("9D")), "not_opened")


def test_after_the_opening_lay_offs_and_swaps_in_the_same_turn() -> None:
    # Ruling H5: once the opening is down, the same turn may lay off and swap.
    game = make(
        ["KS KH KD QC QD QH 8H 9D 4C", "6C"], table=[RUN_5H, RUN_WITH_JOKER], opened=[False, True]
    )
    game.apply(0, Draw("stock"))
    game.apply(0, lay_down("KS KH KD", "QC QD QH"))
    game.apply(0, LayOff(0, (parse_card("8H"),), (None,)))
    game.apply(0, Swap(1, parse_card("9D")))
    game.apply(0, LayOff(2, (parse_card("JK"),), (None,), "high"))
    game.apply(0, Discard(parse_card("4C")))
    assert game.state.table[0].cards[-1] == parse_card("8H")
    assert game.state.table[1].cards[1] == parse_card("9D")


def test_a_joker_counts_as_the_card_it_stands_for() -> None:
    # Ruling H5: 8S JK 10S is 8 + 9 + 10; a set's joker counts its rank.
    game = make(["8S JK 10S KH KD KC 4C", "6C"], opened=[False, True])
    assert points(game, "8S JK 10S") == 27
    assert points(game, "9S 9H JK") == 27
    game.apply(0, Draw("stock"))
    game.apply(0, lay_down("8S JK 10S", "KH KD KC"))
    assert game.state.opened(0)


@pytest.mark.parametrize(
    ("variant", "cards", "expected"),
    [
        ("hungarian", "AS 2S 3S", 15),  # H1: the ace counts 10, in A-2-3 too
        ("hungarian", "QS KS AS", 30),
        ("hungarian", "AS AH AD", 30),
        ("hungarian:ace=low-high", "AS 2S 3S", 6),  # option: 1 low
        ("hungarian:ace=low-high", "JK 2S 3S", 6),  # a joker standing for a low ace
        ("hungarian:ace=low-high", "QS KS AS", 31),  # 11 high
        ("hungarian:ace=low-high", "AS AH AD", 33),
    ],
)
def test_ace_points_in_an_opening(variant: str, cards: str, expected: int) -> None:
    # Ruling H1.
    assert points(make(["4C", "6C"], variant=variant, opened=[False, True]), cards) == expected


def test_low_ace_option_changes_whether_an_opening_is_enough() -> None:
    # Ruling H1, through the engine: 15 + 30 + 9 opens, 6 + 30 + 9 does not.
    hand = "AS 2S 3S KS KH KD 2C 3C 4C 9D"
    flat = make([hand, "6C"], opened=[False, True])
    flat.apply(0, Draw("stock"))
    flat.apply(0, lay_down("AS 2S 3S", "KS KH KD", "2C 3C 4C"))
    low = make([hand, "6C"], variant="hungarian:ace=low-high", opened=[False, True])
    low.apply(0, Draw("stock"))
    assert_refused(low, 0, lay_down("AS 2S 3S", "KS KH KD", "2C 3C 4C"), "opening_too_low")
