"""A seat's view as JSON: what one player may see, with the actions open to them."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.actions import Draw
from rummy_core.cards import card_name, meld_card_text
from rummy_core.engine import Game
from rummy_core.moves import legal_actions
from rummy_core.state import Outcome
from rummy_core.view import PlayerView, player_view


class ViewMeld(BaseModel):
    """A meld on the table, with what every wild stands for (``2C=5S``)."""

    model_config = ConfigDict(frozen=True)

    index: int
    owner: int
    kind: str
    cards: list[str]
    credit: list[int]


class OutcomeView(BaseModel):
    """How the last hand ended: who went out (null: nobody), why, and each seat's points."""

    model_config = ConfigDict(frozen=True)

    went_out: int | None
    reason: Literal["out", "stock", "capped"] = Field(
        description="out, the stock ran out, or the hand reached the turn cap (A1)."
    )
    hand_scores: list[int]
    hand_number: int


def outcome_view(outcome: Outcome | None) -> OutcomeView | None:
    """The JSON model of a hand's outcome."""
    if outcome is None:
        return None
    return OutcomeView(
        went_out=outcome.went_out,
        reason=outcome.reason,
        hand_scores=list(outcome.hand_scores),
        hand_number=outcome.hand_number,
    )


class SeatView(BaseModel):
    """Everything one seat may see; never another hand, the stock's order or a face-down card."""

    model_config = ConfigDict(frozen=True)

    seat: int
    players: int
    ruleset: str
    hand: list[str]
    hand_sizes: list[int] = Field(description="Cards held by each seat.")
    table: list[ViewMeld]
    top_discard: str | None = Field(description="Null when the pile is empty or face down.")
    discard_size: int
    discard_face_down: bool
    stock_size: int
    cut_card: str | None
    scores: list[int]
    hand_number: int
    dealer: int
    turn: int
    phase: str
    turns_taken: list[int]
    opened: list[bool]
    refills: int
    drew: str | None
    drawn: list[str]
    open_actions: list[str] = Field(description="Action types this seat may try now.")
    draw_sources: list[str] = Field(description="Where this seat may draw from now.")
    outcome: OutcomeView | None
    winners: list[int]


def view_of(game: Game, seat: int) -> SeatView:
    """What ``seat`` sees of ``game`` now, with the kinds of action open to it."""
    mine = game.current_player() == seat
    legal = legal_actions(game, seat) if mine else []
    open_actions = sorted({action.type for action in legal})
    # Only the sources a draw may be made from now: a cut card given back (ruling H7) is not.
    legal_draws = {action.source for action in legal if isinstance(action, Draw)}
    sources = [s for s in game.hooks.draw_sources(game.state, seat) if s in legal_draws]
    view = player_view(game.state, seat)
    return seat_view(view, game.hooks.ruleset.name, open_actions, sources)


def seat_view(
    view: PlayerView, ruleset: str, open_actions: list[str], draw_sources: list[str]
) -> SeatView:
    """The JSON model of a player's view."""
    return SeatView(
        seat=view.seat,
        players=view.players,
        ruleset=ruleset,
        hand=[card_name(c) for c in view.hand],
        hand_sizes=list(view.hand_sizes),
        table=[
            ViewMeld(
                index=i,
                owner=m.owner,
                kind=m.kind,
                cards=[meld_card_text(c, r) for c, r in zip(m.cards, m.reps, strict=True)],
                credit=list(m.credit),
            )
            for i, m in enumerate(view.table)
        ],
        top_discard=card_name(view.top_discard) if view.top_discard is not None else None,
        discard_size=view.discard_size,
        discard_face_down=view.discard_face_down,
        stock_size=view.stock_size,
        cut_card=card_name(view.cut_card) if view.cut_card is not None else None,
        scores=list(view.scores),
        hand_number=view.hand_number,
        dealer=view.dealer,
        turn=view.turn,
        phase=view.phase,
        turns_taken=list(view.turns_taken),
        opened=list(view.opened),
        refills=view.refills,
        drew=view.drew,
        drawn=[card_name(c) for c in view.drawn],
        open_actions=open_actions,
        draw_sources=draw_sources,
        outcome=outcome_view(view.outcome),
        winners=list(view.winners),
    )
