"""Events as the sentences of the game log, told from the human player's seat.

Events go through ``seen_by(event, seat)`` first, so the log shows only what that seat may
see: a card drawn from the stock by someone else, or a face-down closing discard, stays hidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rummy_core.engine.events import (
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
from rummy_core.i18n.languages import N_plural, PluralMessage
from rummy_core.i18n.uitext import N_, _, join_names, ngettext
from rummy_core.present.plays import card_label, meld_label


def _cards(codes: Sequence[int]) -> str:
    return " ".join(map(card_label, codes))


class _Teller:
    """Says what a seat did: in the second person when it is the reader's own seat, since most
    languages conjugate "you drew" and "Bot 1 drew" differently."""

    def __init__(self, seat: int, names: Sequence[str]) -> None:
        self.seat = seat
        self.names = names

    def __call__(self, who: int, mine: str, theirs: str, **params: Any) -> str:
        if who == self.seat:
            return _(mine, **params)
        return _(theirs, name=self.names[who], **params)

    def count(
        self, who: int, n: int, mine: PluralMessage, theirs: PluralMessage, **params: Any
    ) -> str:
        if who == self.seat:
            return ngettext(mine.singular, mine.plural, n, **params)
        return ngettext(theirs.singular, theirs.plural, n, name=self.names[who], **params)


def describe(event: Event, seat: int, names: Sequence[str], shows: Mapping[str, str]) -> str:
    """One event as a sentence for the player at ``seat``; ``names`` names every seat, ``shows``
    what the rules call the cards on show (``Hooks.shown_names``)."""
    tell = _Teller(seat, names)
    match seen_by(event, seat):
        case CutOffered(seat=cutter, cards=cards):
            return tell.count(
                cutter,
                cards,
                N_plural(
                    "The deck of %(count)s card is shuffled for you to cut.",
                    "The deck of %(count)s cards is shuffled for you to cut.",
                ),
                N_plural(
                    "The deck of %(count)s card is shuffled for %(name)s to cut.",
                    "The deck of %(count)s cards is shuffled for %(name)s to cut.",
                ),
            )
        case CutMade(seat=cutter, depth=depth):
            if depth is None:
                return tell(
                    cutter, N_("You cut the deck anywhere."), N_("%(name)s cut the deck anywhere.")
                )
            return tell.count(
                cutter,
                depth,
                N_plural(
                    "You cut the deck %(count)s card down.",
                    "You cut the deck %(count)s cards down.",
                ),
                N_plural(
                    "%(name)s cut the deck %(count)s card down.",
                    "%(name)s cut the deck %(count)s cards down.",
                ),
            )
        case Dealt(seat=dealer, hand_number=number):
            return tell(
                dealer,
                N_("Hand %(number)s: you dealt."),
                N_("Hand %(number)s: %(name)s dealt."),
                number=number,
            )
        case Drew() as drew:
            return _drew(drew, tell, shows)
        case Melded(seat=who, cards=cards, reps=reps):
            return tell(
                who,
                N_("You melded %(cards)s."),
                N_("%(name)s melded %(cards)s."),
                cards=meld_label(cards, reps),
            )
        case LaidOff(seat=who, cards=cards, meld=meld):
            return tell(
                who,
                N_("You laid off %(cards)s on meld %(meld)s."),
                N_("%(name)s laid off %(cards)s on meld %(meld)s."),
                cards=_cards(cards),
                meld=meld + 1,
            )
        case Swapped(seat=who, meld=meld, card=card, wild=wild):
            return tell(
                who,
                N_("You put %(card)s on meld %(meld)s and took the %(wild)s."),
                N_("%(name)s put %(card)s on meld %(meld)s and took the %(wild)s."),
                card=card_label(card),
                meld=meld + 1,
                wild=card_label(wild),
            )
        case Discarded(seat=who, card=card, face_down=face_down):
            if face_down or card is None:
                return tell(
                    who,
                    N_("You closed with a face-down discard."),
                    N_("%(name)s closed with a face-down discard."),
                )
            return tell(
                who,
                N_("You discarded %(card)s."),
                N_("%(name)s discarded %(card)s."),
                card=card_label(card),
            )
        case Refilled(stock=stock):
            return ngettext(
                "The discard pile became the stock again (%(count)s card).",
                "The discard pile became the stock again (%(count)s cards).",
                stock,
            )
        case TookBack(seat=who, draw=draw, source=source):
            if draw and source in GAVE_BACK:
                mine, theirs = GAVE_BACK[source]
                return tell(who, mine, theirs)
            if draw:
                return tell(
                    who,
                    N_("You took back this turn's plays and gave back the %(source)s draw."),
                    N_("%(name)s took back this turn's plays and gave back the %(source)s draw."),
                    source=source,
                )
            return tell(
                who,
                N_("You took back this turn's plays."),
                N_("%(name)s took back this turn's plays."),
            )
        case HandEnded() as ended:
            return _hand_ended(ended, tell)
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
                return tell(mover, N_("You: %(event)s."), N_("%(name)s %(event)s."), event=said)
            return f"{said.capitalize()}."


GAVE_BACK = {
    "stock": (
        N_("You took back this turn's plays and gave back the stock draw."),
        N_("%(name)s took back this turn's plays and gave back the stock draw."),
    ),
    "discard": (
        N_("You took back this turn's plays and gave back the discard draw."),
        N_("%(name)s took back this turn's plays and gave back the discard draw."),
    ),
    "cut": (
        N_("You took back this turn's plays and gave back the cut draw."),
        N_("%(name)s took back this turn's plays and gave back the cut draw."),
    ),
}
"""A take-back that returns the draw, for each draw source the engine knows: the reader's own,
and another seat's."""


