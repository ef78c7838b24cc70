"""Test helpers for plugin authors (and this project): refusals, positions, and a conformance run.

In a plugin's own test suite::

    from rummy_core.testing import assert_refused, conformance_run

    def test_my_house_rule_keeps_the_engine_sound():
        conformance_run("classic+my-rule", players=3, seeds=range(5))

``conformance_run`` plays random legal games and checks the engine's invariants after every
action: cards are conserved, views leak nothing, the position survives JSON, refused actions
change nothing, and every hand ends.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from random import Random
from typing import Any

from rummy_core.actions import Action, Discard, Draw, TakeBack
from rummy_core.cards import card_name
from rummy_core.engine import Game
from rummy_core.errors import RuleError
from rummy_core.models.events import event_model
from rummy_core.models.position import dump_position, load_position
from rummy_core.moves import legal_actions
from rummy_core.setup import Variant, game_from_position, new_game
from rummy_core.state import HAND_OVER, MATCH_OVER, State
from rummy_core.view import player_view


def assert_refused(game: Game, seat: int, action: Action, code: str | None = None) -> RuleError:
    """Assert ``action`` is refused (with ``code``, if given) and that the state did not change."""
    before = game.state.clone()
    log_size = len(game.log)
    try:
        game.apply(seat, action)
    except RuleError as exc:
        assert code is None or exc.code == code, f"refused with {exc.code!r}, expected {code!r}"
        assert game.state.equals(before), "a refused action changed the state"
        assert len(game.log) == log_size
        return exc
    raise AssertionError(f"{action} was accepted; expected a refusal {code or ''}")


def position_game(variant: Variant | str, seed: int = 0, **position: Any) -> Game:
    """A game of ``variant`` from a position given as keyword fields (2 players by default)."""
    position.setdefault("players", 2)
    return game_from_position(variant, position, seed)


def all_cards(state: State) -> Counter[int]:
    """Every card of the hand, wherever it is."""
    found: Counter[int] = Counter(state.stock)
    found.update(state.discard)
    for hand in state.hands:
        found.update(hand)
    for meld in state.table:
        found.update(meld.cards)
    if state.cut_card is not None:
        found[state.cut_card] += 1
    return found


def check_invariants(game: Game) -> None:
    """The engine's invariants on the current state; raises ``AssertionError`` when one fails."""
    st = game.state
    assert all_cards(st) == Counter(game.hooks.deck), "cards were lost or made"
    restored = load_position(json.loads(json.dumps(dump_position(st))), game.hooks, st.seed)
    assert restored.equals(st), "the position does not survive a JSON round trip"
    for seat in range(st.players):
        check_view_hides(game, seat, Random(seat))


def check_view_hides(game: Game, seat: int, rng: Random | None = None) -> None:
    """``seat``'s view and events hold no other hand, no stock order, no face-down discard.

    The hidden cards (other hands, the stock, a face-down discard) are dealt out again at random:
    if the view changes, it was showing something hidden.
    """
    st = game.state
    rng = rng or Random(0)
    shuffled = st.clone()
    others = [s for s in range(st.players) if s != seat]
    hidden = [c for s in others for c in st.hands[s]] + list(st.stock)
    if st.discard_face_down and st.discard:
        hidden.append(st.discard[-1])
    rng.shuffle(hidden)
    for s in others:
        size = len(st.hands[s])
        shuffled.hands[s], hidden = hidden[:size], hidden[size:]
    if st.discard_face_down and st.discard:
        shuffled.discard[-1] = hidden.pop()
    shuffled.stock = hidden
    assert player_view(shuffled, seat) == player_view(st, seat), "a view shows hidden cards"
    for event in game.events:
        if event.get("seat") == seat:
            continue
        seen = event_model(event, seat).model_dump()
        if event["type"] == "drew" and event.get("private"):
            assert seen["cards"] is None, "another seat's hidden draw shows in an event"
        if event["type"] == "discarded" and event.get("face_down"):
            assert seen["card"] is None, "a face-down discard shows in an event"


def random_action(game: Game, rng: Random) -> Action:
    """A random legal action of the seat to move, preferring to end turns so hands finish."""
    seat = game.current_player()
    assert seat is not None
    legal = legal_actions(game, seat)
    assert legal, f"seat {seat} has no legal action in phase {game.state.phase}"
    plays = [a for a in legal if not isinstance(a, TakeBack | Discard)]
    if plays and rng.random() < 0.5:
        return rng.choice(plays)
    ends = [a for a in legal if isinstance(a, Discard | Draw)] or legal
    return rng.choice(ends)


def try_illegal(game: Game) -> None:
    """Try a few actions that should be refused and check each changes nothing."""
    seat = game.current_player()
    assert seat is not None
    other = (seat + 1) % game.state.players
    assert_refused(game, other, Draw("stock"), "not_your_turn")
    outsider = next((c for c in range(52) if c not in game.state.hands[seat]), None)
    if outsider is not None and game.state.phase != "draw":
        assert_refused(game, seat, Discard(outsider), "card_not_in_hand")


def conformance_run(
    variant: Variant | str,
    players: int | None = None,
    seeds: Iterable[int] = range(3),
    max_actions: int = 5000,
) -> list[State]:
    """Play one random hand per seed, checking the invariants after every action.

    Returns the final state of each hand. Fails if a hand has not ended after ``max_actions``.
    """
    finals = []
    for seed in seeds:
        game = new_game(variant, players=players, seed=seed)
        rng = Random(seed)
        check_invariants(game)
        for _ in range(max_actions):
            if game.state.phase in (HAND_OVER, MATCH_OVER):
                break
            if rng.random() < 0.1:
                try_illegal(game)
            seat = game.current_player()
            assert seat is not None
            game.apply(seat, random_action(game, rng))
            check_invariants(game)
        else:
            raise AssertionError(f"seed {seed}: the hand did not end in {max_actions} actions")
        finals.append(game.state)
    return finals


def names(cards: Iterable[int]) -> list[str]:
    """Card codes written out, for readable assertions."""
    return [card_name(c) for c in cards]
