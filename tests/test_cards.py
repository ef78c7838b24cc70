"""Card notation: parsing and writing cards (issue 2, 'Cards and notation')."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy_core.engine.cards import (
    ACE,
    CLUBS,
    HEARTS,
    JOKER,
    SPADES,
    card,
    card_name,
    parse_card,
    parse_cards,
    standard_deck,
)
from rummy_core.engine.errors import RuleError
from rummy_core.formats.position import meld_card_text, parse_meld_card


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("AS", card(ACE, SPADES)),
        ("10h", card(10, HEARTS)),
        ("TH", card(10, HEARTS)),
        ("♥10", card(10, HEARTS)),
        ("q♣", card(12, CLUBS)),
        ("jk", JOKER),
        ("JK", JOKER),
    ],
)
def test_tokens_parse_in_any_case_and_either_order(token: str, expected: int) -> None:
    assert parse_card(token) == expected


@given(st.integers(min_value=0, max_value=52))
def test_every_card_round_trips_through_its_name(code: int) -> None:
    assert parse_card(card_name(code)) == code


@pytest.mark.parametrize("token", ["1S", "11H", "ZZ", "", "10X", "A"])
def test_unknown_token_is_refused_naming_it(token: str) -> None:
    with pytest.raises(RuleError) as info:
        parse_card(token)
    assert info.value.code == "unknown_card"
    assert repr(token) in info.value.message


def test_parse_cards_accepts_spaces_and_commas() -> None:
    assert parse_cards("5S, 6S 7S") == [card(5, SPADES), card(6, SPADES), card(7, SPADES)]


def test_two_packs_hold_each_card_twice_and_identical_cards_are_equal() -> None:
    deck = standard_deck(2, 4)
    assert len(deck) == 108
    assert deck.count(card(7, HEARTS)) == 2
    assert deck.count(JOKER) == 4


def test_wild_notation_names_card_or_rank() -> None:
    assert parse_meld_card("2C=5S") == (card(2, CLUBS), card(5, SPADES))
    assert parse_meld_card("JK=7H") == (JOKER, card(7, HEARTS))
    assert parse_meld_card("2C=7") == (card(2, CLUBS), -7)
    assert meld_card_text(card(2, CLUBS), -7) == "2C=7"
    assert meld_card_text(JOKER, card(7, HEARTS)) == "JK=7H"
    with pytest.raises(RuleError, match="'X'"):
        parse_meld_card("2C=X")
