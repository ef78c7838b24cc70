"""Determinisation: a whole game built from one seat's view, its hidden cards drawn at random.

A bot that searches ahead needs states to play on, but sees only its view. ``sampled_game``
deals the cards it cannot see (rivals' hands, the stock, the unseen part of the discard pile) at
random from the cards not accounted for, keeping what it knows: its own hand, the table, the cards
on show, the discard pile as far as ``CardTracker`` saw it, and the cards rivals are known to hold.
The game runs on the real game's ``Hooks``, so every rule (house rules too) applies to it.
``sampled_rival_turn`` rebuilds a rival's turn under way the same way, then makes its actions
again.

Limits, all toward less knowledge than a player could have: the order of a stock turned over
from the discard pile is not kept (its cards are dealt at random with the rest), and a plugin's
``State.extra`` records from before the turn are known only where the plugins declare them public
(``Ruleset.public_records``, given by ``turn_records``). The turn's own draw is replayed, so
records made by it are kept.
"""

from __future__ import annotations

import copy
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any

from rummy_core.bots.tracking import CardTracker
from rummy_core.engine.actions import (
    DISCARD,
    STOCK,
    Action,
    Draw,
    LayOff,
    MeldDown,
    Swap,
    TakeBack,
)
from rummy_core.engine.errors import RuleError
from rummy_core.engine.game import Game
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.state import DRAW, PLAY, State
from rummy_core.engine.view import PlayerView, player_view


class CannotSample(Exception):
    """The view is not one a game can be rebuilt from (mid-turn plays, or a finished hand)."""


def sampled_game(
    hooks: Hooks,
    view: PlayerView,
    tracker: CardTracker,
    rng: Random,
    records: Mapping[str, Any] | None = None,
) -> Game:
    """A game in the position ``view`` shows, its hidden cards dealt at random.

    Works at the start of the seat's turn (before its draw, or after it with nothing played yet):
    the position before the draw is rebuilt, and the draw replayed through the engine so that
    whatever the ruleset records about it is recorded again. Also before a rival's draw, where
    the view shows the turn as it began (the caller makes sure the rival has not drawn and given
    back). ``CannotSample`` otherwise. ``records``: the plugins' records (``State.extra``) at the
    start of the turn that the seat may know (``turn_records``).
    """
    _at_a_turn_start(view, rivals=True)
    me = view.seat
    hands, pile, stock, on_show = dealt(hooks.deck, view, tracker, rng)
    state = State(view.players, rng.randrange(1 << 30))
    state.dealer = view.dealer
    state.turn = view.turn
    state.hands = hands
    state.stock = stock
    state.discard = pile
    state.discard_face_down = view.discard_face_down
    state.table = list(view.table)
    state.turns_taken = list(view.turns_taken)
    state.hand_turns = sum(view.turns_taken)
    state.scores = list(view.scores)
    state.hand_number = view.hand_number
    state.refills = view.refills
    state.first_play_turn = [
        max(0, view.turns_taken[s] - 1) if view.opened[s] else None for s in range(view.players)
    ]
    state.on_show = on_show
    state.refused_sources = list(view.refused_sources)
    if records is not None:
        state.extra = copy.deepcopy(dict(records))
    # The draw is replayed when its cards are known (always, in a game played from the start).
    replay = view.drew is not None and bool(view.drawn)
    state.phase = DRAW if replay or view.phase == DRAW else PLAY
    if view.phase != DRAW and not replay:
        state.drew = view.drew
    game = Game(hooks, state)
    if replay:
        assert view.drew is not None
        game.apply(me, Draw(view.drew))
    return game


SHOWN_ACTIONS = (Draw, MeldDown, LayOff, Swap, TakeBack)
"""The engine's own actions short of the discard that ends a turn: every card they name is on
show once they are made (a draw names only its source), so a rival's can be made again on a
copy without telling it a hidden card."""


