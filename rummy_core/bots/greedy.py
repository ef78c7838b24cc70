"""The greedy bot: lay down what the solver finds, lay off, and discard by the classic tips.

Each decision starts again from the seat's view: the solver (``rummy_core.solver``) splits the
hand into melds and deadwood under the game's own meld rules and card values, and the bot puts
down what it can, then discards the card that leaves the least deadwood, weighed by the classic
tips (seed 004): keep cards that work two ways, shed high unmatched cards early, and don't feed
what a rival has been picking up. It never asks which ruleset it plays: openings, the card to keep
for the discard, the first-turn restrictions and the rest come from the handle's rule queries and
the engine's legality checks. When a plan meets a refusal it cannot foresee (a joker that must go
down again, a pile card that must be played), it takes the turn back and plans without the step
that led there, so it never gets stuck.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import ClassVar, Final

from rummy_core.bots.assess import (
    Pickups,
    TableFits,
    is_wild,
    meld_points,
    new_meld,
    partner_counts,
)
from rummy_core.bots.base import SeatHandle
from rummy_core.bots.outlook import Outlook
from rummy_core.bots.probe import Probe
from rummy_core.bots.tracking import CardTracker
from rummy_core.engine.actions import (
    DISCARD,
    STOCK,
    Action,
    Discard,
    Draw,
    MeldDown,
    Swap,
    TakeBack,
)
from rummy_core.engine.cards import rank_of
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.state import DRAW, Meld
from rummy_core.engine.view import PlayerView
from rummy_core.solver import Arrangement, MeldSolver, going_out, solver_for
from rummy_core.solver import Meld as SolvedMeld

TWO_WAYS = 3
"""Points of deadwood worth keeping a card for, per card in hand it could one day meld with."""
FEEDING = 4
"""Points of deadwood the bot would rather keep than discard a card that helps a rival."""
# ``Final``: the compiled build reads the value itself, not the module's globals
# (docs/performance.md).
WILD_KEEP: Final = 100
"""A wild card is discarded only when nothing else may be."""
MAX_TAKE_BACKS: Final = 3
"""Take-backs in one turn after which the bot only discards (or gives back its draw)."""


@dataclass
class Turn:
    """What the bot did and learnt during one of its turns."""

    key: tuple[int, int]
    avoid: set[Action] = field(default_factory=set)
    plays: list[Action] = field(default_factory=list)
    take_backs: int = 0


class Look:
    """One decision's reading of the hand: the best arrangement and where cards fit the table.

    A native class in the compiled build (unlike the objects a bot keeps): a look lives for one
    decision and is never copied, and the plan steps read its attributes many times.
    """

    __slots__ = ("_keep", "arrangement", "fits", "hand", "rules", "seat", "solver", "view")

    def __init__(self, seat: SeatHandle, view: PlayerView, fits: TableFits | None = None) -> None:
        """``fits``: the table's ``TableFits`` when already known (the table is unchanged)."""
        self.seat = seat
        self.view = view
        self.rules = seat.rules
        self.solver: MeldSolver = solver_for(self.rules, seat.card_values)
        self.hand = list(view.hand)
        self.arrangement = self.solver.best(self.hand)
        self.fits = fits or TableFits(view.table, self.rules)
        self._keep: int | None = None

    @property
    def keep(self) -> int:
        """How many cards the rules want kept after a play (asked once per decision)."""
        if self._keep is None:
            self._keep = self.seat.min_hand_after_play()
        return self._keep

    @property
    def opened(self) -> bool:
        """Whether this seat has put cards on the table this hand."""
        return self.view.opened[self.view.seat]

    def may_lay_down(self, melds: Sequence[SolvedMeld]) -> bool:
        """Whether ``melds`` reach the opening this seat still needs (``reaches_opening``)."""
        return reaches_opening(self.seat, self.view, melds)


