"""Following a rival's hand turn by turn: a particle filter over the hands it may hold.

Gin is a race to the first knock (G7), and a discard that lets the rival knock at once loses
the hand nearly every time (docs/bots.md, "Gin against the peers"). Which discard does that
depends on the rival's hand, which the seat cannot see but can read from what the rival did:
the pile cards it took or left, the cards it threw, and the knocks it did not make. ``RivalFilter``
keeps a few hundred hands the rival may hold (particles), each weighted by how likely a racing
player holding it would have done what the rival did: take a pile card that melds or lets it
knock, else draw from the stock; knock as soon as it may; else throw the highest card that melds
with nothing (OpenSpiel's simple gin bot plays so). Between the seat's decisions it follows the
rival's draws and discards as the seat saw them (``observe``), and at each decision it catches
up (``update``): a card the rival took from the pile is in every particle until it is thrown,
and a particle holding a card the seat now sees elsewhere is dropped. When too few particles
carry the weight they are drawn again by weight, and the copies moved apart by swapping a card
with an unseen one, kept by how well the new hand fits the rival's last discard.

``knock_share`` answers the question the expert asks of a discard: in what share of the hands
the rival may hold would that card let it knock at once. It sees only the seat's view and the
events as the seat saw them, never the hidden cards. Two players only: with more, the filter
stays empty and every answer is None.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from random import Random

from rummy_core.bots.sampling import unseen_cards
from rummy_core.bots.tracking import CardTracker
from rummy_core.engine.actions import DISCARD, STOCK
from rummy_core.engine.cards import rank_of
from rummy_core.engine.events import (
    Dealt,
    Discarded,
    Drew,
    Event,
    LaidOff,
    Melded,
    Swapped,
    TookBack,
)
from rummy_core.engine.view import PlayerView
from rummy_core.solver import MeldSolver

PARTICLES = 1000
"""Hands followed, unless the expert's tuning says otherwise."""
SLIP = 0.05
"""How likely the rival is taken to do what a racer holding the hand would not (a take, a
refusal, a discard or a missed knock): small, not nothing, as the rival may play otherwise."""
OFF_HIGH = 0.02
"""How likely the rival is taken to throw a card that melds with nothing but is not its highest
one: a racer's discard bounds what it keeps unmelded (at 0.3 the filter's hands kept too much
deadwood and its knock shares were a third of the real rate; docs/bots.md)."""
RESAMPLE = 0.5
"""The share of the particles under which the effective count makes them drawn again."""

_Step = tuple[str, int, int]
"""A rival's act as the seat saw it: ``("refuse" | "take" | "draw" | "throw", seat, card)``."""


