"""The general path: hands with wild cards or two copies of a card.

Sets are the only melds that join suits, so the search tries every useful choice of sets and,
for each, adds up the best runs of each suit, memoised by suit pattern in ``SuitRuns``. Wild
cards are interchangeable once it is settled which suited wilds play as themselves, so only
their number matters: each suit reports its best value for every number of wilds it might take,
and the shares are merged. A wild left over may still make a meld with other spare wilds, or
take the place of a set's natural card when it is worth more.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from rummy_core.cards import JOKER
from rummy_core.meldrules import MeldRules
from rummy_core.solver.arrangement import Arrangement, Meld
from rummy_core.solver.runs import NEG, Span, SuitRuns
from rummy_core.solver.sets import SetOption, set_options
from rummy_core.solver.wilds import (
    merge_shares,
    set_reps,
    wild_meld,
    wild_meld_sizes,
    wild_parts,
)

OPTIONS_LIMIT = 1 << 12
"""Entries the memo of set options holds before it is cleared (its keys are a rank, the copies
held in each suit and a wild count: bounded, but by the deck, not by a number chosen here)."""

_Chosen = tuple[tuple[int, SetOption], ...]
_Option = tuple[SetOption, list[int], int]
"""A set option with the values of its natural cards, card by card, and their sum."""
_RankSets = tuple[list[_Option], tuple[int, ...]]
"""A rank's set options, and the most natural value an option takes for each wild count."""


class _Plan:
    """The best choice found for one split of the wild cards: enough to build the answer."""

    __slots__ = ("chosen", "fillers", "m1", "m2", "score", "set_wilds")

    def __init__(self, fillers: list[int]) -> None:
        self.score = NEG
        self.chosen: _Chosen = ()
        self.m1: tuple[int, ...] = ()
        self.m2: tuple[int, ...] = ()
        self.set_wilds = 0
        self.fillers = fillers