class GreedyBot:
    """Plays the solver's best arrangement at once and discards by the classic tips."""

    name = "greedy"
    # ``ClassVar``: in the compiled build an attribute set in the class body is otherwise each
    # instance's (as ``name`` is: the ``Bot`` protocol's), and the class holds its descriptor.
    observes_events: ClassVar[bool] = True
    """The default, said outright: ``bots.turns.tell`` asks every bot's class after every
    action, and a class attribute looked up in vain costs four times one that is found."""

    def __init__(
        self,
        seed: int = 0,
        two_ways: float = TWO_WAYS,
        feeding: float = FEEDING,
        outs: float = 0,
        danger: float = 0,
        ahead: float = 0,
        knock_at: int = 0,
    ) -> None:
        """``two_ways``, ``feeding``, ``outs``, ``danger`` and ``ahead``: the weights of the
        discard tips (see ``discard_order``); ``knock_at``: the deadwood a hand may end with,
        that ``ahead`` aims for, and for which it takes a pile card that melds with nothing when
        the hand may then end. The last four are 0 (not read) unless the expert's tuning sets
        them."""
        self._seed = seed
        self.two_ways = two_ways
        self.feeding = feeding
        self.outs = outs
        self.danger = danger
        self.ahead = ahead
        self.knock_at = knock_at
        self.tracker = CardTracker()
        """The public cards this bot has seen (the discard pile, rivals' pickups)."""
        self._turn = Turn((0, -1))
        self._probe_made: Probe | None = None
        self._fits: tuple[tuple[Meld, ...], TableFits] = ((), TableFits((), MeldRules()))

    def observe(self, events: Sequence[Event]) -> None:
        """Remember what went on the pile and what rivals took from it."""
        self.tracker.observe(events)

    def choose(self, seat: SeatHandle) -> Action:
        """The next action of this seat's turn."""
        view = seat.view
        self.tracker.sync(view)
        turn = self.turn_of(view)
        action = self.draw(seat, view) if view.phase == DRAW else self.play(seat, view, turn)
        self.made(action, turn)
        return action

    def made(self, action: Action, turn: Turn | None = None) -> None:
        """Note an action this bot is about to make (the expert tells it of its own too)."""
        turn = turn or self._turn
        if isinstance(action, TakeBack):
            turn.take_backs += 1
            if turn.plays:
                turn.avoid.add(turn.plays[0])
            turn.plays = []
        elif not isinstance(action, Draw | Discard):
            turn.plays.append(action)

    def turn_of(self, view: PlayerView) -> Turn:
        """This bot's record of the turn ``view`` is in (a new one when the turn changed)."""
        key = (view.hand_number, view.turns_taken[view.seat])
        if self._turn.key != key:
            self._turn = Turn(key)
        return self._turn

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, seat: SeatHandle, view: PlayerView) -> Action:
        """Draw from a visible card when it pays, else from the stock; where neither may be
        drawn, decline if the rules let the seat (gin's pass on the upcard) rather than draw a
        card that does not pay."""
        good, rest = self.draw_choices(seat, view)
        for source in good:
            action = Draw(source)
            if seat.is_legal(action):
                return action
        declined = _turn_enders(seat, [])
        if declined is not None:
            return declined
        for source in rest:
            action = Draw(source)
            if seat.is_legal(action):
                return action
        return self._fallback(seat)

    def draw_order(self, seat: SeatHandle, view: PlayerView) -> list[str]:
        """The draw sources open to this seat, the best first."""
        good, rest = self.draw_choices(seat, view)
        return good + rest

    def draw_choices(self, seat: SeatHandle, view: PlayerView) -> tuple[list[str], list[str]]:
        """The draw sources open to this seat: those worth drawing from (visible cards that pay,
        the best first, then the stock), and the others."""
        sources = [s for s in seat.draw_sources() if s not in view.refused_sources]
        solver = solver_for(seat.rules, seat.card_values)
        hand = list(view.hand)
        wanted = [s for s in sources if s != STOCK and self._pays(seat, view, solver, hand, s)]
        rest = [s for s in sources if s not in wanted and s != STOCK]
        return wanted + [s for s in sources if s == STOCK], rest

    def _pays(
        self, seat: SeatHandle, view: PlayerView, solver: MeldSolver, hand: list[int], source: str
    ) -> bool:
        """Whether drawing from a visible ``source`` beats a card from the stock."""
        shown = view.shown(source)
        if shown:
            # Cards on show: taken only to go out with them this turn, which is safe under any
            # rules (a Hungarian cut card is the player's only then, ruling H7).
            return self.can_go_out(seat, view, solver, [*hand, *shown])
        if source != DISCARD or view.top_discard is None:
            return False
        top = view.top_discard
        pile = self.tracker.pile
        whole = (
            len(pile) > 1
            and self.tracker.pile_unknown == 0
            and self._probe().pile_takes_all(seat, view, self.tracker)
        )
        if whole:
            return _pile_gain(solver, solver.best(hand), solver.best([*hand, *pile])) > 0
        after = solver.best([*hand, top])
        # Most tops meld with nothing: the hand as it is needs no solving for them.
        if top in after.deadwood:
            # Unless it lets the hand end at once (gin's knock), as a racing player takes it.
            return bool(self.knock_at) and _after_discard(after, seat, top) <= self.knock_at
        if _after_discard(after, seat) >= _after_discard(solver.best(hand), seat):
            return False
        if reaches_opening(seat, view, after.melds):
            return True
        # Kept without being put down: some rules refuse that (H4); ask a sampled copy.
        return not self._probe().pile_card_must_be_played(seat, view, self.tracker)

    def can_go_out(
        self, seat: SeatHandle, view: PlayerView, solver: MeldSolver, hand: list[int]
    ) -> bool:
        """Whether ``hand`` can be emptied this turn: melded, laid off, and one card discarded."""
        fits = TableFits(view.table, seat.rules)
        rules = seat.rules
        whole = solver.best(hand)
        stuck = {c for c in whole.deadwood if not fits.lay_offs(c, is_wild(c, rules))}
        if len(stuck) > 1:
            # Two cards fit nowhere: one discard cannot carry both (a cheap answer for the
            # usual case; a different split of the melds could in principle absorb one).
            return False
        for kept in stuck or set(whole.deadwood) or set(hand):
            rest = list(hand)
            rest.remove(kept)
            arrangement = solver.best(rest)
            if not arrangement.melds or not reaches_opening(seat, view, arrangement.melds):
                continue
            if all(fits.lay_offs(c, is_wild(c, rules)) for c in arrangement.deadwood):
                return True
        return False

    # -- playing ------------------------------------------------------------------------------

    def play(self, seat: SeatHandle, view: PlayerView, turn: Turn) -> Action:
        """The next play of the turn: a swap, a lay-down, a lay-off, then the discard."""
        look = Look(seat, view, self._table_fits(view, seat))
        if turn.take_backs < MAX_TAKE_BACKS:
            action = (
                _swap(look, turn.avoid) or _lay_down(look, turn.avoid) or _lay_off(look, turn.avoid)
            )
            if action is not None:
                return action
        # The order is costed as it is walked: the first card is nearly always the discard, and
        # costing the melded cards takes a solve each. The first card is run (it is the move);
        # once one is refused, the others are read first, as the rule that refused it usually
        # refuses them all (gin's defender, and its knocker after laying melds, G7 and G9).
        order: list[int] = []
        for code in self.discard_order(look):
            action = Discard(code)
            if (not order or seat.allows(action)) and seat.is_legal(action):
                return action
            order.append(code)
        # No discard ends this turn: the rules end it otherwise (a knock with the card the bot
        # would have discarded, a defender's pass after laying off).
        ending = _turn_enders(seat, order)
        if ending is not None:
            return ending
        # Something this turn cannot be finished (a card that had to be played, a wild that had
        # to go down again): undo it, and plan without its first step.
        if seat.is_legal(TakeBack()):
            return TakeBack()
        return self._fallback(seat)

    # -- discarding ---------------------------------------------------------------------------

    def discard_order(self, look: Look) -> Iterator[int]:
        """The cards of the hand, the best to discard first (each once).

        A card's cost is the deadwood left without it, plus ``two_ways`` for each card it could
        still meld with, plus ``feeding`` for each rival pickup it would help or table meld it
        would extend. Deadwood and the spare ends of long melds come first (their cost needs no
        solving); the other cards follow, costed by the solver. A wild costs ``WILD_KEEP`` more,
        and a card just taken from the discard pile twice that: it was taken to be used, and
        some rules forbid throwing it back (C2).

        Where the weights ask for it (the expert's tuning, ``bots.outlook``), a card also costs
        ``outs`` for each card still to come that would meld it, and ``danger`` times the chance
        that the next rival holds two cards that meld with it; with ``ahead``, every card is
        costed a draw ahead (``Outlook.look_ahead``), toward a hand worth ``knock_at`` or less.
        """
        rules = look.rules
        values = look.solver.values
        arrangement = look.arrangement
        dead = arrangement.deadwood_value
        two_ways, feeding = self.two_ways, self.feeding
        outs_weight, danger = self.outs, self.danger
        pickups = Pickups(self.tracker.rival_pickups())
        fits = look.fits
        view = look.view
        just_taken = set(view.drawn) if view.drew == DISCARD else set()
        pairs = partner_counts(look.hand, rules)
        reading = None
        outs: dict[int, int] = {}
        if outs_weight or danger or self.ahead:
            reading = Outlook(view, self.tracker, look.seat.hooks.deck, rules)
            outs = reading.outs(look.hand) if outs_weight else {}

        def cost(code: int, left: float) -> float:
            if is_wild(code, rules):
                extra: float = float(WILD_KEEP)
            else:
                extra = two_ways * pairs[code] + feeding * (pickups.fed(code) + fits.extends(code))
                if reading is not None:
                    extra += outs_weight * outs.get(code, 0)
                    extra += danger * reading.danger(code) if danger else 0.0
            return left + extra + 2 * WILD_KEEP * (code in just_taken)

        if reading is not None and self.ahead:
            ahead = reading.look_ahead(look.hand, look.solver, self.knock_at, self.ahead, cost)
            yield from sorted(ahead, key=lambda c: (ahead[c], c))
            return
        cheap = {c: cost(c, dead - values[c]) for c in arrangement.deadwood}
        for spare in _spare_cards(arrangement, look):
            cheap.setdefault(spare, cost(spare, dead))
        yield from sorted(cheap, key=lambda c: (cheap[c], c))
        rest: dict[int, float] = {}
        for code in set(look.hand) - cheap.keys():
            others = list(look.hand)
            others.remove(code)
            rest[code] = cost(code, look.solver.deadwood(others))
        yield from sorted(rest, key=lambda c: (rest[c], c))

    def _table_fits(self, view: PlayerView, seat: SeatHandle) -> TableFits:
        """Where cards fit the table, worked out again only when the table changed."""
        table, fits = self._fits
        # Melds are immutable and kept from state to state: an unchanged table is the same
        # objects, which the tuple comparison checks first.
        if table != view.table:
            fits = TableFits(view.table, seat.rules)
            self._fits = (view.table, fits)
        return fits

    def _probe(self) -> Probe:
        # Made on first use: most games never need one, and simulations make many bots.
        if self._probe_made is None:
            self._probe_made = Probe(self._seed)
        return self._probe_made

    def _fallback(self, seat: SeatHandle) -> Action:
        """Any legal action, when every plan was refused (never expected, never stuck)."""
        actions = seat.legal_actions()
        if not actions:
            raise RuleError("no_legal_action", "Seat %(seat)s has no legal action.", seat=seat.seat)
        return Random(f"greedy/{self._seed}/{len(self.tracker.pile)}").choice(actions)


