"""Openings: lay-downs of one or more melds that together reach a points minimum."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement, permutations, product

from rummy_core.engine.cards import JOKER
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.melds import readings
from rummy_core.solver.arrangement import Meld
from rummy_core.solver.runs import run_spans
from rummy_core.solver.sets import set_options
from rummy_core.solver.wilds import set_reps

OPENINGS_LIMIT = 2000
"""Default cap on the openings returned: the search stops once it has found this many."""


@dataclass(frozen=True, slots=True)
class Opening:
    """One lay-down: its melds (cards in meld order, reps) and the points they are worth."""

    melds: tuple[Meld, ...]
    points: int


def _reads_as(meld: Meld, rules: MeldRules) -> bool:
    cards, reps = meld
    found = readings(cards, [None] * len(cards), rules)
    if not any(reading.reps == reps for reading in found):
        declared = [rep if rep != code else None for code, rep in zip(cards, reps, strict=True)]
        found = readings(cards, declared, rules)
    return any(reading.reps == reps for reading in found)


def _wild_fills(wilds: Counter[int], slots: int) -> Iterator[tuple[int, ...]]:
    """Distinct ways to fill ``slots`` ordered places from the wild cards held."""
    seen: set[tuple[int, ...]] = set()
    for chosen in combinations_with_replacement(sorted(wilds), slots):
        if any(chosen.count(code) > wilds[code] for code in set(chosen)):
            continue
        for order in permutations(chosen):
            if order not in seen:
                seen.add(order)
                yield order


def _run_melds(held: Counter[int], wilds: Counter[int], rules: MeldRules) -> Iterator[Meld]:
    assert rules.run is not None
    cap = sum(wilds.values()) if rules.max_wilds is None else rules.max_wilds
    for span in run_spans(rules.run):
        for suit in range(4):
            reps = tuple(suit * 13 + rank for rank in span.order)
            present = [i for i, code in enumerate(reps) if held[code]]
            missing = len(reps) - len(present)
            if not present or missing > cap:
                continue
            # With a wild limit, a wild may also stand in for a card held, keeping it free.
            spare = 0 if rules.max_wilds is None else cap - missing
            for extra in range(min(spare, len(present) - 1) + 1):
                for switched in set(product(present, repeat=extra)):
                    if len(set(switched)) != extra:
                        continue
                    slots = [i for i in range(len(reps)) if i not in present or i in switched]
                    for fill in _wild_fills(wilds, len(slots)):
                        cards = list(reps)
                        for i, code in zip(slots, fill, strict=True):
                            cards[i] = code
                        yield tuple(cards), reps


def _set_melds(held: Counter[int], wilds: Counter[int], rules: MeldRules) -> Iterator[Meld]:
    shape = rules.set
    assert shape is not None
    distinct = shape.distinct_suits
    for rank in range(13):
        counts = (held[rank], held[13 + rank], held[26 + rank], held[39 + rank])
        # A suited wild of the set's own rank reads as natural there, never as a wild.
        others = Counter(
            {code: n for code, n in wilds.items() if code % 13 != rank or code == JOKER}
        )
        budget = sum(others.values())
        for option in set_options(counts, shape, rules.max_wilds, budget):
            if len(option.picks) != 1:
                continue
            suits, count = option.picks[0]
            naturals = tuple(suit * 13 + rank for suit in suits)
            for fill in set(_wild_fills(others, count)):
                cards = naturals + tuple(sorted(fill))
                yield cards, set_reps(rank, cards, distinct)


def candidate_melds(hand: Sequence[int], rules: MeldRules) -> list[Meld]:
    """Every distinct meld that can be made from cards of ``hand``, sorted.

    Wild cards fill the places no held card fills; with a finite wild limit they may also stand
    in for held cards. Melds of wild cards alone are left out: they need a declaration.
    """
    wilds = Counter(code for code in hand if code in rules.wilds)
    # Suited wild cards are also natural in their own place, so they count as held too.
    held = Counter(code for code in hand if code != JOKER)
    found: set[Meld] = set()
    if rules.run is not None:
        found.update(_run_melds(held, wilds, rules))
    if rules.set is not None:
        found.update(_set_melds(held, wilds, rules))
    hand_count = Counter(hand)
    return sorted(
        meld for meld in found if not Counter(meld[0]) - hand_count and _reads_as(meld, rules)
    )


def openings(
    hand: Sequence[int],
    rules: MeldRules,
    point_of: Callable[[int], int],
    minimum: int,
    limit: int = OPENINGS_LIMIT,
) -> list[Opening]:
    """Every distinct lay-down of one or more disjoint melds from ``hand`` worth ``minimum``+.

    A meld is worth ``sum(point_of(rep) for rep in reps)``; ``point_of`` gets reps as
    ``melds.readings`` gives them, so a rank-only stand-in comes as ``-rank``. Lay-downs that hold
    the same melds are one. At most ``limit`` are returned (the search stops there), most points
    first, then fewest cards.
    """
    candidates = candidate_melds(hand, rules)
    points = [sum(point_of(rep) for rep in reps) for _, reps in candidates]
    needs = [Counter(cards) for cards, _ in candidates]
    left = Counter(hand)
    found: list[Opening] = []
    chosen: list[int] = []

    def extend(start: int, total: int) -> None:
        for index in range(start, len(candidates)):
            if len(found) >= limit:
                return
            need = needs[index]
            if any(left[code] < n for code, n in need.items()):
                continue
            left.subtract(need)
            chosen.append(index)
            if total + points[index] >= minimum:
                melds = tuple(candidates[i] for i in chosen)
                found.append(Opening(melds, total + points[index]))
            extend(index, total + points[index])
            chosen.pop()
            left.update(need)

    extend(0, 0)
    found.sort(key=lambda opening: (-opening.points, len(opening_cards(opening)), opening.melds))
    return found


def opening_cards(opening: Opening) -> tuple[int, ...]:
    """Every card an opening puts on the table."""
    return tuple(code for cards, _ in opening.melds for code in cards)
