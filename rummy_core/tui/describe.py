"""Events as the sentences of the game log, told from the human player's seat.

Events go through ``seen_by(event, seat)`` first, so the log shows only what that seat may
see: a card drawn from the stock by someone else, or a face-down closing discard, stays hidden.
"""

from __future__ import annotations

from collections.abc import Sequence

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
from rummy_core.uitext import N_, _, join_names, ngettext


def _cards(codes: Sequence[int]) -> str:
    return " ".join(map(card_label, codes))


def describe(event: Event, seat: int, names: Sequence[str]) -> str:
    """One event as a sentence for the player at ``seat``; ``names`` names every seat."""
    match seen_by(event, seat):
        case CutOffered(seat=cutter, cards=cards):
            return ngettext(
                "The deck of %(count)s card is shuffled for %(name)s to cut.",
                "The deck of %(count)s cards is shuffled for %(name)s to cut.",
                cards,
                name=names[cutter],
            )
        case CutMade(seat=cutter, depth=depth):
            if depth is None:
                return _("%(name)s cut the deck anywhere.", name=names[cutter])
            return ngettext(
                "%(name)s cut the deck %(count)s card down.",
                "%(name)s cut the deck %(count)s cards down.",
                depth,
                name=names[cutter],
            )
        case Dealt(seat=dealer, hand_number=number):
            return _("Hand %(number)s: %(name)s dealt.", number=number, name=names[dealer])
        case Drew() as drew:
            return _drew(drew, names)
        case Melded(seat=who, cards=cards, reps=reps):
            return _("%(name)s melded %(cards)s.", name=names[who], cards=meld_label(cards, reps))
        case LaidOff(seat=who, cards=cards, meld=meld):
            return _(
                "%(name)s laid off %(cards)s on meld %(meld)s.",
                name=names[who],
                cards=_cards(cards),
                meld=meld + 1,
            )
        case Swapped(seat=who, meld=meld, card=card, wild=wild):
            return _(
                "%(name)s put %(card)s on meld %(meld)s and took the %(wild)s.",
                name=names[who],
                card=card_label(card),
                meld=meld + 1,
                wild=card_label(wild),
            )
        case Discarded(seat=who, card=card, face_down=face_down):
            if face_down or card is None:
                return _("%(name)s closed with a face-down discard.", name=names[who])
            return _("%(name)s discarded %(card)s.", name=names[who], card=card_label(card))
        case Refilled(stock=stock):
            return ngettext(
                "The discard pile became the stock again (%(count)s card).",
                "The discard pile became the stock again (%(count)s cards).",
                stock,
            )
        case TookBack(seat=who, draw=draw, source=source):
            if draw and source in GAVE_BACK:
                return _(GAVE_BACK[source], name=names[who])
            if draw:
                return _(
                    "%(name)s took back this turn's plays and gave back the %(source)s draw.",
                    name=names[who],
                    source=source,
                )
            return _("%(name)s took back this turn's plays.", name=names[who])
        case HandEnded() as ended:
            return _hand_ended(ended, names)
        case MatchEnded(winners=winners, capped=capped):
            if not winners:
                # Ruling C8: a single hand that nobody went out of.
                if capped:
                    return _("The match is over at its limit of hands with no winner.")
                return _("The match is over with no winner.")
            won = join_names([names[w] for w in winners])
            if capped:
                return _("The match is over at its limit of hands: %(names)s won.", names=won)
            return _("The match is over: %(names)s won.", names=won)
        case other:
            # A plugin's own kind of event: its name says what happened.
            mover = getattr(other, "seat", None)
            said = other.type.replace("_", " ")
            if isinstance(mover, int):
                return _("%(name)s %(event)s.", name=names[mover], event=said)
            return f"{said.capitalize()}."


GAVE_BACK = {
    "stock": N_("%(name)s took back this turn's plays and gave back the stock draw."),
    "discard": N_("%(name)s took back this turn's plays and gave back the discard draw."),
    "cut": N_("%(name)s took back this turn's plays and gave back the cut draw."),
}
"""A take-back that returns the draw, for each draw source the engine knows."""


def _drew(event: Drew, names: Sequence[str]) -> str:
    who = names[event.seat]
    cards = event.cards
    if event.source == "stock":
        if cards:
            return _("%(name)s drew from the stock: %(cards)s.", name=who, cards=_cards(cards))
        return _("%(name)s drew from the stock.", name=who)
    if event.source == "cut":
        return _("%(name)s took the cut card %(cards)s.", name=who, cards=_cards(cards or ()))
    if event.count > 1:
        if cards:
            return ngettext(
                "%(name)s took the whole discard pile, %(count)s card: %(cards)s.",
                "%(name)s took the whole discard pile, %(count)s cards: %(cards)s.",
                event.count,
                name=who,
                cards=_cards(cards),
            )
        return ngettext(
            "%(name)s took the whole discard pile, %(count)s card.",
            "%(name)s took the whole discard pile, %(count)s cards.",
            event.count,
            name=who,
        )
    top = event.top if event.top is not None else (cards[0] if cards else None)
    if top is None:
        return _("%(name)s took a card from the discard pile.", name=who)
    return _("%(name)s took %(card)s from the discard pile.", name=who, card=card_label(top))


def _hand_ended(event: HandEnded, names: Sequence[str]) -> str:
    if event.reason == "out" and event.seat is not None:
        return _("%(name)s went out: the hand is over.", name=names[event.seat])
    if event.reason == "stock":
        return _("The stock ran out: the hand is over.")
    return _("The hand reached the turn limit and is over.")
