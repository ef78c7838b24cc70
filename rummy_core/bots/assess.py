"""Judging cards for the bots: melds as actions, where a card fits on the table, what it is worth.

Everything here reads the meld rules and card values a ``SeatHandle`` gives, never a ruleset's
name; the engine has the last word on every action built here (``SeatHandle.is_legal``).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Final

from rummy_core.engine.actions import LayOff, NewMeld
from rummy_core.engine.cards import JOKER
from rummy_core.engine.meldrules import MeldRules, RunShape
from rummy_core.engine.melds import READINGS_LIMIT, RUN, reads_alone
from rummy_core.engine.state import Meld
from rummy_core.solver import Meld as SolvedMeld

# ``Final``: the compiled build reads the value itself, not the module's globals
# (docs/performance.md).
HIGH: Final = "high"
LOW: Final = "low"


def is_wild(code: int, rules: MeldRules) -> bool:
    """Whether ``code`` is a wild card under ``rules`` (a joker always is)."""
    return code == JOKER or code in rules.wilds


def new_meld(meld: SolvedMeld, rules: MeldRules) -> NewMeld:
    """The solver's meld as a lay-down, declaring the wilds only when the cards read two ways."""
    cards, reps = meld
    if cards == reps:
        # Kept by its cards, as it depends on nothing else: the bot reads the same melds decision
        # after decision, and a ``NewMeld`` is two Python calls to make (bounded as the
        # readings' memo is).
        found = _PLAIN_MELDS.get(cards)
        if found is None:
            if len(_PLAIN_MELDS) >= READINGS_LIMIT:
                _PLAIN_MELDS.clear()
            found = _PLAIN_MELDS[cards] = NewMeld.of(cards)
        return found
    if reads_alone(cards, reps, rules):
        return NewMeld.of(cards)
    return NewMeld(cards, tuple(None if c == r else r for c, r in zip(cards, reps, strict=True)))


_PLAIN_MELDS: Final[dict[tuple[int, ...], NewMeld]] = {}
"""``new_meld``'s lay-downs of melds with no wild card in another's place, by their cards."""


def meld_points(meld: SolvedMeld, values: Sequence[int]) -> int:
    """What a meld adds toward an opening, estimated: each card at the value of its stand-in.

    The engine's ``rummy_meld_points`` may count otherwise (an ace's option): the lay-down is
    checked with ``SeatHandle.is_legal`` before it is made.
    """
    return sum(values[rep] if rep >= 0 else values[-rep - 1] for rep in meld[1])


class TableFits:
    """Where cards could go on the table: lay-offs worth asking the engine about, and wilds in use.

    A quick filter built once per decision: a natural card must be of a run's suit next to one of
    its ends, or of a set's rank in a suit it lacks; a wild may go at either end of any run or
    into any set not yet full. The engine decides the rest (an end past the ace, rule R8...).
    """

    __slots__ = ("_by_card", "_for_wilds", "wilds_in_use")

    def __init__(self, table: Sequence[Meld], rules: MeldRules) -> None:
        by_card: dict[int, list[tuple[int, str | None]]] = {}
        for_wilds: list[tuple[int, str | None]] = []
        in_use: list[tuple[int, int, int]] = []
        most = rules.set.max_size if rules.set is not None else 0
        shape = rules.run
        wrap = shape is not None and shape.wrap
        ace_low = shape is not None and shape.ace_low
        ace_high = shape is not None and shape.ace_high
        for index, meld in enumerate(table):
            reps = meld.reps
            if meld.kind == RUN:
                low, high = reps[0] % 13, reps[-1] % 13
                base = reps[0] - low
                # Without runs round the corner an ace ends a run: A-2-3 low, Q-K-A high.
                if wrap or not (high == 0 or (high == 12 and (low == 0 or not ace_high))):
                    by_card.setdefault(base + (high + 1) % 13, []).append((index, HIGH))
                    for_wilds.append((index, HIGH))
                if wrap or not (low == 0 or (low == 1 and not ace_low)):
                    by_card.setdefault(base + (low - 1) % 13, []).append((index, LOW))
                    for_wilds.append((index, LOW))
            elif len(reps) < most:
                rank_index = -reps[0] - 1 if reps[0] < 0 else reps[0] % 13
                for code in range(rank_index, 52, 13):
                    if code not in reps:
                        by_card.setdefault(code, []).append((index, None))
                for_wilds.append((index, None))
            if meld.cards != reps:
                in_use += [(index, c, r) for c, r in zip(meld.cards, reps, strict=True) if c != r]
        self._by_card = by_card
        self._for_wilds = for_wilds
        self.wilds_in_use = in_use
        """Each wild on the table standing for another card: (meld index, wild, stand-in)."""

    def __getnewargs__(self) -> tuple[tuple[Meld, ...], MeldRules]:
        # What ``copy`` and ``pickle`` make a copy with (a bot keeps its table's fits) before
        # giving it this one's attributes: an empty table's. In the compiled build this is a
        # native class, whose ``__new__`` runs ``__init__``; the table is not kept.
        return (), MeldRules()

    def lay_offs(self, code: int, wild: bool) -> list[LayOff]:
        """The lay-offs of ``code`` worth asking about (``wild``: it is a wild card here)."""
        places = self._for_wilds if wild else self._by_card.get(code, ())
        return [LayOff(index, (code,), (None,), end) for index, end in places]

    def extends(self, code: int) -> bool:
        """Whether a natural ``code`` might extend a meld on the table."""
        return code in self._by_card


