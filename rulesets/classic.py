"""Classic Rummy (rulings C1 to C7): the engine's defaults plus what makes it classic.

From the defaults it keeps one pack, drawing the top card of either pile, sets of 3 or 4 and runs
with the ace low or high (C3), going out by melding, laying off or discarding (C4) and A 1 / pips /
J Q K 10 as card values (C5).
"""

from __future__ import annotations

from pydantic import Field

from rummy_core.engine.actions import DISCARD
from rummy_core.engine.cards import card_name
from rummy_core.engine.defaults import winner_takes_all
from rummy_core.engine.errors import Violation
from rummy_core.engine.options import OPTION_LIMITS, BaseOptions
from rummy_core.engine.piles import refill_from_discards
from rummy_core.engine.plugin import Ruleset, hookimpl
from rummy_core.engine.scorelines import ScoreLine
from rummy_core.engine.state import State
from rummy_core.i18n.languages import N_

from . import DOMAIN


class ClassicOptions(BaseOptions):
    """Options of classic Rummy."""

    min_players = 2
    max_players = 4

    target: int | None = Field(
        100,
        ge=1,
        le=OPTION_LIMITS["target"],
        description=N_("Race to this many points (C7); null plays a single hand."),
    )


def just_taken(state: State, card: int) -> list[Violation]:
    """The refusal of a discard of ``card`` taken from the discard pile this turn (ruling C2;
    gin's ``discard_taken=false``, G6)."""
    if state.drew == DISCARD and card in state.drawn:
        return [
            Violation(
                "discard_just_taken",
                "You took %(card)s from the discard pile this turn; you cannot discard it"
                " until your next turn.",
                card=card_name(card),
                domain=DOMAIN,
            )
        ]
    return []


class ClassicRummy(Ruleset):
    """Classic draw-and-discard Rummy for 2 to 4 players."""

    name = "classic"
    aliases = ("rummy",)
    title = N_("Classic Rummy")
    summary = N_("Classic Rummy: 2-4 players, one pack, go out to score the others' cards.")
    domain = DOMAIN
    Options = ClassicOptions
    options: ClassicOptions

    @hookimpl
    def rummy_hand_size(self, players: int) -> int:
        # Ruling C1.
        return 10 if players == 2 else 7

    @hookimpl
    def rummy_discard_violations(self, state: State, card: int) -> list[Violation]:
        # Ruling C2: the card taken from the discard pile stays in hand this turn.
        return just_taken(state, card)

    @hookimpl
    def rummy_refill_stock(self, state: State) -> bool:
        # Ruling C6: the pile is turned over once; when the stock runs out again the hand is dead.
        return state.refills < 1 and refill_from_discards(state)

    @hookimpl
    def rummy_hand_scores(
        self, state: State, went_out: int | None, values: tuple[int, ...], bonus: bool
    ) -> list[int]:
        # Ruling C5: the winner takes the others' cards, doubled for a rummy; a dead hand scores 0.
        scores = [0] * state.players
        if went_out is None:
            return scores
        points = sum(values[c] for hand in state.hands for c in hand)
        scores[went_out] = points * 2 if bonus else points
        return scores

    @hookimpl
    def rummy_score_lines(
        self, state: State, went_out: int | None, values: tuple[int, ...], bonus: bool
    ) -> list[list[ScoreLine]]:
        # Ruling C5 as rummy_hand_scores counts it: the others' cards, and again for a rummy.
        lines = winner_takes_all(state, went_out, values)
        if went_out is not None and bonus:
            doubled = sum(line.points for line in lines[went_out])
            lines[went_out].append(
                ScoreLine(
                    "rummy_doubled",
                    N_("a rummy, out all at once: doubled, %(points)s more"),
                    doubled,
                    DOMAIN,
                    {"points": doubled},
                )
            )
        return lines

    @hookimpl
    def rummy_hand_bonus(self, state: State, went_out: int) -> bool:
        # Ruling C5: a "rummy" is going out on a turn with no earlier meld or lay-off.
        out_turn = state.turns_taken[went_out] - 1
        return state.first_play_turn[went_out] in (None, out_turn)

    @hookimpl
    def rummy_match_over(self, state: State) -> bool:
        # Ruling C7: a race to the target, or a single hand.
        target = self.options.target
        return target is None or max(state.scores) >= target

    @hookimpl
    def rummy_match_winners(self, state: State) -> list[int]:
        # Ruling C7: the first to reach the target, or the single hand's winner; ruling C8: a
        # single hand that ended by the stock (C6) has no winner.
        target = self.options.target
        if target is None:
            went_out = state.outcome.went_out if state.outcome else None
            return [went_out] if went_out is not None else []
        return [seat for seat, score in enumerate(state.scores) if score >= target]