# -- the steps of a play, in the order ``GreedyBot.play`` tries them -----------------------


def _turn_enders(seat: SeatHandle, discards: Sequence[int]) -> Action | None:
    """A legal plugin action that ends the turn otherwise than a discard: one carrying a card,
    the first of ``discards`` that has one (a knock), else one with no fields (a pass)."""
    offered = seat.rule_candidates()
    if not offered:
        return None
    with_card = {getattr(a, "card", None): a for a in offered}
    for code in discards:
        action = with_card.get(code)
        if action is not None and seat.is_legal(action):
            return action
    for action in offered:
        if (
            dataclasses.is_dataclass(action)
            and not dataclasses.fields(action)
            and seat.is_legal(action)
        ):
            return action
    return None


def _swap(look: Look, avoid: set[Action]) -> Action | None:
    """Take a wild off the table for the real card when the hand melds better for it."""
    if not look.fits.wilds_in_use:
        return None
    rules = look.rules
    hand = look.hand
    held = {c for c in hand if not is_wild(c, rules)}
    before = look.arrangement.deadwood_value
    for index, wild, rep in look.fits.wilds_in_use:
        reals = [rep] if rep >= 0 else [c for c in held if rank_of(c) == -rep]
        for real in reals:
            action = Swap(index, real, wild)
            if real not in held or action in avoid:
                continue
            after = list(hand)
            after.remove(real)
            after.append(wild)
            if look.solver.deadwood(after) < before and look.seat.is_legal(action):
                return action
    return None


