"""Time ``best_arrangement`` on random hands of the three rulesets.

Prints the median and 99th percentile of microseconds per call on 10,000 random hands each:
classic 10-card hands, Hungarian 15-card hands (two packs and four jokers), Riverside 30-card
hands holding all four 2s. The solver's memo starts empty, so the first pass over the hands
pays for filling it; the second pass meets the same hands again with the memo warm.
The classic hands are also timed with the least deadwood value alone (``MeldSolver.deadwood``
of a fresh solver), what OpenSpiel's ``min_deadwood`` answers.
Run: ``python bench/solver_bench.py [N] [--cpu]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from rummy_core.engine.cards import JOKER, card
from rummy_core.engine.meldrules import MeldRules, RunShape, SetShape
from rummy_core.solver import MeldSolver, best_arrangement


def _table(by_rank: Sequence[int], joker: int) -> tuple[int, ...]:
    return (*(by_rank[code % 13] for code in range(52)), joker)


TWOS = frozenset(card(2, suit) for suit in range(4))
CLASSIC = (MeldRules(), _table([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], 0))
HUNGARIAN = (
    MeldRules(wilds=frozenset({JOKER}), max_wilds=1),
    _table([10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], 20),
)
RIVERSIDE = (
    MeldRules(run=RunShape(wrap=True), set=SetShape(sizes=frozenset({4})), wilds=TWOS),
    _table([15, 50, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10], 0),
)


def _hands(name: str, count: int, rng: random.Random) -> list[list[int]]:
    if name == "classic":
        return [rng.sample(range(52), 10) for _ in range(count)]
    if name == "hungarian":
        deck = list(range(52)) * 2 + [JOKER] * 4
        return [rng.sample(deck, 15) for _ in range(count)]
    others = [code for code in range(52) if code not in TWOS]
    return [sorted(TWOS) + rng.sample(others, 26) for _ in range(count)]


def _timings(
    rules: MeldRules,
    values: tuple[int, ...],
    hands: list[list[int]],
    cpu: bool,
    call: Callable[[list[int]], object] | None = None,
) -> list[float]:
    """Microseconds per hand of ``call`` (default: ``best_arrangement`` with these rules)."""
    # Wall-clock time by default; with --cpu the thread's own CPU time, which a busy machine's
    # other processes do not inflate (each reading costs a fraction of a microsecond more).
    clock = time.thread_time_ns if cpu else time.perf_counter_ns
    spent = []
    if call is None:
        for hand in hands:
            start = clock()
            best_arrangement(hand, rules, values)
            spent.append((clock() - start) / 1000)
        return spent
    for hand in hands:
        start = clock()
        call(hand)
        spent.append((clock() - start) / 1000)
    return spent


def main() -> None:
    """Run the benchmark and print one line per ruleset and pass."""
    args = [arg for arg in sys.argv[1:] if arg != "--cpu"]
    cpu = "--cpu" in sys.argv[1:]
    count = int(args[0]) if args else 10_000
    rng = random.Random(2024)
    for name, (rules, values) in (
        ("classic 10", CLASSIC),
        ("hungarian 15", HUNGARIAN),
        ("riverside 30", RIVERSIDE),
    ):
        hands = _hands(name.split()[0], count, rng)
        calls: list[tuple[str, Callable[[list[int]], object] | None]] = [("", None)]
        if name.startswith("classic"):
            calls.append((" value", MeldSolver(rules, values).deadwood))
        for suffix, call in calls:
            for label in ("first pass", "second pass"):
                spent = sorted(_timings(rules, values, hands, cpu, call))
                p99 = spent[min(len(spent) - 1, int(len(spent) * 0.99))]
                print(
                    f"{name + suffix:>19} cards, {label:<11}: median"
                    f" {statistics.median(spent):9.1f} us, p99 {p99:10.1f} us,"
                    f" max {spent[-1]:10.1f} us"
                )


if __name__ == "__main__":
    main()