# ``Final``: the compiled build reads the value itself, not the module's globals
# (docs/performance.md).
_NEAR: Final = tuple(
    sum(1 << ((rank + step) % 13) for step in (-2, -1, 1, 2)) for rank in range(13)
)


def partner_counts(hand: Iterable[int], rules: MeldRules) -> dict[int, int]:
    """For each natural card of ``hand``: how many others could one day share a meld with it.

    A card of the same rank in another suit, or of the same suit one or two ranks away (round the
    corner too: the ace sits next to the king and the two), counts once: cards that work two ways.
    """
    cards = {c for c in hand if not is_wild(c, rules)}
    masks = [0, 0, 0, 0]
    ranks = [0] * 13
    for code in cards:
        masks[code // 13] |= 1 << (code % 13)
        ranks[code % 13] += 1
    return {
        code: ranks[code % 13] - 1 + (masks[code // 13] & _NEAR[code % 13]).bit_count()
        for code in cards
    }


class Pickups:
    """What rivals have been collecting, to avoid feeding it: counts by rank and by suit nearby.

    A native class in the compiled build: it lives for one decision, never copied or kept.
    """

    __slots__ = ("_near", "_ranks")

    def __init__(self, cards: Iterable[int]) -> None:
        self._ranks = [0] * 13
        self._near = [0] * 52
        for card in cards:
            if card == JOKER:
                continue
            self._ranks[card % 13] += 1
            base = card - card % 13
            for rank in range(max(0, card % 13 - 2), min(13, card % 13 + 3)):
                if base + rank != card:
                    self._near[base + rank] += 1

    def fed(self, code: int) -> int:
        """How many pickups a natural ``code`` would help: its rank, or its suit two ranks away."""
        return self._ranks[code % 13] + self._near[code]


DOUBT: Final = 0.2
"""How much less likely a rival is to hold a pair that would also have melded with a card it
refused: a player who holds a pair takes the card that makes it a meld."""


def live_outs(hand: Iterable[int], rules: MeldRules, live: Collection[int]) -> dict[int, int]:
    """For each natural card of ``hand``: how many cards that may still be drawn (``live``: not
    seen on the pile or the table, not known in a rival's hand) would meld it with another card of
    the hand: a third of its rank, or the card that closes or extends a run of its suit.

    A pair whose other two cards were thrown away is no pair: ``partner_counts`` counts it, this
    does not. Runs follow the meld rules' shape (an ace low or high only where runs allow it,
    round the corner only where they wrap).
    """
    cards = {c for c in hand if not is_wild(c, rules)}
    shapes = _near_melds(rules)
    sets = rules.set is not None
    found: dict[int, int] = {}
    for code in cards:
        rank = code % 13
        outs: set[int] = set()
        if sets and any(c != code and c % 13 == rank for c in cards):
            outs.update(range(rank, 52, 13))
        for other, closing in shapes[code][0]:
            if other in cards:
                outs.update(closing)
        found[code] = sum(1 for out in outs if out in live and out not in cards)
    return found


def meld_danger(
    code: int, rules: MeldRules, unseen: Collection[int], chance: float, refused: Collection[int]
) -> float:
    """The chance that a rival holds two ``unseen`` cards that meld with a natural ``code``.

    Each unseen card is held with ``chance``, the others not (on the pile, on the table, in this
    hand, or known in a rival's hand: what it took is the greedy bot's ``feeding`` tip); pairs
    are counted as independent. A pair that would also have melded with a card the rival
    ``refused`` (threw away, or left on the pile) is held ``DOUBT`` times as often.
    """
    return danger_of(code, rules, dict.fromkeys(unseen, chance), refused)


def danger_of(
    code: int, rules: MeldRules, odds: Mapping[int, float], refused: Collection[int]
) -> float:
    """``meld_danger`` with the chance of each card in the rival's hand given as ``odds``
    (cards left out: 0)."""
    safe = 1.0
    for first, second, closers in _near_melds(rules)[code][1]:
        both = odds.get(first, 0.0) * odds.get(second, 0.0)
        if both and any(c in refused for c in closers):
            both *= DOUBT
        safe *= 1.0 - both
    return 1.0 - safe


_Shapes = tuple[
    tuple[tuple[int, tuple[int, ...]], ...], tuple[tuple[int, int, tuple[int, ...]], ...]
]


@functools.cache
def _near_melds(rules: MeldRules) -> tuple[_Shapes, ...]:
    """For each natural card code under ``rules``, worked out once: the cards of its suit a run
    could pair it with and the cards that would then make the run (for ``live_outs``), and the
    pairs of cards that would meld with it, each with the other cards that would have melded
    with that pair (for ``meld_danger``)."""
    run = rules.run
    found: list[_Shapes] = []
    for code in range(52):
        suit, rank = divmod(code, 13)
        partners: list[tuple[int, tuple[int, ...]]] = []
        pairs: list[tuple[int, int, tuple[int, ...]]] = []
        if rules.set is not None:
            others = [s * 13 + rank for s in range(4) if s != suit]
            for i, one in enumerate(others):
                for two in others[i + 1 :]:
                    rest = tuple(c for c in others if c not in (one, two))
                    pairs.append((one, two, (code, *rest)))
        if run is not None:
            for step in (-2, -1, 1, 2):
                other = _run_card(suit, rank + step, run)
                if other is None:
                    continue
                low, high = min(rank, rank + step), max(rank, rank + step)
                ends = (low + 1,) if high - low == 2 else (low - 1, high + 1)
                closing = (_run_card(suit, end, run) for end in ends)
                partners.append((other, tuple(c for c in closing if c is not None)))
            for low in (-2, -1, 0):
                near, far = (
                    _run_card(suit, rank + step, run) for step in (low, low + 1, low + 2) if step
                )
                if near is None or far is None:
                    continue
                # Two cards side by side meld with the card past their far end as well.
                beyond = 3 if low == 0 else -3 if low == -2 else None
                also = _run_card(suit, rank + beyond, run) if beyond is not None else None
                pairs.append((near, far, (code,) if also is None else (code, also)))
        found.append((tuple(partners), tuple(pairs)))
    return tuple(found)


def _run_card(suit: int, rank: int, run: RunShape) -> int | None:
    """The card of ``suit`` at ``rank`` (0 the ace, -1 and 13 past either end) where a run may
    hold it next to its neighbour, else None."""
    if run.wrap:
        return suit * 13 + rank % 13
    if rank == 13 and run.ace_high:
        return suit * 13
    if rank == 0 and not run.ace_low:
        return None
    if 0 <= rank < 13:
        return suit * 13 + rank
    return None
