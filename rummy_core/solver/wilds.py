"""Where wild cards go once the melds of natural cards are chosen: shares and wild-only melds."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rummy_core.engine.cards import JOKER
from rummy_core.engine.meldrules import MeldRules
from rummy_core.solver.runs import NEG, Span


def wild_meld_sizes(rules: MeldRules, spans: Sequence[Span]) -> tuple[int, ...]:
    """Sizes a meld of wild cards alone may have (none unless any number of wilds is allowed)."""
    if rules.max_wilds is not None:
        return ()
    sizes = {len(span.order) for span in spans}
    if rules.set is not None:
        # Every wild of a set stands for a suit of its own when suits must differ.
        sizes.update(n for n in rules.set.sizes if n <= 4 or not rules.set.distinct_suits)
    return tuple(sorted(sizes))


def wild_parts(sizes: Sequence[int], most: int) -> list[tuple[int, ...]]:
    """For each count up to ``most``: meld sizes that lay the most wilds of that count alone."""
    exact: list[tuple[int, ...] | None] = [()] + [None] * most
    for total in range(1, most + 1):
        for size in sizes:
            prior = exact[total - size] if size <= total else None
            if prior is not None:
                exact[total] = (*prior, size)
                break
    best: list[tuple[int, ...]] = []
    for total in range(most + 1):
        found = exact[total]
        best.append(found if found is not None else best[total - 1])
    return best


def merge_shares(
    left: Sequence[int], right: Sequence[int], room: int
) -> tuple[list[int], list[int]]:
    """Max-plus merge of two by-wild-count value lists, up to ``room`` wilds in all.

    Returns the merged list and, for each total, how many wilds went to ``right``.
    """
    merged = [NEG] * (room + 1)
    back = [0] * (room + 1)
    for i in range(min(room, len(left) - 1) + 1):
        a = left[i]
        if a <= NEG:
            continue
        for j in range(min(room - i, len(right) - 1) + 1):
            b = right[j]
            if b > NEG and a + b > merged[i + j]:
                merged[i + j] = a + b
                back[i + j] = j
    return merged, back


def merge_one(lists: Sequence[Sequence[int]]) -> tuple[list[int], list[list[int]]]:
    """``merge_shares`` folded over ``lists`` with room for one wild: the same merged list and
    back-pointers, merge by merge, without the general loops.

    One wild is the common case of a joker hand; ties go to the later list, as there.
    """
    first = lists[0]
    none = first[0]
    one = first[1] if len(first) > 1 else NEG
    backs: list[list[int]] = []
    for right in lists[1:]:
        b0 = right[0]
        b1 = right[1] if len(right) > 1 else NEG
        # One wild: the later list's first, unless the earlier ones did strictly better.
        merged_one = none + b1 if none > NEG and b1 > NEG else NEG
        back = 1 if merged_one > NEG else 0
        if one > NEG and b0 > NEG and one + b0 > merged_one:
            merged_one = one + b0
            back = 0
        none = none + b0 if none > NEG and b0 > NEG else NEG
        one = merged_one
        backs.append([0, back])
    return [none, one], backs


@lru_cache(maxsize=1 << 12)
def set_reps(rank_index: int, cards: tuple[int, ...], distinct: bool) -> tuple[int, ...]:
    """A set's reps as ``readings`` gives them with nothing declared.

    Any suited card of the set's rank is natural there, wild or not; the other wilds stand for
    the missing suits in suit order when they cover them all, else for the rank alone. The same
    few sets come back hand after hand, so answers are cached (a bounded cache).
    """
    natural = [code != JOKER and code % 13 == rank_index for code in cards]
    reps = [code if nat else -(rank_index + 1) for code, nat in zip(cards, natural, strict=True)]
    if distinct:
        held = {code // 13 for code, nat in zip(cards, natural, strict=True) if nat}
        missing = [suit * 13 + rank_index for suit in range(4) if suit not in held]
        open_wilds = [i for i, nat in enumerate(natural) if not nat]
        if len(open_wilds) == len(missing):
            for i, rep in zip(open_wilds, missing, strict=True):
                reps[i] = rep
    return tuple(reps)


def wild_meld(cards: Sequence[int], spans: Sequence[Span], distinct: bool) -> tuple[int, ...]:
    """Declared reps for a meld of wild cards alone: a run if one fits, else a set.

    The run keeps the first wild natural when its place allows; the set takes a rank none of the
    wilds has, so that no wild reads as natural there.
    """
    size = len(cards)
    first = cards[0]
    suit = 0 if first == JOKER else first // 13
    fitting = [span for span in spans if len(span.order) == size]
    if fitting:
        own = [span for span in fitting if first != JOKER and span.order[0] == first % 13]
        span = (own or fitting)[0]
        return tuple(suit * 13 + rank for rank in span.order)
    ranks = {code % 13 for code in cards if code != JOKER}
    rank_index = min(set(range(13)) - ranks)
    if distinct:
        return tuple(suit * 13 + rank_index for suit in range(size))
    return (-(rank_index + 1),) * size
