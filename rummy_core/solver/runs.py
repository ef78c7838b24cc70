"""Runs within one suit: the best cover of a suit's natural cards by runs, for each wild count.

Sets are settled before this is asked, so a suit's remaining cards can only meet each other.
Ranks are indexed 0 (ace) to 12 (king); a suit's cards are two 13-bit masks, ``m1`` (at least
one copy) and ``m2`` (a second copy, two-pack decks).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from rummy_core.engine.meldrules import RunShape

NEG = -(1 << 40)
"""Score of an impossible combination: far below any reachable total, so sums stay impossible."""

Move = tuple[int, int, int, int, int]
"""One step of a suit's solution: (span index or -1 for deadwood, filled or dead rank bits,
``m1`` and ``m2`` after the step, wild cards the step uses)."""

Entry = tuple[tuple[int, ...], tuple[Move | None, ...], tuple[int, ...], tuple[int, ...]]
"""For each number ``j`` of wild cards used: the best melded natural value, its first move, and
the best value with at most ``j`` wilds; then the gains of each further wild along the least
concave curve above those values (rounded up), which never grow: the best value with ``j``
wilds is at most the best with none plus the first ``j`` gains."""


MEMO_LIMIT = 1 << 15
"""The size a suit memo reaches before it is cleared, a bound on memory for long simulations:
an entry for ``k`` wilds counts ``k + 1`` (its tuples hold ``k + 1`` values and moves, some
100 bytes each), so a full memo is about 6 MB whatever the number of wilds. Greedy games fill
it within their first thousand hands, after which the resident size stays level (a bound of
65,536 entries kept it growing for 10,000 Hungarian hands)."""

MELDED_LIMIT = 1 << 14
"""Entries the memo of ``dead_value`` (numbers alone) holds before it is cleared, about 2 MB."""

THROUGH_LIMIT = 1 << 14
"""Entries the memo of runs through a mask's lowest card holds before it is cleared: its keys
are a 13-bit mask and a wild count up to the rules' limit per meld (only rules with a limit use
it). An entry lists a run or two, so a full memo is about 1.5 MB."""

_Through = tuple[int, ...]
"""The indices of the runs through the lowest card of a mask that few enough wilds complete:
one tuple of ints per entry, which the garbage collector stops tracking, and which costs one
allocation to build (many small tuples made collections come sooner)."""


@dataclass(frozen=True, slots=True)
class Span:
    """The positions of one run in a suit: rank indices in run order."""

    mask: int
    order: tuple[int, ...]
    extendable: bool
    """Whether one more card fits at an end (then a spare wild can always join this run)."""


def run_spans(shape: RunShape) -> tuple[Span, ...]:
    """Every run a suit allows under ``shape``, one per set of ranks, shortest first."""
    max_len = min(shape.max_len, 13)
    found: dict[int, Span] = {}

    def add(order: tuple[int, ...], extendable: bool) -> None:
        mask = sum(1 << rank for rank in order)
        found.setdefault(mask, Span(mask, order, extendable))

    if shape.wrap:
        for length in range(shape.min_len, max_len + 1):
            for start in range(13):
                add(tuple((start + k) % 13 for k in range(length)), length < max_len)
        return tuple(found.values())

    def valid(first: int, last: int) -> bool:
        # Ordinals: 1 is the low ace, 14 the high ace; a run never holds both.
        return (
            first >= 1
            and last <= 14
            and shape.min_len <= last - first + 1 <= max_len
            and (first > 1 or shape.ace_low)
            and (last < 14 or shape.ace_high)
        )

    for length in range(shape.min_len, max_len + 1):
        for first in range(1, 15):
            last = first + length - 1
            if valid(first, last):
                order = tuple((ordinal - 1) % 13 for ordinal in range(first, last + 1))
                add(order, valid(first - 1, last) or valid(first, last + 1))
    return tuple(found.values())


def _switches(optional: int, most: int) -> Iterator[int]:
    """Sub-masks of ``optional`` with at most ``most`` bits: naturals a run leaves to wilds."""
    yield 0
    bits = [1 << i for i in range(13) if optional >> i & 1]
    for size in range(1, min(most, len(bits)) + 1):
        for chosen in combinations(bits, size):
            yield sum(chosen)


def _concave_gains(upto: Sequence[int]) -> tuple[int, ...]:
    """Steps of the least concave curve over ``upto``, each rounded up: a never-growing list."""
    if len(upto) == 2:
        # One wild, the common case: its rise is the one step.
        return (upto[1] - upto[0],)
    gains: list[int] = []
    at = 0
    while at < len(upto) - 1:
        # The hull's next vertex is the point seen at the steepest slope from this one.
        nxt = max(range(at + 1, len(upto)), key=lambda j: ((upto[j] - upto[at]) / (j - at), j))
        rise = upto[nxt] - upto[at]
        span = nxt - at
        gains.extend([-(-rise // span)] * span)
        at = nxt
    return tuple(gains)


class SuitRuns:
    """Memoised best cover of one suit's cards by runs, keyed by the suit's masks.

    ``solve(m1, m2, k)[0][j]`` is the largest total value of natural cards that runs can meld
    using exactly ``j`` of ``k`` available wild cards (``NEG`` when impossible); wild cards' own
    values are the caller's to add. Get one from ``suit_runs``, which shares it between suits,
    solvers and games with the same run shape, wild limit and values: the memo then fills once
    per process (up to ``MEMO_LIMIT`` in size, when it starts afresh).
    """

    __slots__ = (
        "_cap",
        "_cells",
        "_choices",
        "_indices_at",
        "_indices_up",
        "_melded",
        "_one_melded",
        "_span_of",
        "_spans_at",
        "_spans_up",
        "_starting",
        "_suit_value",
        "_through",
        "memo",
        "spans",
    )

    def __init__(self, spans: tuple[Span, ...], values: Sequence[int], max_wilds: int | None):
        self.spans = spans
        self._cap = max_wilds
        self._spans_at = [
            [(index, span) for index, span in enumerate(spans) if span.mask >> rank & 1]
            for rank in range(13)
        ]
        # Without wilds, a run through the lowest card holds no lower rank.
        self._spans_up = [
            [
                (index, span)
                for index, span in self._spans_at[rank]
                if not span.mask & (1 << rank) - 1
            ]
            for rank in range(13)
        ]
        table = [0] * 8192
        for mask in range(1, 8192):
            low = mask & -mask
            table[mask] = table[mask ^ low] + values[low.bit_length() - 1]
        self._suit_value = table
        # Read directly by the wild search's inner loop (``solve``'s key: m1 | m2 << 13 | k << 26);
        # cleared in place when full, never replaced.
        self.memo: dict[int, Entry] = {}
        self._cells = 0
        self._choices: list[int] = []
        self._one_melded: list[int] = []
        self._starting: list[tuple[int, ...]] = []
        self._span_of = {span.mask: span for span in spans}
        self._melded: dict[int, int] = {}
        self._through: dict[int, _Through] = {}
        self._indices_at = [tuple(index for index, _ in at) for at in self._spans_at]
        self._indices_up = [tuple(index for index, _ in up) for up in self._spans_up]

    def _spans_through(self, m1: int, cap: int) -> _Through:
        """The runs through the lowest card of ``m1`` that ``cap`` wilds or fewer complete.

        In span order, which breaks ties between equal answers. With a limit of wilds per run,
        most runs through a card lack more ranks than it allows; listing those that do not once
        per mask and wild count spares ``solve`` from looking at every run each time.
        """
        key = m1 | cap << 13
        found = self._through.get(key)
        if found is None:
            low = m1 & -m1
            spans = self._spans_at if cap else self._spans_up
            found = tuple(
                index
                for index, span in spans[low.bit_length() - 1]
                if (span.mask & ~m1).bit_count() <= cap
            )
            if len(self._through) >= THROUGH_LIMIT:
                self._through.clear()
            self._through[key] = found
        return found

    def solve(self, m1: int, m2: int, k: int) -> Entry:
        """Best values by wild count for the suit's cards ``m1``/``m2`` with ``k`` wilds at hand."""
        key = m1 | m2 << 13 | k << 26
        entry = self.memo.get(key)
        if entry is not None:
            return entry
        if not m1:
            entry = ((0,) + (NEG,) * k, (None,) * (k + 1), (0,) * (k + 1), (0,) * k)
            self._keep(key, entry, k)
            return entry
        low = m1 & -m1
        # The lowest card is either deadwood or in some run; one copy at a time.
        n1, n2 = (m1, m2 ^ low) if m2 & low else (m1 ^ low, m2)
        vals = list(self.solve(n1, n2, k)[0])
        dead: Move = (-1, low, n1, n2, 0)
        moves: list[Move | None] = [dead if v > NEG else None for v in vals]
        cap = k if self._cap is None else min(k, self._cap)
        suit_value = self._suit_value
        through: _Through | None
        if self._cap is None:
            # Any number of wilds in a run: most runs through the card are within reach, and
            # listing them per mask would cost more than it saves (and fill memory).
            through = (self._indices_at if cap else self._indices_up)[low.bit_length() - 1]
        else:
            through = self._through.get(m1 | cap << 13)
            if through is None:
                through = self._spans_through(m1, cap)
        spans = self.spans
        for index in through:
            span = spans[index]
            mask = span.mask
            missing = mask & ~m1
            forced = missing.bit_count()
            if forced > cap:
                continue
            present = mask & m1
            # A wild in place of a natural card the hand holds pays only when the spare natural
            # meets a run whose wild limit is full, or the run cannot take a spare wild at an end.
            if forced < cap and (self._cap is not None or not span.extendable):
                switches: Iterator[int] | tuple[int] = _switches(present ^ low, cap - forced)
            else:
                switches = (0,)
            for extra in switches:
                nat = present ^ extra
                used = forced + extra.bit_count()
                dup = m2 & nat
                r1 = (m1 & ~nat) | dup
                r2 = m2 ^ dup
                sub = self.solve(r1, r2, k)[0]
                gain = suit_value[nat]
                for j in range(used, k + 1):
                    v = sub[j - used]
                    if v > NEG and v + gain > vals[j]:
                        vals[j] = v + gain
                        moves[j] = (index, missing | extra, r1, r2, used)
        upto = list(vals)
        for j in range(1, k + 1):
            upto[j] = max(upto[j], upto[j - 1])
        # Tuples of ints only: the garbage collector stops tracking them, so a big memo does
        # not make every collection slower.
        entry = (tuple(vals), tuple(moves), tuple(upto), _concave_gains(upto))
        self._keep(key, entry, k)
        return entry

    def _keep(self, key: int, entry: Entry, k: int) -> None:
        """Memoise ``entry``, clearing the memo first when this one would take it past its size."""
        self._cells += k + 1
        if self._cells > MEMO_LIMIT:
            self.memo.clear()
            self._cells = k + 1
        self.memo[key] = entry

    def dead_value(self, m1: int, m2: int) -> int:
        """The least deadwood value of the suit's cards ``m1``/``m2`` with no wilds.

        The same as the value ``solve(m1, m2, 0)`` gives, from a memo of numbers alone: the
        two-pack path compares many choices of sets by value and builds only the best.
        """
        found = self._melded.get(m1 | m2 << 13)
        if found is None:
            found = self._melded_value(m1, m2)
        suit_value = self._suit_value
        return suit_value[m1] + suit_value[m2] - found

    def _melded_value(self, m1: int, m2: int) -> int:
        if not m2:
            # One copy of each card left: the table of all 8,192 masks has it.
            return (self._one_melded or self._natural_tables()[1])[m1]
        key = m1 | m2 << 13
        found = self._melded.get(key)
        if found is not None:
            return found
        low = m1 & -m1
        # The lowest card is deadwood or starts a run, as in ``solve`` without wilds.
        best = self._melded_value(*((m1, m2 ^ low) if m2 & low else (m1 ^ low, m2)))
        for mask in (self._starting or self._starting_runs())[m1]:
            dup = m2 & mask
            value = self._melded_value((m1 & ~mask) | dup, m2 ^ dup) + self._suit_value[mask]
            if value > best:
                best = value
        if len(self._melded) >= MELDED_LIMIT:
            self._melded.clear()
        self._melded[key] = best
        return best

    def natural_walk(self, m1: int, m2: int) -> tuple[list[Span], list[int]]:
        """The runs and dead rank indices of ``walk(m1, m2, 0, 0)``, from ``dead_value``'s memo.

        The same pick at each step as ``solve`` without wilds (a run only when strictly better,
        spans in the same order), so the same answer.
        """
        runs: list[Span] = []
        dead: list[int] = []
        suit_value = self._suit_value
        choices = self._choices or self._natural_tables()[0]
        # Built on the first second copy only: a one-pack suit walks the table alone.
        starting = (self._starting or self._starting_runs()) if m2 else self._starting
        while m2:
            low = m1 & -m1
            after = (m1, m2 ^ low) if m2 & low else (m1 ^ low, m2)
            best = self._melded_value(*after)
            pick = 0
            for mask in starting[m1]:
                dup = m2 & mask
                rest = ((m1 & ~mask) | dup, m2 ^ dup)
                value = self._melded_value(*rest) + suit_value[mask]
                if value > best:
                    best, pick, after = value, mask, rest
            if pick:
                runs.append(self._span_of[pick])
            else:
                dead.append(low.bit_length() - 1)
            m1, m2 = after
        # No second copy left: the rest is the one-pack table's pick, step by step.
        while m1:
            choice = choices[m1]
            if choice & (choice - 1):
                runs.append(self._span_of[choice])
            else:
                dead.append(choice.bit_length() - 1)
            m1 ^= choice
        return runs, dead

    @property
    def has_tables(self) -> bool:
        """Whether the tables of all 8,192 masks without wilds (``natural_choices``) are built."""
        return bool(self._choices)

    def natural_choices(self) -> list[int]:
        """For every mask of one copy per rank, no wilds: what ``solve`` does with its lowest card.

        The lowest card's own bit when it is deadwood, else the mask of the run it starts; the
        same pick as ``solve(mask, 0, 0)``'s first move (a run only when strictly better, spans
        in the same order). Built for all 8,192 masks at once, smallest first, since a mask's
        rest is a smaller mask: a few milliseconds, once per process and run shape.
        """
        return self._choices or self._natural_tables()[0]

    def _natural_tables(self) -> tuple[list[int], list[int]]:
        """For every mask: ``natural_choices``, and the value its runs meld without wilds."""
        if not self._choices:
            ups = [[span.mask for _, span in self._spans_up[rank]] for rank in range(13)]
            suit_value = self._suit_value
            melded = [0] * 8192
            choices = [0] * 8192
            for mask in range(1, 8192):
                low = mask & -mask
                best = melded[mask ^ low]
                choice = low
                for run in ups[low.bit_length() - 1]:
                    if run & mask == run:
                        value = melded[mask ^ run] + suit_value[run]
                        if value > best:
                            best = value
                            choice = run
                melded[mask] = best
                choices[mask] = choice
            self._choices = choices
            self._one_melded = melded
        return self._choices, self._one_melded

    def _starting_runs(self) -> list[tuple[int, ...]]:
        """For every mask, the masks of the runs it holds that start at its lowest card, in span
        order: the two-pack walks' candidates, built whole on their first use (a few ms)."""
        if not self._starting:
            ups = [[span.mask for _, span in self._spans_up[rank]] for rank in range(13)]
            starting: list[tuple[int, ...]] = [()] * 8192
            for mask in range(1, 8192):
                low = mask & -mask
                held = tuple(run for run in ups[low.bit_length() - 1] if run & mask == run)
                if held:
                    starting[mask] = held
            self._starting = starting
        return self._starting

    def walk(self, m1: int, m2: int, k: int, j: int) -> tuple[list[tuple[Span, int]], list[int]]:
        """The runs (span, rank bits filled by wilds) and dead rank indices of ``solve``'s pick."""
        runs: list[tuple[Span, int]] = []
        dead: list[int] = []
        memo = self.memo
        high = k << 26
        while m1:
            move = (memo.get(m1 | m2 << 13 | high) or self.solve(m1, m2, k))[1][j]
            assert move is not None
            index, bits, m1, m2, used = move
            if index < 0:
                dead.append(bits.bit_length() - 1)
            else:
                runs.append((self.spans[index], bits))
                j -= used
        return runs, dead


@cache
def suit_runs(shape: RunShape | None, max_wilds: int | None, values: tuple[int, ...]) -> SuitRuns:
    """The shared ``SuitRuns`` for runs of ``shape`` (``None``: no runs) and 13 rank values."""
    return SuitRuns(run_spans(shape) if shape is not None else (), values, max_wilds)
