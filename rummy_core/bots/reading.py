"""Reading a rival's hand from its discard: how unlikely a sampled hand is, given what it threw.

A player racing to go out throws its costliest card that melds with nothing, and keeps the cards
it took from the pile to meld them. So the seat that made the last discard held, with that card,
a hand whose best arrangement left nothing costlier unmelded, and melded what it had taken. A
hand dealt at random from the unseen cards rarely looks like that: it is scattered where the
rival's is close to going out. ``discard_reading`` scores a sampled deal by how far the rival's
hand strays from it, for ``sampling.likeliest_deal`` to keep the deals that fit.
"""

from __future__ import annotations

from collections.abc import Callable

from rummy_core.bots.assess import is_wild
from rummy_core.bots.tracking import CardTracker
from rummy_core.engine.meldrules import MeldRules
from rummy_core.solver import MeldSolver

UNMELDED_PICKUP: float = 10
"""How unlikely a hand is for each card its seat took from the pile and holds unmelded."""


def discard_reading(
    tracker: CardTracker, solver: MeldSolver, rules: MeldRules
) -> Callable[[list[list[int]]], float] | None:
    """How unlikely a deal (every seat's hand) is, from the last discard a rival made: the
    points of the deadwood its hand would have left, with that card, above that card's value,
    and ``UNMELDED_PICKUP`` for each card it took from the pile that melds with nothing (0: a
    hand that fits). None when there is no rival's discard to read."""
    last = tracker.last_discard
    if last is None or last[0] == tracker.seat:
        return None
    seat, thrown = last
    values = solver.values
    top = values[thrown]
    taken = set(tracker.taken[seat]) if seat < len(tracker.taken) else set()

    def unlikely(hands: list[list[int]]) -> float:
        arrangement = solver.best([*hands[seat], thrown])
        score = 0.0
        for card in arrangement.deadwood:
            if is_wild(card, rules):
                continue
            score += max(0, values[card] - top)
            if card in taken:
                score += UNMELDED_PICKUP
        return score

    return unlikely
