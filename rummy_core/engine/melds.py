"""Reading cards as a meld: which kind it is and what each wild card stands for.

A meld's cards are given in order; in a run a wild's place fixes the card it stands for (ruling
R7). A player may declare what a wild stands for: a full card (``2C=5S``) or, in a set, a rank
only (``2C=7``). Stand-ins are held as ``reps``, one per card: the card code it stands for (a card
stands for itself when it is not used as a wild), or ``-rank`` for "some card of this rank"
(a wild in a set whose missing suits are not yet known).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from rummy_core.engine.cards import ACE, JOKER, card, rank_of, suit_of
from rummy_core.engine.meldrules import MeldRules

# ``Final``: the compiled build reads the value itself, not the module's globals
# (docs/performance.md).
RUN: Final = "run"
SET: Final = "set"


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read cards as a meld: its kind and what each card stands for."""

    kind: str
    reps: tuple[int, ...]


def rep_rank(rep: int) -> int:
    """The rank a stand-in names, whether it names a full card or a rank only."""
    return -rep if rep < 0 else rank_of(rep)


def wild_count(cards: Sequence[int], reps: Sequence[int]) -> int:
    """How many cards of a meld are used as wilds (standing for something other than themselves)."""
    return sum(1 for c, r in zip(cards, reps, strict=True) if c != r)


READINGS_LIMIT = 1 << 12
"""Readings each rules' memo holds before it is cleared (bounded by size, not by luck). A game's
working set is the melds of one hand, so a small memo misses little; a bound of 16,384 took
Riverside greedy games 10,000 hands to fill, the resident size growing all the while."""
_memos: dict[MeldRules, dict[tuple[tuple[int, ...], tuple[int | None, ...]], list[Reading]]] = {}
_last: list[Any] = [None, None]
"""The rules last asked about and their memo, found again without hashing the rules."""


def readings(
    cards: Sequence[int], declared: Sequence[int | None], rules: MeldRules
) -> list[Reading]:
    """Every way to read ``cards`` (in the order given) as one meld under ``rules``.

    ``declared`` has one entry per card: ``None``, or what the player says that wild stands for.
    Returns no reading when the cards are no meld, more than one when the player must declare.
    Memoised (the engine, the move generator and the bots read the same melds over and over);
    each call gets a list of its own.
    """
    if rules is _last[0]:
        memo = _last[1]
    else:
        memo = _memos.get(rules)
        if memo is None:
            if len(_memos) >= 64:  # games of many rulesets in one process: bounded all the same
                _memos.clear()
            memo = _memos[rules] = {}
        _last[:] = [rules, memo]
    key = (tuple(cards), tuple(declared))
    found = memo.get(key)
    if found is None:
        if len(memo) >= READINGS_LIMIT:
            memo.clear()
        found = memo[key] = _read(key[0], key[1], rules)
    return list(found)


def _read(
    cards: tuple[int, ...], declared: tuple[int | None, ...], rules: MeldRules
) -> list[Reading]:
    if JOKER in cards and JOKER not in rules.wilds:
        # A joker is only ever a wild card; where jokers are not wild it fits no meld.
        return []
    found: list[Reading] = []
    if rules.run is not None:
        found.extend(_run_readings(cards, declared, rules))
    if rules.set is not None:
        found.extend(_set_readings(cards, declared, rules))
    unique: dict[tuple[str, tuple[int, ...]], Reading] = {}
    for reading in found:
        unique.setdefault((reading.kind, reading.reps), reading)
    return list(unique.values())


def read_meld(
    cards: Sequence[int], declared: Sequence[int | None], rules: MeldRules
) -> list[tuple[tuple[int, ...], Reading]]:
    """Every way to read ``cards`` as one meld, each with the cards in meld order (ruling A4).

    The order given is read first. Where every card's stand-in is known (no wilds, or each wild
    declared as a card) the cards are also read in any order: ``7H 6H 5H`` is the run 5H 6H 7H.
    With undeclared wilds the order says what each stands for, low to high or high to low:
    ``9S 2C 7S`` is 7S 2C=8S 9S. Readings that name the same cards are one meld (a run round the
    corner read from another start, or ``2C 5S 2D`` read either way); more than one meld left
    means the player must declare.
    """
    given = tuple(cards)
    stated = tuple(declared)
    if rules is _last_meld[0]:
        memo = _last_meld[1]
    else:
        memo = _meld_memos.get(rules)
        if memo is None:
            if len(_meld_memos) >= 64:  # many rulesets in one process: bounded all the same
                _meld_memos.clear()
            memo = _meld_memos[rules] = {}
        _last_meld[:] = [rules, memo]
    key = (given, stated)
    known_melds = memo.get(key)
    if known_melds is None:
        if len(memo) >= READINGS_LIMIT:
            memo.clear()
        known_melds = memo[key] = _read_meld(given, stated, rules)
    return list(known_melds)


