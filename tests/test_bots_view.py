"""Bots see no more than their seat's view: the handle hides the game, choices ignore hidden cards.

The engine's rule that a view hides other hands, the stock order and a face-down discard (see
``rummy_core.testing.check_view_hides``) is what a bot relies on; these tests check that the bots
cannot get round it, and that the sampled games the expert plays on agree with the view.
"""

from __future__ import annotations

import copy
from collections import Counter
from random import Random
from typing import Any, cast

import pytest

from rummy_core.bots import SeatHandle, base
from rummy_core.bots.expert import ExpertBot
from rummy_core.bots.greedy import GreedyBot
from rummy_core.bots.sampling import sampled_game
from rummy_core.bots.turns import bot_turn, tell
from rummy_core.engine.actions import CUT, DISCARD
from rummy_core.engine.events import Drew
from rummy_core.engine.game import Game
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.setup import new_game
from rummy_core.engine.state import PLAY, Meld, Outcome, State
from rummy_core.engine.view import PlayerView, player_view
from rummy_core.match import Match
from rummy_core.testing import all_cards

PUBLIC = {
    "seat",
    "view",
    "rules",
    "card_values",
    "ruleset",
    "hooks",
    "draw_sources",
    "opening_minimum",
    "min_hand_after_play",
    "is_legal",
    "allows",
    "candidates",
    "rule_candidates",
    "turn_records",
    "legal_actions",
}


class PublicOnly:
    """A seat handle stripped to its public face: reaching for ``_game`` fails."""

    def __init__(self, handle: SeatHandle) -> None:
        self._handle = handle

    def __getattr__(self, name: str) -> Any:
        if name not in PUBLIC:
            raise AttributeError(f"a bot asked for {name!r}")
        return getattr(self._handle, name)


def holds_state(value: object, depth: int = 2) -> bool:
    """Whether ``value`` or what it holds (``depth`` levels down) is a game or its state."""
    if isinstance(value, Game | State):
        return True
    if depth == 0:
        return False
    if isinstance(value, dict):
        inner: list[object] = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple | set | frozenset):
        inner = list(value)
    else:
        inner = list(getattr(value, "__dict__", {}).values())
    return any(holds_state(v, depth - 1) for v in inner)


def test_each_field_of_a_view_is_the_states_by_name() -> None:
    # ``player_view`` gives its values by position: every field is checked by name, each with a
    # value no other field has.
    state = State(3, 7)
    state.dealer, state.turn, state.phase = 2, 1, PLAY
    state.hands = [[1, 2], [3, 4, 5], [6]]
    state.stock, state.discard = [7, 8, 9, 10], [11, 12, 13, 14, 15]
    state.table = [Meld(0, "set", (16, 29, 42), (16, 29, 42), (0, 0, 0))]
    state.turns_taken, state.scores = [21, 22, 23], [31, 32, 33]
    state.hand_number, state.refills, state.hand_turns = 41, 42, 43
    state.first_play_turn = [None, 3, None]
    state.on_show = {"cut": (17,)}
    state.drew, state.drawn, state.plays = "discard", [15], ["meld"]
    state.refused_sources = ["stock"]
    state.outcome = Outcome(None, "stock", (0, 0, 0), 40)
    state.winners = [2]
    view = player_view(state, 1)
    assert view._asdict() == {
        "seat": 1,
        "players": 3,
        "hand": (3, 4, 5),
        "hand_sizes": (2, 3, 1),
        "table": tuple(state.table),
        "top_discard": 15,
        "discard_size": 5,
        "discard_face_down": False,
        "stock_size": 4,
        "on_show": (("cut", (17,)),),
        "scores": (31, 32, 33),
        "hand_number": 41,
        "dealer": 2,
        "turn": 1,
        "phase": PLAY,
        "turns_taken": (21, 22, 23),
        "opened": (False, True, False),
        "refills": 42,
        "drew": "discard",
        "drawn": (15,),
        "plays": ("meld",),
        "refused_sources": ("stock",),
        "outcome": state.outcome,
        "winners": (2,),
    }
    assert type(view) is PlayerView
    # Another seat sees none of the turn's private facts.
    other = player_view(state, 0)
    assert (other.hand, other.drew, other.drawn, other.plays, other.refused_sources) == (
        (1, 2),
        None,
        (),
        (),
        (),
    )


def test_a_seat_handle_shows_only_its_public_face() -> None:
    # What a bot may ask: its view, the rules and legality; nothing of it is the game or state.
    game = new_game("hungarian", seed=2)
    handle = SeatHandle(game, game.state.turn)
    public = {name for name in dir(handle) if not name.startswith("_")}
    assert public == PUBLIC
    for name in PUBLIC - {"is_legal", "allows"}:
        value = getattr(handle, name)
        answer = value() if callable(value) else value
        assert not holds_state(answer), name
    assert isinstance(handle.hooks, Hooks)
    assert not holds_state(handle.hooks)


