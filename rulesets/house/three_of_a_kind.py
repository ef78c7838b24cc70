"""``three-of-a-kind``: Riverside Rommí with sets of three as well as four.

Ruling R6 makes a set all four cards of a rank. In the Scandinavian 500 games, Riverside's
relatives, three of a kind is a set too. This house rule wraps ``rummy_meld_rules`` and adds 3 to
the set sizes; everything else about sets (distinct suits, wild 2s, each card once on the table,
R8) stays the ruleset's. Ruling R6 also says only runs are extended: a set of three stays three
unless the option ``extend_sets`` lets it take its fourth card as a lay-off.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.engine.errors import Violation
from rummy_core.engine.meldrules import MeldRules, SetShape
from rummy_core.engine.melds import SET
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.engine.state import Meld
from rummy_core.i18n.languages import N_

from .. import DOMAIN


class ThreeOfAKindOptions(BaseModel):
    """Options of ``three-of-a-kind``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    extend_sets: bool = Field(
        False,
        description=N_("Let a set of three take its fourth card as a lay-off (R6: runs only)."),
    )


class ThreeOfAKind(HouseRule):
    """Three cards of one rank are a set, as well as four."""

    name = "three-of-a-kind"
    summary = N_("Riverside: three of a kind is a set too, as in the 500 games.")
    domain = DOMAIN
    applies_to = ("riverside",)
    Options = ThreeOfAKindOptions
    options: ThreeOfAKindOptions

    @hookimpl(wrapper=True)
    def rummy_meld_rules(self) -> Generator[None, MeldRules, MeldRules]:
        rules = yield
        shape = rules.set or SetShape(sizes=frozenset({4}))
        return replace(rules, set=replace(shape, sizes=shape.sizes | {3}))

    @hookimpl
    def rummy_lay_off_violations(self, before: Meld) -> list[Violation]:
        # Ruling R6: only runs are extended, unless the option says a set of three may grow.
        if before.kind == SET and not self.options.extend_sets:
            return [
                Violation(
                    "only_runs_extend",
                    "Only runs can be extended; a set stays as it was put down.",
                    domain=DOMAIN,
                )
            ]
        return []