_meld_memos: dict[
    MeldRules,
    dict[tuple[tuple[int, ...], tuple[int | None, ...]], list[tuple[tuple[int, ...], Reading]]],
] = {}
"""``read_meld``'s answers by the rules and the cards: the move generator, the engine and the bots
read the same candidate melds state after state (bounded as the readings' memo is)."""
_last_meld: list[Any] = [None, None]
"""The rules ``read_meld`` was last asked about and their memo, found again without hashing the
rules (a ``MeldRules`` hashes its fields through three Python calls: gin's knock check reads
every meld of a lay-down the bots read, some 25 a hand)."""


def _read_meld(
    given: tuple[int, ...], stated: tuple[int | None, ...], rules: MeldRules
) -> list[tuple[tuple[int, ...], Reading]]:
    found = [(given, r) for r in readings(given, stated, rules)]
    known = _stand_ins(given, stated, rules)
    if found and known is not None:
        return found
    seen = {_named(reading) for _, reading in found}
    for order, order_declared in _other_orders(given, stated, known):
        for reading in readings(order, order_declared, rules):
            named = _named(reading)
            if named not in seen:
                seen.add(named)
                found.append((order, reading))
    return found


def other_orders(
    cards: Sequence[int], declared: Sequence[int | None], rules: MeldRules
) -> list[tuple[tuple[int, ...], tuple[int | None, ...]]]:
    """The orders besides the one given in which ``cards`` may be read (ruling A4), each with
    its declarations: by rank where every stand-in is known, else reversed."""
    if len(cards) < 2:
        # One card has one order (most lay-offs: the move generator offers one card at a time).
        return []
    given = tuple(cards)
    stated = tuple(declared)
    return _other_orders(given, stated, _stand_ins(given, stated, rules))


def _other_orders(
    cards: tuple[int, ...], declared: tuple[int | None, ...], known: list[int] | None
) -> list[tuple[tuple[int, ...], tuple[int | None, ...]]]:
    if known is None:
        back = (cards[::-1], declared[::-1])
        return [back] if back != (cards, declared) else []
    ranked = sorted(
        zip(cards, declared, known, strict=True), key=lambda t: (rank_of(t[2]), suit_of(t[2]))
    )
    orders = []
    for i in range(len(ranked)):
        turned = ranked[i:] + ranked[:i]
        order = (tuple(t[0] for t in turned), tuple(t[1] for t in turned))
        if order != (cards, declared) and order not in orders:
            orders.append(order)
    return orders


def _stand_ins(
    cards: Sequence[int], declared: Sequence[int | None], rules: MeldRules
) -> list[int] | None:
    """The card each card stands for, or None when an undeclared wild (or a wild declared by
    rank only) leaves its place to say it."""
    known = []
    for c, d in zip(cards, declared, strict=True):
        if d is not None:
            if d < 0:
                return None
            known.append(d)
        elif c in rules.wilds or c == JOKER:
            return None
        else:
            known.append(c)
    return known


def _named(reading: Reading) -> tuple[str, tuple[int, ...]]:
    """A reading by the cards it names, whatever the order or which wild stands where."""
    return (reading.kind, tuple(sorted(reading.reps)))


def reads_alone(cards: Sequence[int], reps: Sequence[int], rules: MeldRules) -> bool:
    """Whether ``cards``, nothing declared, read as ``reps`` in the order given and no other way
    (ruling A4): a lay-down may then leave its wilds undeclared."""
    found = read_meld(cards, (None,) * len(cards), rules)
    return len(found) == 1 and found[0][0] == tuple(cards) and found[0][1].reps == tuple(reps)


def needs_declaration(
    cards: Sequence[int], declared: Sequence[int | None], rules: MeldRules
) -> bool:
    """Whether the cards could only be a meld once the player says what the wilds stand for.

    True when there are several readings, or none while every card is an undeclared wild.
    """
    found = readings(cards, declared, rules)
    if len(found) > 1:
        return True
    undeclared_wilds = all(
        (c in rules.wilds or c == JOKER) and d is None for c, d in zip(cards, declared, strict=True)
    )
    return not found and undeclared_wilds and rules.max_wilds is None and len(cards) >= 3