class RivalFilter:
    """The hands the one rival may hold, weighted by how well they explain its play."""

    __slots__ = ("_last", "_lost", "_pending", "_rng", "count", "hand_number", "hands", "weights")

    def __init__(self, seed: int, count: int = PARTICLES) -> None:
        """``count`` particles; their draws come from ``seed`` alone (deterministic)."""
        self.count = count
        self.hand_number = -1
        """The hand the particles are of (-1: none yet)."""
        self.hands: list[tuple[int, ...]] = []
        """The particles: each a hand the rival may hold now, sorted (empty: not following)."""
        self.weights: list[float] = []
        self._pending: list[_Step] = []
        self._last: int | None = None
        """The rival's last discard, which rejuvenated hands are checked against."""
        self._lost = False
        """Whether the rival did something this hand the filter cannot follow (it then stays
        empty until the next hand)."""
        self._rng = Random(f"filter/{seed}")

    # -- following the hand -------------------------------------------------------------------

    def observe(self, events: Iterable[Event], tracker: CardTracker) -> None:
        """Note the draws and discards of ``events`` (one action, as the seat saw it), read
        against ``tracker`` as it was before them (the pile's top a draw passed over)."""
        top = tracker.pile[-1] if tracker.pile else None
        me = tracker.seat
        for event in events:
            match event:
                case Dealt():
                    self._pending = []
                    self._lost = False
                    self.hands, self.weights = [], []
                    self.hand_number = -1
                    top = event.upcard
                case Drew(seat=seat) if seat != me:
                    if event.source == STOCK:
                        if top is not None:
                            self._pending.append(("refuse", seat, top))
                        self._pending.append(("draw", seat, -1))
                    elif event.source == DISCARD and event.cards and len(event.cards) == 1:
                        self._pending.append(("take", seat, event.cards[0]))
                        top = None
                    else:
                        self._pending.append(("lost", seat, -1))
                case Discarded(seat=seat, card=card):
                    if seat != me:
                        self._pending.append(("throw", seat, -1 if card is None else card))
                    top = card
                case Melded(seat=seat) | LaidOff(seat=seat) | Swapped(seat=seat) if seat != me:
                    self._pending.append(("lost", seat, -1))
                case TookBack(seat=seat) if seat != me:
                    self._pending.append(("lost", seat, -1))
                case Drew(source=source) if source == DISCARD:
                    top = None

    def update(
        self,
        view: PlayerView,
        tracker: CardTracker,
        deck: Sequence[int],
        solver: MeldSolver,
        knock_at: int,
    ) -> None:
        """Catch up with the rival's acts since the last update, at a decision of the seat:
        ``view`` its view, ``tracker`` its tracker (synced to the view), ``deck`` the game's
        cards, ``solver`` the game's, ``knock_at`` the deadwood a knock may leave."""
        if view.players != 2:
            self._pending = []
            self.hands, self.weights = [], []
            return
        rival = 1 - view.seat
        if view.hand_number != self.hand_number:
            if self.hand_number != -1:
                # A hand this filter did not see dealt: what it noted belongs to another.
                self._pending = []
                self._lost = False
            self.hands, self.weights = [], []
            self.hand_number = view.hand_number
        steps = [step for step in self._pending if step[1] == rival]
        self._pending = []
        if self._lost or any(
            kind == "lost" or (kind != "draw" and card < 0) for kind, _, card in steps
        ):
            self._lost = True
            self.hands, self.weights = [], []
            return
        known = tracker.known[rival] if rival < len(tracker.known) else []
        held = [Counter(known) if seat == rival else Counter() for seat in range(2)]
        pool = set(unseen_cards(view, tracker, list(deck), held))
        thrown = [card for kind, _, card in steps if kind == "throw"]
        if not self.hands:
            if not self._start(view.hand_sizes[rival], known, pool, steps):
                return
        else:
            self._drop_seen(pool | set(known) | set(thrown))
        later = list(thrown)
        drew = False
        for kind, _, card in steps:
            if kind == "draw":
                drew = True
            elif kind == "throw":
                later.remove(card)
                self._throw(card, drew, pool | set(later), solver, knock_at)
                drew = False
            else:
                self._offer(card, kind == "take", solver, knock_at)
        if self.hands and sum(self.weights) <= 0:
            # Nothing the filter holds explains the rival's play: start again from the cards.
            self.hands = []
            self._start(view.hand_sizes[rival], known, pool, [])
        elif self._effective() < RESAMPLE * len(self.hands):
            self._resample(known, pool, solver, knock_at)

    def _start(
        self, size: int, known: Sequence[int], pool: set[int], steps: Sequence[_Step]
    ) -> bool:
        """Deal the particles: hands as the rival's was before ``steps``, its cards known then
        and the rest from ``pool`` and the cards it has thrown since. False when they cannot
        be dealt (the filter then gives up on the hand)."""
        taken = [card for kind, _, card in steps if kind == "take"]
        thrown = [card for kind, _, card in steps if kind == "throw"]
        drawn = sum(kind in ("take", "draw") for kind, _, _ in steps)
        size += len(thrown) - drawn
        held = list(known)
        for card in taken:
            if card in held:
                held.remove(card)
        cards = sorted(pool | (set(thrown) - set(taken)))
        hidden = size - len(held)
        if hidden < 0 or hidden > len(cards):
            self._lost = True
            return False
        rng = self._rng
        self.hands = [tuple(sorted([*held, *rng.sample(cards, hidden)])) for _ in range(self.count)]
        self.weights = [1.0] * self.count
        return True

    def _drop_seen(self, allowed: set[int]) -> None:
        """Weigh 0 every particle holding a card outside ``allowed`` (seen elsewhere)."""
        weights = self.weights
        for i, hand in enumerate(self.hands):
            if weights[i] and not allowed.issuperset(hand):
                weights[i] = 0.0

    def _offer(self, card: int, took: bool, solver: MeldSolver, knock_at: int) -> None:
        """The rival took (``took``) or left ``card`` on the pile: reweigh, and give it the card."""
        weights = self.weights
        hands = self.hands
        # Resampled particles repeat: each hand is read once.
        read: dict[tuple[int, ...], bool] = {}
        for i, hand in enumerate(hands):
            if not weights[i]:
                continue
            wants = read.get(hand)
            if wants is None:
                wants = read[hand] = takes(hand, card, solver, knock_at)
            if took:
                weights[i] *= 1.0 if wants else SLIP
                hands[i] = tuple(sorted((*hand, card)))
            elif wants:
                weights[i] *= SLIP

    def _throw(
        self, card: int, drew: bool, stock: set[int], solver: MeldSolver, knock_at: int
    ) -> None:
        """The rival threw ``card`` without knocking, after drawing from the stock (``drew``:
        one of ``stock``, the cards that could have been there) or from the pile."""
        self._last = card
        weights = self.weights
        hands = self.hands
        rng = self._rng
        read: dict[tuple[int, ...], float] = {}
        for i, hand in enumerate(hands):
            if not weights[i]:
                continue
            full = hand
            if drew:
                if card in hand:
                    drawable = sorted(stock.difference(hand))
                    if not drawable:
                        weights[i] = 0.0
                        continue
                    full = tuple(sorted((*hand, drawable[rng.randrange(len(drawable))])))
                else:
                    # It threw the card it drew: as likely as drawing that one card.
                    weights[i] /= len(stock.difference(hand)) + 1
                    full = tuple(sorted((*hand, card)))
            elif card not in hand:
                weights[i] = 0.0
                continue
            likely = read.get(full)
            if likely is None:
                likely = read[full] = throws(full, card, solver, knock_at)
            weights[i] *= likely
            rest = list(full)
            rest.remove(card)
            hands[i] = tuple(rest)

    def _effective(self) -> float:
        total = sum(self.weights)
        squares = sum(w * w for w in self.weights)
        return total * total / squares if squares else 0.0

    def _resample(
        self, known: Sequence[int], pool: set[int], solver: MeldSolver, knock_at: int
    ) -> None:
        """Draw the particles again by weight (systematically), then move each copy by one
        card swapped with an unseen one, kept by how well it fits the rival's last discard."""
        weights, hands, rng = self.weights, self.hands, self._rng
        total = sum(weights)
        step = total / self.count
        at = rng.random() * step
        drawn: list[tuple[int, ...]] = []
        running = 0.0
        index = -1
        for _ in range(self.count):
            while running <= at and index + 1 < len(hands):
                index += 1
                running += weights[index]
            drawn.append(hands[index])
            at += step
        cards = sorted(pool)
        fixed = Counter(known)
        last = self._last
        seen: set[tuple[int, ...]] = set()
        for i, hand in enumerate(drawn):
            if hand not in seen:
                seen.add(hand)
                continue
            free = list((Counter(hand) - fixed).elements())
            outside = [c for c in cards if c not in hand]
            if not free or not outside:
                continue
            rest = list(hand)
            rest.remove(free[rng.randrange(len(free))])
            moved = tuple(sorted((*rest, outside[rng.randrange(len(outside))])))
            if last is None:
                drawn[i] = moved
                continue
            before = throws(tuple(sorted((*hand, last))), last, solver, knock_at)
            after = throws(tuple(sorted((*moved, last))), last, solver, knock_at)
            if after >= before or rng.random() * before < after:
                drawn[i] = moved
        self.hands = drawn
        self.weights = [1.0] * self.count

    # -- questions ----------------------------------------------------------------------------

    def knock_share(self, card: int, solver: MeldSolver, knock_at: int) -> float | None:
        """The weighted share of the particles in which the rival, offered ``card`` on the
        pile, takes it and knocks at once (a discard then leaves ``knock_at`` or less); None
        when the filter follows no hand."""
        total = sum(self.weights)
        if not self.hands or total <= 0:
            return None
        merged: dict[tuple[int, ...], float] = {}
        for hand, weight in zip(self.hands, self.weights, strict=True):
            if weight:
                merged[hand] = merged.get(hand, 0.0) + weight
        knocks = sum(
            weight
            for hand, weight in merged.items()
            if solver.one_discard_within([*hand, card], knock_at)
        )
        return knocks / total


def takes(hand: Sequence[int], card: int, solver: MeldSolver, knock_at: int) -> bool:
    """Whether a racer holding ``hand`` takes ``card`` from the pile: it lets the hand knock,
    or it melds in the best arrangement of the hand with it."""
    together = [*hand, card]
    if solver.one_discard_within(together, knock_at):
        return True
    return card not in solver.best(together).deadwood


def throws(hand: Sequence[int], card: int, solver: MeldSolver, knock_at: int) -> float:
    """How likely a racer holding ``hand`` (a card more than it keeps) is to throw ``card``
    without knocking: 1 for its highest card that melds with nothing, ``OFF_HIGH`` for another
    that melds with nothing, ``SLIP`` for a card of a meld; ``SLIP`` more if it could knock."""
    factor = SLIP if solver.one_discard_within(hand, knock_at) else 1.0
    deadwood = solver.best(hand).deadwood
    if card not in deadwood:
        return factor * SLIP
    if rank_of(card) == max(rank_of(c) for c in deadwood):
        return factor
    return factor * OFF_HIGH
