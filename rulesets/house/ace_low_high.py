"""``ace-low-high``: Hungarian Römi where a run's ace counts 1 low and 11 high in the opening.

Ruling H1 counts an ace 10 towards the opening, in A-2-3 too. In this house rule the ace of a run
counts 1 at the bottom (A-2-3) and 11 at the top (Q-K-A). A set's ace keeps the ruleset's value
(10, or 11 with the ruleset's ``ace=low-high`` option, which changes sets as well).

It is a ``tryfirst`` decision that answers only for runs holding an ace, and returns None for
every other meld so that the ruleset counts it.
"""

from __future__ import annotations

from rummy_core.engine.cards import ACE
from rummy_core.engine.melds import RUN, rep_rank
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.engine.state import Meld
from rummy_core.i18n.languages import N_

from .. import DOMAIN

LOW_ACE = 1
HIGH_ACE = 11


class AceLowHigh(HouseRule):
    """A run's ace counts 1 in A-2-3 and 11 in Q-K-A towards the opening."""

    name = "ace-low-high"
    summary = N_("Hungarian: a run's ace counts 1 in A-2-3 and 11 in Q-K-A for the opening.")
    domain = DOMAIN
    applies_to = ("hungarian",)
    sets_options = ("ace",)

    @hookimpl(tryfirst=True)
    def rummy_meld_points(self, meld: Meld) -> int | None:
        ranks = [rep_rank(rep) for rep in meld.reps]
        if meld.kind != RUN or ACE not in ranks:
            return None
        # Ruling H3: a run is never round the corner, so its ace is first (A-2-3) or last
        # (Q-K-A). Every other card counts as in H1: pips, 10 for a ten or a picture; a joker
        # counts as the card it stands for (H5), which is what ``reps`` holds.
        return sum(
            (LOW_ACE if index == 0 else HIGH_ACE) if rank == ACE else min(rank, 10)
            for index, rank in enumerate(ranks)
        )
