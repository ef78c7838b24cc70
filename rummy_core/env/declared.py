"""Lay-downs whose wilds the player declares: the melds ``legal_actions`` leaves out.

``rummy_core.engine.moves.legal_actions`` offers the melds whose wilds read one way only (ruling
A4). A meld that reads several ways, or is made of wilds alone (Riverside's 2C 2D 2H, ruling R7),
needs the player to say what each wild stands for. The environments give those lay-downs ids
too: each is a meld of natural cards the rules allow (a *target*) with the cards the seat does
not hold stood in for by its wilds, each wild declared as the card it replaces, and confirmed by
the engine (``Game.is_legal``). The wilds fill the missing places in ascending card code: which
of two wilds stands where changes nothing but which one a swap gives back, and the count of
ids stays small (``declared_bound``).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

import numpy as np

from rummy_core.engine.actions import MeldDown, NewMeld
from rummy_core.engine.cards import CARD_CODES, JOKER, rank_of, suit_of
from rummy_core.engine.game import Game
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.melds import read_meld
from rummy_core.engine.moves import meld_candidates
from rummy_core.engine.state import PLAY

Target = tuple[int, ...]


def natural_melds(hooks: Hooks) -> tuple[Target, ...]:
    """Every meld of natural cards the rules allow (the meld generator's own, from a hand of the
    whole deck with nothing wild), numbered as OpenSpiel's gin rummy numbers its meld actions:
    sets by rank and size, then runs by length, suit and lowest rank."""
    rules = dataclasses.replace(hooks.meld_rules, wilds=frozenset())
    deck = sorted({c for c in hooks.deck if c != JOKER})

    def order(cards: Target) -> tuple[int, ...]:
        if len({rank_of(c) for c in cards}) == 1:
            return (0, rank_of(cards[0]), len(cards), *cards)
        return (1, len(cards), suit_of(cards[0]), rank_of(cards[0]))

    return tuple(sorted((m.cards for m in meld_candidates(deck, rules)), key=order))


def declared_bound(hooks: Hooks, found: Sequence[Target]) -> int:
    """The most declared lay-downs of one set of cards (0 without wilds): with a natural among
    them, one per target of that length holding it (at most one per place of a run, and three
    sets); made of wilds alone, one per target of that length."""
    rules = hooks.meld_rules
    wilds = sum(1 for c in hooks.deck if c in rules.wilds or c == JOKER)
    budget = wilds if rules.max_wilds is None else min(rules.max_wilds, wilds)
    if not budget:
        return 0
    lengths = Counter(len(t) for t in found)
    with_natural = (rules.run.max_len if rules.run is not None else 0) + 3
    alone = max((n for length, n in lengths.items() if length <= budget), default=0)
    return max(with_natural, alone)


class Targets:
    """The targets of declared lay-downs (``natural_melds``) with a matrix of which cards each
    holds, so that the few a hand lacks only a wild or two of are found by one product, not a
    walk through every target's cards (Riverside has 585 targets, a hand a handful of them)."""

    __slots__ = ("cards", "melds")

    def __init__(self, melds: Sequence[Target]) -> None:
        self.melds: tuple[Target, ...] = tuple(melds)
        """The targets, in ``natural_melds``' order."""
        self.cards = np.zeros((len(self.melds), CARD_CODES), dtype=np.float32)
        """Row ``i``: 1 at each card code of target ``i``."""
        for row, target in enumerate(self.melds):
            self.cards[row, list(target)] = 1.0

    def __bool__(self) -> bool:
        return bool(self.melds)

    def lacking(self, hand: Iterable[int], most: int) -> Iterator[int]:
        """The targets ``hand`` lacks from 1 to ``most`` cards of, by index."""
        held = np.ones(CARD_CODES, dtype=np.float32)
        held[list(hand)] = 0.0
        # Every target's cards are distinct, so the product counts its places the hand lacks.
        missing = self.cards @ held
        return iter(np.flatnonzero((missing > 0.5) & (missing < most + 0.5)).tolist())


def declared_meld_downs(game: Game, seat: int, targets: Targets) -> list[MeldDown]:
    """The legal lay-downs of one meld with declared wilds that ``seat`` could make now, of
    ``targets``, leaving out those whose cards read one way undeclared (``legal_actions`` offers
    them as they are)."""
    st = game.state
    if st.phase != PLAY or game.current_player() != seat:
        return []
    rules = game.hooks.meld_rules
    hand = st.hands[seat]
    held_wilds = sorted(c for c in hand if c in rules.wilds or c == JOKER)
    if not held_wilds:
        return []
    budget = len(held_wilds) if rules.max_wilds is None else rules.max_wilds
    made: list[MeldDown] = []
    held = set(hand)
    for index in targets.lacking(hand, budget):
        target = targets.melds[index]
        missing = [i for i, c in enumerate(target) if c not in held]
        # A wild the target holds in its own place is natural there, not a stand-in.
        spare = Counter(held_wilds) - Counter(target)
        fill = sorted(spare.elements())[: len(missing)]
        if len(fill) < len(missing):
            continue
        cards = list(target)
        declared: list[int | None] = [None] * len(target)
        for place, wild in zip(missing, fill, strict=True):
            cards[place], declared[place] = wild, target[place]
        if len(read_meld(cards, (None,) * len(cards), rules)) == 1:
            continue
        action = MeldDown((NewMeld(tuple(cards), tuple(declared)),))
        if game.is_legal(seat, action):
            made.append(action)
    return made
