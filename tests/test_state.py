"""The state's clone, comparison and copies: ``State.clone`` is written out by hand (the compiled
build compiles it), so these tests hold it to the copy rule each field declares."""

from __future__ import annotations

import copy
import pickle
from dataclasses import fields
from random import Random

from rummy_core.engine.game import Game
from rummy_core.engine.setup import new_game
from rummy_core.engine.state import Meld, State
from rummy_core.testing import random_action


def _busy_state() -> State:
    """A state mid-turn with every kind of field filled: melds, cards on show, the rules'
    nested records and the earlier states of the turn."""
    game = new_game("classic", players=3, seed=11)
    rng = Random(0)
    while not game.state.table or game.state.turn_start is None:
        seat = game.current_player()
        assert seat is not None
        game.apply(seat, random_action(game, rng))
    state = game.state.clone()
    state.on_show = {"cut": (5,)}
    state.extra = {"count": 2, "jokers": [[1, 2], {"seat": [3]}], "seats": {"0": {"open": [4]}}}
    state.hand_history = [[10, 0, 5]]
    state.drawn = [7]
    return state


def _nested_containers(value: object) -> list[object]:
    """Every list and dict inside ``value``, itself included."""
    if isinstance(value, dict):
        return [value, *(c for item in value.values() for c in _nested_containers(item))]
    if isinstance(value, list):
        return [value, *(c for item in value for c in _nested_containers(item))]
    return []


def test_the_clone_follows_each_fields_copy_rule() -> None:
    state = _busy_state()
    twin = state.clone()
    assert type(twin) is State and twin.equals(state)
    for spec in fields(State):
        mine, theirs = getattr(state, spec.name), getattr(twin, spec.name)
        assert theirs == mine, spec.name
        rule = spec.metadata.get("copy")
        if rule is None:
            assert theirs is mine, f"{spec.name} is shared"
        elif rule == "lists":
            assert theirs is not mine and all(a is not b for a, b in zip(theirs, mine, strict=True))
        elif rule == "json":
            copies = _nested_containers(theirs)
            assert len(copies) > 1, "the records hold nested data"
            assert not {id(c) for c in copies} & {id(c) for c in _nested_containers(mine)}
        else:
            assert rule in ("list", "dict") and theirs is not mine, spec.name
    assert all(isinstance(meld, Meld) for meld in twin.table)


def test_a_state_copies_and_pickles_whole() -> None:
    state = _busy_state()
    for twin in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert type(twin) is State and twin is not state and twin.equals(state)
        assert twin.turn_start is not None and twin.turn_start.equals(state.turn_start)  # type: ignore[arg-type]
        twin.hands[0].append(99)
        assert not twin.equals(state)


def test_a_cloned_game_plays_on_alike() -> None:
    game = new_game("gin", players=2, seed=3)
    twin = Game(game.hooks, game.state.clone())
    rng = Random(0)
    for _ in range(40):
        seat = game.current_player()
        if seat is None:
            break
        action = random_action(game, rng)
        game.apply(seat, action)
        twin.apply(seat, action)
        assert twin.state.equals(game.state)
