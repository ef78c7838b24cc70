"""``knock``: classic Rummy with Knock Rummy's knock, a new kind of action.

Instead of discarding, a player whose hand is worth ``limit`` points or less after the discard
(10 by default, counted as in ruling C5) may *knock*: the discard is made and the hand ends at
once. Every hand is counted. The knocker wins the difference between each other hand and their
own, unless another player holds as little or less: that player *undercuts* the knocker and wins
the differences instead, plus ``undercut_bonus``. Only one player scores, as ruling C7 needs;
ties between undercutters go to the first in play order after the knocker.

The knock is an action of its own (``{"type": "knock", "card": "KD"}``), added through the
registrar ``rummy_register_actions``, with its own event (``knocked``): the engine applies it like
a built-in action, the legal-move list offers it, bots play it, scenario files and game records
read and write it, and its event's own words (``Knocked.words``) tell it in every game log.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.engine.action_kinds import ActionKind
from rummy_core.engine.options import OPTION_LIMITS
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.engine.scorelines import ScoreLine
from rummy_core.engine.state import State
from rummy_core.i18n.languages import N_

from .. import DOMAIN
from ..classic import ClassicOptions
from ..knocking import (
    KNOCKED,
    Knock,
    KnockAction,
    KnockTerms,
    hand_value,
    knock_kind,
    knock_points,
    knock_winner,
)


class KnockOptions(BaseModel):
    """Options of ``knock``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    limit: int = Field(
        10,
        ge=0,
        le=OPTION_LIMITS["points"],
        description=N_("The most a hand may be worth to knock with."),
    )
    undercut_bonus: int = Field(
        10,
        ge=0,
        le=OPTION_LIMITS["points"],
        description=N_("Extra points for a player who holds as little as the knocker."),
    )


def knock_result(state: State, knocker: int) -> tuple[int, int]:
    """Who scores a knocked hand and the difference they win, before any undercut bonus: the
    knocker, or the first player after them who holds as little or less (ruling C5's values)."""
    values = [hand_value(state, seat) for seat in range(state.players)]
    winner = knock_winner(values, knocker, undercut_on_tie=True)
    return winner, knock_points(values, winner)


class KnockRule(HouseRule):
    """Knock to end the hand with a hand worth 10 or less; the lowest hand scores."""

    name = "knock"
    summary = N_(
        "Classic: knock instead of discarding with 10 points or less; the lowest hand wins."
    )
    domain = DOMAIN
    applies_to = ("classic",)
    public_records = frozenset({KNOCKED})
    Options = KnockOptions
    options: KnockOptions

    @hookimpl
    def rummy_register_actions(self) -> list[ActionKind[Any, Any]]:
        return [self.knock]

    @cached_property
    def knock(self) -> ActionKind[Knock, KnockAction]:
        """The knock, on this rule's terms: made once, so every answer is the same kind."""
        return knock_kind(self._terms)

    def _terms(self, state: State, seat: int) -> KnockTerms:
        # A knock keeps cards in hand: going out by discarding the last one is not a knock.
        return KnockTerms(limit=self.options.limit, empty_hand_ok=False)

    @hookimpl(tryfirst=True)
    def rummy_goes_out(self, state: State, seat: int) -> bool | None:
        # A knock ends the hand as going out does (ruling C4); otherwise classic decides.
        return True if state.extra.get(KNOCKED) == seat else None

    @hookimpl(tryfirst=True)
    def rummy_hand_scores(self, state: State) -> list[int] | None:
        knocker = state.extra.get(KNOCKED)
        if knocker is None:
            return None
        winner, points = knock_result(state, knocker)
        if winner != knocker:
            points += self.options.undercut_bonus
        # Ruling C7: one player scores per hand.
        scores = [0] * state.players
        scores[winner] = points
        return scores

    @hookimpl(tryfirst=True)
    def rummy_score_lines(self, state: State) -> list[list[ScoreLine]] | None:
        knocker = state.extra.get(KNOCKED)
        if knocker is None:
            return None
        winner, points = knock_result(state, knocker)
        lines: list[list[ScoreLine]] = [
            [
                ScoreLine(
                    "to_knock_winner", N_("scores nothing: one player scores a knock"), 0, DOMAIN
                )
            ]
            for _ in range(state.players)
        ]
        if winner == knocker:
            lines[winner] = [
                ScoreLine(
                    "knocked",
                    N_("knocked: the other hands less this one, %(points)s"),
                    points,
                    DOMAIN,
                    {"points": points},
                )
            ]
            return lines
        bonus = self.options.undercut_bonus
        lines[winner] = [
            ScoreLine(
                "undercut",
                N_("undercut the knocker: the other hands less this one, %(points)s"),
                points,
                DOMAIN,
                {"points": points},
            ),
            ScoreLine(
                "undercut_bonus",
                N_("the undercut bonus: %(points)s"),
                bonus,
                DOMAIN,
                {"points": bonus},
            ),
        ]
        return lines

    @hookimpl(tryfirst=True)
    def rummy_hand_bonus(self, state: State) -> bool | None:
        # A knock is never a "rummy" (ruling C5's doubled hand).
        return False if KNOCKED in state.extra else None

    @hookimpl(tryfirst=True)
    def rummy_match_winners(self, state: State) -> list[int] | None:
        # Ruling C7's single hand goes to whoever scored it: an undercutter, not the knocker.
        knocker = state.extra.get(KNOCKED)
        options = self.ruleset.options
        if knocker is None or not isinstance(options, ClassicOptions) or options.target is not None:
            return None
        return [knock_result(state, knocker)[0]]
