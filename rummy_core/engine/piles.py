"""Moves between the stock and the discard pile that several rulesets share."""

from __future__ import annotations

from random import Random

from rummy_core.engine.state import State


def refill_from_discards(state: State, shuffle: Random | None = None) -> bool:
    """Make a new stock of the discard pile less its top card; False if there is nothing to use.

    Without ``shuffle`` the pile is turned over: its oldest card becomes the top of the stock.
    With it, the cards are shuffled by that seeded source. Counts the refill in
    ``state.refills``.
    """
    if len(state.discard) < 2:
        return False
    top = state.discard[-1]
    rest = state.discard[:-1]
    if shuffle is None:
        # Turned face down as a block: the bottom (oldest) discard ends up on top.
        rest.reverse()
    else:
        shuffle.shuffle(rest)
    state.stock = rest
    state.discard = [top]
    state.refills += 1
    return True
