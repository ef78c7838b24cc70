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

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.engine.action_kinds import ActionKind, GameSteps
from rummy_core.engine.actions import PluginAction
from rummy_core.engine.cards import card_name, parse_card
from rummy_core.engine.defaults import PIP_VALUES
from rummy_core.engine.events import Event, EventWords, event_kind
from rummy_core.engine.game import refuse
from rummy_core.engine.options import OPTION_LIMITS
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.engine.scorelines import ScoreLine
from rummy_core.engine.state import PLAY, State
from rummy_core.i18n.languages import N_, N_plural

from .. import DOMAIN
from ..classic import ClassicOptions

KNOCKED = "knocked"
"""``State.extra`` key: the seat that knocked, once someone has (the hand ends at once)."""


@event_kind
@dataclass(slots=True)
class Knocked(Event):
    """``seat`` knocked with a hand worth ``points`` (after the discard); the hand ends."""

    type: ClassVar[str] = "knocked"
    words: ClassVar[EventWords] = EventWords(
        N_plural(
            "You knocked with %(count)s point in hand.",
            "You knocked with %(count)s points in hand.",
        ),
        N_plural(
            "%(name)s knocked with %(count)s point in hand.",
            "%(name)s knocked with %(count)s points in hand.",
        ),
        DOMAIN,
        count="points",
    )
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class Knock(PluginAction):
    """Discard ``card`` and knock, ending the hand."""

    type: ClassVar[str] = "knock"
    card: int


class KnockAction(BaseModel):
    """Discard a card and knock: the hand ends and the lowest hand scores (house rule knock)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["knock"] = "knock"
    card: str


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


def hand_values(state: State) -> list[int]:
    """What each seat's hand is worth, at classic's card values (ruling C5)."""
    return [sum(PIP_VALUES[code] for code in hand) for hand in state.hands]


def knock_winner(state: State, knocker: int) -> int:
    """The knocker, or the first player after them who holds as little or less (undercut)."""
    values = hand_values(state)
    others = [(knocker + step) % state.players for step in range(1, state.players)]
    lowest = min(others, key=lambda seat: values[seat])
    return lowest if values[lowest] <= values[knocker] else knocker


def knock_points(state: State, knocker: int) -> tuple[int, int]:
    """Who scores a knocked hand (``knock_winner``) and the difference they win: every other
    hand less theirs, before any undercut bonus."""
    values = hand_values(state)
    winner = knock_winner(state, knocker)
    return winner, sum(value - values[winner] for value in values)


class KnockRule(HouseRule):
    """Knock to end the hand with a hand worth 10 or less; the lowest hand scores."""

    name = "knock"
    summary = N_(
        "Classic: knock instead of discarding with 10 points or less; the lowest hand wins."
    )
    domain = DOMAIN
    applies_to = ("classic",)
    Options = KnockOptions
    options: KnockOptions

    @hookimpl
    def rummy_register_actions(self) -> list[ActionKind[Any, Any]]:
        kind: ActionKind[Knock, KnockAction] = ActionKind(
            name="knock",
            action=Knock,
            model=KnockAction,
            to_action=_to_action,
            to_model=_to_model,
            apply=self._apply,
            candidates=self._candidates,
            events=(Knocked,),
        )
        return [kind]

    def _apply(
        self, game: GameSteps, state: State, seat: int, action: Knock, events: list[Event]
    ) -> None:
        game.check_play(state, seat, action)
        game.discard_card(state, seat, action.card, events)
        if not state.hands[seat]:
            raise refuse(
                "knock_with_no_cards",
                "That discard empties your hand: discard it to go out instead of knocking.",
                domain=DOMAIN,
            )
        value = hand_values(state)[seat]
        limit = self.options.limit
        if value > limit:
            raise refuse(
                "knock_too_high",
                N_plural(
                    "Your hand would be worth %(count)s point; you may knock with %(limit)s or"
                    " less.",
                    "Your hand would be worth %(count)s points; you may knock with %(limit)s or"
                    " less.",
                ),
                points=value,
                limit=limit,
                count=value,
                domain=DOMAIN,
            )
        state.extra[KNOCKED] = seat
        events.append(Knocked(seat, value))
        game.end_turn(state, seat, events)

    def _candidates(self, game: GameSteps, seat: int) -> list[Knock]:
        state = game.state
        if state.phase != PLAY:
            return []
        hand = state.hands[seat]
        total = sum(PIP_VALUES[code] for code in hand)
        return [
            Knock(code)
            for code in sorted(set(hand))
            if total - PIP_VALUES[code] <= self.options.limit
        ]

    @hookimpl(tryfirst=True)
    def rummy_goes_out(self, state: State, seat: int) -> bool | None:
        # A knock ends the hand as going out does (ruling C4); otherwise classic decides.
        return True if state.extra.get(KNOCKED) == seat else None

    @hookimpl(tryfirst=True)
    def rummy_hand_scores(self, state: State) -> list[int] | None:
        knocker = state.extra.get(KNOCKED)
        if knocker is None:
            return None
        winner, points = knock_points(state, knocker)
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
        winner, points = knock_points(state, knocker)
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
        return [knock_winner(state, knocker)]


def _to_action(model: KnockAction) -> Knock:
    return Knock(parse_card(model.card))


def _to_model(action: Knock) -> KnockAction:
    return KnockAction(card=card_name(action.card))
