"""Events as the sentences of the game log, told from the human player's seat.

Events go through ``event_model(event, seat)`` first, so the log shows only what that seat may
see: a card drawn from the stock by someone else, or a face-down closing discard, stays hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy_core.models.events import (
    CutMade,
    CutOffered,
    Dealt,
    Discarded,
    Drew,
    HandEnded,
    LaidOff,
    MatchEnded,
    Melded,
    Refilled,
    Swapped,
    TookBack,
    event_model,
)
from rummy_core.models.position import parse_meld_card
from rummy_core.tui.plays import card_label, rep_label


def pretty(text: str) -> str:
    """A card or a meld card as written in events (``5S``, ``2C=5S``) with suit symbols."""
    code, rep = parse_meld_card(text)
    if rep is None:
        return card_label(code)
    return f"{card_label(code)}={rep_label(rep)}"


def _cards(texts: Sequence[str]) -> str:
    return " ".join(pretty(t) for t in texts)


def _join(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def describe(event: dict[str, Any], seat: int, names: Sequence[str]) -> str:
    """One event as a sentence for the player at ``seat``; ``names`` names every seat."""
    model = event_model(event, seat)
    if isinstance(model, CutOffered):
        return f"The deck of {model.cards} cards is shuffled for {names[model.seat]} to cut."
    if isinstance(model, CutMade):
        where = "anywhere" if model.depth is None else f"{model.depth} cards down"
        return f"{names[model.seat]} cut the deck {where}."
    if isinstance(model, Dealt):
        return f"Hand {model.hand_number}: {names[model.seat]} dealt."
    if isinstance(model, Drew):
        return _drew(model, names)
    if isinstance(model, Melded):
        return f"{names[model.seat]} melded {_cards(model.cards)}."
    if isinstance(model, LaidOff):
        return f"{names[model.seat]} laid off {_cards(model.cards)} on meld {model.meld + 1}."
    if isinstance(model, Swapped):
        return (
            f"{names[model.seat]} put {pretty(model.card)} on meld {model.meld + 1}"
            f" and took the {pretty(model.wild)}."
        )
    if isinstance(model, Discarded):
        if model.face_down:
            return f"{names[model.seat]} closed with a face-down discard."
        return f"{names[model.seat]} discarded {pretty(model.card or '')}."
    if isinstance(model, Refilled):
        return f"The discard pile became the stock again ({model.stock} cards)."
    if isinstance(model, TookBack):
        extra = f" and gave back the {model.source} draw" if model.draw else ""
        return f"{names[model.seat]} took back this turn's plays{extra}."
    if isinstance(model, HandEnded):
        return _hand_ended(model, names)
    assert isinstance(model, MatchEnded)
    if not model.winners:
        # Ruling C8: a single hand that nobody went out of.
        return "The match is over with no winner."
    return f"The match is over: {_join([names[w] for w in model.winners])} won."


def _drew(model: Drew, names: Sequence[str]) -> str:
    who = names[model.seat]
    if model.source == "stock":
        seen = f": {_cards(model.cards)}" if model.cards else ""
        return f"{who} drew from the stock{seen}."
    if model.source == "cut":
        return f"{who} took the cut card {_cards(model.cards or [])}."
    if model.count > 1:
        seen = f": {_cards(model.cards)}" if model.cards else ""
        return f"{who} took the whole discard pile, {model.count} cards{seen}."
    top = model.top or (model.cards[0] if model.cards else "")
    return f"{who} took {pretty(top)} from the discard pile."


def _hand_ended(model: HandEnded, names: Sequence[str]) -> str:
    if model.reason == "out" and model.seat is not None:
        return f"{names[model.seat]} went out: the hand is over."
    if model.reason == "stock":
        return "The stock ran out: the hand is over."
    return "The hand reached the turn limit and is over."
