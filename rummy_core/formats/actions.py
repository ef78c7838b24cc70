"""Actions as JSON: a discriminated union on ``type``, converted to engine actions at the border."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rummy_core.engine import actions as act
from rummy_core.engine.cards import card_name, meld_card_text, parse_card
from rummy_core.engine.errors import RuleError
from rummy_core.engine.hooks import Hooks
from rummy_core.formats.position import parse_meld_card


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DrawAction(_Action):
    """Draw from the stock, the discard pile (top or whole pile, by ruleset) or the cut card."""

    type: Literal["draw"] = "draw"
    source: str = Field(description="'stock', 'discard' or 'cut'.")


class MeldAction(_Action):
    """One lay-down of one or more new melds, each a list of cards in order (wilds as 2C=5S)."""

    type: Literal["meld"] = "meld"
    melds: list[list[str]] = Field(min_length=1)


class LayOffAction(_Action):
    """Add cards to a meld on the table (by its index in table order), at the low or high end."""

    type: Literal["lay_off"] = "lay_off"
    meld: int = Field(ge=0)
    cards: list[str] = Field(min_length=1)
    end: Literal["low", "high"] | None = None


class SwapAction(_Action):
    """Put a real card in place of the wild that stands for it, taking the wild into hand."""

    type: Literal["swap"] = "swap"
    meld: int = Field(ge=0)
    card: str
    wild: str | None = None


class DiscardAction(_Action):
    """Discard a card, ending the turn."""

    type: Literal["discard"] = "discard"
    card: str


class TakeBackAction(_Action):
    """Take back what was put on the table since the draw (ruling A3)."""

    type: Literal["take_back"] = "take_back"


ActionModel = Annotated[
    DrawAction | MeldAction | LayOffAction | SwapAction | DiscardAction | TakeBackAction,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[ActionModel] = TypeAdapter(ActionModel)


def _split(tokens: list[str]) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    pairs = [parse_meld_card(t) for t in tokens]
    return tuple(c for c, _ in pairs), tuple(d for _, d in pairs)


def to_engine(model: ActionModel) -> act.Action:
    """The engine action for a validated action model (``unknown_card`` for a bad card)."""
    if isinstance(model, DrawAction):
        return act.Draw(model.source)
    if isinstance(model, MeldAction):
        return act.MeldDown(tuple(act.NewMeld(*_split(m)) for m in model.melds))
    if isinstance(model, LayOffAction):
        cards, declared = _split(model.cards)
        return act.LayOff(model.meld, cards, declared, model.end)
    if isinstance(model, SwapAction):
        wild = parse_card(model.wild) if model.wild else None
        return act.Swap(model.meld, parse_card(model.card), wild)
    if isinstance(model, DiscardAction):
        return act.Discard(parse_card(model.card))
    return act.TakeBack()


def parse_action(data: object, hooks: Hooks | None = None) -> act.Action:
    """An engine action from JSON-like data; ``bad_action`` or ``unknown_card`` if malformed.

    With a game's ``hooks``, a ``type`` that is not built in is looked up among the kinds of
    action the game's plugins add (``rummy_register_actions``).
    """
    try:
        kind_name = data.get("type") if isinstance(data, dict) else None
        if hooks is not None and isinstance(kind_name, str) and kind_name in hooks.action_kinds:
            kind = hooks.action_kinds[kind_name]
            return hooks.action_kinds.from_model(kind, kind.model.model_validate(data))
        model = ACTION_ADAPTER.validate_python(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'action'}: {e['msg']}" for e in exc.errors()
        )
        raise RuleError(
            "bad_action", "That is not a valid action: %(problems)s.", problems=problems
        ) from None
    return to_engine(model)


def _meld_text(cards: tuple[int, ...], declared: tuple[int | None, ...]) -> list[str]:
    return [
        card_name(c) if d is None else meld_card_text(c, d)
        for c, d in zip(cards, declared, strict=True)
    ]


def to_model(action: act.Action, hooks: Hooks | None = None) -> BaseModel:
    """The JSON model of an engine action (for logs and save files).

    A plugin's action needs the game's ``hooks``, which know how to write it.
    """
    if isinstance(action, act.PluginAction):
        if hooks is None:
            raise RuleError(
                "unknown_action",
                "%(action)s is a plugin's action: give the game's hooks to write it.",
                action=type(action).__name__,
            )
        return hooks.action_kinds.to_model(action)
    if isinstance(action, act.Draw):
        return DrawAction(source=action.source)
    if isinstance(action, act.MeldDown):
        return MeldAction(melds=[_meld_text(m.cards, m.declared) for m in action.melds])
    if isinstance(action, act.LayOff):
        end: Literal["low", "high"] | None = (
            "low" if action.end == "low" else "high" if action.end == "high" else None
        )
        return LayOffAction(
            meld=action.meld, cards=_meld_text(action.cards, action.declared), end=end
        )
    if isinstance(action, act.Swap):
        wild = card_name(action.wild) if action.wild is not None else None
        return SwapAction(meld=action.meld, card=card_name(action.card), wild=wild)
    if isinstance(action, act.Discard):
        return DiscardAction(card=card_name(action.card))
    return TakeBackAction()


def action_json(action: act.Action, hooks: Hooks | None = None) -> dict[str, Any]:
    """An engine action as plain JSON data (a plugin's action needs the game's ``hooks``)."""
    return to_model(action, hooks).model_dump(exclude_none=True)