def _drew(event: Drew, tell: _Teller, shows: Mapping[str, str]) -> str:
    who = event.seat
    cards = event.cards
    if event.source == "stock":
        if cards:
            return tell(
                who,
                N_("You drew from the stock: %(cards)s."),
                N_("%(name)s drew from the stock: %(cards)s."),
                cards=_cards(cards),
            )
        return tell(who, N_("You drew from the stock."), N_("%(name)s drew from the stock."))
    if event.source in shows:
        # Cards on show, called what the rules call them (a Hungarian cut card).
        return tell(
            who,
            N_("You took %(cards)s (%(thing)s)."),
            N_("%(name)s took %(cards)s (%(thing)s)."),
            cards=_cards(cards or ()),
            thing=shows[event.source],
        )
    if event.count > 1:
        if cards:
            return tell.count(
                who,
                event.count,
                N_plural(
                    "You took the whole discard pile, %(count)s card: %(cards)s.",
                    "You took the whole discard pile, %(count)s cards: %(cards)s.",
                ),
                N_plural(
                    "%(name)s took the whole discard pile, %(count)s card: %(cards)s.",
                    "%(name)s took the whole discard pile, %(count)s cards: %(cards)s.",
                ),
                cards=_cards(cards),
            )
        return tell.count(
            who,
            event.count,
            N_plural(
                "You took the whole discard pile, %(count)s card.",
                "You took the whole discard pile, %(count)s cards.",
            ),
            N_plural(
                "%(name)s took the whole discard pile, %(count)s card.",
                "%(name)s took the whole discard pile, %(count)s cards.",
            ),
        )
    top = event.top if event.top is not None else (cards[0] if cards else None)
    if top is None:
        return tell(
            who,
            N_("You took a card from the discard pile."),
            N_("%(name)s took a card from the discard pile."),
        )
    return tell(
        who,
        N_("You took %(card)s from the discard pile."),
        N_("%(name)s took %(card)s from the discard pile."),
        card=card_label(top),
    )


def _hand_ended(event: HandEnded, tell: _Teller) -> str:
    if event.reason == "out" and event.seat is not None:
        return tell(
            event.seat,
            N_("You went out: the hand is over."),
            N_("%(name)s went out: the hand is over."),
        )
    if event.reason == "stock":
        return _("The stock ran out: the hand is over.")
    return _("The hand reached the turn limit and is over.")