def sampled_rival_turn(
    hooks: Hooks,
    start: tuple[PlayerView, CardTracker],
    now: tuple[PlayerView, CardTracker],
    rng: Random,
    records: Mapping[str, Any] | None,
    actions: Sequence[Action],
) -> Game:
    """A game in the position ``now`` shows, on a rival's turn after the rival has acted.

    ``start`` is the seat's view and tracker as the turn began, before the rival's draw, and
    ``actions`` what the rival has done since (every one on show). The turn's start is dealt as
    ``sampled_game`` deals it, then the cards the rival has put on show since are moved into its
    hand or the stock cards it drew, each swapped with a card dealt there at random (hidden
    cards for hidden cards: the seat saw neither place), and the rival's actions are made again,
    so what the engine records of them (a source given back, a draw's cards) is as it is here.
    ``CannotSample`` when that cannot give the seat's view: a plugin's action (it may name a
    card the seat does not see), a stock turned over during the turn.
    """
    (before, seen_before), (view, seen) = start, now
    if not all(type(action) in SHOWN_ACTIONS for action in actions):
        raise CannotSample("the rival's turn holds a play the seat cannot see")
    drawn = before.stock_size - view.stock_size
    if view.refills != before.refills or view.hand_number != before.hand_number or drawn < 0:
        raise CannotSample("the stock was turned over during the rival's turn")
    game = sampled_game(hooks, before, seen_before, rng, records)
    rival = before.turn
    _hand_over_shown(
        game.state,
        rival,
        drawn,
        seen_before,
        _on_show(view, seen) - _on_show(before, seen_before),
        rng,
    )
    try:
        for action in actions:
            game.apply(rival, action)
    except RuleError as exc:
        raise CannotSample(f"a play of the rival's turn is refused on the copy: {exc}") from exc
    if player_view(game.state, view.seat) != view:
        raise CannotSample("the rival's plays did not lead back to the seat's view")
    return game


def _on_show(view: PlayerView, tracker: CardTracker) -> Counter[int]:
    """Every card the seat can place outside its hand: the table, the pile as far as it is
    known, the cards on show."""
    cards = Counter(tracker.pile)
    for meld in view.table:
        cards.update(meld.cards)
    for _, shown in view.on_show:
        cards.update(shown)
    return cards


def _hand_over_shown(
    state: State, rival: int, drawn: int, tracker: CardTracker, shown: Counter[int], rng: Random
) -> None:
    """Put each card of ``shown`` in ``rival``'s hand or the top ``drawn`` cards of the stock
    (where the cards it has since shown came from), swapping it with a card dealt there that is
    neither shown nor known to be the rival's."""
    hand, stock = state.hands[rival], state.stock
    places: list[tuple[list[int], int]] = [(hand, i) for i in range(len(hand))]
    places += [(stock, i) for i in range(len(stock) - drawn, len(stock))]
    need = Counter(shown)
    keep = Counter(_known_holdings(tracker, state.players)[rival])
    free: list[tuple[list[int], int]] = []
    for cards, i in places:
        code = cards[i]
        if need[code] > 0:
            need[code] -= 1
        elif keep[code] > 0:
            keep[code] -= 1
        else:
            free.append((cards, i))
    hidden = _hidden_places(state, rival, drawn, tracker)
    for code in sorted(need.elements()):
        sources = [(cards, i) for cards, i in hidden if cards[i] == code]
        if not sources or not free:
            raise CannotSample("the cards the rival has shown do not fit the seat's view")
        (cards, i) = sources[rng.randrange(len(sources))]
        (slot, j) = free.pop(rng.randrange(len(free)))
        cards[i], slot[j] = slot[j], cards[i]


def _hidden_places(
    state: State, rival: int, drawn: int, tracker: CardTracker
) -> list[tuple[list[int], int]]:
    """The places outside ``rival``'s hand and draw where the seat's deal put unseen cards:
    other rivals' hands after the cards known to be theirs, the stock under the draw, the
    unseen bottom of the discard pile."""
    places: list[tuple[list[int], int]] = []
    holdings = _known_holdings(tracker, state.players)
    for seat, hand in enumerate(state.hands):
        if seat not in (rival, tracker.seat):
            places += [(hand, i) for i in range(len(holdings[seat]), len(hand))]
    places += [(state.stock, i) for i in range(len(state.stock) - drawn)]
    places += [(state.discard, i) for i in range(tracker.pile_unknown)]
    return places


def _known_holdings(tracker: CardTracker, players: int) -> list[list[int]]:
    """The cards each seat is known to hold, as the deals place them: none when the tracker
    follows another number of seats (it has not yet seen this hand's view)."""
    return tracker.known if len(tracker.known) == players else [[] for _ in range(players)]


