"""Knocking, one implementation for the ``knock`` house rule and gin rummy.

A knock is an action of its own (``{"type": "knock", "card": "KD"}``): the player discards
``card`` and ends the hand, or in gin their turn, with the cards left in hand worth at most a
limit. What differs between the games is given by ``KnockTerms``: the limit, and whether a knock
that empties the hand (gin) is allowed. Who then scores is ``knock_winner``'s: the knocker,
unless another player holds less (or as little, where ties undercut).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from rummy_core.engine.action_kinds import ActionKind, GameSteps
from rummy_core.engine.actions import PluginAction
from rummy_core.engine.cards import card_name, parse_card
from rummy_core.engine.defaults import PIP_VALUES
from rummy_core.engine.events import Event, EventWords, event_kind
from rummy_core.engine.game import refuse
from rummy_core.engine.state import PLAY, State
from rummy_core.i18n.languages import N_, N_plural

from . import DOMAIN

KNOCKED = "knocked"
"""``State.extra`` key: the seat that knocked, once someone has. Set before the knock's discard
is checked, so discard rules can tell a knock from a plain discard."""


@event_kind
@dataclass(slots=True)
class Knocked(Event):
    """``seat`` knocked with a hand worth ``points`` (after the discard)."""

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


@event_kind
@dataclass(slots=True)
class WentGin(Event):
    """``seat`` knocked with every card melded: gin."""

    type: ClassVar[str] = "went_gin"
    words: ClassVar[EventWords] = EventWords(
        N_("You went gin: every card melded."),
        N_("%(name)s went gin: every card melded."),
        DOMAIN,
    )
    seat: int


@dataclass(frozen=True, slots=True)
class Knock(PluginAction):
    """Discard ``card`` and knock."""

    type: ClassVar[str] = "knock"
    card: int


class KnockAction(BaseModel):
    """Discard a card and knock, with the cards left in hand worth at most the knock limit."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["knock"] = "knock"
    card: str


@dataclass(frozen=True, slots=True)
class KnockTerms:
    """What a knock needs in one game: the cards left worth at most ``limit``, and whether none
    may be left (gin)."""

    limit: int
    empty_hand_ok: bool


def hand_value(state: State, seat: int) -> int:
    """What ``seat``'s hand is worth at pip values (ace 1, pictures 10)."""
    return sum(PIP_VALUES[code] for code in state.hands[seat])


def knock_kind(terms: Callable[[State, int], KnockTerms]) -> ActionKind[Knock, KnockAction]:
    """The knock as an action kind, on the ``terms`` a game gives for a state and seat."""

    def apply(game: GameSteps, state: State, seat: int, action: Knock, events: list[Event]) -> None:
        game.check_play(state, seat, action)
        state.extra[KNOCKED] = seat
        game.discard_card(state, seat, action.card, events)
        rules = terms(state, seat)
        if not state.hands[seat] and not rules.empty_hand_ok:
            raise refuse(
                "knock_with_no_cards",
                "That discard empties your hand: discard it to go out instead of knocking.",
                domain=DOMAIN,
            )
        value = hand_value(state, seat)
        if value > rules.limit:
            raise refuse(
                "knock_too_high",
                N_plural(
                    "Your hand would be worth %(count)s point; you may knock with %(limit)s or"
                    " less.",
                    "Your hand would be worth %(count)s points; you may knock with %(limit)s or"
                    " less.",
                ),
                points=value,
                limit=rules.limit,
                count=value,
                domain=DOMAIN,
            )
        events.append(Knocked(seat, value) if state.hands[seat] else WentGin(seat))
        game.end_turn(state, seat, events)

    def candidates(game: GameSteps, seat: int) -> list[Knock]:
        state = game.state
        if state.phase != PLAY or KNOCKED in state.extra:
            return []
        total = hand_value(state, seat)
        limit = terms(state, seat).limit
        return [
            Knock(code)
            for code in sorted(set(state.hands[seat]))
            if total - PIP_VALUES[code] <= limit
        ]

    return ActionKind(
        name="knock",
        action=Knock,
        model=KnockAction,
        to_action=_to_action,
        to_model=_to_model,
        apply=apply,
        candidates=candidates,
        events=(Knocked, WentGin),
        label=N_("Knock"),
        phrase=N_("knock"),
        domain=DOMAIN,
    )


def knock_winner(values: Sequence[int], knocker: int, undercut_on_tie: bool) -> int:
    """Who scores a knock, each seat's hand worth ``values``: the first player after the
    knocker in play order who holds less (``undercut_on_tie``: as little or less), else the
    knocker."""
    players = len(values)
    others = [(knocker + step) % players for step in range(1, players)]
    lowest = min(others, key=lambda seat: values[seat])
    beaten = (
        values[lowest] <= values[knocker] if undercut_on_tie else values[lowest] < values[knocker]
    )
    return lowest if beaten else knocker


def knock_points(values: Sequence[int], winner: int) -> int:
    """What the knock's winner wins before any bonus: every other hand less theirs."""
    return sum(value - values[winner] for value in values)


def _to_action(model: KnockAction) -> Knock:
    return Knock(parse_card(model.card))


def _to_model(action: Knock) -> KnockAction:
    return KnockAction(card=card_name(action.card))
