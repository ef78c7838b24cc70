"""The meld solver against a brute-force reference, exact counts, and big wild hands."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_core.engine.cards import JOKER, card
from rummy_core.engine.meldrules import MeldRules, RunShape, SetShape
from rummy_core.engine.melds import readings
from rummy_core.solver import (
    Arrangement,
    MeldSolver,
    best_arrangement,
    general,
    is_full_meld,
    runs,
    search,
)
from rummy_core.solver.reference import reference_deadwood
from rummy_core.solver.runs import run_spans
from rummy_core.solver.wilds import merge_one, merge_shares


def table(by_rank: Sequence[int], joker: int = 0) -> tuple[int, ...]:
    """A value table from values by rank (ace first) and the joker's value."""
    return (*(by_rank[code % 13] for code in range(52)), joker)


TWOS = frozenset(card(2, suit) for suit in range(4))
CLASSIC = MeldRules()  # ruling C3
RIVERSIDE = MeldRules(  # rulings R6-R7
    run=RunShape(wrap=True), set=SetShape(sizes=frozenset({4})), wilds=TWOS, max_wilds=None
)
HUNGARIAN = MeldRules(wilds=frozenset({JOKER}), max_wilds=1)  # ruling H3
CLASSIC_VALUES = table([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10])
RIVERSIDE_VALUES = table([15, 50, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10])  # ruling R1
HUNGARIAN_VALUES = table([10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], 20)  # ruling H1
ONE_PACK = tuple(range(52))
TWO_PACKS = ONE_PACK * 2 + (JOKER,) * 4

# Rulesets no game uses, for the solver's less travelled paths: suited wilds limited to one
# per meld (whether a 2 plays as itself or as a wild), wilds alone as melds, sets of one suit.
DEUCES_ONE = MeldRules(wilds=TWOS, max_wilds=1)
DEUCES_ANY = MeldRules(wilds=TWOS | {JOKER}, max_wilds=None)
SAME_SUIT_SETS = MeldRules(set=SetShape(distinct_suits=False))

CASES = {
    "classic": (CLASSIC, CLASSIC_VALUES, ONE_PACK),
    "riverside": (RIVERSIDE, RIVERSIDE_VALUES, ONE_PACK),
    "hungarian": (HUNGARIAN, HUNGARIAN_VALUES, TWO_PACKS),
    "deuces one": (DEUCES_ONE, CLASSIC_VALUES, ONE_PACK),
    "deuces any": (DEUCES_ANY, RIVERSIDE_VALUES, ONE_PACK + (JOKER,) * 2),
    "same suit sets": (SAME_SUIT_SETS, CLASSIC_VALUES, ONE_PACK * 2),
}


def check_arrangement(
    hand: Sequence[int], rules: MeldRules, values: Sequence[int], found: Arrangement
) -> None:
    """The arrangement partitions the hand, adds up, and every meld reads back as it says."""
    assert sorted(found.melded + found.deadwood) == sorted(hand)
    assert found.deadwood == tuple(sorted(found.deadwood))
    assert found.deadwood_value == sum(values[code] for code in found.deadwood)
    for cards, reps in found.melds:
        undeclared = readings(cards, [None] * len(cards), rules)
        if not any(reading.reps == reps for reading in undeclared):
            declared = [rep if rep != code else None for code, rep in zip(cards, reps, strict=True)]
            assert any(reading.reps == reps for reading in readings(cards, declared, rules)), (
                cards,
                reps,
            )


@st.composite
def small_hands(draw: st.DrawFn, deck: Sequence[int], wilds: frozenset[int]) -> list[int]:
    """Up to 8 cards, mostly from a few neighbouring ranks so that melds are common."""
    low = draw(st.integers(0, 12))
    width = draw(st.sampled_from([3, 4, 5, 13]))
    ranks = {(low + i) % 13 for i in range(width)}
    pool = [code for code in deck if code == JOKER or code in wilds or code % 13 in ranks]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), max_size=8, unique=True))
    return [pool[i] for i in picks]