def _wilds_ok(cards: Sequence[int], reps: Sequence[int], rules: MeldRules) -> bool:
    used = wild_count(cards, reps)
    if used == len(cards) and not _all_natural(cards, reps):
        # A meld of wilds only is allowed exactly when any number of wilds is.
        return rules.max_wilds is None
    return rules.max_wilds is None or used <= rules.max_wilds


def _all_natural(cards: Sequence[int], reps: Sequence[int]) -> bool:
    return all(c == r for c, r in zip(cards, reps, strict=True))


def _run_readings(
    cards: Sequence[int], declared: Sequence[int | None], rules: MeldRules
) -> list[Reading]:
    shape = rules.run
    assert shape is not None
    n = len(cards)
    if not shape.min_len <= n <= shape.max_len or JOKER in (d for d in declared):
        return []
    # Anchors fix the run's suit and the rank of its first card: a non-wild card, or a declaration.
    anchors: list[tuple[int, int]] = []
    for i, (c, d) in enumerate(zip(cards, declared, strict=True)):
        if d is not None and d >= 0:
            anchors.append((i, d))
        elif c not in rules.wilds and c != JOKER:
            anchors.append((i, c))
    if not anchors:
        # Wilds only and undeclared: their places cannot say which run is meant.
        return []
    pos, anchor = anchors[0]
    suit = suit_of(anchor)
    starts = {rank_of(anchor) - pos}
    if rank_of(anchor) == ACE:
        starts.add(14 - pos)
    result = []
    for start in sorted(starts):
        reps = _run_reps(start, n, suit, shape.wrap, shape.ace_low, shape.ace_high)
        if reps is None:
            continue
        if not _run_fits(cards, declared, reps, rules):
            continue
        if _wilds_ok(cards, reps, rules):
            result.append(Reading(RUN, tuple(reps)))
    return result


def _run_reps(
    start: int, n: int, suit: int, wrap: bool, ace_low: bool, ace_high: bool
) -> list[int] | None:
    """The cards of the run of ``n`` in ``suit`` whose first card has ordinal ``start``.

    Ordinals run 1 (ace low) .. 13 (king) .. 14 (ace high); with ``wrap`` they are taken mod 13.
    """
    if wrap:
        return [card((start - 1 + i) % 13 + 1, suit) for i in range(n)]
    end = start + n - 1
    if start < 1 or end > 14 or (start == 1 and not ace_low) or (end == 14 and not ace_high):
        return None
    return [card((start - 1 + i) % 13 + 1, suit) for i in range(n)]


def _run_fits(
    cards: Sequence[int], declared: Sequence[int | None], reps: Sequence[int], rules: MeldRules
) -> bool:
    for c, d, r in zip(cards, declared, reps, strict=True):
        if d is not None and (d != r if d >= 0 else -d != rank_of(r)):
            return False
        if c != r and c not in rules.wilds:
            return False
    return True


def _set_readings(
    cards: Sequence[int], declared: Sequence[int | None], rules: MeldRules
) -> list[Reading]:
    shape = rules.set
    assert shape is not None
    n = len(cards)
    if n not in shape.sizes:
        return []
    ranks = {rank_of(c) for c in cards if c not in rules.wilds and c != JOKER}
    ranks |= {rep_rank(d) for d in declared if d is not None}
    if not ranks:
        # Wild cards only: a set of their own rank if they share one (the four 2s), else unknown.
        ranks = {rank_of(c) for c in cards if c != JOKER}
    if len(ranks) != 1:
        return []
    rank = ranks.pop()
    reps: list[int] = []
    for c, d in zip(cards, declared, strict=True):
        natural = c != JOKER and rank_of(c) == rank
        if d is not None:
            if rep_rank(d) != rank or (natural and d >= 0 and d != c):
                return []
            reps.append(c if natural else d)
        else:
            reps.append(c if natural else -rank)
    if any(r >= 0 and rank_of(r) != rank for r in reps):
        return []
    if shape.distinct_suits:
        suits = [suit_of(r) for r in reps if r >= 0]
        if len(suits) != len(set(suits)):
            return []
        missing = [card(rank, s) for s in range(4) if s not in suits]
        open_wilds = [i for i, r in enumerate(reps) if r < 0]
        if len(open_wilds) > len(missing):
            return []
        if len(open_wilds) == len(missing):
            # Every missing suit is covered: each wild stands for one of them, in suit order.
            for i, m in zip(open_wilds, missing, strict=True):
                reps[i] = m
    if not _wilds_ok(cards, reps, rules):
        return []
    return [Reading(SET, tuple(reps))]
