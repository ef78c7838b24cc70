"""The legal actions of the seat to move, generated from its hand and the table.

Candidates come from the meld rules (``MeldRules``) and are each confirmed by the engine itself
(``Game.is_legal``), so this module never has to know a ruleset's restrictions: whatever the
hooks refuse is left out. Meld candidates are single melds, and, where an opening needs points,
lay-downs of two or three melds together.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations
from typing import Final

from rummy_core.engine.actions import (
    Action,
    Discard,
    Draw,
    LayOff,
    MeldDown,
    NewMeld,
    PluginAction,
    Swap,
    TakeBack,
)
from rummy_core.engine.cards import CARD_CODES, JOKER, card, rank_of
from rummy_core.engine.game import Game
from rummy_core.engine.meldrules import MeldRules, RunShape
from rummy_core.engine.melds import RUN, read_meld
from rummy_core.engine.state import DRAW, PLAY

MAX_COMBINED = 3
"""The most melds one generated lay-down combines (for openings that need points)."""


def legal_actions(game: Game, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now (empty when it is not that seat's turn)."""
    return game.legal(seat, action_candidates(game, seat), made_here=True)


def action_candidates(game: Game, seat: int) -> list[Action]:
    """The actions worth checking for ``seat`` now, unchecked (empty when it is not its turn).

    The plugins' own kinds of action (``rummy_register_actions``) give their candidates too;
    before the deal, only the kind the deal waits for (``rummy_deal_wait``) gives any.
    """
    st = game.state
    if game.current_player() != seat:
        return []
    found: list[Action]
    if st.phase not in (DRAW, PLAY):
        return list(game.hooks.action_kinds.candidates(game, seat))
    if st.phase == DRAW:
        found = [_draw_from(s) for s in game.draw_sources(seat)]
    else:
        found = play_candidates(game, seat)
    if game.hooks.action_kinds:
        found.extend(game.hooks.action_kinds.candidates(game, seat))
    return found


def rule_action_candidates(game: Game, seat: int) -> list[PluginAction]:
    """The plugins' own actions worth checking for ``seat`` now, unchecked (a knock, a pass):
    ``action_candidates`` without the built-in ones, for a caller that looks only for these."""
    if game.current_player() != seat or not game.hooks.action_kinds:
        return []
    return game.hooks.action_kinds.candidates(game, seat)


def play_candidates(game: Game, seat: int) -> list[Action]:
    """Plays worth checking in the play phase, unchecked: melds, lay-offs, swaps, discards."""
    st = game.state
    assert st.phase == PLAY
    hand = st.hands[seat]
    rules = game.hooks.meld_rules
    found: list[Action] = [_TAKE_BACK] if st.plays or st.drew is not None else []
    melds = meld_candidates(hand, rules)
    found += [MeldDown((m,)) for m in melds]
    if melds and not st.opened(seat) and game.opening_minimum(seat) > 0:
        found += _combined(melds, hand)
    held = set(hand)
    distinct = sorted(held)
    if st.table:
        wilds_held = held & (rules.wilds | {JOKER})
        for index, meld in enumerate(st.table):
            reps = meld.reps
            extenders = _extenders(meld.kind, reps[0], reps[-1])
            run = meld.kind == RUN
            for code in sorted(held & extenders | wilds_held):
                found += _lay_offs(index, code, run)
            if meld.cards == reps:
                continue
            for c, r in zip(meld.cards, reps, strict=True):
                if c != r:
                    for code in held:
                        if code == r or (r < 0 and code != JOKER and rank_of(code) == -r):
                            found.append(Swap(index, code, c))
    found += [_DISCARDS[code] for code in distinct]
    return found


def _draw_from(source: str) -> Draw:
    """The draw from ``source``, made once per source name."""
    found = _DRAWS.get(source)
    if found is None:
        if len(_DRAWS) >= 64:  # sources are names the rules give: few, bounded all the same
            _DRAWS.clear()
        found = _DRAWS[source] = Draw(source)
    return found


_DRAWS: dict[str, Draw] = {}