def _lay_down(look: Look, avoid: set[Action]) -> Action | None:
    """Put down the melds of the best arrangement, keeping the cards the rules want kept."""
    arrangement = look.arrangement
    if not arrangement.melds:
        return None
    seat = look.seat
    values = look.solver.values
    melds = list(arrangement.melds)
    keep = look.keep
    if len(arrangement.deadwood) < keep:
        ways = going_out(look.hand, look.rules, values, keep)
        if ways:
            melds = list(ways[0].melds)
        else:
            melds.sort(key=lambda m: meld_points(m, values))
            while melds and len(look.hand) - sum(len(m[0]) for m in melds) < keep:
                melds.pop(0)
    if not melds or not look.may_lay_down(melds):
        return None
    # Read before run: a lay-down may be refused for a reason the bot cannot see (gin melds only
    # to knock, G7), and reading refuses it without making it on a copy.
    together = MeldDown(tuple(new_meld(m, look.rules) for m in melds))
    if together not in avoid and seat.allows(together) and seat.is_legal(together):
        return together
    if len(melds) > 1:
        # One meld may break a rule the others keep (a card already on the table, R8), or a
        # house rule may allow fewer melds at once.
        for meld in melds:
            action = MeldDown((new_meld(meld, look.rules),))
            if action not in avoid and seat.allows(action) and seat.is_legal(action):
                return action
    return None


