"""``one-meld-per-turn``: classic Rummy with at most one new meld a turn.

Ruling C3 allows any number of melds and lay-offs per turn. Many rule books (and many families)
allow one new meld a turn; lay-offs stay free. This house rule is a validator:
``rummy_action_violations`` refuses a lay-down of two melds, and a second lay-down in one turn.
"""

from __future__ import annotations

from rummy_core.engine.actions import Action, MeldDown
from rummy_core.engine.errors import Violation
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.engine.state import State
from rummy_core.i18n.languages import N_

from .. import DOMAIN


class OneMeldPerTurn(HouseRule):
    """At most one new meld a turn; lay-offs are not limited."""

    name = "one-meld-per-turn"
    summary = N_("Classic: at most one new meld a turn; lay-offs stay free.")
    domain = DOMAIN
    applies_to = ("classic",)

    @hookimpl
    def rummy_action_violations(self, state: State, action: Action) -> list[Violation]:
        if not isinstance(action, MeldDown):
            return []
        if "meld" in state.plays or len(action.melds) > 1:
            return [
                Violation(
                    "one_meld_per_turn",
                    "You may put down one new meld a turn; lay-offs are still allowed.",
                    domain=DOMAIN,
                )
            ]
        return []