def _lay_offs(index: int, code: int, run: bool) -> tuple[LayOff, ...]:
    """The lay-offs of one card on the meld at ``index``: at either end of a run, or on a set.
    Made once each: a Riverside table offers dozens a turn, and building them was most of
    the time the play candidates took."""
    key = (index << 8 | code) << 1 | run
    found = _LAY_OFFS.get(key)
    if found is None:
        if len(_LAY_OFFS) >= 1 << 14:
            _LAY_OFFS.clear()
        cards, blank = (code,), (None,)
        found = _LAY_OFFS[key] = (
            (LayOff(index, cards, blank, "low"), LayOff(index, cards, blank, "high"))
            if run
            else (LayOff(index, cards, blank),)
        )
    return found


_LAY_OFFS: dict[int, tuple[LayOff, ...]] = {}
_TAKE_BACK = TakeBack()
_DISCARDS = tuple(Discard(code) for code in range(CARD_CODES))
"""Actions are frozen values: the same few are shared instead of built for every candidate."""
_EXTENDERS: dict[tuple[str, int, int], frozenset[int]] = {}
"""Bounded by its keys: a kind and two card codes or ranks."""


def _extenders(kind: str, first: int, last: int) -> frozenset[int]:
    """The natural cards that could possibly extend a meld (a quick filter before the engine):
    any card of a set's rank, or the cards next to either end of a run (ends ``first``, ``last``
    of its stand-ins). Memoised: there are only so many ends."""
    key = (kind, first, last)
    found = _EXTENDERS.get(key)
    if found is None:
        if kind != RUN:
            rank_index = -first - 1 if first < 0 else first % 13
            found = frozenset(range(rank_index, 52, 13))
        else:
            base = first - first % 13
            found = frozenset((base + (first % 13 - 1) % 13, base + (last % 13 + 1) % 13))
        _EXTENDERS[key] = found
    return found


_FIELD = 8
"""Bits per card code in the card-count vectors of ``_combined`` (a count and a guard bit)."""
_GUARD = sum(1 << (_FIELD * code + _FIELD - 1) for code in range(CARD_CODES))
"""The top bit of every code's field: it survives a subtraction exactly when no count fell below
zero (no card is needed more often than held)."""


def _counts(cards: Iterable[int]) -> int:
    vector = 0
    for code in cards:
        vector += 1 << _FIELD * code
    return vector


def _combined(melds: list[NewMeld], hand: Sequence[int]) -> Iterator[MeldDown]:
    """Lay-downs of 2 to ``MAX_COMBINED`` of ``melds`` the hand holds together, pairs first,
    each size in the order of ``itertools.combinations``."""
    # The cards still free and each meld's needs as count vectors: one subtraction tells whether
    # the hand holds a meld's cards besides those already taken.
    held = _GUARD + _counts(hand)
    needs = [_counts(m.cards) for m in melds]
    for size in range(2, MAX_COMBINED + 1):
        for group in _groups(needs, held, size, 0, ()):
            yield MeldDown(tuple(melds[i] for i in group))


def _groups(
    needs: list[int], left: int, size: int, start: int, chosen: tuple[int, ...]
) -> Iterator[tuple[int, ...]]:
    # Depth first, taking each meld's cards out of ``left``: a pair that clashes is never
    # extended, where trying every combination costs C(n, 3) card counts.
    for index in range(start, len(needs)):
        rest = left - needs[index]
        if rest & _GUARD != _GUARD:
            continue
        group = (*chosen, index)
        if len(group) == size:
            yield group
        else:
            yield from _groups(needs, rest, size, index + 1, group)


