"""``two-jokers-per-meld``: Hungarian Römi where one meld may hold two jokers.

Ruling H3 allows at most one joker per meld. With this house rule a meld may hold two; the rest of
the joker rules (H6: a joker in a set of three stays, a joker taken must go down again) are the
ruleset's. It wraps ``rummy_meld_rules`` and raises ``max_wilds`` to 2.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.i18n.languages import N_

from .. import DOMAIN

JOKERS_PER_MELD = 2


class TwoJokersPerMeld(HouseRule):
    """A meld may hold two jokers."""

    name = "two-jokers-per-meld"
    summary = N_("Hungarian: a meld may hold two jokers instead of one.")
    domain = DOMAIN
    applies_to = ("hungarian",)

    @hookimpl(wrapper=True)
    def rummy_meld_rules(self) -> Generator[None, MeldRules, MeldRules]:
        rules = yield
        return replace(rules, max_wilds=JOKERS_PER_MELD)