@pytest.mark.skipif(
    not base.__file__.endswith(".py"),
    reason="the compiled bots take a real SeatHandle only and read it directly, where no wrapper"
    " can watch; the pure Python run checks what they reach",
)
@pytest.mark.parametrize("variant", ["classic", "riverside", "hungarian"])
@pytest.mark.parametrize("make", [GreedyBot, lambda s: ExpertBot(s, playouts=2, seconds=None)])
def test_bots_play_a_hand_through_the_public_face_alone(variant: str, make: Any) -> None:
    # A bot that reached past the handle would fail here: the handle it gets has no game.
    game = new_game(variant, players=2, seed=4)
    bots = [make(0), make(1)]
    for _ in range(40 if variant != "hungarian" else 16):
        seat = game.current_player()
        if seat is None:
            break
        action = bots[seat].choose(cast(SeatHandle, PublicOnly(SeatHandle(game, seat))))
        tell(bots, game.apply(seat, action))


def resampled(game: Game, seat: int, rng: Random) -> Game:
    """The same game with every card ``seat`` cannot see dealt again at random."""
    st = game.state
    shuffled = st.clone()
    others = [s for s in range(st.players) if s != seat]
    hidden = [c for s in others for c in st.hands[s]] + list(st.stock)
    rng.shuffle(hidden)
    for s in others:
        size = len(st.hands[s])
        shuffled.hands[s], hidden = hidden[:size], hidden[size:]
    shuffled.stock = hidden
    return Game(game.hooks, shuffled)


def decisions(variant: str, seed: int, count: int) -> list[tuple[Game, GreedyBot]]:
    """Positions of greedy games before a draw or right after one, each with a copy of its
    mover's bot."""
    game = new_game(variant, players=2, seed=seed)
    bots = [GreedyBot(0), GreedyBot(1)]
    found = []
    while game.current_player() is not None and len(found) < count:
        seat = game.current_player()
        assert seat is not None
        if not game.state.plays:
            found.append((Game(game.hooks, game.state), copy.deepcopy(bots[seat])))
        bot_turn(game, bots)
    return found


@pytest.mark.parametrize("variant", ["classic", "riverside", "hungarian"])
def test_greedy_choices_do_not_depend_on_hidden_cards(variant: str) -> None:
    # The greedy bot decides the same whatever the rivals hold and the stock's order.
    for game, bot in decisions(variant, seed=8, count=6):
        seat = game.state.turn
        twin = resampled(game, seat, Random(seat))
        assert twin.state.hands != game.state.hands or not twin.state.stock
        first = copy.deepcopy(bot).choose(SeatHandle(game, seat))
        again = copy.deepcopy(bot).choose(SeatHandle(twin, seat))
        assert first == again


@pytest.mark.parametrize("variant", ["classic", "riverside", "hungarian"])
def test_expert_choices_do_not_depend_on_hidden_cards(variant: str) -> None:
    # Same seed, same view, different hidden cards: the same choice, at the draw and after it.
    for game, greedy in decisions(variant, seed=3, count=4):
        seat = game.state.turn
        twin = resampled(game, seat, Random(7))
        choices = []
        for played in (game, twin):
            expert = ExpertBot(11, playouts=3, seconds=None)
            expert.greedy.tracker = copy.deepcopy(greedy.tracker)
            choices.append(expert.choose(SeatHandle(played, seat)))
        assert choices[0] == choices[1]


@pytest.mark.parametrize("variant", ["classic", "riverside", "hungarian"])
def test_a_sampled_game_shows_the_seat_exactly_its_view(variant: str) -> None:
    # The expert's determinisation keeps everything the seat knows and deals the rest: the same
    # view, the same cards in all, and the cards a rival was seen taking still in its hand.
    game = new_game(variant, players=3, seed=5)
    bots = [GreedyBot(s) for s in range(3)]
    checked = 0
    while game.current_player() is not None and checked < 12:
        seat = game.state.turn
        view = player_view(game.state, seat)
        if not view.plays:
            tracker = copy.deepcopy(bots[seat].tracker)
            tracker.sync(view)
            sample = sampled_game(game.hooks, view, tracker, Random(checked))
            assert player_view(sample.state, seat) == view
            assert all_cards(sample.state) == Counter(game.hooks.deck)
            for rival, known in enumerate(tracker.known):
                if rival != seat:
                    assert not Counter(known) - Counter(sample.state.hands[rival])
            checked += 1
        bot_turn(game, bots)


def test_the_tracker_follows_the_discard_pile_and_pickups() -> None:
    # Ruling R3: a pile taken whole goes to the taker's hand, seen by all who saw it go down.
    game = new_game("riverside", players=2, seed=12)
    bots = [GreedyBot(0), GreedyBot(1)]
    took = False
    while game.current_player() is not None and not took:
        seat = game.state.turn
        events = bot_turn(game, bots)
        pile_draw = [e for e in events if isinstance(e, Drew) and e.source == DISCARD]
        took = bool(pile_draw)
        other = bots[1 - seat].tracker
        other.sync(player_view(game.state, 1 - seat))
        if took:
            assert Counter(pile_draw[0].cards or ()) <= Counter(other.known[seat]) + Counter(
                c for m in game.state.table for c in m.cards
            )
        if game.state.discard and not game.state.discard_face_down:
            assert other.pile[-1] == game.state.discard[-1]
    Match(game, bots).play_hand()


def test_the_cut_card_source_is_left_alone_without_a_cut() -> None:
    # A ruleset with no cut card never offers that source; the bot never asks for it.
    game = new_game("classic", players=2, seed=1)
    bots = [GreedyBot(0), GreedyBot(1)]
    while game.current_player() is not None:
        assert CUT not in SeatHandle(game, game.state.turn).draw_sources()
        bot_turn(game, bots)