def meld_candidates(hand: Sequence[int], rules: MeldRules) -> list[NewMeld]:
    """Every distinct single meld the hand can make, naturals first, then with wilds filling in.

    Wilds fill gaps and ends of runs and complete sets, up to the rules' limit per meld; melds of
    wilds alone are left out (they need the player's declaration), and so is any meld with wilds
    that reads more than one way.
    """
    wilds = rules.wilds
    held = 0
    for code in hand:
        held |= _BIT[code]
    wild_cards = (
        sorted(c for c in hand if c in wilds or c == JOKER) if held & _special(rules) else []
    )
    # Each suit's ranks held, as 13 bits: most hands meld little, and the masks rule out the
    # ranks and suits with nothing to build before any candidate is.
    masks = [held & 8191, held >> 13 & 8191, held >> 26 & 8191, held >> 39 & 8191]
    # Each candidate, and whether it is still to be checked for reading one way only (the
    # runs come checked from their memo).
    found: dict[tuple[int, ...], bool] = {}
    if rules.set is not None:
        for cards in _set_candidates(masks, wild_cards, rules):
            found.setdefault(cards, True)
    if rules.run is not None:
        for cards in _run_candidates(masks, wild_cards, rules):
            found.setdefault(cards, False)
    if not wild_cards:
        return [NewMeld(cards, (None,) * len(cards)) for cards in found]
    special = set(wild_cards)
    return [
        NewMeld(cards, (None,) * len(cards))
        for cards, check in found.items()
        if not check or _one_reading(cards, special, rules)
    ]


def _one_reading(cards: tuple[int, ...], special: set[int], rules: MeldRules) -> bool:
    """Whether ``cards`` read one way only when nothing is declared, in either direction
    (ruling A4; always, without a card of ``special``, the wilds held: a meld of naturals reads
    as itself)."""
    return special.isdisjoint(cards) or len(read_meld(cards, (None,) * len(cards), rules)) == 1


# ``Final``: the compiled build reads the value itself, not the module's globals
# (docs/performance.md).
_BIT: Final = tuple(1 << code for code in range(CARD_CODES))
_SPECIAL: dict[frozenset[int], int] = {}


def _special(rules: MeldRules) -> int:
    """The bits of the cards that may be wild under ``rules`` (the jokers always among them)."""
    found = _SPECIAL.get(rules.wilds)
    if found is None:
        if len(_SPECIAL) >= 64:  # games of many rulesets in one process: bounded all the same
            _SPECIAL.clear()
        found = _SPECIAL[rules.wilds] = sum(_BIT[c] for c in rules.wilds) | _BIT[JOKER]
    return found


def _wild_budget(rules: MeldRules, wild_cards: list[int]) -> int:
    return len(wild_cards) if rules.max_wilds is None else min(rules.max_wilds, len(wild_cards))


def _held_in(masks: list[int], least: int) -> int:
    """The rank bits held in at least ``least`` (1 to 4) of the four suits' masks."""
    a, b, c, d = masks
    if least <= 1:
        return a | b | c | d
    if least == 2:
        return (a & (b | c | d)) | (b & (c | d)) | (c & d)
    if least == 3:
        return (a & b & (c | d)) | (c & d & (a | b))
    return a & b & c & d if least == 4 else 0


def _set_candidates(
    masks: list[int], wild_cards: list[int], rules: MeldRules
) -> Iterator[tuple[int, ...]]:
    shape = rules.set
    assert shape is not None
    budget = _wild_budget(rules, wild_cards)
    sizes = sorted(shape.sizes)
    # Only the ranks held in enough suits to reach the smallest set with the wilds there are.
    ranks = _held_in(masks, max(1, sizes[0] - budget))
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        index = low.bit_length() - 1
        rank = index + 1
        naturals = [index + 13 * s for s in range(4) if masks[s] & low]  # card(rank, s)
        # A wild of this very rank is natural here (the four 2s), so it is not spent as a wild.
        spare = [w for w in wild_cards if w == JOKER or rank_of(w) != rank] if budget else []
        for size in sizes:
            for wilds in range(min(budget, len(spare), size - 1) + 1):
                if size - wilds > len(naturals):
                    continue
                for group in combinations(naturals, size - wilds):
                    yield group + tuple(spare[:wilds])


_ORDINAL_CODES = tuple(
    (0, *(card((ordinal - 1) % 13 + 1, suit) for ordinal in range(1, 28))) for suit in range(4)
)
"""Per suit, the card at each ordinal 1..27 of ``_run_candidates`` (index 0 unused): a table
instead of a call per card on the hot path."""


