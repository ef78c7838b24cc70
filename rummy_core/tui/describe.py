"""Events as the sentences of the game log, told from the human player's seat.

Events go through ``seen_by(event, seat)`` first, so the log shows only what that seat may
see: a card drawn from the stock by someone else, or a face-down closing discard, stays hidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rummy_core.events import (
    CutMade,
    CutOffered,
    Dealt,
    Discarded,
    Drew,
    Event,
    HandEnded,
    LaidOff,
    MatchEnded,
    Melded,
    Refilled,
    Swapped,
    TookBack,
    seen_by,
)
from rummy_core.tui.plays import card_label, meld_label


def _cards(codes: Sequence[int]) -> str:
    return " ".join(map(card_label, codes))


def _join(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def describe(event: Event, seat: int, names: Sequence[str], shows: Mapping[str, str]) -> str:
    """One event as a sentence for the player at ``seat``; ``names`` names every seat, ``shows``
    the cards the rules put on show (``Hooks.shows``)."""
    match seen_by(event, seat):
        case CutOffered(seat=cutter, cards=cards):
            return f"The deck of {cards} cards is shuffled for {names[cutter]} to cut."
        case CutMade(seat=cutter, depth=depth):
            where = "anywhere" if depth is None else f"{depth} cards down"
            return f"{names[cutter]} cut the deck {where}."
        case Dealt(seat=dealer, hand_number=number):
            return f"Hand {number}: {names[dealer]} dealt."
        case Drew() as drew:
            return _drew(drew, names, shows)
        case Melded(seat=who, cards=cards, reps=reps):
            return f"{names[who]} melded {meld_label(cards, reps)}."
        case LaidOff(seat=who, cards=cards, meld=meld):
            return f"{names[who]} laid off {_cards(cards)} on meld {meld + 1}."
        case Swapped(seat=who, meld=meld, card=card, wild=wild):
            return (
                f"{names[who]} put {card_label(card)} on meld {meld + 1}"
                f" and took the {card_label(wild)}."
            )
        case Discarded(seat=who, card=card, face_down=face_down):
            if face_down or card is None:
                return f"{names[who]} closed with a face-down discard."
            return f"{names[who]} discarded {card_label(card)}."
        case Refilled(stock=stock):
            return f"The discard pile became the stock again ({stock} cards)."
        case TookBack(seat=who, draw=draw, source=source):
            extra = f" and gave back the {source} draw" if draw else ""
            return f"{names[who]} took back this turn's plays{extra}."
        case HandEnded() as ended:
            return _hand_ended(ended, names)
        case MatchEnded(winners=winners, capped=capped):
            limit = " at its limit of hands" if capped else ""
            if not winners:
                # Ruling C8: a single hand that nobody went out of.
                return f"The match is over{limit} with no winner."
            return f"The match is over{limit}: {_join([names[w] for w in winners])} won."
        case other:
            # A plugin's own kind of event: its name says what happened.
            mover = getattr(other, "seat", None)
            said = other.type.replace("_", " ")
            return f"{names[mover]} {said}." if isinstance(mover, int) else f"{said.capitalize()}."


def _drew(event: Drew, names: Sequence[str], shows: Mapping[str, str]) -> str:
    who = names[event.seat]
    cards = event.cards
    if event.source == "stock":
        seen = f": {_cards(cards)}" if cards else ""
        return f"{who} drew from the stock{seen}."
    if event.source in shows:
        return f"{who} took the {shows[event.source]} {_cards(cards or ())}."
    if event.count > 1:
        seen = f": {_cards(cards)}" if cards else ""
        return f"{who} took the whole discard pile, {event.count} cards{seen}."
    top = event.top if event.top is not None else (cards[0] if cards else None)
    return f"{who} took {card_label(top) if top is not None else 'a card'} from the discard pile."


def _hand_ended(event: HandEnded, names: Sequence[str]) -> str:
    if event.reason == "out" and event.seat is not None:
        return f"{names[event.seat]} went out: the hand is over."
    if event.reason == "stock":
        return "The stock ran out: the hand is over."
    return "The hand reached the turn limit and is over."
