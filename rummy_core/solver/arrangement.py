"""The solver's answer: melds as ``melds.readings`` reads them, and the cards left over."""

from __future__ import annotations

from typing import NamedTuple

Meld = tuple[tuple[int, ...], tuple[int, ...]]
"""One meld: its cards in meld order and, card by card, what each stands for (``Reading.reps``)."""


class Arrangement(NamedTuple):
    """A partition of a hand into melds and deadwood.

    ``melds`` hold runs in ascending order (cyclic for a run round the corner); feeding a meld's
    cards to ``melds.readings`` gives a reading with its reps, undeclared when that reading is the
    only one, else with the reps as declarations. ``deadwood`` is sorted by card code.

    A named tuple rather than a frozen dataclass: as immutable, and built in half the time,
    which the solver's fast path (a couple of microseconds a hand) feels.
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[int, ...]
    deadwood_value: int

    @property
    def melded(self) -> tuple[int, ...]:
        """Every melded card, meld by meld."""
        return tuple(code for cards, _ in self.melds for code in cards)