def _matches_reference(name: str, data: st.DataObject) -> None:
    rules, values, deck = CASES[name]
    hand = data.draw(small_hands(deck, rules.wilds))
    found = best_arrangement(hand, rules, values)
    check_arrangement(hand, rules, values, found)
    assert found.deadwood_value == reference_deadwood(hand, rules, values), hand
    assert MeldSolver(rules, values).deadwood(hand) == found.deadwood_value, hand
    assert is_full_meld(hand, rules) == (reference_deadwood(hand, rules, (1,) * 53) == 0)


@pytest.mark.parametrize("name", sorted(CASES))
@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_least_deadwood_matches_brute_force(name: str, data: st.DataObject) -> None:
    _matches_reference(name, data)


@pytest.mark.parametrize("name", ["classic", "riverside", "same suit sets"])
def test_one_pack_tables_match_the_suit_search(name: str) -> None:
    # The tables built at once for all 8,192 masks of a suit against the memoised search
    # (``SuitRuns.walk``) they stand in for: the same runs, deadwood and value for every mask.
    rules, values, _ = CASES[name]
    solver = MeldSolver(rules, values)
    plain, dead = solver._fill_tables()
    for suit in range(4):
        for mask in range(8192):
            walked, dead_ranks = solver._suits[suit].walk(mask, 0, 0, 0)
            deadwood = tuple(13 * suit + r for r in sorted(dead_ranks))
            melds = tuple((tuple(13 * suit + r for r in span.order),) * 2 for span, _ in walked)
            value = sum(values[code] for code in deadwood)
            assert plain[suit][mask] == (value, melds, deadwood), (suit, mask)
            assert dead[suit][mask] == value


@settings(max_examples=300, deadline=None)
@given(m1=st.integers(0, 8191), m2=st.integers(0, 8191), wrap=st.booleans())
def test_two_pack_values_match_the_suit_search(m1: int, m2: int, wrap: bool) -> None:
    # dead_value and natural_walk (numbers alone) against solve and walk without wilds, on any
    # two-pack suit pattern (a second copy only where there is a first).
    m2 &= m1
    values = CLASSIC_VALUES[:13]
    suit = runs.SuitRuns(run_spans(RunShape(wrap=wrap)), values, None)
    walked, dead = suit.walk(m1, m2, 0, 0)
    value = sum(values[r] for r in range(13) if m1 >> r & 1) + sum(
        values[r] for r in range(13) if m2 >> r & 1
    )
    assert suit.dead_value(m1, m2) == value - suit.solve(m1, m2, 0)[0][0]
    assert suit.natural_walk(m1, m2) == ([span for span, _ in walked], dead)


def test_deadwood_alone_matches_the_arrangement_on_full_hands() -> None:
    rng = random.Random(7)
    for name, (rules, values, deck) in CASES.items():
        solver = MeldSolver(rules, values)
        for size in (10, 13):
            for _ in range(150):
                hand = rng.sample(deck, size)
                assert solver.deadwood(hand) == solver.best(hand).deadwood_value, (name, hand)


def test_one_discard_within_matches_every_discard_tried() -> None:
    # Its short cuts (the whole hand's deadwood, the best arrangement's dearest deadwood card)
    # against trying each discard, at every limit a knock may have and near-knocks above.
    rng = random.Random(12)
    for name, (rules, values, deck) in CASES.items():
        solver = MeldSolver(rules, values)
        for _ in range(120):
            # Eleven cards from a few ranks, so that hands near a knock are common.
            low = rng.randrange(13)
            pool = [code for code in deck if (code % 13 - low) % 13 < 6]
            hand = rng.sample(pool, 11)
            least = min(solver.deadwood(hand[:i] + hand[i + 1 :]) for i in range(len(hand)))
            for limit in (0, 1, 5, 10, least - 1, least):
                assert solver.one_discard_within(hand, limit) == (least <= limit), (name, hand)


def test_order_of_the_hand_does_not_matter() -> None:
    rng = random.Random(4)
    for name, (rules, values, deck) in CASES.items():
        for _ in range(30):
            hand = rng.sample(deck, 12)
            first = best_arrangement(hand, rules, values)
            rng.shuffle(hand)
            assert best_arrangement(hand, rules, values) == first, name


# -- exact counts of 7-card hands that meld in full (one pack, no wilds) -----------------------


