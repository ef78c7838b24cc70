"""What counts as a meld under a ruleset, as plain values the engine and the solver share.

A ruleset states its meld rules through one hook, ``rummy_meld_rules``, which answers a
``MeldRules`` (a house rule wraps it and returns a changed copy). The engine asks it once per
game, so the hot path never calls a hook to ask what a run is.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RunShape:
    """Runs: cards of one suit in sequence.

    ``ace_low`` allows A-2-3, ``ace_high`` allows Q-K-A (never both in one run), ``wrap`` lets a
    run go round the corner (K-A-2), in which case the ace flags do not matter.
    """

    min_len: int = 3
    max_len: int = 13
    ace_low: bool = True
    ace_high: bool = True
    wrap: bool = False


@dataclass(frozen=True, slots=True)
class SetShape:
    """Sets: cards of one rank, in one of ``sizes``; suits all differ if ``distinct_suits``."""

    sizes: frozenset[int] = frozenset({3, 4})
    distinct_suits: bool = True

    @property
    def max_size(self) -> int:
        """The largest set allowed."""
        return max(self.sizes)


@dataclass(frozen=True, slots=True)
class MeldRules:
    """Everything that decides whether some cards form a meld.

    ``wilds`` holds the card codes that are wild. A suited wild card in its own place (a 2 of clubs
    in A-2-3 of clubs, or any 2 in a set of 2s) is natural there. ``max_wilds`` caps the wild cards
    (natural ones excluded) in one meld; ``None`` means any number, even a meld of wilds only.
    ``run`` or ``set`` is ``None`` when the ruleset has no such meld.
    """

    run: RunShape | None = RunShape()
    set: SetShape | None = SetShape()
    wilds: frozenset[int] = frozenset()
    max_wilds: int | None = None
