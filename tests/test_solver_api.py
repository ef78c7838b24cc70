"""The solver's other questions: openings (Hungarian's 51), going out, full melds, sharing."""

from __future__ import annotations

import random
from collections import Counter

from rummy_core.engine.cards import JOKER, card, parse_cards
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.melds import RUN, SET, readings
from rummy_core.solver import (
    best_arrangement,
    best_with_layoffs,
    candidate_melds,
    going_out,
    is_full_meld,
    opening_cards,
    openings,
    solver_for,
)

HUNGARIAN = MeldRules(wilds=frozenset({JOKER}), max_wilds=1)  # ruling H3
HUNGARIAN_VALUES = tuple([10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10][c % 13] for c in range(52))
HUNGARIAN_VALUES += (20,)
CLASSIC = MeldRules()
CLASSIC_VALUES = tuple([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10][c % 13] for c in range(52))
CLASSIC_VALUES += (0,)


def hungarian_points(rep: int) -> int:
    """Opening points of a stand-in: ace and pictures 10, others their pips (ruling H1)."""
    rank = -rep if rep < 0 else rep % 13 + 1
    return 10 if rank in (1, 11, 12, 13) else rank


def test_openings_reach_the_minimum_with_disjoint_melds_from_the_hand() -> None:
    hand = parse_cards("AS KS QS JS 10S 7H 7D 7C JK 3C 4C 5C 9D 9D 2H")
    found = openings(hand, HUNGARIAN, hungarian_points, 51)
    assert found
    assert len({opening.melds for opening in found}) == len(found)
    for opening in found:
        assert opening.points >= 51
        assert not Counter(opening_cards(opening)) - Counter(hand)
        points = 0
        for cards, reps in opening.melds:
            assert readings(
                cards, [r if r != c else None for c, r in zip(cards, reps, strict=True)], HUNGARIAN
            )
            points += sum(hungarian_points(rep) for rep in reps)
        assert points == opening.points
    assert [o.points for o in found] == sorted((o.points for o in found), reverse=True)
    # The most: 3C-4C-5C, the three 7s, 10S-JS-QS and the joker as QS before KS-AS.
    assert found[0].points == 93


def test_no_opening_below_the_minimum() -> None:
    hand = parse_cards("3C 4C 5C 9D 9D 2H KH")
    assert openings(hand, HUNGARIAN, hungarian_points, 51) == []
    assert [o.points for o in openings(hand, HUNGARIAN, hungarian_points, 12)] == [12]


def test_openings_are_capped() -> None:
    hand = parse_cards("AS KS QS JS 10S 9S 8S 7S 6S 5S JK JK")
    assert len(openings(hand, HUNGARIAN, hungarian_points, 51, limit=25)) == 25


def test_candidate_melds_read_as_melds() -> None:
    rng = random.Random(3)
    deck = list(range(52)) * 2 + [JOKER] * 4
    for _ in range(20):
        hand = rng.sample(deck, 15)
        for cards, reps in candidate_melds(hand, HUNGARIAN):
            declared = [r if r != c else None for c, r in zip(cards, reps, strict=True)]
            assert any(reading.reps == reps for reading in readings(cards, declared, HUNGARIAN))


def test_going_out_keeps_one_card_to_discard() -> None:
    hand = parse_cards("AC 2C 3C 5D 5H 5S 9H")
    found = going_out(hand, CLASSIC, CLASSIC_VALUES, 1)
    assert [arrangement.deadwood for arrangement in found] == [(card(9, 2),)]
    assert going_out(hand, CLASSIC, CLASSIC_VALUES, 0) == []
    full = parse_cards("AC 2C 3C 5D 5H 5S")
    assert going_out(full, CLASSIC, CLASSIC_VALUES, 0) == [
        best_arrangement(full, CLASSIC, CLASSIC_VALUES)
    ]


def test_going_out_lists_every_discard_that_works_least_value_first() -> None:
    hand = parse_cards("4C 5C 6C 7C 8C 8D 8H")
    found = going_out(hand, CLASSIC, CLASSIC_VALUES, 1)
    # Keep the 4 (5C-6C-7C and the 8s) or the 7 (4C-5C-6C and the 8s), never the 8C.
    assert [arrangement.deadwood for arrangement in found] == [(card(4, 0),), (card(7, 0),)]
    assert [arrangement.deadwood_value for arrangement in found] == [4, 7]


def test_is_full_meld() -> None:
    assert is_full_meld(parse_cards("AC 2C 3C 5D 5H 5S"), CLASSIC)
    assert not is_full_meld(parse_cards("AC 2C 3C 5D 5H 9S"), CLASSIC)
    assert is_full_meld([], CLASSIC)
    assert not is_full_meld([JOKER, JOKER, JOKER], CLASSIC)  # jokers are not wild here


def test_solvers_are_shared() -> None:
    assert solver_for(CLASSIC, CLASSIC_VALUES) is solver_for(MeldRules(), list(CLASSIC_VALUES))


def test_lay_offs_chain_onto_a_run() -> None:
    table = [(RUN, parse_cards("5H 6H 7H"), parse_cards("5H 6H 7H"))]
    plan = best_with_layoffs(parse_cards("8H 9H 3C"), CLASSIC, CLASSIC_VALUES, table)
    assert [step.card for step in plan.lay_offs] == parse_cards("8H 9H")
    assert plan.lay_offs[-1].cards == tuple(parse_cards("5H 6H 7H 8H 9H"))
    assert plan.arrangement.deadwood == (card(3, 0),)
    assert plan.deadwood_value == 3


def test_lay_offs_keep_what_the_wilds_stood_for() -> None:
    table = [
        (RUN, parse_cards("5H 6H 7H"), parse_cards("5H 6H 7H")),
        (SET, (card(7, 0), card(7, 1), JOKER), (card(7, 0), card(7, 1), -7)),
    ]
    hand = [JOKER, card(7, 2), card(9, 3)]
    plan = best_with_layoffs(hand, HUNGARIAN, HUNGARIAN_VALUES, table)
    assert plan.arrangement.deadwood == (card(9, 3),)
    for step in plan.lay_offs:
        kind = table[step.meld][0]
        assert any(
            r.kind == kind and r.reps == step.reps
            for r in readings(step.cards, step.reps, HUNGARIAN)
        )
    set_steps = [step for step in plan.lay_offs if step.meld == 1]
    # The 7H fills the set; the joker, no longer needed as a heart, now stands for the 7S.
    assert set_steps[-1].reps == (card(7, 0), card(7, 1), card(7, 3), card(7, 2))


def test_lay_offs_never_do_worse_than_melding_alone() -> None:
    rng = random.Random(5)
    table = [
        (RUN, parse_cards("3D 4D 5D"), parse_cards("3D 4D 5D")),
        (SET, parse_cards("QC QD QH"), parse_cards("QC QD QH")),
    ]
    deck = [code for code in range(52) if code not in {card(3, 1), card(4, 1), card(5, 1)}]
    for _ in range(30):
        hand = rng.sample(deck, 8)
        alone = best_arrangement(hand, CLASSIC, CLASSIC_VALUES)
        plan = best_with_layoffs(hand, CLASSIC, CLASSIC_VALUES, table)
        assert plan.deadwood_value <= alone.deadwood_value
        assert best_with_layoffs(hand, CLASSIC, CLASSIC_VALUES, []).arrangement == alone
