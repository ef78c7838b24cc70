"""A seat's view as JSON: what one player may see, with the actions open to them.

Both models are derived from ``rummy_core.engine.view.PlayerView``'s one declaration of fields:
``SeatView`` has every field (cards written out) and the actions open to the seat;
``PublicView``, what a spectator sees, leaves out every field the declaration marks ``MINE``, so
a field added to the view is written once and is hidden from spectators if it is the seat's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, create_model

from rummy_core.engine.actions import Draw
from rummy_core.engine.cards import meld_card_text
from rummy_core.engine.game import Game
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.moves import legal_actions
from rummy_core.engine.state import Meld, Outcome, Reason
from rummy_core.engine.view import PlayerView, player_view
from rummy_core.formats.border import CLASSES, WRITTEN, json_fields


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
    reason: Reason = Field(
        description="out, the stock ran out, or the hand reached the turn cap (A1)."
    )
    hand_scores: list[int]
    hand_number: int


def outcome_view(outcome: Outcome | None, _: Any = None) -> OutcomeView | None:
    """The JSON model of a hand's outcome."""
    if outcome is None:
        return None
    return OutcomeView(
        went_out=outcome.went_out,
        reason=outcome.reason,
        hand_scores=list(outcome.hand_scores),
        hand_number=outcome.hand_number,
    )


def _melds(table: Sequence[Meld], _: Any) -> list[ViewMeld]:
    return [
        ViewMeld(
            index=i,
            owner=m.owner,
            kind=m.kind,
            cards=[meld_card_text(c, r) for c, r in zip(m.cards, m.reps, strict=True)],
            credit=list(m.credit),
        )
        for i, m in enumerate(table)
    ]


WRITTEN["melds"] = (list[ViewMeld], _melds)
CLASSES[Outcome] = (OutcomeView, outcome_view)

_FIELDS = json_fields(PlayerView, PlayerView._fields)
_RULESET: dict[str, Any] = {
    "ruleset": (str, Field(description="The ruleset's name.")),
    "shows": (
        dict[str, str],
        Field(description="What the table calls each label of the cards on show (on_show)."),
    ),
    "stage": (
        str | None,
        Field(
            description="The stage of the turn under way, in the reader's language, where its"
            " phase does not say it (gin: 'laying off on the knock'); null otherwise."
        ),
    ),
}
_SEAT_ONLY: dict[str, Any] = {
    "open_actions": (list[str], Field(description="Action types this seat may try now.")),
    "draw_sources": (list[str], Field(description="Where this seat may draw from now.")),
}
"""Fields of the seat's JSON view that the engine's view does not hold."""


def _model(name: str, doc: str, fields: dict[str, Any], extra: str) -> type[BaseModel]:
    return create_model(
        name,
        __config__=ConfigDict(frozen=True, extra=extra),  # type: ignore[typeddict-item]
        __doc__=doc,
        __module__=__name__,
        **fields,
    )


_SEAT_VIEW = _model(
    "SeatView",
    "Everything one seat may see; never another hand, the stock's order or a face-down card.",
    {**{f.name: (f.json_type, ...) for f in _FIELDS}, **_RULESET, **_SEAT_ONLY},
    "ignore",
)
_PUBLIC_VIEW = _model(
    "PublicView",
    "What a spectator sees of a game: a seat's view without any hand or turn detail.",
    {**{f.name: (f.json_type, ...) for f in _FIELDS if not f.mine}, **_RULESET},
    "ignore",
)

if TYPE_CHECKING:
    SeatView = BaseModel
    PublicView = BaseModel
else:
    SeatView = _SEAT_VIEW
    PublicView = _PUBLIC_VIEW


def view_of(game: Game, seat: int) -> SeatView:
    """What ``seat`` sees of ``game`` now, with the kinds of action open to it."""
    mine = game.current_player() == seat
    legal = legal_actions(game, seat) if mine else []
    open_actions = sorted({action.type for action in legal})
    # Only the sources a draw may be made from now: a cut card given back (ruling H7) is not.
    legal_draws = {action.source for action in legal if isinstance(action, Draw)}
    sources = [s for s in game.draw_sources(seat) if s in legal_draws]
    view = player_view(game.state, seat)
    return seat_view(view, game.hooks, open_actions, sources, turn_stage(game))


def seat_view(
    view: PlayerView,
    hooks: Hooks,
    open_actions: list[str],
    draw_sources: list[str],
    stage: str | None,
) -> SeatView:
    """The JSON model of a player's view in the game ``hooks`` are the rules of; ``stage``: the
    turn's stage in words (``turn_stage``)."""
    values = {f.name: f.write(getattr(view, f.name), view) for f in _FIELDS}
    return _SEAT_VIEW(
        **values,
        ruleset=hooks.ruleset.name,
        shows=hooks.shown_names(),
        stage=stage,
        open_actions=open_actions,
        draw_sources=draw_sources,
    )


def turn_stage(game: Game) -> str | None:
    """The stage of the turn under way in the current language (``rummy_turn_stage``), or None
    where its phase says it all."""
    stage = game.hooks.turn_stage(game.state)
    return None if stage is None else stage.render()


def public_view(game: Game) -> PublicView:
    """What a spectator sees of ``game``: the state's public fields, written directly. No
    seat's own fields (``MINE``) are written, and no seat's legal actions are worked out."""
    # Any seat's engine view holds the public fields alike; only its MINE fields differ.
    view = player_view(game.state, 0)
    values = {f.name: f.write(getattr(view, f.name), view) for f in _FIELDS if not f.mine}
    return _PUBLIC_VIEW(
        **values,
        ruleset=game.hooks.ruleset.name,
        shows=game.hooks.shown_names(),
        stage=turn_stage(game),
    )
