"""Events as JSON: a union on ``type``, cards written out, as one seat may see them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rummy_core.cards import card_name, meld_card_text
from rummy_core.view import public_event


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Dealt(_Event):
    """A hand was dealt; ``seat`` is the dealer."""

    type: Literal["dealt"] = "dealt"
    seat: int
    hand_number: int
    sizes: list[int]


class Drew(_Event):
    """A seat drew. ``cards`` is null where the viewer may not see them; ``count`` says how many."""

    type: Literal["drew"] = "drew"
    seat: int
    source: str
    cards: list[str] | None
    count: int
    top: str | None = Field(None, description="The discard pile's top card, for a pile draw.")


class Melded(_Event):
    """A seat laid down a new meld, now at index ``meld`` of the table."""

    type: Literal["melded"] = "melded"
    seat: int
    meld: int
    kind: str
    cards: list[str]


class LaidOff(_Event):
    """A seat added cards to the table's meld ``meld``."""

    type: Literal["laid_off"] = "laid_off"
    seat: int
    meld: int
    cards: list[str]
    end: str | None


class Swapped(_Event):
    """A seat put ``card`` in place of the wild ``wild`` on meld ``meld`` and took the wild."""

    type: Literal["swapped"] = "swapped"
    seat: int
    meld: int
    card: str
    wild: str


class Discarded(_Event):
    """A seat discarded; ``card`` is null when it went face down and the viewer is someone else."""

    type: Literal["discarded"] = "discarded"
    seat: int
    card: str | None
    face_down: bool


class Refilled(_Event):
    """The stock was made again from the discard pile (``refills`` so far this hand)."""

    type: Literal["refilled"] = "refilled"
    seat: int
    refills: int
    stock: int


class TookBack(_Event):
    """A seat took back this turn's plays (and with ``draw``, its draw too)."""

    type: Literal["took_back"] = "took_back"
    seat: int
    draw: bool
    source: str | None = None


class HandEnded(_Event):
    """The hand ended: ``seat`` went out (null: nobody), ``reason`` out, stock or capped."""

    type: Literal["hand_ended"] = "hand_ended"
    seat: int | None
    reason: Literal["out", "stock", "capped"]
    hand_scores: list[int]
    scores: list[int]


class CutOffered(_Event):
    """The deck is shuffled and ``seat`` is to cut it (ruling H12): ``cards`` in the deck."""

    type: Literal["cut_offered"] = "cut_offered"
    seat: int
    cards: int


class CutMade(_Event):
    """``seat`` cut the deck ``depth`` cards from the top (null: anywhere); the deal follows."""

    type: Literal["cut"] = "cut"
    seat: int
    depth: int | None


class MatchEnded(_Event):
    """The match is over."""

    type: Literal["match_ended"] = "match_ended"
    winners: list[int]
    scores: list[int]


EventModel = Annotated[
    Dealt
    | Drew
    | Melded
    | LaidOff
    | Swapped
    | Discarded
    | Refilled
    | TookBack
    | HandEnded
    | MatchEnded
    | CutOffered
    | CutMade,
    Field(discriminator="type"),
]
EVENT_ADAPTER: TypeAdapter[EventModel] = TypeAdapter(EventModel)


def event_model(event: dict[str, Any], seat: int | None) -> EventModel:
    """An engine event as ``seat`` may see it, as a model (None: a spectator)."""
    seen = public_event(event, seat)
    data = {k: v for k, v in seen.items() if k != "private"}
    kind = data["type"]
    if kind == "drew":
        cards = data["cards"]
        data["count"] = data.get("count", len(cards or []))
        data["cards"] = None if cards is None else [card_name(c) for c in cards]
        data["top"] = card_name(data["top"]) if data.get("top") is not None else None
    elif kind == "melded":
        data["cards"] = [
            meld_card_text(c, r) for c, r in zip(data["cards"], data.pop("reps"), strict=True)
        ]
    elif kind == "laid_off":
        data.pop("reps")
        data["cards"] = [card_name(c) for c in data["cards"]]
    elif kind == "swapped":
        data["card"], data["wild"] = card_name(data["card"]), card_name(data["wild"])
    elif kind == "discarded" and data["card"] is not None:
        data["card"] = card_name(data["card"])
    elif kind == "took_back":
        data.pop("cards", None)
    return EVENT_ADAPTER.validate_python(data)
