"""A card's worth by the draws to come: the expected deadwood once the next card is drawn.

The greedy bot judges a discard by the deadwood it leaves and a count of partners. Looking one
draw ahead says more: for each card the seat might draw next (every card it cannot place, as
likely as each other), the hand is solved again and its worst card shed. A card that keeps live
chances open (cards still unseen that would meld with it) scores better than one whose partners
are gone to the table, the pile or a rival's hand. Exact for the next draw, cheap (one solve per
distinct unseen card), and the same for every ruleset: the solver reads the game's meld rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rummy_core.bots.assess import is_wild
from rummy_core.meldrules import MeldRules
from rummy_core.solver import Arrangement, MeldSolver


def after_discard(arrangement: Arrangement, rules: MeldRules, values: Sequence[int]) -> int:
    """The deadwood left once the costliest natural deadwood card is discarded."""
    shed = [values[c] for c in arrangement.deadwood if not is_wild(c, rules)]
    return arrangement.deadwood_value - max(shed, default=0)


def draw_outlook(
    solver: MeldSolver, hand: Sequence[int], pool: Counter[int], rules: MeldRules
) -> float:
    """The deadwood expected after drawing one card of ``pool`` (each copy as likely) and
    shedding the worst card."""
    values = solver.values
    total = 0
    count = 0
    cards = list(hand)
    cards.append(-1)
    for card, copies in pool.items():
        cards[-1] = card
        total += copies * after_discard(solver.best(cards), rules, values)
        count += copies
    return total / count if count else float(after_discard(solver.best(hand), rules, values))


def discard_outlooks(
    solver: MeldSolver,
    hand: Sequence[int],
    candidates: Iterable[int],
    pool: Counter[int],
    rules: MeldRules,
) -> dict[int, float]:
    """For each candidate discard: the deadwood expected after the next draw without it."""
    found = {}
    for code in candidates:
        rest = list(hand)
        rest.remove(code)
        found[code] = draw_outlook(solver, rest, pool, rules)
    return found
