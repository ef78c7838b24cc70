"""deuces-wild: a 2 fills a run or a set, one per meld, and the engine stays sound."""

from importlib.resources import files
from pathlib import Path

import pytest

from rummy_core.engine.actions import LayOff, MeldDown, NewMeld
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.testing import (
    assert_messages_translated,
    assert_refused,
    assert_scenario,
    position_game,
    scenario_files,
)
from rummy_hr_example import DeucesWild

SCENARIOS = scenario_files(Path(str(files("rummy_hr_example") / "scenarios")))


def meld(text: str) -> MeldDown:
    return MeldDown((NewMeld.of(parse_cards(text)),))


def test_a_two_fills_a_run_but_only_one_per_meld(rummy_position):
    game = rummy_position(
        phase="play",
        hands=[["5H", "2C", "7H", "2D", "KS"], ["9C"]],
        this_turn={"drew": "stock"},
        discard=["8C"],
    )
    assert_refused(game, 0, meld("5H 2C 2D"), "not_a_meld")
    game.apply(0, meld("5H 2C 7H"))
    assert game.state.table[0].reps == tuple(parse_cards("5H 6H 7H"))
    assert_refused(game, 0, LayOff(0, (parse_card("2D"),), (None,), "high"), "cannot_lay_off")


def test_the_option_allows_two_per_meld():
    game = position_game(
        "classic+deuces-wild:per_meld=2",
        phase="play",
        hands=[["5H", "2C", "2D", "KS"], ["9C"]],
        this_turn={"drew": "stock"},
        discard=["8C"],
    )
    declared = (None, parse_card("6H"), parse_card("7H"))
    game.apply(0, MeldDown((NewMeld(tuple(parse_cards("5H 2C 2D")), declared),)))
    assert game.state.table[0].reps == tuple(parse_cards("5H 6H 7H"))


def test_random_games_keep_the_engine_sound(rummy_conformance):
    finals = rummy_conformance(players=3, seeds=range(2))
    assert all(state.outcome is not None for state in finals)


def test_it_ships_its_scenarios():
    assert [path.name for path in SCENARIOS] == ["deuces-wild.json"]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenarios(path):
    assert_scenario(path)


def test_every_message_can_be_translated():
    assert_messages_translated(DeucesWild)
