"""``deuces-wild``: classic Rummy where every 2 is wild.

A 2 may stand for any card in a run or a set, at most ``per_meld`` of them in one meld (1 by
default). A 2 in its own place (A-2-3 of its suit, or a set of 2s) is a natural 2. Cards keep
their classic values (ruling C5): a 2 left in hand costs 2.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.engine.cards import card
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.i18n.languages import N_

DEUCES = frozenset(card(2, suit) for suit in range(4))


class DeucesWildOptions(BaseModel):
    """Options of ``deuces-wild``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    per_meld: int = Field(1, ge=1, le=4, description=N_("How many wild 2s one meld may hold."))


class DeucesWild(HouseRule):
    """Every 2 is wild."""

    name = "deuces-wild"  # what players type after the "+"
    summary = N_("Classic: every 2 is wild, one per meld (option per_meld).")
    domain = "rummy_hr_example"  # the gettext domain of its texts (step 8)
    applies_to = ("classic",)  # empty: any ruleset
    conflicts_with = ()  # names of house rules it cannot be combined with
    sets_options = ()  # ruleset options it decides itself (refused if given too)
    Options = DeucesWildOptions
    options: DeucesWildOptions

    @hookimpl(wrapper=True)
    def rummy_meld_rules(self) -> Generator[None, MeldRules, MeldRules]:
        # The whole rule is one wrapper: the ruleset's meld rules, changed.
        rules = yield
        return replace(rules, wilds=rules.wilds | DEUCES, max_wilds=self.options.per_meld)
