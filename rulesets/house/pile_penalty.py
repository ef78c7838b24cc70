"""``pile-penalty``: Riverside Rommí where taking the discard pile and not using it costs points.

Ruling R3 lets a player take the whole discard pile on any turn. In the Scandinavian 500 games a
player who takes the pile is expected to meld from it at once; this house rule charges ``points``
(50 by default) each time a player ends a turn in which they took the pile without any of its
cards reaching the table (in a new meld, a lay-off or a swap). A first turn, when ruling R5
forbids every play, is not charged unless the option ``first_turn`` says so.

The charges are counted at the end of each turn (``rummy_turn_ended``, in ``state.extra``) and
taken off the hand's scores by wrapping ``rummy_hand_scores``, and said on the score sheet by
wrapping ``rummy_score_lines``.
"""

from __future__ import annotations

from collections.abc import Generator

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.engine.actions import DISCARD
from rummy_core.engine.options import OPTION_LIMITS
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.engine.scorelines import ScoreLine
from rummy_core.engine.state import State
from rummy_core.i18n.languages import N_, N_plural

from .. import DOMAIN

CHARGES = "pile_penalties"
"""``State.extra`` key: per seat, how many times it was charged this hand."""


class PilePenaltyOptions(BaseModel):
    """Options of ``pile-penalty``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    points: int = Field(
        50,
        ge=0,
        le=OPTION_LIMITS["points"],
        description=N_("Points lost each time the pile goes unused."),
    )
    first_turn: bool = Field(
        False, description=N_("Charge a first turn too, though nobody may meld on it.")
    )


def charges(state: State) -> list[int]:
    """How many times each seat was charged this hand."""
    found = state.extra.get(CHARGES)
    return list(found) if found else [0] * state.players


class PilePenalty(HouseRule):
    """Lose points for taking the discard pile without melding from it that turn."""

    name = "pile-penalty"
    summary = N_("Riverside: -50 for taking the discard pile without melding from it that turn.")
    domain = DOMAIN
    applies_to = ("riverside",)
    public_records = frozenset({CHARGES})
    Options = PilePenaltyOptions
    options: PilePenaltyOptions

    @hookimpl
    def rummy_turn_ended(self, state: State, seat: int) -> None:
        if state.drew != DISCARD:
            return
        # ``turns_taken`` already counts this turn: 1 means it was the seat's first (R5).
        if state.turns_taken[seat] == 1 and not self.options.first_turn:
            return
        # One pack (R1): a card of the pile is on the table exactly when its code is.
        on_table = {code for meld in state.table for code in meld.cards}
        if any(code in on_table for code in state.drawn):
            return
        counted = charges(state)
        counted[seat] += 1
        state.extra[CHARGES] = counted

    @hookimpl(wrapper=True)
    def rummy_hand_scores(self, state: State) -> Generator[None, list[int], list[int]]:
        scores = yield
        points = self.options.points
        return [score - points * n for score, n in zip(scores, charges(state), strict=True)]

    @hookimpl(wrapper=True)
    def rummy_score_lines(
        self, state: State
    ) -> Generator[None, list[list[ScoreLine]], list[list[ScoreLine]]]:
        lines = yield
        points = self.options.points
        for seat, n in enumerate(charges(state)):
            if n:
                lines[seat] = [
                    *lines[seat],
                    ScoreLine(
                        "pile_penalty",
                        N_plural(
                            "took the pile without melding from it %(count)s time: %(points)s",
                            "took the pile without melding from it %(count)s times: %(points)s",
                        ),
                        -points * n,
                        DOMAIN,
                        {"count": n, "points": -points * n},
                    ),
                ]
        return lines
