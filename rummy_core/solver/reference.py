"""A slow, obviously exact reference: every partition of a small hand, melds judged by ``readings``.

For tests only: it tries every subset of the hand as a meld, in every order a run could take,
and keeps the partition with the least deadwood value. Fine up to about ten cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import permutations

from rummy_core.engine.cards import JOKER, rank_of, suit_of
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.melds import readings


def _interleavings(base: Sequence[int], extra: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to place the ``extra`` cards among ``base``, keeping ``base``'s order."""
    total = len(base) + len(extra)
    for placed in set(permutations(list(extra) + [-1] * len(base))):
        if len(placed) != total:
            continue
        rest = iter(base)
        yield tuple(next(rest) if code == -1 else code for code in placed)


def _run_orders(naturals: Sequence[int], rules: MeldRules) -> list[tuple[int, ...]]:
    """Orders in which natural cards of one suit might sit in a run."""
    low = sorted(naturals, key=rank_of)
    high = sorted(naturals, key=lambda code: 14 if rank_of(code) == 1 else rank_of(code))
    orders = {tuple(low), tuple(high)}
    if rules.run is not None and rules.run.wrap:
        orders.update(tuple(low[i:] + low[:i]) for i in range(len(low)))
    return sorted(orders)


def is_meld(cards: Sequence[int], rules: MeldRules) -> bool:
    """Whether some order of ``cards`` (with declarations for wilds alone) reads as a meld."""
    cards = sorted(cards)
    wild = [code for code in cards if code in rules.wilds]
    natural = [code for code in cards if code not in rules.wilds]
    if JOKER in natural:
        return False
    blank: list[int | None] = [None] * len(cards)
    same_rank = len({rank_of(code) for code in natural}) <= 1
    if rules.set is not None and same_rank and readings(cards, blank, rules):
        return True
    if rules.run is None:
        return False
    if not natural:
        # Wilds alone: try declaring them as every run of their length in one suit.
        for start in range(1, 15):
            declared: list[int | None] = [(start - 1 + i) % 13 for i in range(len(cards))]
            if readings(cards, declared, rules):
                return True
        return False
    if len({suit_of(code) for code in natural}) != 1:
        return False
    for order in _run_orders(natural, rules):
        for ordered in _interleavings(order, wild):
            if readings(ordered, blank, rules):
                return True
    return False


def reference_deadwood(hand: Sequence[int], rules: MeldRules, values: Sequence[int]) -> int:
    """The least deadwood value over every partition of ``hand`` into melds and deadwood."""
    cards = sorted(hand)
    n = len(cards)
    melds: list[int] = []
    seen: dict[tuple[int, ...], bool] = {}
    for mask in range(1, 1 << n):
        if mask.bit_count() < 3:
            continue
        chosen = tuple(cards[i] for i in range(n) if mask >> i & 1)
        if chosen not in seen:
            seen[chosen] = is_meld(chosen, rules)
        if seen[chosen]:
            melds.append(mask)

    @cache
    def best(left: int) -> int:
        if not left:
            return 0
        low = left & -left
        i = low.bit_length() - 1
        found = values[cards[i]] + best(left ^ low)
        for meld in melds:
            if meld & low and meld & left == meld:
                found = min(found, best(left ^ meld))
        return found

    return best((1 << n) - 1)
