"""Position files of every format this project has written still load (``formats.migrations``).

``tests/formats/v1-*.json`` are scenario files exactly as the project shipped them before the cards
on show became generic (``git show 8186d67^:scenarios/...``): a Hungarian cut card as
``cut_card``, and ``this_turn.wilds_taken`` in every turn.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rummy_core.engine.actions import Discard, Draw, Swap
from rummy_core.engine.cards import JOKER, parse_card
from rummy_core.engine.errors import RuleError
from rummy_core.engine.setup import game_from_position
from rummy_core.formats.migrations import POSITION_VERSION, migrate_position
from rummy_core.formats.position import dump_position
from rummy_core.formats.scenario import load_scenario, run_scenario

FORMATS = Path(__file__).parent / "formats"
SCENARIOS = Path(__file__).parent.parent / "scenarios"
OLD = sorted(FORMATS.glob("v1-*.json"))


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.stem)
def test_a_version_1_scenario_runs_as_it_did(path: Path) -> None:
    assert run_scenario(load_scenario(path)) == []


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.stem)
def test_a_version_1_position_loads_as_its_version_2_rewrite(path: Path) -> None:
    """The same file as shipped today (cut_card rewritten by hand as on_show) loads the same."""
    old = json.loads(path.read_text())
    new = json.loads((SCENARIOS / _folder(path) / path.name.removeprefix("v1-")).read_text())
    variant = load_scenario(path).variant()
    games = [game_from_position(variant, s["position"], s["seed"]) for s in (old, new)]
    assert dump_position(games[0].state) == dump_position(games[1].state)


def _folder(path: Path) -> str:
    return "hungarian" if path.name.startswith("v1-h") else "classic"


def test_the_cut_card_inside_a_turns_start_is_on_show_after_take_back() -> None:
    """H7 with A5: the cut card taken this turn comes back from the saved turn's start."""
    old = json.loads((FORMATS / "v1-h7-a5-saved-game-gives-back-the-cut-card.json").read_text())
    start = old["position"]["this_turn"]["start"]
    assert start["cut_card"] == "9C"
    migrated = migrate_position(old["position"])
    assert migrated["version"] == POSITION_VERSION
    assert migrated["this_turn"]["start"]["on_show"] == {"cut": ["9C"]}
    assert "cut_card" not in migrated["this_turn"]["start"]
    assert "version" not in migrated["this_turn"]["start"]


def _after_a_joker_swap() -> tuple[Any, dict[str, Any]]:
    scenario = load_scenario(SCENARIOS / "hungarian" / "h6-joker-must-go-down-again.json")
    game = game_from_position(scenario.variant(), scenario.position or {}, scenario.seed)
    game.apply(0, Draw("stock"))
    game.apply(0, Swap(0, parse_card("9D")))
    return scenario, dump_position(game.state)


def test_jokers_a_version_1_turn_took_are_still_owed() -> None:
    """Version 1 kept H6's jokers to put down again as ``this_turn.wilds_taken``."""
    scenario, now = _after_a_joker_swap()
    assert now["version"] == 2 and now["extra"] == {"jokers_to_replay": 1}
    old = {key: value for key, value in now.items() if key not in ("version", "extra", "on_show")}
    old["cut_card"] = now["on_show"]["cut"][0]
    old["this_turn"] = {**now["this_turn"], "wilds_taken": ["JK"]}
    old["this_turn"]["start"] = {
        **{k: v for k, v in now["this_turn"]["start"].items() if k not in ("extra", "on_show")},
        "cut_card": "9C",
    }
    old["this_turn"]["start"]["this_turn"] = {
        **now["this_turn"]["start"]["this_turn"],
        "wilds_taken": [],
    }
    game = game_from_position(scenario.variant(), old, scenario.seed)
    assert dump_position(game.state) == now
    with pytest.raises(RuleError) as refused:
        game.apply(0, Discard(JOKER))
    assert refused.value.code == "joker_not_replayed"


@pytest.mark.parametrize("version", [0, 3, "2", None])
def test_an_unknown_version_is_refused_by_name(version: object) -> None:
    scenario, now = _after_a_joker_swap()
    with pytest.raises(RuleError) as refused:
        game_from_position(scenario.variant(), {**now, "version": version}, scenario.seed)
    assert refused.value.code == "bad_position"
    assert "format version" in refused.value.message


def test_positions_are_written_with_their_version() -> None:
    _, now = _after_a_joker_swap()
    assert next(iter(now)) == "version" and now["version"] == POSITION_VERSION
    assert "version" not in now["this_turn"]["start"]
