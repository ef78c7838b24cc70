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
from typing import TypeAlias

from rummy_core.engine.cards import JOKER
from rummy_core.engine.meldrules import MeldRules
from rummy_core.solver.arrangement import Arrangement, Meld
from rummy_core.solver.runs import NEG, Span, SuitRuns
from rummy_core.solver.sets import SetOption, ranks_held, set_options
from rummy_core.solver.wilds import (
    merge_one,
    merge_shares,
    set_reps,
    wild_meld,
    wild_meld_sizes,
    wild_parts,
)

OPTIONS_LIMIT = 1 << 10
"""Entries the memo of set options holds before it is cleared (its keys are a rank, the copies
held in each suit and a wild count: bounded by the deck too, but an entry lists every option,
so the bound is kept small, about 1 MB)."""

_Chosen = tuple[tuple[int, SetOption], ...]
_Option = tuple[SetOption, list[int], int, tuple[int, int, int, int], tuple[int, int, int, int]]
"""A set option with the values of its natural cards, card by card, and their sum; then, suit
by suit, the bits it clears from the masks of first copies and of second copies."""
_Chain: TypeAlias = "tuple[_Chain, int, SetOption, list[int]] | None"
"""The sets chosen so far, last first: the choice before, then a rank, its option, naturals."""
_RankSets = tuple[list[_Option], tuple[int, ...]]
"""A rank's set options, and the most natural value an option takes for each wild count."""


def _options_key(rank: int, counts: tuple[int, int, int, int], budget: int) -> int:
    """The set-options memo's key: a rank, its copies in each suit, the wilds at hand."""
    return rank | counts[0] << 4 | counts[1] << 6 | counts[2] << 8 | counts[3] << 10 | budget << 12


def _chosen(chain: _Chain) -> _Chosen:
    """The sets of ``chain`` in the order they were chosen."""
    found: list[tuple[int, SetOption]] = []
    while chain is not None:
        chain, rank, option, _ = chain
        found.append((rank, option))
    return tuple(reversed(found))


def _naturals(chain: _Chain) -> list[int]:
    """The values of the natural cards in the sets of ``chain``."""
    found: list[int] = []
    while chain is not None:
        chain, _, _, naturals = chain
        found.extend(naturals)
    return found


class _Plan:
    """The best choice found for one split of the wild cards: enough to build the answer."""

    __slots__ = ("backs", "chosen", "fillers", "m1", "m2", "merged", "score", "set_wilds")

    def __init__(self, fillers: list[int]) -> None:
        self.score = NEG
        self.chosen: _Chosen = ()
        self.m1: tuple[int, ...] = ()
        self.m2: tuple[int, ...] = ()
        self.set_wilds = 0
        self.fillers = fillers
        # The runs' shares as the search merged them (``WildSearch._shares``), when it did.
        self.merged: Sequence[int] = ()
        self.backs: Sequence[list[int]] = ()


