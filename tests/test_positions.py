"""Ruling A5: a position is a complete state, so a saved game resumes exactly where it stood.

Random hands of every installed ruleset and house rule are stopped now and then, mid-turn
included; the position is written to JSON, loaded into a new game, and every candidate action
and take-back (A3) must be answered as the live game answers it.
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_core.engine.actions import Discard, Draw, LayOff, MeldDown, NewMeld, TakeBack
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.registry import house_rules, rulesets
from rummy_core.engine.setup import new_game
from rummy_core.engine.state import PLAY
from rummy_core.formats.position import dump_position
from rummy_core.testing import (
    assert_refused,
    check_position_resumes,
    position_game,
    random_action,
)


def variants() -> list[str]:
    """Every ruleset alone, and every house rule on the first ruleset it applies to."""
    found = list(rulesets())
    for name, cls in sorted(house_rules().items()):
        ruleset = next(r for r in rulesets() if not cls.applies_to or r in cls.applies_to)
        found.append(f"{ruleset}+{name}")
    return found


@pytest.mark.parametrize("variant", variants())
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_a_saved_position_answers_every_action_as_the_live_game(variant: str, seed: int) -> None:
    game = new_game(variant, seed=seed)
    rng = Random(seed)
    checked_mid_turn = 0
    for _ in range(400):
        if game.current_player() is None:
            break
        mid_turn = game.state.phase == PLAY and bool(game.state.plays or game.state.drew)
        if mid_turn or rng.random() < 0.1:
            check_position_resumes(game)
            checked_mid_turn += mid_turn
        seat = game.current_player()
        assert seat is not None
        game.apply(seat, random_action(game, rng))
    assert checked_mid_turn > 0


def test_take_back_from_a_loaded_position_returns_to_the_turns_start() -> None:
    # Ruling A3 from a saved position (A5): the melds of this turn go back into the hand.
    live = position_game(
        "classic",
        turns_taken=[2, 2],
        hands=[["5H", "6H", "7H", "9C", "KD"], ["2S"]],
        discard=["8C"],
        stock=["4D"],
    )
    live.apply(0, Draw("stock"))
    live.apply(0, MeldDown((NewMeld.of(parse_cards("5H 6H 7H")),)))
    saved = dump_position(live.state)
    assert saved["this_turn"]["after_draw"]["hands"][0] == ["5H", "6H", "7H", "9C", "KD", "4D"]
    loaded = position_game("classic", **saved)
    loaded.apply(0, TakeBack())
    assert sorted(loaded.state.hands[0]) == sorted(parse_cards("5H 6H 7H 9C KD 4D"))
    assert loaded.state.table == []
    loaded.apply(0, Discard(parse_card("KD")))
    assert loaded.current_player() == 1


def test_a_turn_without_a_draw_survives_a_json_round_trip() -> None:
    # The defender's lay-offs after a gin knock (G9) start with no draw: the engine keeps the
    # turn's start as its state after the draw. A position saved there loaded back with the two
    # as separate states (hypothesis found it: conformance_run("gin", 2, seeds=[7868])).
    live = position_game(
        "gin",
        dealer=0,
        turn=0,
        phase="play",
        turns_taken=[0, 1],
        hand_turns=1,
        hands=[["10C", "5D", "7C", "4D", "3H", "QS", "10H", "AD", "3C", "6C"], ["KC"]],
        discard=["3S"],
        table=[
            {"owner": 1, "cards": ["10D", "JD", "QD"]},
            {"owner": 1, "cards": ["9D", "9H", "9S"]},
            {"owner": 1, "cards": ["JH", "QH", "KH"]},
        ],
        first_play_turn=[None, 0],
        extra={"knocked": 1},
    )
    live.apply(0, LayOff(2, (parse_card("10H"),), (None,), "low"))
    loaded = position_game("gin", **dump_position(live.state))
    assert loaded.state.equals(live.state)
    loaded.apply(0, TakeBack())
    assert parse_card("10H") in loaded.state.hands[0]
    assert loaded.state.table[2].cards == tuple(parse_cards("JH QH KH"))


def test_a_mid_turn_position_without_its_start_refuses_take_back_clearly() -> None:
    # Positions written before turn starts were recorded still load; take-back says why not.
    game = position_game(
        "classic",
        phase="play",
        turns_taken=[2, 2],
        hands=[["9C", "KD"], ["2S"]],
        table=[{"owner": 0, "cards": ["5H", "6H", "7H"]}],
        this_turn={"drew": "stock", "plays": ["meld"]},
    )
    assert_refused(game, 0, TakeBack(), "turn_start_unknown")
    game.apply(0, Discard(parse_card("KD")))
