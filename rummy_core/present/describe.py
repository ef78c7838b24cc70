"""Events as the sentences of the game log, told from one reader's seat.

Each sentence is a value (``EventLine``): a message id in its catalog, a plural pair where a
count is involved, and named params, rendered in whichever language its reader reads. The
terminal game, the plain game and the server (for each browser connection) all build it here,
so a sentence is written once. Events go through ``seen_by(event, seat)`` first, so a line holds
only what that seat may see: a card drawn from the stock by someone else, or a face-down closing
discard, stays hidden. A plugin's own kind of event says itself with its ``words``
(``EventWords``, in the plugin's own catalog).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rummy_core.engine.errors import Message
from rummy_core.engine.events import (
    CutMade,
    CutOffered,
    Dealt,
    Discarded,
    Drew,
    Event,
    EventWords,
    HandEnded,
    LaidOff,
    MatchEnded,
    Melded,
    Refilled,
    Swapped,
    TookBack,
    cards_in,
    seen_by,
)
from rummy_core.i18n.languages import N_plural, PluralMessage, current_language, get_domain
from rummy_core.i18n.uitext import N_, UI, join_names
from rummy_core.present.plays import card_label, meld_label


@dataclass(frozen=True, slots=True)
class EventLine:
    """One event as a sentence for one reader, in no language yet.

    ``message`` is a gettext msgid (or an ``N_plural`` pair chosen by the ``count`` param) in
    the catalog ``domain``, with named placeholders filled from ``params``: the seats' names and
    the cards as the reader was given them. The reader's own seat is told in the second person
    ("You drew") by a message of its own, since most languages conjugate "you" differently.
    """

    message: Message
    params: Mapping[str, Any] = field(default_factory=dict)
    domain: str = UI.name

    def render(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (default: the current language)."""
        # Not engine.errors.render_message: there a ``card`` param is a card's code to name in
        # words, where a log line's cards are already labels, as the table shows them.
        catalog = get_domain(self.domain)
        lang = lang or current_language()
        message = self.message
        if isinstance(message, PluralMessage):
            count = self.params["count"]
            return catalog.translate_plural(
                lang, message.singular, message.plural, count, **self.params
            )
        return catalog.translate(lang, message, **self.params)


def _cards(codes: Sequence[int]) -> str:
    return " ".join(map(card_label, codes))


class _Teller:
    """Says what a seat did: in the second person when it is the reader's own seat."""

    def __init__(self, seat: int | None, names: Sequence[str]) -> None:
        self.seat = seat
        self.names = names

    def __call__(self, who: int, mine: Message, theirs: Message, **params: Any) -> EventLine:
        if who == self.seat:
            return EventLine(mine, params)
        return EventLine(theirs, {"name": self.names[who], **params})

    def count(self, who: int, n: int, mine: Message, theirs: Message, **params: Any) -> EventLine:
        return self(who, mine, theirs, count=n, **params)


def describe(
    event: Event, seat: int | None, names: Sequence[str], shows: Mapping[str, str]
) -> EventLine:
    """One event as a sentence for the reader at ``seat`` (None: a spectator, who has no seat);
    ``names`` names every seat, ``shows`` what the rules call the cards on show
    (``Hooks.shown_names``), both in the language the line will be rendered in."""
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
        case Dealt(seat=dealer, hand_number=number, upcard=None):
            return tell(
                dealer,
                N_("Hand %(number)s: you dealt."),
                N_("Hand %(number)s: %(name)s dealt."),
                number=number,
            )
        case Dealt(seat=dealer, hand_number=number, upcard=int(upcard)):
            return tell(
                dealer,
                N_("Hand %(number)s: you dealt and turned up %(card)s."),
                N_("Hand %(number)s: %(name)s dealt and turned up %(card)s."),
                number=number,
                card=card_label(upcard),
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
            return EventLine(
                N_plural(
                    "The discard pile became the stock again (%(count)s card).",
                    "The discard pile became the stock again (%(count)s cards).",
                ),
                {"count": stock},
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
                    return EventLine(N_("The match is over at its limit of hands with no winner."))
                return EventLine(N_("The match is over with no winner."))
            won = {"names": join_names([names[w] for w in winners])}
            if capped:
                return EventLine(N_("The match is over at its limit of hands: %(names)s won."), won)
            return EventLine(N_("The match is over: %(names)s won."), won)
        case other if isinstance(words := getattr(other, "words", None), EventWords):
            return _own_words(other, words, tell)
        case other:
            # A plugin's kind of event with no words of its own: its name says what happened.
            mover = getattr(other, "seat", None)
            said = other.type.replace("_", " ")
            if isinstance(mover, int):
                return tell(mover, N_("You: %(event)s."), N_("%(name)s %(event)s."), event=said)
            return EventLine(N_("%(event)s."), {"event": said.capitalize()})


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


def _drew(event: Drew, tell: _Teller, shows: Mapping[str, str]) -> EventLine:
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


def _hand_ended(event: HandEnded, tell: _Teller) -> EventLine:
    if event.reason == "out" and event.seat is not None:
        return tell(
            event.seat,
            N_("You went out: the hand is over."),
            N_("%(name)s went out: the hand is over."),
        )
    if event.reason == "stock":
        return EventLine(N_("The stock ran out: the hand is over."))
    # Cut short with nobody out: by the cap of ruling A1, or by a rule against endless play (a
    # dead hand, as gin's upcard thrown straight back twice), whose words the score sheet gives.
    return EventLine(N_("Nobody went out: the hand is over."))


def _own_words(event: Event, words: EventWords, tell: _Teller) -> EventLine:
    """A plugin's kind of event, said with its own words in its own catalog."""
    labels = {name: _cards(codes) for name, codes in cards_in(event).items()}
    params = {
        name: labels.get(name, getattr(event, name))
        for name in event.__match_args__
        if name != "seat"
    }
    if words.count is not None:
        params["count"] = getattr(event, words.count)
    mover = getattr(event, "seat", None)
    if not isinstance(mover, int):
        return EventLine(words.theirs, params, words.domain)
    said = tell(mover, words.mine, words.theirs, **params)
    return EventLine(said.message, said.params, words.domain)