class WildSearch:
    """Best arrangements of hands holding wild cards, jokers or two copies of a card."""

    __slots__ = (
        "_cap",
        "_options",
        "_parts",
        "_spans",
        "_suits",
        "_values",
        "_wild",
        "_wild_sizes",
        "rules",
    )

    def __init__(self, rules: MeldRules, values: tuple[int, ...], suits: tuple[SuitRuns, ...]):
        self.rules = rules
        self._values = values
        self._suits = suits
        self._spans: tuple[Span, ...] = suits[0].spans
        self._wild = frozenset(rules.wilds)
        self._cap = rules.max_wilds
        self._options: dict[tuple[int, tuple[int, int, int, int], int], _RankSets] = {}
        self._wild_sizes = wild_meld_sizes(rules, self._spans)
        self._parts = wild_parts(self._wild_sizes, 0)

    def solve(self, hand: Sequence[int]) -> Arrangement:
        """The arrangement of ``hand`` with the least deadwood value."""
        values = self._values
        wild = self._wild
        counts: dict[int, int] = {}
        for code in hand:
            counts[code] = counts.get(code, 0) + 1
        if any(n > 2 for code, n in counts.items() if code != JOKER):
            raise ValueError("the solver handles at most two copies of a suited card")
        natural = {code: n for code, n in counts.items() if code not in wild and code != JOKER}
        suited_wilds = sorted(code for code in counts if code in wild and code != JOKER)
        jokers = [JOKER] * counts.get(JOKER, 0)
        if self._cap is None:
            # Any number of wilds may be in a meld, so a wild in its own place needs no natural
            # reading: playing every suited wild as a wild loses nothing.
            designs: list[tuple[int, ...]] = [(0,) * len(suited_wilds)]
        else:
            designs = list(product(*(range(counts[code] + 1) for code in suited_wilds)))
        best: _Plan | None = None
        for design in designs:
            nat = dict(natural)
            fillers = list(jokers) if JOKER in wild else []
            for code, kept in zip(suited_wilds, design, strict=True):
                if kept:
                    nat[code] = kept
                fillers.extend([code] * (counts[code] - kept))
            fillers.sort(key=lambda code: (-values[code], code))
            plan = self._plan(nat, fillers)
            if best is None or plan.score > best.score:
                best = plan
        assert best is not None
        return self._build(best, [] if JOKER in wild else jokers)

    def _set_options(self, rank: int, counts: tuple[int, int, int, int], budget: int) -> _RankSets:
        key = (rank, counts, budget)
        found = self._options.get(key)
        if found is None:
            assert self.rules.set is not None
            options = set_options(counts, self.rules.set, self._cap, budget)
            if self._cap is None:
                # One natural card and some wilds meld just as well as a run of that length.
                lengths = {len(span.order) for span in self._spans if span.mask >> rank & 1}
                options = tuple(
                    option
                    for option in options
                    if not any(
                        len(suits) == 1 and wilds and 1 + wilds in lengths
                        for suits, wilds in option.picks
                    )
                )
            values = self._values
            listed: list[_Option] = []
            for option in options:
                naturals = [values[13 * s + rank] for s in range(4) for _ in range(option.used[s])]
                listed.append((option, naturals, sum(naturals)))
            gains = [NEG] * (budget + 1)
            for option, _, natural_value in listed:
                gains[option.wilds] = max(gains[option.wilds], natural_value)
            if len(self._options) >= OPTIONS_LIMIT:
                self._options.clear()
            found = self._options[key] = (listed, tuple(gains))
        return found

    def _absorb(self, k: int) -> list[int]:
        """For each count of spare wilds up to ``k``: how many melds of wilds alone can take."""
        if k >= len(self._parts):
            self._parts = wild_parts(self._wild_sizes, k)
        return [sum(self._parts[r]) for r in range(k + 1)]

    def _shares(
        self, m1: Sequence[int], m2: Sequence[int], k: int, room: int
    ) -> tuple[Sequence[int], list[list[int]]]:
        """Best natural value of the four suits' runs by total wilds used, with back-pointers."""
        suits = self._suits
        merged: Sequence[int] = suits[0].solve(m1[0], m2[0], k)[0][: room + 1]
        backs: list[list[int]] = []
        for s in range(1, 4):
            merged, back = merge_shares(merged, suits[s].solve(m1[s], m2[s], k)[0], room)
            backs.append(back)
        return merged, backs

    @staticmethod
    def _best_use(
        merged: Sequence[int],
        set_wilds: int,
        paid: Sequence[int],
        absorb: Sequence[int],
        swappable: Sequence[int],
    ) -> tuple[int, int, int]:
        """Best value of runs plus wilds, the wilds runs take, and the wilds traded into sets.

        ``merged`` holds the runs' natural value by wilds taken. Wilds runs do not take go to
        melds of wilds alone; any still spare may replace sets' cheapest natural cards, which
        then become deadwood: worth it when the wild is worth more.
        """
        k = len(paid) - 1
        room = k - set_wilds
        cheap = sorted(swappable)
        best = (NEG, 0, 0)
        for used, natural_value in enumerate(merged):
            if natural_value <= NEG:
                continue
            placed = set_wilds + used + absorb[room - used]
            total = natural_value + paid[placed]
            swaps = gain = 0
            for extra in range(1, min(k - placed, len(cheap)) + 1):
                trade = paid[placed + extra] - paid[placed] - sum(cheap[:extra])
                if trade > gain:
                    swaps, gain = extra, trade
            if total + gain > best[0]:
                best = (total + gain, used, swaps)
        return best

    def _rank_options(self, m1: list[int], m2: list[int], k: int) -> list[tuple[int, _RankSets]]:
        """The ranks where some set can be laid, with their options."""
        shape = self.rules.set
        if shape is None:
            return []
        wilds = k if self._cap is None else min(k, self._cap)
        if shape.distinct_suits:
            wilds = min(wilds, 4)
        need = max(1, min(shape.sizes) - wilds)
        a, b, c, d = m1
        held = a | b | c | d
        found = []
        while held:
            low = held & -held
            held ^= low
            i = low.bit_length() - 1
            counts = (
                (a >> i & 1) + (m2[0] >> i & 1),
                (b >> i & 1) + (m2[1] >> i & 1),
                (c >> i & 1) + (m2[2] >> i & 1),
                (d >> i & 1) + (m2[3] >> i & 1),
            )
            distinct = (a >> i & 1) + (b >> i & 1) + (c >> i & 1) + (d >> i & 1)
            if (distinct if shape.distinct_suits else sum(counts)) >= need:
                options = self._set_options(i, counts, k)
                if options[0]:
                    found.append((i, options))
        return found

    def _plan(self, nat: dict[int, int], fillers: list[int]) -> _Plan:
        values = self._values
        k = len(fillers)
        paid = [0]
        for code in fillers:
            paid.append(paid[-1] + values[code])
        absorb = self._absorb(k)
        m1 = [0, 0, 0, 0]
        m2 = [0, 0, 0, 0]
        perfect = paid[k]
        for code, n in nat.items():
            suit, rank = divmod(code, 13)
            m1[suit] |= 1 << rank
            if n > 1:
                m2[suit] |= 1 << rank
            perfect += values[code] * n
        options_at = self._rank_options(m1, m2, k)
        suits = self._suits
        chosen: list[tuple[int, SetOption]] = []
        # Values of the natural cards in the chosen sets, which spare wilds may replace.
        swappable: list[int] = []
        trade = swappable if self._cap is None else []
        best = _Plan(fillers)

        # reach[d][b]: the most natural value sets of ranks d onwards can add with b wilds.
        reach = [[0] * (k + 1)]
        for depth in range(len(options_at) - 1, -1, -1):
            after = reach[-1]
            here = list(after)
            for wilds, gain in enumerate(options_at[depth][1][1]):
                if gain > NEG:
                    for budget in range(wilds, k + 1):
                        if gain + after[budget - wilds] > here[budget]:
                            here[budget] = gain + after[budget - wilds]
            reach.append(here)
        reach.reverse()

        def leaf(set_value: int, set_wilds: int) -> tuple[int, int, list[int]]:
            """Score this choice of sets; return a bound on any choice adding later sets, and
            its parts: the bound with no wilds in runs, and the most ``j`` wilds add to it."""
            room = k - set_wilds
            shares = (
                suits[0].solve(m1[0], m2[0], k),
                suits[1].solve(m1[1], m2[1], k),
                suits[2].solve(m1[2], m2[2], k),
                suits[3].solve(m1[3], m2[3], k),
            )
            # Each suit as if it had all the wilds left: a bound here, and with the most the
            # later sets could add, a bound for every choice that extends this one (runs only
            # lose cards to those sets). ``upto`` never falls as wilds are added.
            base = set_value + paid[k]
            gains: list[int] = []
            for share in shares:
                base += share[2][0]
                gains.extend(share[3][:room])
            # tops[j]: the best j concave gains, a bound on what j wilds add to the runs.
            tops = [0]
            bound = base
            if room:
                gains.sort(reverse=True)
                for gain in gains[:room]:
                    tops.append(tops[-1] + gain)
                extra = tops[room]
                if room == 1:
                    # With one wild left, each suit's best rise bounds it too.
                    extra = min(extra, max(share[2][1] - share[2][0] for share in shares))
                bound += extra
            if bound > best.score:
                if k == 0:
                    score = bound
                else:
                    merged: Sequence[int] = shares[0][0][: room + 1]
                    for share in shares[1:]:
                        merged = merge_shares(merged, share[0], room)[0]
                    score = set_value + self._best_use(merged, set_wilds, paid, absorb, trade)[0]
                if score > best.score:
                    best.score = score
                    best.chosen = tuple(chosen)
                    best.m1 = tuple(m1)
                    best.m2 = tuple(m2)
                    best.set_wilds = set_wilds
            return bound, base, tops

        def search(start: int, set_value: int, set_wilds: int) -> None:
            # Each choice of sets is met once: as a leaf, then extended by a set of a later rank.
            bound, base, tops = leaf(set_value, set_wilds)
            room = k - set_wilds
            if bound + reach[start][room] <= best.score:
                return
            for depth in range(start, len(options_at)):
                i, (options, _) = options_at[depth]
                later = reach[depth + 1]
                bit = 1 << i
                for option, naturals, natural_value in options:
                    if best.score == perfect:
                        return
                    left = room - option.wilds
                    if left < 0:
                        continue
                    # The child's own bound, from this node's: its runs hold no more than
                    # these (a subset of the cards) and have ``left`` wilds at most.
                    if base + natural_value + tops[left] + later[left] <= best.score:
                        continue
                    saved1, saved2 = tuple(m1), tuple(m2)
                    for s, taken in enumerate(option.used):
                        for _ in range(taken):
                            if m2[s] & bit:
                                m2[s] ^= bit
                            else:
                                m1[s] ^= bit
                    chosen.append((i, option))
                    swappable.extend(naturals)
                    search(depth + 1, set_value + natural_value, set_wilds + option.wilds)
                    chosen.pop()
                    del swappable[len(swappable) - len(naturals) :]
                    m1[:] = saved1
                    m2[:] = saved2

        search(0, 0, 0)
        return best

    def _build(self, plan: _Plan, dead: list[int]) -> Arrangement:
        values = self._values
        fillers = plan.fillers
        k = len(fillers)
        room = k - plan.set_wilds
        merged, backs = self._shares(plan.m1, plan.m2, k, room)
        paid = [0]
        for code in fillers:
            paid.append(paid[-1] + values[code])
        absorb = self._absorb(k)
        set_naturals = sorted(
            (s * 13 + i for i, option in plan.chosen for suits, _ in option.picks for s in suits),
            key=lambda code: (values[code], code),
        )
        swap = set_naturals if self._cap is None else []
        _, best_used, swaps = self._best_use(
            merged, plan.set_wilds, paid, absorb, [values[code] for code in swap]
        )
        traded = set_naturals[:swaps]
        alone_parts = self._parts[room - best_used]
        pool = fillers[: plan.set_wilds + best_used + sum(alone_parts) + swaps]
        deadwood = dead + fillers[len(pool) :] + traded
        distinct = self.rules.set is not None and self.rules.set.distinct_suits
        melds: list[Meld] = []
        for i, option in plan.chosen:
            for suits, wilds in option.picks:
                # A suited wild of the set's own rank would read as natural: give it elsewhere.
                pool.sort(key=lambda code: code != JOKER and code % 13 == i)
                naturals = [s * 13 + i for s in suits]
                for code in list(traded):
                    if code in naturals:
                        naturals.remove(code)
                        wilds += 1
                        traded.remove(code)
                cards = (*naturals, *pool[:wilds])
                del pool[:wilds]
                melds.append((cards, set_reps(i, cards, distinct)))
        shares = [0, 0, 0, 0]
        for s in range(3, 0, -1):
            shares[s] = backs[s - 1][best_used]
            best_used -= shares[s]
        shares[0] = best_used
        for s in range(4):
            runs, dead_ranks = self._suits[s].walk(plan.m1[s], plan.m2[s], k, shares[s])
            deadwood.extend(s * 13 + r for r in dead_ranks)
            for span, filled in runs:
                reps = tuple(s * 13 + r for r in span.order)
                cards = tuple(pool.pop() if filled >> r & 1 else s * 13 + r for r in span.order)
                melds.append((cards, reps))
        for size in alone_parts:
            cards = tuple(pool[:size])
            del pool[:size]
            melds.append((cards, wild_meld(cards, self._spans, distinct)))
        deadwood.sort()
        return Arrangement(tuple(melds), tuple(deadwood), sum(values[code] for code in deadwood))