class WildSearch:
    """Best arrangements of hands holding wild cards, jokers or two copies of a card."""

    __slots__ = (
        "_absorbed",
        "_cap",
        "_memo_gets",
        "_options",
        "_parts",
        "_run_reps",
        "_solves",
        "_spans",
        "_suited",
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
        self._suited = bool(self._wild - {JOKER})
        self._cap = rules.max_wilds
        # The suits' memos are cleared in place, never replaced, so their lookups keep.
        self._memo_gets = tuple(runs.memo.get for runs in suits)
        self._solves = tuple(runs.solve for runs in suits)
        # Each suit's runs as the cards they stand for, by span mask.
        self._run_reps = tuple(
            {span.mask: tuple(13 * s + r for r in span.order) for span in runs.spans}
            for s, runs in enumerate(suits)
        )
        self._options: dict[int, _RankSets] = {}
        self._wild_sizes = wild_meld_sizes(rules, self._spans)
        self._parts = wild_parts(self._wild_sizes, 0)
        self._absorbed = [0]

    def solve(self, hand: Sequence[int]) -> Arrangement:
        """The arrangement of ``hand`` with the least deadwood value."""
        values = self._values
        wild = self._wild
        counts: dict[int, int] = {}
        for code in hand:
            counts[code] = counts.get(code, 0) + 1
        jokers = [JOKER] * counts.pop(JOKER, 0)
        if counts and max(counts.values()) > 2:
            raise ValueError("the solver handles at most two copies of a suited card")
        plays_jokers = JOKER in wild
        suited_wilds = sorted(code for code in counts if code in wild) if self._suited else []
        if not suited_wilds:
            # Only jokers are wild here: one way to play the hand, and the fillers (jokers,
            # all worth the same) need no sorting.
            only = self._plan(counts, jokers if plays_jokers else [])
            return self._build(only, [] if plays_jokers else jokers)
        natural = {code: n for code, n in counts.items() if code not in wild}
        if self._cap is None:
            # Any number of wilds may be in a meld, so a wild in its own place needs no natural
            # reading: playing every suited wild as a wild loses nothing.
            designs: list[tuple[int, ...]] = [(0,) * len(suited_wilds)]
        else:
            designs = list(product(*(range(counts[code] + 1) for code in suited_wilds)))
        best: _Plan | None = None
        for design in designs:
            nat = dict(natural)
            fillers = list(jokers) if plays_jokers else []
            for code, kept in zip(suited_wilds, design, strict=True):
                if kept:
                    nat[code] = kept
                fillers.extend([code] * (counts[code] - kept))
            fillers.sort(key=lambda code: (-values[code], code))
            plan = self._plan(nat, fillers)
            if best is None or plan.score > best.score:
                best = plan
        assert best is not None
        return self._build(best, [] if plays_jokers else jokers)

    def _set_options(self, rank: int, counts: tuple[int, int, int, int], budget: int) -> _RankSets:
        key = _options_key(rank, counts, budget)
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
            bit = 1 << rank
            for option in options:
                naturals = [values[13 * s + rank] for s in range(4) for _ in range(option.used[s])]
                # A second copy goes first, as it is the second mask that holds it.
                taken = list(enumerate(option.used))
                x1 = [bit if used and (used == 2 or counts[s] == 1) else 0 for s, used in taken]
                x2 = [bit if used and counts[s] == 2 else 0 for s, used in taken]
                listed.append(
                    (
                        option,
                        naturals,
                        sum(naturals),
                        (x1[0], x1[1], x1[2], x1[3]),
                        (x2[0], x2[1], x2[2], x2[3]),
                    )
                )
            gains = [NEG] * (budget + 1)
            for option, _, natural_value, _, _ in listed:
                gains[option.wilds] = max(gains[option.wilds], natural_value)
            if len(self._options) >= OPTIONS_LIMIT:
                self._options.clear()
            found = self._options[key] = (listed, tuple(gains))
        return found

    def _absorb(self, k: int) -> list[int]:
        """For each count of spare wilds up to ``k``: how many melds of wilds alone can take."""
        if k >= len(self._parts):
            self._parts = wild_parts(self._wild_sizes, k)
            self._absorbed = [sum(part) for part in self._parts]
        return self._absorbed[: k + 1]

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
        e, f, g, h = m2
        distinct = shape.distinct_suits
        # With distinct suits, only ranks held in enough suits; else every rank held is checked.
        held = ranks_held(a, b, c, d, need) if distinct else a | b | c | d
        memo = self._options.get
        high = k << 12
        found = []
        while held:
            low = held & -held
            held ^= low
            i = low.bit_length() - 1
            ca = (a >> i & 1) + (e >> i & 1)
            cb = (b >> i & 1) + (f >> i & 1)
            cc = (c >> i & 1) + (g >> i & 1)
            cd = (d >> i & 1) + (h >> i & 1)
            if distinct or ca + cb + cc + cd >= need:
                # ``_options_key`` written out: this runs for most ranks of every hand.
                options = memo(
                    i | ca << 4 | cb << 6 | cc << 8 | cd << 10 | high
                ) or self._set_options(i, (ca, cb, cc, cd), k)
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
        best = _Plan(fillers)
        # Spare wilds may replace the natural cards of the chosen sets (only without a limit).
        trades = self._cap is None

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

        memo0, memo1, memo2, memo3 = self._memo_gets
        solve0, solve1, solve2, solve3 = self._solves
        high = k << 26
        last = len(options_at)

        def search(
            start: int,
            set_value: int,
            set_wilds: int,
            cards: tuple[int, int, int, int, int, int, int, int],
            chain: _Chain,
        ) -> None:
            """Score this choice of sets (``chain``), then extend it by a set of a later rank.

            ``cards`` holds the four suits' masks of first copies, then of second copies, of
            the cards the sets leave. Each choice of sets is met once.
            """
            room = k - set_wilds
            a, b, c, d, e, f, g, h = cards
            # The suits' memos read directly (``SuitRuns.solve``'s keys) when they hold the answer.
            shares = (
                memo0(a | e << 13 | high) or solve0(a, e, k),
                memo1(b | f << 13 | high) or solve1(b, f, k),
                memo2(c | g << 13 | high) or solve2(c, g, k),
                memo3(d | h << 13 | high) or solve3(d, h, k),
            )
            # Each suit as if it had all the wilds left: a bound here, and with the most the
            # later sets could add, a bound for every choice that extends this one (runs only
            # lose cards to those sets). ``upto`` never falls as wilds are added.
            base = set_value + paid[k]
            for share in shares:
                base += share[2][0]
            # tops[j]: the best j concave gains, a bound on what j wilds add to the runs.
            tops = [0]
            bound = base
            if room:
                gains = [*shares[0][3], *shares[1][3], *shares[2][3], *shares[3][3]]
                gains.sort(reverse=True)
                for gain in gains[:room]:
                    tops.append(tops[-1] + gain)
                extra = tops[room]
                if room == 1:
                    # With one wild left, each suit's best rise bounds it too.
                    extra = min(extra, max(share[2][1] - share[2][0] for share in shares))
                bound += extra
            if bound > best.score:
                merged: Sequence[int] = ()
                backs: Sequence[list[int]] = ()
                if k == 0:
                    score = bound
                else:
                    if room == 1:
                        merged, backs = merge_one(
                            (shares[0][0], shares[1][0], shares[2][0], shares[3][0])
                        )
                    else:
                        merged = shares[0][0][: room + 1]
                        backs = []
                        for share in shares[1:]:
                            merged, back = merge_shares(merged, share[0], room)
                            backs.append(back)
                    trade = _naturals(chain) if trades else []
                    score = set_value + self._best_use(merged, set_wilds, paid, absorb, trade)[0]
                if score > best.score:
                    best.score = score
                    best.chosen = _chosen(chain)
                    best.m1 = (a, b, c, d)
                    best.m2 = (e, f, g, h)
                    best.set_wilds = set_wilds
                    best.merged = merged
                    best.backs = backs
            if bound + reach[start][room] <= best.score:
                return
            for depth in range(start, last):
                i, (options, _) = options_at[depth]
                later = reach[depth + 1]
                for option, naturals, natural_value, x1, x2 in options:
                    if best.score == perfect:
                        return
                    left = room - option.wilds
                    if left < 0:
                        continue
                    # The child's own bound, from this node's: its runs hold no more than
                    # these (a subset of the cards) and have ``left`` wilds at most.
                    if base + natural_value + tops[left] + later[left] <= best.score:
                        continue
                    search(
                        depth + 1,
                        set_value + natural_value,
                        set_wilds + option.wilds,
                        (
                            a ^ x1[0],
                            b ^ x1[1],
                            c ^ x1[2],
                            d ^ x1[3],
                            e ^ x2[0],
                            f ^ x2[1],
                            g ^ x2[2],
                            h ^ x2[3],
                        ),
                        (chain, i, option, naturals),
                    )

        search(0, 0, 0, (m1[0], m1[1], m1[2], m1[3], m2[0], m2[1], m2[2], m2[3]), None)
        return best

    def _build(self, plan: _Plan, dead: list[int]) -> Arrangement:
        values = self._values
        fillers = plan.fillers
        k = len(fillers)
        room = k - plan.set_wilds
        merged, backs = (
            (plan.merged, plan.backs) if plan.backs else self._shares(plan.m1, plan.m2, k, room)
        )
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
            base = 13 * s
            run_reps = self._run_reps[s]
            suit = self._suits[s]
            if not shares[s] and not plan.m2[s] and suit.has_tables:
                # A suit of single copies given no wild: its runs as ``walk`` picks them with no
                # wild used (the same first pick at every step), from the one-pack table when
                # some hand without wilds has built it (building it here would cost 8 ms).
                spans, dead_ranks = suit.natural_walk(plan.m1[s], 0)
                deadwood.extend([base + r for r in dead_ranks])
                for span in spans:
                    reps = run_reps[span.mask]
                    melds.append((reps, reps))
                continue
            runs, dead_ranks = suit.walk(plan.m1[s], plan.m2[s], k, shares[s])
            deadwood.extend([base + r for r in dead_ranks])
            for span, filled in runs:
                reps = run_reps[span.mask]
                cards = tuple([pool.pop() if filled >> r & 1 else base + r for r in span.order])
                melds.append((cards, reps))
        for size in alone_parts:
            cards = tuple(pool[:size])
            del pool[:size]
            melds.append((cards, wild_meld(cards, self._spans, distinct)))
        deadwood.sort()
        return Arrangement(tuple(melds), tuple(deadwood), sum([values[code] for code in deadwood]))
