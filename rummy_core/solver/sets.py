"""Sets within one rank: the ways to lay sets from the copies of one rank a hand holds."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from rummy_core.engine.meldrules import SetShape

SetPick = tuple[tuple[int, ...], int]
"""One set: the suits of its natural cards (ascending) and how many wild cards fill it."""


@dataclass(frozen=True, slots=True)
class SetOption:
    """One or more disjoint sets of one rank."""

    picks: tuple[SetPick, ...]
    wilds: int
    used: tuple[int, int, int, int]
    """Natural cards taken, suit by suit."""


def ranks_held(a: int, b: int, c: int, d: int, least: int) -> int:
    """Rank bits held in at least ``least`` of the four suit masks ``a`` to ``d``."""
    if least == 3:
        return (a & b & (c | d)) | (c & d & (a | b))
    if least == 4:
        return a & b & c & d
    if least > 4:
        return 0
    if least == 2:
        return (a & (b | c | d)) | (b & (c | d)) | (c & d)
    return a | b | c | d


def _single_sets(
    counts: tuple[int, int, int, int], shape: SetShape, max_wilds: int | None, budget: int
) -> list[SetPick]:
    cap = budget if max_wilds is None else min(budget, max_wilds)
    largest = max(shape.sizes)
    naturals: set[tuple[int, ...]] = set()
    if shape.distinct_suits:
        held = [suit for suit in range(4) if counts[suit]]
        for bits in range(1, 1 << len(held)):
            naturals.add(tuple(suit for i, suit in enumerate(held) if bits >> i & 1))
    else:
        for taken in product(*(range(min(n, largest) + 1) for n in counts)):
            if 0 < sum(taken) <= largest:
                naturals.add(tuple(suit for suit in range(4) for _ in range(taken[suit])))
    picks: list[SetPick] = []
    for suits in naturals:
        # With distinct suits each wild stands for a missing suit, so at most 4 cards in all.
        room = 4 - len(suits) if shape.distinct_suits else cap
        for wilds in range(min(cap, room) + 1):
            if len(suits) + wilds in shape.sizes:
                picks.append((suits, wilds))
    # Fuller sets first, so that among equal answers the one with fewer wild cards comes first.
    picks.sort(key=lambda pick: (-len(pick[0]), pick[1], pick[0]))
    return picks


def _leaves_natural_out(
    counts: tuple[int, int, int, int], shape: SetShape, option: SetOption
) -> bool:
    """Whether a set of ``option`` holds a wild where a natural card left over could go."""
    spare = [counts[suit] - option.used[suit] for suit in range(4)]
    for suits, wilds in option.picks:
        if wilds and any(
            spare[suit] and not (shape.distinct_suits and suit in suits) for suit in range(4)
        ):
            return True
    return False


@lru_cache(maxsize=1 << 12)
def set_options(
    counts: tuple[int, int, int, int], shape: SetShape, max_wilds: int | None, budget: int
) -> tuple[SetOption, ...]:
    """Every choice of one or more disjoint sets from ``counts`` copies per suit of one rank.

    At most ``budget`` wild cards in all and ``max_wilds`` per set. Sets of wild cards alone are
    not included: the solver lays those separately.

    With no limit on wilds, a set never holds a wild while a natural card of a suit it lacks is
    left over: put in the set, that card frees the wild, which can take its place in whatever
    run it was in. When the card would be deadwood instead, the solver gets the same answer by
    trading spare wilds for sets' natural cards (``swap``), so those choices are left out here.

    The answer does not depend on the rank, so the 81 patterns of copies (times the wild
    budgets and shapes in use) are worked out once each and shared by all ranks and solvers;
    the cache is bounded all the same.
    """
    singles = _single_sets(counts, shape, max_wilds, budget)
    options: list[SetOption] = []

    def extend(start: int, picks: tuple[SetPick, ...], wilds: int, used: list[int]) -> None:
        for index in range(start, len(singles)):
            suits, extra = singles[index]
            if wilds + extra > budget:
                continue
            taken = list(used)
            for suit in suits:
                taken[suit] += 1
            if any(taken[suit] > counts[suit] for suit in range(4)):
                continue
            chosen = (*picks, singles[index])
            option = SetOption(chosen, wilds + extra, (taken[0], taken[1], taken[2], taken[3]))
            if max_wilds is not None or not _leaves_natural_out(counts, shape, option):
                options.append(option)
            extend(index, chosen, wilds + extra, taken)

    extend(0, (), 0, [0, 0, 0, 0])
    return tuple(options)
