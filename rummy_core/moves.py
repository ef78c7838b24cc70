"""The legal actions of the seat to move, generated from its hand and the table.

Candidates come from the meld rules (``MeldRules``) and are each confirmed by the engine itself
(``Game.is_legal``), so this module never has to know a ruleset's restrictions: whatever the
hooks refuse is left out. Meld candidates are single melds, and, where an opening needs points,
lay-downs of two or three melds together.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from rummy_core.actions import (
    Action,
    Discard,
    Draw,
    LayOff,
    MeldDown,
    NewMeld,
    Swap,
    TakeBack,
)
from rummy_core.cards import JOKER, card, rank_of, suit_of
from rummy_core.engine import Game
from rummy_core.meldrules import MeldRules
from rummy_core.melds import RUN, readings
from rummy_core.state import DRAW, PLAY

MAX_COMBINED = 3
"""The most melds one generated lay-down combines (for openings that need points)."""


def legal_actions(game: Game, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now (empty when it is not that seat's turn)."""
    st = game.state
    if game.current_player() != seat:
        return []
    if st.phase == DRAW:
        candidates: list[Action] = [Draw(s) for s in game.hooks.draw_sources(st, seat)]
    else:
        candidates = list(play_candidates(game, seat))
    return [a for a in candidates if game.is_legal(seat, a)]


def play_candidates(game: Game, seat: int) -> Iterator[Action]:
    """Plays worth checking in the play phase, unchecked: melds, lay-offs, swaps, discards."""
    st = game.state
    assert st.phase == PLAY
    hand = st.hands[seat]
    rules = game.hooks.meld_rules
    if st.plays or st.drew is not None:
        yield TakeBack()
    melds = meld_candidates(hand, rules)
    yield from (MeldDown((m,)) for m in melds)
    if not st.opened(seat) and game.hooks.opening_minimum(st, seat) > 0:
        yield from _combined(melds, hand)
    for index, meld in enumerate(st.table):
        for code in sorted(set(hand)):
            if meld.kind == RUN:
                yield LayOff(index, (code,), (None,), "low")
                yield LayOff(index, (code,), (None,), "high")
            else:
                yield LayOff(index, (code,), (None,))
        for c, r in zip(meld.cards, meld.reps, strict=True):
            if c != r:
                for code in set(hand):
                    if code == r or (r < 0 and code != JOKER and rank_of(code) == -r):
                        yield Swap(index, code, c)
    for code in sorted(set(hand)):
        yield Discard(code)


def _combined(melds: list[NewMeld], hand: Sequence[int]) -> Iterator[MeldDown]:
    held = Counter(hand)
    for size in range(2, MAX_COMBINED + 1):
        for group in combinations(melds, size):
            need = Counter(c for m in group for c in m.cards)
            if all(held[c] >= n for c, n in need.items()):
                yield MeldDown(group)


def meld_candidates(hand: Sequence[int], rules: MeldRules) -> list[NewMeld]:
    """Every distinct single meld the hand can make, naturals first, then with wilds filling in.

    Wilds fill gaps and ends of runs and complete sets, up to the rules' limit per meld; melds of
    wilds alone are left out (they need the player's declaration).
    """
    held = Counter(hand)
    wild_cards = [c for c in hand if c in rules.wilds or c == JOKER]
    found: dict[tuple[int, ...], NewMeld] = {}
    if rules.set is not None:
        for meld in _set_candidates(held, wild_cards, rules):
            found.setdefault(meld.cards, meld)
    if rules.run is not None:
        for meld in _run_candidates(held, wild_cards, rules):
            found.setdefault(meld.cards, meld)
    return [m for m in found.values() if len(readings(m.cards, m.declared, rules)) == 1]


def _wild_budget(rules: MeldRules, wild_cards: list[int]) -> int:
    return len(wild_cards) if rules.max_wilds is None else min(rules.max_wilds, len(wild_cards))


def _set_candidates(
    held: Counter[int], wild_cards: list[int], rules: MeldRules
) -> Iterator[NewMeld]:
    shape = rules.set
    assert shape is not None
    budget = _wild_budget(rules, wild_cards)
    for rank in range(1, 14):
        naturals = [card(rank, s) for s in range(4) if held[card(rank, s)]]
        # A wild of this very rank is natural here (the four 2s), so it is not spent as a wild.
        spare = [w for w in wild_cards if w == JOKER or rank_of(w) != rank]
        for size in sorted(shape.sizes):
            for wilds in range(min(budget, len(spare), size) + 1):
                if size - wilds > len(naturals) or size - wilds < 1:
                    continue
                for group in combinations(naturals, size - wilds):
                    yield NewMeld.of(group + tuple(spare[:wilds]))


def _run_candidates(
    held: Counter[int], wild_cards: list[int], rules: MeldRules
) -> Iterator[NewMeld]:
    shape = rules.run
    assert shape is not None
    budget = _wild_budget(rules, wild_cards)
    starts = range(1, 14) if shape.wrap else range(1, 15)
    for suit in range(4):
        for start in starts:
            cards: list[int] = []
            wilds_used = 0
            for length in range(1, shape.max_len + 1):
                ordinal = start + length - 1
                if not shape.wrap and ordinal > 14:
                    break
                code = card((ordinal - 1) % 13 + 1, suit)
                if held[code] > cards.count(code):
                    cards.append(code)
                else:
                    if wilds_used >= budget:
                        break
                    wild = _next_wild(wild_cards, cards)
                    if wild is None:
                        break
                    cards.append(wild)
                    wilds_used += 1
                if length >= shape.min_len and any(
                    c not in rules.wilds and c != JOKER and suit_of(c) == suit for c in cards
                ):
                    yield NewMeld.of(tuple(cards))


def _next_wild(wild_cards: list[int], used: list[int]) -> int | None:
    spare = Counter(wild_cards) - Counter(used)
    return min(spare) if spare else None