def _full_seven_card_hands(shape: RunShape) -> set[int]:
    """Every 7-card hand (as card bits) that is one run of 7, or a 3-card and a 4-card meld."""
    melds: dict[int, list[int]] = {3: [], 4: [], 7: []}
    for rank in range(13):
        for size in (3, 4):
            for suits in combinations(range(4), size):
                melds[size].append(sum(1 << (suit * 13 + rank) for suit in suits))
    for span in run_spans(shape):
        if len(span.order) in melds:
            for suit in range(4):
                melds[len(span.order)].append(span.mask << (13 * suit))
    hands = set(melds[7])
    for three in melds[3]:
        for four in melds[4]:
            if not three & four:
                hands.add(three | four)
    return hands


@pytest.mark.parametrize(
    ("shape", "count"),
    [
        (RunShape(), 4604),  # ace low or high
        (RunShape(ace_high=False), 4100),  # ace low only
        (RunShape(wrap=True), 5460),  # round the corner
    ],
)
def test_seven_card_full_melds(shape: RunShape, count: int) -> None:
    full = _full_seven_card_hands(shape)
    assert len(full) == count
    rules = MeldRules(run=shape)
    solver = MeldSolver(rules, CLASSIC_VALUES)
    for bits in full:
        hand = [code for code in range(52) if bits >> code & 1]
        assert solver.best(hand).deadwood == (), hand
    rng = random.Random(7)
    for _ in range(20_000):
        hand = rng.sample(range(52), 7)
        bits = sum(1 << code for code in hand)
        assert (solver.best(hand).deadwood == ()) == (bits in full), hand


# -- big hands -----------------------------------------------------------------------------


def _riverside_hands(count: int, size: int) -> list[list[int]]:
    rng = random.Random(size)
    others = [code for code in range(52) if code not in TWOS]
    return [sorted(TWOS) + rng.sample(others, size - 4) for _ in range(count)]


def test_riverside_thirty_cards_with_all_the_twos() -> None:
    solver = MeldSolver(RIVERSIDE, RIVERSIDE_VALUES)
    for hand in _riverside_hands(25, 30):
        found = solver.best(hand)
        check_arrangement(hand, RIVERSIDE, RIVERSIDE_VALUES, found)
        # Optimal means no part can do better: taking out a meld leaves the same deadwood,
        # taking out a deadwood card lowers it by exactly that card's value.
        for cards, _ in found.melds:
            rest = list(hand)
            for code in cards:
                rest.remove(code)
            assert solver.best(rest).deadwood_value == found.deadwood_value
        for code in set(found.deadwood):
            rest = list(hand)
            rest.remove(code)
            lower = found.deadwood_value - RIVERSIDE_VALUES[code]
            assert solver.best(rest).deadwood_value == lower


def test_riverside_wilds_alone_and_round_the_corner() -> None:
    hand = [card(rank, 0) for rank in (12, 13, 1)] + sorted(TWOS)
    found = best_arrangement(hand, RIVERSIDE, RIVERSIDE_VALUES)
    check_arrangement(hand, RIVERSIDE, RIVERSIDE_VALUES, found)
    assert found.deadwood == ()


@pytest.mark.parametrize("size", [9, 10])
def test_riverside_nine_and_ten_cards_match_brute_force(size: int) -> None:
    for hand in _riverside_hands(6, size):
        found = best_arrangement(hand, RIVERSIDE, RIVERSIDE_VALUES)
        assert found.deadwood_value == reference_deadwood(hand, RIVERSIDE, RIVERSIDE_VALUES)


def test_hungarian_two_packs_and_jokers() -> None:
    rng = random.Random(11)
    solver = MeldSolver(HUNGARIAN, HUNGARIAN_VALUES)
    for _ in range(40):
        hand = rng.sample(TWO_PACKS, 15)
        check_arrangement(hand, HUNGARIAN, HUNGARIAN_VALUES, solver.best(hand))
    twin = [card(7, 0)] * 2 + [card(7, 1), card(7, 2)]
    found = solver.best(twin)
    assert found.deadwood == (card(7, 0),)  # never two 7C in one set


def test_three_copies_are_refused() -> None:
    with pytest.raises(ValueError, match="two copies"):
        best_arrangement([0, 0, 0], HUNGARIAN, HUNGARIAN_VALUES)


