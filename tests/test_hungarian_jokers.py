"""Hungarian Römi: jokers on the table, and taking them back (H3, H6)."""

from __future__ import annotations

from hungarian_helpers import RUN_WITH_JOKER, c, lay_down, make

from rummy_core.engine.actions import Discard, LayOff, Swap
from rummy_core.engine.cards import JOKER, parse_cards
from rummy_core.testing import assert_refused

SET_OF_THREE = {"owner": 1, "cards": ["9S", "9H", "JK"]}
SET_OF_FOUR = {"owner": 1, "cards": ["9S", "9H", "9D", "JK"]}


def test_joker_is_placed_by_position_in_a_run() -> None:
    # Ruling H6: the joker between 5S and 7S is the 6S.
    game = make(["5S JK 7S 4C", "6C"], table=[], draw_first=True)
    game.apply(0, lay_down("5S JK 7S"))
    assert game.state.table[0].reps == tuple(parse_cards("5S 6S 7S"))


def test_joker_in_a_set_of_three_stays_put() -> None:
    # Ruling H6: no swap while the set holds three cards.
    game = make(["9D 4C", "6C"], table=[SET_OF_THREE], draw_first=True)
    assert_refused(game, 0, Swap(0, c("9D")), "joker_locked")


def test_joker_in_a_set_of_four_is_the_missing_suit() -> None:
    # Ruling H6: only the missing 9C takes its place.
    game = make(["9C 9S 4C 5C", "6C"], table=[SET_OF_FOUR], draw_first=True)
    assert_refused(game, 0, Swap(0, c("9S")), "no_wild_for_card")
    game.apply(0, Swap(0, c("9C")))
    assert game.state.table[0].cards == tuple(parse_cards("9S 9H 9D 9C"))
    assert JOKER in game.state.hands[0]


def test_laying_off_the_fourth_card_frees_the_joker() -> None:
    # Ruling H6: once a set of three with a joker holds four cards, the joker can be taken.
    game = make(["9D 9C 4C 5C 6D 7D", "6C"], table=[SET_OF_THREE], draw_first=True)
    game.apply(0, LayOff(0, (c("9D"),), (None,)))
    game.apply(0, Swap(0, c("9C")))
    game.apply(0, lay_down("JK 6D 7D"))
    game.apply(0, Discard(c("4C")))
    assert game.state.table[1].reps == tuple(parse_cards("5D 6D 7D"))


def test_a_joker_taken_must_go_down_again() -> None:
    # Ruling H6: the joker cannot stay in hand, nor be discarded, at the end of the turn.
    game = make(["9D 4C 5C", "6C"], table=[RUN_WITH_JOKER], draw_first=True)
    game.apply(0, Swap(0, c("9D")))
    assert game.state.extra["jokers_to_replay"] == 1
    assert_refused(game, 0, Discard(c("4C")), "joker_not_replayed")
    assert_refused(game, 0, Discard(JOKER), "joker_not_replayed")


def test_a_joker_taken_may_go_down_as_a_lay_off() -> None:
    # Ruling H6: putting it on any meld counts.
    game = make(
        ["9D 4C 5C", "6C"],
        table=[RUN_WITH_JOKER, {"owner": 1, "cards": ["2S", "3S", "4S"]}],
        draw_first=True,
    )
    game.apply(0, Swap(0, c("9D")))
    game.apply(0, LayOff(1, (JOKER,), (None,), "high"))
    game.apply(0, Discard(c("4C")))
    assert game.state.turn == 1
    assert game.state.table[1].reps[-1] == c("5S")


def test_one_joker_per_meld() -> None:
    # Ruling H3: a second joker fits no meld, on the table or in a new one.
    game = make(["JK JK 5S 4C", "6C"], table=[RUN_WITH_JOKER], draw_first=True)
    assert_refused(game, 0, LayOff(0, (JOKER,), (None,), "high"), "cannot_lay_off")
    assert_refused(game, 0, lay_down("JK 5S JK"), "not_a_meld")