def _run_candidates(
    masks: list[int], wild_cards: list[int], rules: MeldRules
) -> Iterator[tuple[int, ...]]:
    shape = rules.run
    assert shape is not None
    budget = _wild_budget(rules, wild_cards)
    if not budget:
        # Without wilds a suit's runs depend on its 13 rank bits alone: looked up, once worked out.
        plain = _plain_runs(shape)
        for suit in range(4):
            ranks = masks[suit]
            runs = plain[suit][ranks]
            if runs is None:
                runs = plain[suit][ranks] = tuple(_suit_runs(suit, ranks, [], 0, shape))
            yield from runs
        return
    # With wilds, by the suit's rank bits and the wilds held: a hand changes a card a turn.
    memo = _wild_runs(rules)
    spare = tuple(wild_cards)
    for suit in range(4):
        key = (suit, masks[suit], spare, budget)
        known = memo.get(key)
        if known is None:
            if len(memo) >= WILD_RUNS_LIMIT:
                memo.clear()
            special = set(wild_cards)
            known = memo[key] = tuple(
                cards
                for cards in _suit_runs(suit, masks[suit], wild_cards, budget, shape)
                if _one_reading(cards, special, rules)
            )
        yield from known


_PLAIN_RUNS: dict[RunShape, tuple[list[tuple[tuple[int, ...], ...] | None], ...]] = {}


def _plain_runs(shape: RunShape) -> tuple[list[tuple[tuple[int, ...], ...] | None], ...]:
    """Per suit, the natural runs of each 13-bit rank mask under ``shape`` (None: not yet known)."""
    found = _PLAIN_RUNS.get(shape)
    if found is None:
        if len(_PLAIN_RUNS) >= 16:  # games of many rulesets in one process: bounded all the same
            _PLAIN_RUNS.clear()
        found = _PLAIN_RUNS[shape] = tuple([None] * 8192 for _ in range(4))
    return found


WILD_RUNS_LIMIT = 1 << 14
"""Entries each run shape's memo of runs with wilds holds before it is cleared."""
_WildRuns = dict[tuple[int, int, tuple[int, ...], int], tuple[tuple[int, ...], ...]]
_WILD_RUNS: dict[MeldRules, _WildRuns] = {}


def _wild_runs(rules: MeldRules) -> _WildRuns:
    """The memo of one suit's runs with wilds under ``rules`` (kept by the whole rules, not the
    run shape: which runs read one way depends on the sets and wilds too), by (suit, ranks,
    wilds, budget)."""
    found = _WILD_RUNS.get(rules)
    if found is None:
        if len(_WILD_RUNS) >= 16:  # games of many rulesets in one process: bounded all the same
            _WILD_RUNS.clear()
        found = _WILD_RUNS[rules] = {}
    return found


def _suit_runs(
    suit: int, ranks: int, wild_cards: list[int], budget: int, shape: RunShape
) -> Iterator[tuple[int, ...]]:
    """The runs of one suit: its ranks held as 13 bits, up to ``budget`` of ``wild_cards``."""
    last = 13 if shape.wrap else (14 if shape.ace_high else 13)
    if not ranks or ranks.bit_count() + budget < shape.min_len:
        return
    # Ordinals 1 (ace low) .. 14 (ace high); with wrap the ranks repeat round the corner:
    # bit ``o`` of ``have`` is whether the card at ordinal ``o`` is held.
    have = ranks << 1 | ranks << 14 | (ranks & 1) << 27
    if not budget:
        # Without wilds a run needs ``min_len`` cards in a row: most suits have none.
        row = have if shape.wrap else have & (1 << last + 1) - 1
        for _ in range(1, shape.min_len):
            row &= row >> 1
        if not row:
            return
    codes = _ORDINAL_CODES[suit]
    first = 1 if shape.wrap or shape.ace_low else 2
    for start in range(first, last + 1):
        if not have >> start & 1 and not budget:
            continue
        cards: list[int] = []
        spare = list(wild_cards)
        naturals = 0
        for length in range(1, shape.max_len + 1):
            ordinal = start + length - 1
            if not shape.wrap and ordinal > last:
                break
            if have >> ordinal & 1:
                cards.append(codes[ordinal])
                naturals += 1
            elif spare and len(wild_cards) - len(spare) < budget:
                cards.append(spare.pop(0))
            else:
                break
            if length >= shape.min_len and naturals:
                yield tuple(cards)