def test_memos_stay_within_their_bounds_and_answers_stay_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Small bounds, many two-pack hands with and without jokers: every memo is cleared when
    # full, never grows past its bound, and the answers after a clear match a fresh solver's.
    monkeypatch.setattr(search, "PAIR_LIMIT", 64)
    monkeypatch.setattr(general, "OPTIONS_LIMIT", 16)
    monkeypatch.setattr(runs, "MEMO_LIMIT", 256)
    monkeypatch.setattr(runs, "MELDED_LIMIT", 64)
    monkeypatch.setattr(runs, "THROUGH_LIMIT", 32)
    rules = MeldRules(wilds=frozenset({JOKER}), max_wilds=1, run=RunShape(max_len=6))
    solver = MeldSolver(rules, HUNGARIAN_VALUES)
    rng = random.Random(5)
    hands = [rng.sample(TWO_PACKS, 12) for _ in range(300)]
    found = [solver.best(hand) for hand in hands]
    assert max(len(memo) for memo in solver._pairs) <= 64
    assert len(solver._wilds._options) <= 16
    assert len(solver._suits[0].memo) <= 256
    assert len(solver._suits[0]._melded) <= 64
    assert 0 < len(solver._suits[0]._through) <= 32
    fresh = MeldSolver(rules, HUNGARIAN_VALUES)
    assert [fresh.best(hand).deadwood_value for hand in hands[::-1]] == [
        a.deadwood_value for a in found[::-1]
    ]


@settings(max_examples=300, deadline=None)
@given(
    lists=st.lists(
        st.lists(st.sampled_from([runs.NEG, 0, 3, 5, 10, 20]), min_size=1, max_size=4),
        min_size=1,
        max_size=4,
    )
)
def test_merging_for_one_wild_matches_the_general_merge(lists: list[list[int]]) -> None:
    # The one-wild merge of the wild search against ``merge_shares`` folded the same way: the
    # same values and the same back-pointers, ties included (they pick which suit takes it).
    merged: Sequence[int] = lists[0][:2]
    backs = []
    for right in lists[1:]:
        merged, back = merge_shares(merged, right, 1)
        backs.append(back)
    assert merge_one(lists) == (list(merged) + [runs.NEG] * (2 - len(merged)), backs)


@st.composite
def hungarian_hands(draw: st.DrawFn) -> list[int]:
    """Up to 9 cards of two packs and four jokers, from a few neighbouring ranks, with at
    least one joker: second copies, sets and jokers all common."""
    low = draw(st.integers(0, 12))
    ranks = {(low + i) % 13 for i in range(draw(st.sampled_from([3, 4, 5])))}
    # Three jokers in the pool, as one is always dealt.
    pool = [code for code in TWO_PACKS[:-1] if code == JOKER or code % 13 in ranks]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=3, max_size=8, unique=True))
    return [JOKER, *(pool[i] for i in picks)]


@settings(max_examples=80, deadline=None)
@given(hand=hungarian_hands())
def test_hungarian_joker_hands_match_brute_force(hand: list[int]) -> None:
    # The wild search's path for hands whose only wilds are jokers (no designs of suited wilds,
    # one-wild merges, suits without a wild read from the one-pack table) against the reference.
    # A hand without wilds first, so that the one-pack tables are there to be read.
    best_arrangement([0, 1, 2], HUNGARIAN, HUNGARIAN_VALUES)
    found = best_arrangement(hand, HUNGARIAN, HUNGARIAN_VALUES)
    check_arrangement(hand, HUNGARIAN, HUNGARIAN_VALUES, found)
    assert found.deadwood_value == reference_deadwood(hand, HUNGARIAN, HUNGARIAN_VALUES), hand


@settings(max_examples=300, deadline=None)
@given(mask=st.integers(0, 8191), k=st.integers(1, 4), cap=st.sampled_from([1, None]))
def test_a_suit_given_no_wild_walks_as_without_wilds(mask: int, k: int, cap: int | None) -> None:
    # What the wild search's answer relies on for a suit of single copies given no wild: the
    # walk with wilds at hand but none used is the walk of the tables without wilds.
    suit = runs.SuitRuns(run_spans(RunShape()), HUNGARIAN_VALUES[:13], cap)
    walked, dead = suit.walk(mask, 0, k, 0)
    assert all(not filled for _, filled in walked)
    assert suit.natural_walk(mask, 0) == ([span for span, _ in walked], dead)
