"""The exact solver, and its fast path for one pack without wild cards.

Without wilds or duplicates a hand is a 52-bit mask. Sets are the only melds that join suits,
and a rank can only form one when three (or the smallest set size) of its suits are held; most
hands have no such rank, and their answer is four lookups of each suit's best runs. Otherwise
the few set choices are tried, each with the same lookups. Everything else goes to
``WildSearch``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Final

from rummy_core.engine.cards import CARD_CODES, JOKER
from rummy_core.engine.meldrules import MeldRules
from rummy_core.solver.arrangement import Arrangement, Meld
from rummy_core.solver.general import WildSearch
from rummy_core.solver.runs import suit_runs
from rummy_core.solver.sets import ranks_held, set_options

_new_arrangement: Final = tuple.__new__
"""How the search makes an ``Arrangement`` from its values in field order: a named tuple's own
constructor is a Python function, a call the compiled search made some 30 times a gin hand."""

# ``Final``: the compiled build reads the value itself, not the module's globals
# (docs/performance.md).
_BIT: Final = tuple(1 << code for code in range(CARD_CODES))
PAIR_LIMIT = 1 << 11
"""Entries each suit's two-pack memo holds before it is cleared. Its keys are pairs of 13-bit
masks (3 ** 13 of them), so without a bound a long simulation would fill memory with it; this
one is reached early (about 2 MB for the four suits), so memory stops growing early too."""
_Plain = tuple[int, tuple[Meld, ...], tuple[int, ...]]
_SetChoice = tuple[int, Meld | None]
_PairChoice = tuple[int, int, tuple[Meld, ...]]
"""Sets of one rank from two packs: the bits they clear in the first and second copies."""


def _set_choice(rank_index: int, suits: int) -> _SetChoice:
    """The set of ``rank_index`` in the suits of the bits of ``suits``: its card bits, its meld."""
    cards = tuple(s * 13 + rank_index for s in range(4) if suits >> s & 1)
    return sum(1 << code for code in cards), (cards, cards)


class MeldSolver:
    """An exact meld solver bound to one ``MeldRules`` and one card-value table.

    Build one per game and keep it: it memoises per-suit answers across calls. Hands are lists
    of card codes, duplicates allowed (at most two of a suited card). Jokers that are not in
    ``rules.wilds`` are always deadwood.
    """

    __slots__ = (
        "_dead",
        "_dead_values",
        "_dearest",
        "_pair_sets",
        "_pairs",
        "_plain",
        "_run_melds",
        "_set_min",
        "_set_removals",
        "_special",
        "_suits",
        "_wilds",
        "rules",
        "values",
    )

    def __init__(self, rules: MeldRules, values: Sequence[int]) -> None:
        if len(values) != CARD_CODES:
            raise ValueError(f"values needs {CARD_CODES} entries, got {len(values)}")
        self.rules = rules
        self.values = tuple(values)
        self._dearest = max(self.values)
        self._special = sum(_BIT[code] for code in rules.wilds) | _BIT[JOKER]
        self._suits = tuple(
            suit_runs(rules.run, rules.max_wilds, self.values[13 * suit : 13 * suit + 13])
            for suit in range(4)
        )
        # Each suit's best runs for every mask of one pack without wilds, and their deadwood
        # values alone: all 8,192 masks of the four suits, built on the fast path's first use.
        self._plain: tuple[list[_Plain], ...] = ()
        self._dead: tuple[list[int], ...] = ()
        self._pairs: tuple[dict[int, _Plain], ...] = ({}, {}, {}, {})
        # At most 13 ranks times 3 ** 4 patterns of copies: bounded by its keys.
        self._pair_sets: dict[tuple[int, tuple[int, ...]], tuple[_PairChoice, ...]] = {}
        shape = rules.set
        if shape is None:
            self._set_min = 99
            self._set_removals: tuple[tuple[tuple[_SetChoice, ...], ...], ...] = ()
        else:
            self._set_min = min(shape.sizes)
            # For each rank and pattern of suits held: each possible set (or none), as the
            # bits of the cards it takes and the meld.
            self._set_removals = tuple(
                tuple(
                    (
                        (0, None),
                        *(
                            _set_choice(i, q)
                            for q in range(1, 16)
                            if q & p == q and q.bit_count() in shape.sizes
                        ),
                    )
                    for p in range(16)
                )
                for i in range(13)
            )
        self._dead_values = tuple(runs.dead_value for runs in self._suits)
        # Each suit's runs as melds of its cards, by span mask.
        self._run_melds: tuple[dict[int, Meld], ...] = tuple(
            {span.mask: (tuple(13 * s + r for r in span.order),) * 2 for span in runs.spans}
            for s, runs in enumerate(self._suits)
        )
        self._wilds = WildSearch(rules, self.values, self._suits)

    # -- the fast path: one pack, no wild cards in hand ------------------------------------

    def best(self, hand: Sequence[int]) -> Arrangement:
        """The arrangement of ``hand`` with the least deadwood value."""
        m = 0
        bits = _BIT
        for code in hand:
            m |= bits[code]
        if m & self._special:
            return self._wilds.solve(hand)
        if m.bit_count() != len(hand):
            return self._two_packs(hand, m)
        a = m & 8191
        b = m >> 13 & 8191
        c = m >> 26 & 8191
        d = m >> 39
        least = self._set_min
        t = (a & b & (c | d)) | (c & d & (a | b)) if least == 3 else ranks_held(a, b, c, d, least)
        if t:
            return self._with_sets(m, t)
        plain = self._plain or self._fill_tables()[0]
        pa = plain[0][a]
        pb = plain[1][b]
        pc = plain[2][c]
        pd = plain[3][d]
        return _new_arrangement(
            Arrangement,
            (
                pa[1] + pb[1] + pc[1] + pd[1],
                pa[2] + pb[2] + pc[2] + pd[2],
                pa[0] + pb[0] + pc[0] + pd[0],
            ),
        )

    def deadwood(self, hand: Sequence[int]) -> int:
        """The least deadwood value of ``hand``: ``best(hand).deadwood_value``, sooner.

        Without wilds or a second copy the answer is a sum of four table lookups (or, when
        sets are possible, the least of a few such sums), with no melds to put together.
        """
        m = 0
        bits = _BIT
        for code in hand:
            m |= bits[code]
        if m & self._special or m.bit_count() != len(hand):
            return self.best(hand).deadwood_value
        a = m & 8191
        b = m >> 13 & 8191
        c = m >> 26 & 8191
        d = m >> 39
        least = self._set_min
        t = (a & b & (c | d)) | (c & d & (a | b)) if least == 3 else ranks_held(a, b, c, d, least)
        dead = self._dead or self._fill_tables()[1]
        if t:
            return self._least_with_sets(m, t, dead)[0]
        return dead[0][a] + dead[1][b] + dead[2][c] + dead[3][d]

    def one_discard_within(self, hand: Sequence[int], limit: int) -> bool:
        """Whether discarding one card of ``hand`` can leave cards whose least deadwood value is
        ``limit`` or less (gin's knock, G7, asked of most lay-downs a bot reads)."""
        values = self.values
        least = self.deadwood(hand)
        # No discard can leave less than the whole hand's deadwood less its own value (its melds
        # are melds of the whole hand), so only the cards dear enough are tried; and a hand far
        # from it (most of those asked) is refused by its deadwood alone, with no melds found.
        if least > limit + self._dearest or least - max([values[code] for code in hand]) > limit:
            return False
        whole = self.best(hand)
        # Discarding the dearest card of the best arrangement's deadwood usually settles it.
        if whole.deadwood and least - max([values[code] for code in whole.deadwood]) <= limit:
            return True
        for code in set(hand):
            if least - values[code] > limit:
                continue
            rest = list(hand)
            rest.remove(code)
            if self.deadwood(rest) <= limit:
                return True
        return False

    # -- two packs, no wild cards in hand ---------------------------------------------------

    def _two_packs(self, hand: Sequence[int], m1: int) -> Arrangement:
        """``m1``: the cards held at least once, as bits."""
        # The sum of the cards' bits is m1 + m2 when no card is held three times; a third copy
        # carries into other bits, and the two masks then count fewer cards than the hand has.
        m2 = sum(map(_BIT.__getitem__, hand)) - m1
        if m1.bit_count() + m2.bit_count() != len(hand):
            raise ValueError("the solver handles at most two copies of a suited card")
        shape = self.rules.set
        choices: list[tuple[_PairChoice, ...]] = []
        if shape is not None:
            least = self._set_min if shape.distinct_suits else (self._set_min + 1) // 2
            t = ranks_held(m1 & 8191, m1 >> 13 & 8191, m1 >> 26 & 8191, m1 >> 39, least)
            while t:
                low = t & -t
                t ^= low
                choices.append(self._pair_choices(low.bit_length() - 1, m1, m2))
        best_combo: tuple[_PairChoice, ...] = ()
        if choices:
            best_combo = self._least_pair_sets(m1, m2, choices)
        melds: list[Meld] = []
        for r1, r2, sets in best_combo:
            melds.extend(sets)
            m1 ^= r1
            m2 ^= r2
        deadwood: list[int] = []
        value = 0
        plain = self._plain or self._fill_tables()[0]
        for s in range(4):
            mask1 = m1 >> (13 * s) & 8191
            mask2 = m2 >> (13 * s) & 8191
            entry = (
                (self._pairs[s].get(mask1 | mask2 << 13) or self._pair_entry(s, mask1, mask2))
                if mask2
                else plain[s][mask1]
            )
            melds.extend(entry[1])
            deadwood.extend(entry[2])
            value += entry[0]
        deadwood.sort()
        return _new_arrangement(Arrangement, (tuple(melds), tuple(deadwood), value))

    def _least_pair_sets(
        self, m1: int, m2: int, choices: list[tuple[_PairChoice, ...]]
    ) -> tuple[_PairChoice, ...]:
        """The choice of sets, one option per rank, leaving the least deadwood (first found
        among equals)."""
        da, db, dc, dd = self._dead or self._fill_tables()[1]
        va, vb, vc, vd = self._dead_values
        best_value = 1 << 40
        best_combo: tuple[_PairChoice, ...] = ()
        for combo in product(*choices):
            left1 = m1
            left2 = m2
            for r1, r2, _ in combo:
                left1 ^= r1
                left2 ^= r2
            # A suit without a second copy is in the one-pack table.
            a1, a2 = left1 & 8191, left2 & 8191
            b1, b2 = left1 >> 13 & 8191, left2 >> 13 & 8191
            c1, c2 = left1 >> 26 & 8191, left2 >> 26 & 8191
            d1, d2 = left1 >> 39, left2 >> 39
            value = (
                (va(a1, a2) if a2 else da[a1])
                + (vb(b1, b2) if b2 else db[b1])
                + (vc(c1, c2) if c2 else dc[c1])
                + (vd(d1, d2) if d2 else dd[d1])
            )
            if value < best_value:
                best_value = value
                best_combo = combo
        return best_combo

    def _pair_choices(self, rank: int, m1: int, m2: int) -> tuple[_PairChoice, ...]:
        """The ways to lay sets of ``rank`` (none first): card bits each takes, and the sets."""
        counts = (
            (m1 >> rank & 1) + (m2 >> rank & 1),
            (m1 >> (13 + rank) & 1) + (m2 >> (13 + rank) & 1),
            (m1 >> (26 + rank) & 1) + (m2 >> (26 + rank) & 1),
            (m1 >> (39 + rank) & 1) + (m2 >> (39 + rank) & 1),
        )
        key = (rank, counts)
        found = self._pair_sets.get(key)
        if found is None:
            assert self.rules.set is not None
            choices: list[_PairChoice] = [(0, 0, ())]
            a, b, c, d = counts
            for option in set_options((a, b, c, d), self.rules.set, self.rules.max_wilds, 0):
                r1 = r2 = 0
                for s, used in enumerate(option.used):
                    bit = 1 << (13 * s + rank)
                    if used == 2 or (used and counts[s] == 1):
                        r1 |= bit
                    if used == 2 or (used and counts[s] == 2):
                        r2 |= bit
                sets = tuple(
                    (cards, cards)
                    for cards in (tuple(13 * s + rank for s in suits) for suits, _ in option.picks)
                )
                choices.append((r1, r2, sets))
            found = self._pair_sets[key] = tuple(choices)
        return found

    def _pair_entry(self, suit: int, mask1: int, mask2: int) -> _Plain:
        if not mask2:
            return (self._plain or self._fill_tables()[0])[suit][mask1]
        key = mask1 | mask2 << 13
        entry = self._pairs[suit].get(key)
        if entry is None:
            runs, dead = self._suits[suit].natural_walk(mask1, mask2)
            run_melds = self._run_melds[suit]
            melds = tuple([run_melds[span.mask] for span in runs])
            dead.sort()
            base = 13 * suit
            deadwood = tuple([base + r for r in dead])
            values = self.values
            entry = (sum([values[code] for code in deadwood]), melds, deadwood)
            memo = self._pairs[suit]
            if len(memo) >= PAIR_LIMIT:
                memo.clear()
            memo[key] = entry
        return entry

    # -- shared by the two fast paths ------------------------------------------------------

    def _fill_tables(self) -> tuple[tuple[list[_Plain], ...], tuple[list[int], ...]]:
        """Build every suit's entry for all 8,192 masks: a few tens of milliseconds, once.

        Smallest mask first: a mask's entry extends the entry of the mask left once its lowest
        card is placed (``SuitRuns.natural_choices``), so each costs a couple of tuple joins.
        """
        values = self.values
        plain: list[list[_Plain]] = []
        for suit, runs in enumerate(self._suits):
            base = 13 * suit
            melds = self._run_melds[suit]
            choices = runs.natural_choices()
            table: list[_Plain] = [(0, (), ())] * 8192
            for m in range(1, 8192):
                choice = choices[m]
                rest = table[m ^ choice]
                if choice & (choice - 1):
                    table[m] = (rest[0], (melds[choice], *rest[1]), rest[2])
                else:
                    code = base + choice.bit_length() - 1
                    table[m] = (rest[0] + values[code], rest[1], (code, *rest[2]))
            plain.append(table)
        self._plain = tuple(plain)
        self._dead = tuple([entry[0] for entry in table] for table in plain)
        return self._plain, self._dead

    def _least_with_sets(
        self, m: int, t: int, dead: tuple[list[int], ...]
    ) -> tuple[int, tuple[tuple[int, Meld | None], ...]]:
        """The least deadwood value over the choices of sets of the ranks in ``t``, and the
        choice (first found among equals)."""
        removals = self._set_removals
        choices = []
        while t:
            low = t & -t
            t ^= low
            i = low.bit_length() - 1
            pattern = (m >> i & 1) | (m >> (i + 12) & 2) | (m >> (i + 24) & 4) | (m >> (i + 36) & 8)
            choices.append(removals[i][pattern])
        da, db, dc, dd = dead
        best_value = 1 << 40
        best_combo: tuple[tuple[int, Meld | None], ...] = ()
        for combo in product(*choices):
            left = m
            for taken, _ in combo:
                left ^= taken
            value = da[left & 8191] + db[left >> 13 & 8191] + dc[left >> 26 & 8191] + dd[left >> 39]
            if value < best_value:
                best_value = value
                best_combo = combo
        return best_value, best_combo

    def _with_sets(self, m: int, t: int) -> Arrangement:
        plain, dead = self._fill_tables() if not self._plain else (self._plain, self._dead)
        best_value, best_combo = self._least_with_sets(m, t, dead)
        melds: list[Meld] = []
        left = m
        for taken, meld in best_combo:
            if meld is not None:
                melds.append(meld)
                left ^= taken
        deadwood: list[int] = []
        for s in range(4):
            entry = plain[s][left >> (13 * s) & 8191]
            melds.extend(entry[1])
            deadwood.extend(entry[2])
        return _new_arrangement(Arrangement, (tuple(melds), tuple(deadwood), best_value))
