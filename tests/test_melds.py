"""Reading cards as melds under different meld rules (rummy_core.engine.melds)."""

from __future__ import annotations

import pytest

from rummy_core.engine.cards import JOKER, card, parse_cards
from rummy_core.engine.meldrules import MeldRules, RunShape, SetShape
from rummy_core.engine.melds import RUN, SET, needs_declaration, readings

CLASSIC = MeldRules()
TWOS = frozenset(card(2, s) for s in range(4))
WRAP_WILD_TWOS = MeldRules(run=RunShape(wrap=True), set=SetShape(frozenset({4})), wilds=TWOS)
ONE_JOKER = MeldRules(wilds=frozenset({JOKER}), max_wilds=1)


def kinds(text: str, rules: MeldRules) -> list[str]:
    cards = parse_cards(text)
    return [r.kind for r in readings(cards, [None] * len(cards), rules)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5S 6S 7S", [RUN]),
        ("AS 2S 3S", [RUN]),
        ("QS KS AS", [RUN]),
        ("KS AS 2S", []),
        ("7H 7S 7D", [SET]),
        ("7H 7S 7D 7C", [SET]),
        ("7H 7S", []),
        ("5S 6S 8S", []),
        ("5S 6H 7S", []),
    ],
)
def test_classic_runs_and_sets(text: str, expected: list[str]) -> None:
    assert kinds(text, CLASSIC) == expected


def test_a_run_may_not_hold_the_ace_at_both_ends() -> None:
    assert kinds("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", CLASSIC) == [RUN]
    assert kinds("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", CLASSIC) == [RUN]


def test_round_the_corner_needs_wrap() -> None:
    assert kinds("KS AS 2S", WRAP_WILD_TWOS) == [RUN]
    assert kinds("QS KS AS 2S 3S", WRAP_WILD_TWOS) == [RUN]


def test_wild_place_fixes_what_it_stands_for() -> None:
    cards = parse_cards("5H 2C 7H")
    (reading,) = readings(cards, [None] * 3, WRAP_WILD_TWOS)
    assert reading.reps == tuple(parse_cards("5H 6H 7H"))


def test_a_two_in_its_own_place_is_natural() -> None:
    cards = parse_cards("AC 2C 3C")
    (reading,) = readings(cards, [None] * 3, WRAP_WILD_TWOS)
    assert reading.reps == tuple(cards)


def test_four_twos_are_a_natural_set_and_three_need_declaring() -> None:
    assert kinds("2C 2D 2H 2S", WRAP_WILD_TWOS) == [SET]
    three = parse_cards("2C 2D 2H")
    assert readings(three, [None] * 3, WRAP_WILD_TWOS) == []
    assert needs_declaration(three, [None] * 3, WRAP_WILD_TWOS)
    declared = [card(9, 0), card(10, 0), card(11, 0)]
    (reading,) = readings(three, declared, WRAP_WILD_TWOS)
    assert reading.kind == RUN and list(reading.reps) == declared


def test_ambiguous_reading_is_reported_twice() -> None:
    assert sorted(kinds("7H 2C 2D 2S", WRAP_WILD_TWOS)) == [RUN, SET]


def test_joker_limit_and_rank_only_stand_in() -> None:
    assert kinds("7H JK 9H", ONE_JOKER) == [RUN]
    assert kinds("7H JK JK", ONE_JOKER) == []
    cards = parse_cards("7H 7S JK")
    (reading,) = readings(cards, [None] * 3, ONE_JOKER)
    assert reading.kind == SET and reading.reps[2] == -7


def test_identical_cards_never_share_a_set() -> None:
    assert kinds("7H 7H 7S", ONE_JOKER) == []


def test_a_joker_fits_no_meld_where_jokers_are_not_wild() -> None:
    assert kinds("7H 7S JK", CLASSIC) == []
    assert kinds("7H 7S JK", WRAP_WILD_TWOS) == []
    assert kinds("7H 7S JK", ONE_JOKER) == [SET]
