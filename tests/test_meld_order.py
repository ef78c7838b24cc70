"""Ruling A4: the order of a meld's cards. A run with wilds may be given low to high or high to
low, declared or not; a meld read one way is read the same way given reversed."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from riverside_helpers import mid_hand

from rummy_core.engine.actions import LayOff, MeldDown, NewMeld
from rummy_core.engine.cards import JOKER, card, parse_cards
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.melds import read_meld
from rummy_core.engine.setup import new_game
from rummy_core.formats.position import parse_meld_card


def rules_of(ruleset: str) -> MeldRules:
    return new_game(ruleset, players=2, seed=1, dealer=0).hooks.meld_rules


RULES = {name: rules_of(name) for name in ("riverside", "hungarian", "classic")}


def read(ruleset: str, text: str) -> list[tuple[str, str, str]]:
    """Each reading of a meld as written: its cards in meld order, its kind, what they stand
    for."""
    written = [parse_meld_card(t) for t in text.split()]
    found = read_meld([c for c, _ in written], [d for _, d in written], RULES[ruleset])
    return [
        (" ".join(map(str, order)), reading.kind, " ".join(map(str, reading.reps)))
        for order, reading in found
    ]


def codes(text: str) -> str:
    return " ".join(map(str, parse_cards(text)))


@pytest.mark.parametrize(
    ("ruleset", "text", "order", "stands_for"),
    [
        ("riverside", "9S 2C 7S", "7S 2C 9S", "7S 8S 9S"),
        ("riverside", "9S 2C=8S 7S", "7S 2C 9S", "7S 8S 9S"),
        ("riverside", "2C=9S 2D=8S 2H=7S", "2H 2D 2C", "7S 8S 9S"),
        ("riverside", "8D 7D 2H", "2H 7D 8D", "6D 7D 8D"),
        ("riverside", "KS QS 2C", "2C QS KS", "JS QS KS"),
        ("riverside", "9S 7S 2C=8S", "7S 2C 9S", "7S 8S 9S"),
        ("riverside", "2C 5S 2D", "2C 5S 2D", "4S 5S 6S"),
        ("hungarian", "7S JK=6S 5S", "5S JK 7S", "5S 6S 7S"),
        ("hungarian", "8D 7D JK=6D", "JK 7D 8D", "6D 7D 8D"),
        ("hungarian", "8D 7D JK", "JK 7D 8D", "6D 7D 8D"),
    ],
)
def test_a_run_with_wilds_given_high_to_low_is_read(
    ruleset: str, text: str, order: str, stands_for: str
) -> None:
    # Ruling A4: a run read high to low is a reading; the meld goes down low to high.
    assert read(ruleset, text) == [(codes(order), "run", codes(stands_for))]


@pytest.mark.parametrize(
    ("text", "readings"),
    [
        ("5S 2C 2D", ["5S 6S 7S", "3S 4S 5S"]),
        ("KS 2C 2D", ["KS AS 2S", "JS QS KS"]),
        ("2D 2S 4D", ["2D 3D 4D", "4D 5D 6D"]),
    ],
)
def test_a_run_that_reads_both_ways_names_both(text: str, readings: list[str]) -> None:
    # Ruling A4: where several readings remain the player must say which.
    assert [stands_for for _, _, stands_for in read("riverside", text)] == [
        codes(r) for r in readings
    ]


@pytest.mark.parametrize("text", ["KS 2C QS", "7H 5H 2C", "9S 2C 2D 7S"])
def test_what_has_no_reading_either_way_is_refused(text: str) -> None:
    # K, a wild, then Q is no run up or down: a run needs the Q next to the K.
    assert read("riverside", text) == []


def test_a_meld_given_high_to_low_is_laid_down_low_to_high() -> None:
    game = mid_hand(["9S 2C 7S 2D 10S 4C KC", "3H 4H"], seed=4)
    game.apply(0, MeldDown((NewMeld.of(parse_cards("9S 2C 7S")),)))
    game.apply(0, LayOff(0, tuple(parse_cards("2D 10S")), (None, None)))
    meld = game.state.table[0]
    assert list(meld.cards) == parse_cards("7S 2C 9S 10S 2D")
    assert list(meld.reps) == parse_cards("7S 8S 9S 10S JS")


def _run_with_wilds(rules: MeldRules, draw: st.DrawFn) -> list[int]:
    """A run of the rules' shape with some of its cards replaced by wilds (distinct cards)."""
    shape = rules.run
    assert shape is not None
    length = draw(st.integers(shape.min_len, min(shape.max_len, 7)))
    suit = draw(st.integers(0, 3))
    start = draw(st.integers(1, 14 - length + (13 if shape.wrap else 0)))
    cards = [card((start - 1 + i) % 13 + 1, suit) for i in range(length)]
    wilds = sorted(rules.wilds) if JOKER not in rules.wilds else [JOKER]
    budget = length if rules.max_wilds is None else rules.max_wilds
    spare = [w for w in wilds if w not in cards]
    for place in draw(st.lists(st.integers(0, length - 1), max_size=budget, unique=True)):
        if spare:
            cards[place] = spare.pop(0) if JOKER not in rules.wilds else JOKER
    return cards


@st.composite
def given_runs(draw: st.DrawFn) -> tuple[str, list[int]]:
    name = draw(st.sampled_from(["riverside", "hungarian"]))
    cards = _run_with_wilds(RULES[name], draw)
    if draw(st.booleans()):
        cards.reverse()
    return name, cards


@settings(max_examples=400, deadline=None)
@given(given_runs())
@example(("riverside", parse_cards("9S 2C 7S")))
@example(("riverside", parse_cards("2D 2S 4D")))
def test_a_meld_read_one_way_reads_the_same_given_reversed(case: tuple[str, list[int]]) -> None:
    name, cards = case
    rules = RULES[name]
    blank = [None] * len(cards)
    found = read_meld(cards, blank, rules)
    back = read_meld(cards[::-1], blank, rules)
    named = sorted((r.kind, sorted(r.reps)) for _, r in found)
    assert named == sorted((r.kind, sorted(r.reps)) for _, r in back)
    if len(found) == 1:
        # Declared as read, the wilds say the same given either way.
        order, reading = found[0]
        declared = [None if c == r else r for c, r in zip(order, reading.reps, strict=True)]
        again = read_meld(list(order)[::-1], declared[::-1], rules)
        assert [sorted(zip(o, r.reps, strict=True)) for o, r in again] == [
            sorted(zip(order, reading.reps, strict=True))
        ]
