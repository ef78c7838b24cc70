"""Ruling A1's cap of actions in one turn: a turn that goes round in circles ends the hand.

A plugin that refuses every discard leaves a player who can meld nothing to do but meld and take
back, for ever: the cap counts the actions of the turn (take-backs too, which give no actions
back) and ends the hand, flagged capped, as the turn cap does.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rummy_core.bots import make_bot
from rummy_core.engine.actions import Discard, MeldDown, NewMeld, TakeBack
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.errors import Violation
from rummy_core.engine.game import TURN_ACTION_CAP, Game
from rummy_core.engine.plugin import hookimpl
from rummy_core.engine.setup import Variant, game_from_position, new_game
from rummy_core.engine.state import HAND_OVER, PLAY
from rummy_core.formats.position import dump_position, load_position
from rummy_core.formats.record import GameRecord, record_of
from rummy_core.match import Match


class NoDiscards:
    """Refuses every discard."""

    name = "no-discards"

    @hookimpl
    def rummy_discard_violations(self) -> list[Violation]:
        return [Violation("no_discards", "Nobody may discard.")]


PLAYING: dict[str, Any] = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "phase": "play",
    "hands": [["7H", "7C", "7D", "4S", "KD"], ["5H", "5D", "9C"]],
    "discard": ["9D"],
    "stock": ["2C", "3C", "4C"],
    "turns_taken": [2, 2],
    "this_turn": {"drew": "stock", "drawn": ["KD"]},
}
SEVENS = MeldDown((NewMeld.of(parse_cards("7H 7C 7D")),))


def circling() -> Game:
    return game_from_position("classic", PLAYING, 3, plugins=[NoDiscards()])


def circle(game: Game, actions: int) -> list[dict[str, Any]]:
    """Meld the sevens and take them back, ``actions`` actions in all; the events of the last."""
    events: list[dict[str, Any]] = []
    for _ in range(actions):
        events = game.apply(0, TakeBack() if game.state.plays else SEVENS)
    return events


def test_a_turn_that_goes_round_in_circles_ends_the_hand_capped() -> None:
    game = circling()
    before = game.state.scores
    circle(game, TURN_ACTION_CAP - 1)
    assert game.state.phase == PLAY, "the cap is not reached before its last action"
    events = circle(game, 1)
    st = game.state
    assert st.phase == HAND_OVER
    assert st.outcome is not None and st.outcome.reason == "capped"
    assert st.outcome.went_out is None
    assert events[-1].type == "hand_ended" and events[-1].reason == "capped"
    # Scored as a hand nobody went out of (classic: nobody scores, C6).
    assert st.scores == before


def test_a_take_back_gives_no_actions_back_but_still_returns_exactly() -> None:
    game = circling()
    after_draw = game.state
    circle(game, 10)
    # Ten actions on, the state is the one after the draw again (A3), and the count goes on.
    assert game.state.equals(after_draw)
    circle(game, TURN_ACTION_CAP - 10)
    assert game.state.phase == HAND_OVER


def test_a_new_turn_starts_a_new_count() -> None:
    game = game_from_position("classic", PLAYING, 3)
    circle(game, TURN_ACTION_CAP - 2)
    game.apply(0, Discard(parse_card("KD")))
    assert game.current_player() == 1 and game.state.phase != HAND_OVER


def test_a_position_saved_in_a_circling_turn_is_the_state_and_a_replay_caps_alike() -> None:
    match = Match(circling(), [None, None], journal=[])
    game = match.game
    for number in range(TURN_ACTION_CAP):
        if number == 101:
            # The count is not in the state: the position is what is on the table, exactly.
            st = game.state
            restored = load_position(json.loads(json.dumps(dump_position(st))), game.hooks, st.seed)
            assert restored.equals(st)
        match.act(0, TakeBack() if game.state.plays else SEVENS)
    assert game.state.phase == HAND_OVER
    # The journal holds every action made, so a replay counts them again and ends the same way.
    record = record_of(match, Variant.parse("classic"), 1, ["bot", "bot"], position=PLAYING)
    assert replayed(record).state.equals(game.state)


def replayed(record: GameRecord) -> Game:
    """The record's journal played again (``record.replay`` finds rules by name; this plugin
    has none)."""
    match = Match(circling(), [None, None])
    match.replay(logged.entry() for logged in record.actions)
    return match.game


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_bots_under_a_rule_that_refuses_every_discard_end_the_hand(bot: str) -> None:
    # Seeds where the first player can meld: the bots meld and take back until the cap.
    game = new_game("classic", players=2, seed=0, plugins=[NoDiscards()])
    Match(game, [make_bot(bot, seat) for seat in range(2)]).play_hand()
    assert game.state.outcome is not None and game.state.outcome.reason == "capped"
    assert len(game.log) == TURN_ACTION_CAP
