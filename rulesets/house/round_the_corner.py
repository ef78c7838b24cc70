"""``round-the-corner``: classic Rummy where runs may wrap from the king to the ace and on.

Ruling C3 says a run is never round the corner. Many families play K-A-2 as a run; this house
rule wraps ``rummy_meld_rules`` and sets the run shape's ``wrap``, so a run may go on past the
king to the ace, the 2 and up (13 cards at most). Card values (C5) do not change.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from rummy_core.engine.meldrules import MeldRules, RunShape
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.i18n.languages import N_

from .. import DOMAIN


class RoundTheCorner(HouseRule):
    """Runs may go round the corner: Q-K-A-2-3."""

    name = "round-the-corner"
    summary = N_("Classic: runs may go round the corner (K-A-2).")
    domain = DOMAIN
    applies_to = ("classic",)

    @hookimpl(wrapper=True)
    def rummy_meld_rules(self) -> Generator[None, MeldRules, MeldRules]:
        rules = yield
        return replace(rules, run=replace(rules.run or RunShape(), wrap=True))