def _lay_off(look: Look, avoid: set[Action]) -> Action | None:
    """Lay off a deadwood card onto any meld on the table, the costliest first."""
    seat = look.seat
    if not look.view.table:
        return None
    rules = look.rules
    values = look.solver.values
    fits = look.fits
    places = [
        fits.lay_offs(code, is_wild(code, rules))
        for code in sorted(set(look.arrangement.deadwood), key=lambda c: -values[c])
    ]
    # Where no card fits, the rules' cards to keep need not be asked (the answer is the same).
    if not any(places) or len(look.hand) <= look.keep:
        return None
    for actions in places:
        for action in actions:
            if action not in avoid and seat.is_legal(action):
                return action
    return None


def reaches_opening(seat: SeatHandle, view: PlayerView, melds: Sequence[SolvedMeld]) -> bool:
    """Whether ``melds`` reach the opening the seat still needs (H5), by ``meld_points``: an
    estimate, as the engine checks the lay-down itself."""
    if view.opened[view.seat]:
        return True
    minimum = seat.opening_minimum()
    values = seat.card_values
    return minimum <= 0 or sum(meld_points(m, values) for m in melds) >= minimum


def _spare_cards(arrangement: Arrangement, look: Look) -> Iterator[int]:
    """Natural cards a meld can lose and stay a meld: the ends of long runs, a fourth of a set."""
    rules = look.rules
    run_min = rules.run.min_len if rules.run is not None else 99
    set_min = min(rules.set.sizes) if rules.set is not None else 99
    for cards, reps in arrangement.melds:
        first, second = reps[0], reps[1]
        if first >= 0 and second >= 0 and first // 13 == second // 13 and first != second:
            if len(cards) > run_min:
                yield from (c for c in (cards[0], cards[-1]) if not is_wild(c, rules))
        elif len(cards) > set_min:
            yield from (c for c in cards if not is_wild(c, rules))


def _after_discard(arrangement: Arrangement, seat: SeatHandle, kept: int | None = None) -> int:
    """The deadwood left once the costliest natural deadwood card (but ``kept``) is discarded."""
    values = seat.card_values
    rules = seat.rules
    shed = [values[c] for c in arrangement.deadwood if c != kept and not is_wild(c, rules)]
    return arrangement.deadwood_value - max(shed, default=0)


def _pile_gain(solver: MeldSolver, before: Arrangement, after: Arrangement) -> int:
    """What a pile of cards adds: the points it lets the hand meld, less the deadwood it adds."""
    values = solver.values
    melded_before = sum(values[c] for c in before.melded)
    melded_after = sum(values[c] for c in after.melded)
    dead_after = after.deadwood_value - max((values[c] for c in after.deadwood), default=0)
    return (melded_after - melded_before) - max(0, dead_after - before.deadwood_value)
