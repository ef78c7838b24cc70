"""What one seat has seen of the hand: the discard pile, and the cards rivals are known to hold.

A bot's view holds only the top of the discard pile, but every card that went on the pile was
shown, and every card a rival took from it (or from the cut) was shown too. ``CardTracker``
follows the events as its seat sees them (``rummy_core.engine.events.seen_by``) to remember them,
and checks itself against the view at every decision: when the two disagree (a bot that joined
mid-hand, or the first hand's deal, which bots do not observe), the cards it cannot account for
are marked unknown rather than guessed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummy_core.engine.actions import DISCARD, STOCK
from rummy_core.engine.events import (
    Dealt,
    Discarded,
    Drew,
    Event,
    LaidOff,
    Melded,
    Refilled,
    Swapped,
    TookBack,
)
from rummy_core.engine.view import PlayerView

_Change = tuple[int, tuple[int, ...], tuple[int, ...], bool]
"""One change to the mover's hand this turn: seat, cards lost, cards gained, whether a draw."""


class CardTracker:
    """The public facts of the current hand that a view does not hold, for one seat.

    ``pile`` is the part of the discard pile whose cards are known, bottom first (the top card
    last); ``pile_unknown`` cards lie under it unseen. ``known[s]`` lists cards seat ``s`` is
    known to hold (a multiset); ``taken[s]`` every card seat ``s`` took from a pile or the cut
    this hand, kept even after it was played: what that player collects; ``refused[s]`` every
    card seat ``s`` threw away, or left on top of the pile when it drew from the stock: what it
    does not; ``last_discard`` the seat that made this hand's latest discard and its card (that
    seat's hand is the one it kept then: it has not played since).
    """

    __slots__ = (
        "_turn",
        "_turns",
        "hand_number",
        "known",
        "last_discard",
        "pile",
        "pile_unknown",
        "refused",
        "seat",
        "taken",
    )

    def __init__(self) -> None:
        self.seat: int | None = None
        """The seat followed, known from its first view (until then every seat is followed)."""
        self.hand_number = 0
        self.pile: list[int] = []
        self.pile_unknown = 0
        self.known: list[list[int]] = []
        self.taken: list[set[int]] = []
        self.refused: list[set[int]] = []
        self.last_discard: tuple[int, int] | None = None
        self._turn: list[_Change] = []
        self._turns = 0

    def reset(self, hand_number: int, players: int) -> None:
        """Forget the last hand: a new one is dealt."""
        self.hand_number = hand_number
        self.pile = []
        self.pile_unknown = 0
        self.known = [[] for _ in range(players)]
        self.taken = [set() for _ in range(players)]
        self.refused = [set() for _ in range(players)]
        self.last_discard = None
        self._turn = []
        self._turns = 0

    def sync(self, view: PlayerView) -> None:
        """Agree with the view: a new hand resets; a pile of another size is partly unknown."""
        self.seat = view.seat
        turns = sum(view.turns_taken)
        if self.hand_number and (view.hand_number != self.hand_number or turns < self._turns):
            # Another hand (or, with as many turns taken as fewer, another game).
            self.reset(view.hand_number, view.players)
        self._turns = turns
        # Events seen before the first view belong to this hand.
        self.hand_number = view.hand_number
        self._seats(view.players)
        pile = self.pile
        size = view.discard_size
        top = view.top_discard
        if pile and top is not None and pile[-1] != top:
            # What lies under a top card we did not see arrive cannot be vouched for.
            self.pile_unknown += len(pile)
            pile.clear()
        if top is not None and not pile:
            pile.append(top)
            self.pile_unknown = max(0, size - 1)
        elif len(pile) + self.pile_unknown != size:
            known = min(len(pile), size)
            del pile[: len(pile) - known]
            self.pile_unknown = size - known
        for seat, held in enumerate(self.known):
            # A rival can hold no more known cards than cards.
            del held[: max(0, len(held) - view.hand_sizes[seat])]

    def observe(self, events: Iterable[Event]) -> None:
        """Follow the events of one action, as this seat sees them."""
        for event in events:
            match event:
                case Discarded(seat=seat, card=card):
                    if card is None:
                        self.pile_unknown += 1
                        self.last_discard = None
                    else:
                        self._lose(seat, (card,))
                        self.pile.append(card)
                        self._seats(seat + 1)
                        self.refused[seat].add(card)
                        self.last_discard = (seat, card)
                    self._turn = []
                case Drew():
                    self._drew(event)
                case Melded(seat=seat, cards=cards) | LaidOff(seat=seat, cards=cards):
                    self._change(seat, cards, (), False)
                case Swapped(seat=seat, card=card, wild=wild):
                    self._change(seat, (card,), (wild,), False)
                case Dealt(hand_number=number, sizes=sizes):
                    self.reset(number, len(sizes))
                case Refilled():
                    # All but the top card became the stock.
                    del self.pile[:-1]
                    self.pile_unknown = 0 if self.pile else min(self.pile_unknown, 1)
                case TookBack():
                    self._took_back(event)

    # -- one event each -------------------------------------------------------------------------

    def _drew(self, event: Drew) -> None:
        seat, source = event.seat, event.source
        if source == STOCK:
            if self.pile:
                # The pile's top was there to take: passed over.
                self._seats(seat + 1)
                self.refused[seat].add(self.pile[-1])
            self._turn = [(seat, (), (), True)]
            return
        cards: Sequence[int] | None = event.cards
        if source == DISCARD:
            pile = self.pile
            count = event.count
            seen = min(count, len(pile))
            if cards is None:
                cards = pile[len(pile) - seen :]
            del pile[len(pile) - seen :]
            self.pile_unknown = max(0, self.pile_unknown - (count - seen))
        gained = tuple(cards or ())
        self._turn = []
        self._change(seat, (), gained, True)
        self.taken[seat].update(gained)

    def _seats(self, players: int) -> None:
        while len(self.known) < players:
            self.known.append([])
            self.taken.append(set())
        while len(self.refused) < players:
            self.refused.append(set())

    def _change(
        self, seat: int, lost: tuple[int, ...], gained: tuple[int, ...], draw: bool
    ) -> None:
        self._seats(seat + 1)
        self._lose(seat, lost)
        if seat != self.seat:
            self.known[seat].extend(gained)
        self._turn.append((seat, lost, gained, draw))

    def _took_back(self, event: TookBack) -> None:
        while self._turn:
            mover, lost, gained, draw = self._turn[-1]
            if draw and not event.draw:
                break
            self._turn.pop()
            self._lose(mover, gained)
            if mover != self.seat and 0 <= mover < len(self.known):
                self.known[mover].extend(lost)
            if draw and event.source == DISCARD:
                self.pile.extend(event.cards or gained)

    def _lose(self, seat: int, cards: tuple[int, ...]) -> None:
        if seat == self.seat or not 0 <= seat < len(self.known):
            return
        held = self.known[seat]
        for card in cards:
            if card in held:
                held.remove(card)

    def public_copy(self, pile: Sequence[int]) -> CardTracker:
        """A tracker for any seat of a sampled game: the same public facts, ``pile`` seen whole."""
        copy = CardTracker()
        copy.hand_number = self.hand_number
        copy.pile = list(pile)
        copy.known = [list(held) for held in self.known]
        copy.taken = [set(cards) for cards in self.taken]
        copy.refused = [set(cards) for cards in self.refused]
        copy.last_discard = self.last_discard
        copy._turns = self._turns
        return copy

    # -- questions ------------------------------------------------------------------------------

    def rival_pickups(self) -> set[int]:
        """Every card a rival took from a pile or the cut this hand."""
        found: set[int] = set()
        for seat, cards in enumerate(self.taken):
            if seat != self.seat:
                found |= cards
        return found