def likeliest_deal(
    deck: list[int],
    view: PlayerView,
    tracker: CardTracker,
    rng: Random,
    unlikely: Callable[[list[list[int]]], float],
    tries: int,
) -> int:
    """Of ``tries`` seeds drawn from ``rng``, the one whose deal (as ``sampled_game`` deals with
    ``Random(seed)``) has the hands ``unlikely`` scores lowest: the first scored 0, else the
    least unlikely. Deals are drawn as they come and the unlikely ones thrown back, so a deal
    fits what the rivals did without working out its odds. ``CannotSample`` but at the start of
    the seat's own turn."""
    _at_a_turn_start(view, rivals=False)
    best, least = 0, math.inf
    for _ in range(tries):
        seed = rng.randrange(1 << 30)
        score = unlikely(dealt(deck, view, tracker, Random(seed))[0])
        if score < least:
            best, least = seed, score
            if score <= 0:
                break
    return best


def _at_a_turn_start(view: PlayerView, rivals: bool) -> None:
    """``CannotSample`` unless ``view`` shows the start of the seat's own turn (before its
    draw, or after it with nothing played), or with ``rivals`` a rival's turn before its draw."""
    if rivals and view.phase == DRAW and view.turn != view.seat:
        return
    if not view.my_turn or view.plays:
        raise CannotSample(
            "a game is rebuilt only at the start of the seat's own turn or before a rival's draw"
            if rivals
            else "a game is rebuilt only at the start of the seat's own turn"
        )


Dealt = tuple[list[list[int]], list[int], list[int], dict[str, tuple[int, ...]]]
"""A deal of the unseen cards: every seat's hand, the discard pile, the stock, the cards on
show."""


def dealt(deck: list[int], view: PlayerView, tracker: CardTracker, rng: Random) -> Dealt:
    """The position before the draw of the turn ``view`` shows, the cards the seat cannot see
    dealt by ``rng``: what ``sampled_game`` builds its game from."""
    me = view.seat
    drawn = list(view.drawn) if view.drew is not None else []
    hand = list(view.hand)
    for code in drawn:
        hand.remove(code)
    pile = list(tracker.pile)
    on_show = dict(view.on_show)
    if view.drew == DISCARD:
        pile.extend(drawn)
    elif view.drew is not None and view.drew != STOCK and drawn:
        # Drawn from the cards on show under that label (a Hungarian cut card, H7): back on show.
        on_show[view.drew] = tuple(drawn)
    holdings = _known_holdings(tracker, view.players)
    known = [Counter() if s == me else Counter(held) for s, held in enumerate(holdings)]
    pool = unseen_cards(view, tracker, deck, known)
    slots = [
        view.hand_sizes[s] - sum(known[s].values()) if s != me else 0 for s in range(view.players)
    ]
    pile_unknown = tracker.pile_unknown
    if sum(slots) + pile_unknown + view.stock_size != sum(pool.values()):
        # The tracker lost count somewhere: keep only what the view itself shows.
        known = [Counter() for _ in range(view.players)]
        pool = unseen_cards(view, tracker, deck, known)
        slots = [view.hand_sizes[s] if s != me else 0 for s in range(view.players)]
    cards = list(pool.elements())
    rng.shuffle(cards)
    hands: list[list[int]] = []
    for seat in range(view.players):
        if seat == me:
            hands.append(hand)
        else:
            hands.append([*known[seat].elements(), *_take(cards, slots[seat])])
    pile = _take(cards, pile_unknown) + pile
    stock = _take(cards, view.stock_size)
    if view.drew == STOCK:
        stock.extend(reversed(drawn))
    return hands, pile, stock, on_show


def turn_records(game: Game) -> dict[str, Any]:
    """The plugins' records (``State.extra``) as they were when the turn under way began, those
    every player may know (``Hooks.public_records``: gin's knock, Oklahoma's knock card): what a
    game rebuilt for the seat to move needs of them (empty when the turn's start was not
    recorded, as in a position loaded mid-turn)."""
    start = game.state.start_of_turn()
    if start is None:
        return {}
    public = game.hooks.public_records
    return {key: copy.deepcopy(value) for key, value in start.extra.items() if key in public}


def unseen_cards(
    view: PlayerView, tracker: CardTracker, deck: list[int], known: list[Counter[int]]
) -> Counter[int]:
    """The cards of ``deck`` the seat cannot place, beyond those ``known`` in rivals' hands.

    They are in rivals' hands, in the stock, or under the seen part of the discard pile.
    """
    pool = Counter(deck)
    pool.subtract(view.hand)
    pool.subtract(_on_show(view, tracker))
    for held in known:
        pool.subtract(held)
    return +pool


def _take(cards: list[int], count: int) -> list[int]:
    taken = cards[len(cards) - count :] if count > 0 else []
    del cards[len(cards) - len(taken) :]
    return taken
