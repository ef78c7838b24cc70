"""Bad input through every door gives a clear refusal, never a crash (issue: robustness)."""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rummy_core.bots import make_bot
from rummy_core.bots.expert import ExpertBot
from rummy_core.commands.cli import cli
from rummy_core.compare.running import check_reachable
from rummy_core.engine.errors import RuleError
from rummy_core.engine.setup import Variant, build_hooks, game_from_position, new_game
from rummy_core.formats.jsonfile import MAX_DEPTH, parse_json
from rummy_core.formats.position import dump_position
from rummy_core.formats.record import load_record, record_of, save_record
from rummy_core.formats.scenario import parse_scenario
from rummy_core.match import Match
from rummy_core.tui.session import Session, Setup


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.output


def position(**changes: Any) -> dict[str, Any]:
    data = dump_position(new_game("classic", players=2, seed=1).state)
    data.update(changes)
    return data


def refusal(variant: str, data: dict[str, Any]) -> RuleError:
    with pytest.raises(RuleError) as caught:
        game_from_position(variant, data)
    assert caught.value.code == "bad_position"
    assert "pydantic" not in caught.value.message
    return caught.value


# -- bounded JSON ---------------------------------------------------------------------------------


def test_deeply_nested_json_is_refused_in_one_line(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        load_record(deep)
    assert caught.value.code == "bad_record"
    assert "deep" in caught.value.message and str(deep) in caught.value.message
    code, output = run("check", str(deep))
    assert code == 1 and "nests lists and objects" in output
    code, output = run("replay", str(deep))
    assert code != 0 and "Traceback" not in output


def test_nesting_just_past_the_bound_is_refused_and_within_it_read() -> None:
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(ValueError, match="deep"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))


def test_a_deep_extra_given_from_python_is_refused_before_it_breaks_a_copy() -> None:
    deep: Any = 1
    for _ in range(500):
        deep = [deep]
    error = refusal("classic", position(extra={"x": deep}))
    assert "extra" in error.message


def test_a_scenario_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "latin.json"
    bad.write_bytes(b'{"name": "\xe9"}')
    code, output = run("check", str(bad))
    assert code == 1 and "not UTF-8" in output


# -- impossible positions -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"turns_taken": [-3, 0]}, "turns_taken"),
        ({"hand_turns": -1}, "hand_turns"),
        ({"winners": [5], "phase": "match_over"}, "winners"),
        ({"winners": [0]}, "winners"),
        ({"on_show": {"cut": ["AS"]}}, "on_show.cut"),
        ({"discard_face_down": True}, "discard_face_down"),
        ({"hand_number": 3, "scores": [200, 0]}, "scores"),
        ({"hand_history": [[1, 2, 3]]}, "hand_history"),
        ({"this_turn": {"drew": "banana"}, "phase": "play"}, "this_turn.drew"),
        ({"this_turn": {"drew": "stock"}}, "this_turn"),
        ({"first_play_turn": [7, None]}, "first_play_turn"),
    ],
)
def test_an_impossible_position_is_refused_naming_its_field(
    changes: dict[str, Any], field: str
) -> None:
    data = position(**changes)
    if "on_show" in changes:
        data["stock"] = [c for c in data["stock"] if c != "AS"]
        data["hands"] = [[c for c in h if c != "AS"] for h in data["hands"]]
        data["discard"] = [c for c in data["discard"] if c != "AS"]
    error = refusal("classic", data)
    assert error.params["field"] == field
    assert f"field {field}" in error.message


def test_a_drawn_card_that_is_not_in_the_hand_is_refused() -> None:
    data = position(phase="play", turn=0)
    data["this_turn"] = {"drew": "stock", "drawn": [data["hands"][1][0]]}
    error = refusal("classic", data)
    assert error.params["field"] == "this_turn.drawn"


def test_an_outcome_without_went_out_is_read_as_nobody_out() -> None:
    data = position(phase="hand_over", outcome={"hand_scores": [0, 0], "reason": "stock"})
    game = game_from_position("classic", data)
    assert game.state.outcome is not None and game.state.outcome.went_out is None
    bad = position(phase="hand_over", outcome={"went_out": 7, "hand_scores": [0, 0]})
    assert refusal("classic", bad).params["field"] == "outcome.went_out"


def test_a_pydantic_problem_reads_as_field_and_expectation() -> None:
    error = refusal("classic", position(turn="left"))
    assert "field turn" in error.message and "integer" in error.message


# -- options --------------------------------------------------------------------------------------


def test_a_yes_no_value_for_a_number_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        build_hooks(Variant.parse("classic:target=true"))
    assert caught.value.code == "bad_options" and "whole number" in caught.value.message


def test_players_given_twice_and_differently_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        build_hooks(Variant.parse("hungarian:players=9"), 2)
    assert caught.value.code == "conflicting_settings"
    assert build_hooks(Variant.parse("hungarian:players=3"), 3).ruleset.options.players == 3


@pytest.mark.parametrize(
    "options", [{"playouts": -1}, {"playouts": 1.5}, {"seconds": "abc"}, {"seconds": 0.0}]
)
def test_expert_options_out_of_range_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(RuleError) as caught:
        ExpertBot(0, **options)
    assert caught.value.code == "bad_bot_options"


@pytest.mark.parametrize(
    "args",
    [
        ["duel", "random", "random", "--games", "2", "--jobs", "-1"],
        ["duel", "expert:seconds=abc", "random", "--games", "2"],
        ["duel", "expert:playouts=-1", "random", "--games", "2"],
        ["play", "--pause", "inf"],
        ["play", "--opponents", "0", "--plain"],
        ["check", "/dev/null"],
        ["schema", "--out", __file__],
    ],
)
def test_a_bad_option_is_a_usage_error_or_a_refusal(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args, input="q\n")
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit | RuleError)


def test_ray_at_an_address_that_does_not_answer_is_refused_quickly() -> None:
    with pytest.raises(RuleError) as caught:
        check_reachable("nowhere.invalid:1", seconds=2)
    assert caught.value.code == "ray_unreachable"


# -- saved games ----------------------------------------------------------------------------------


def played_record(seats: list[str]) -> Any:
    game = new_game("classic", players=2, seed=4)
    return record_of(Match(game, [None, None], []), Variant("classic"), game.state.dealer, seats)


def test_a_save_is_private_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_record(played_record(["human", "random"]), path)
    save_record(played_record(["human", "random"]), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert load_record(path).seats == ["human", "random"]


def test_a_full_disk_leaves_the_old_file_and_no_leftover(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    save_record(played_record(["human", "random"]), path)
    before = path.read_bytes()

    def full(handle: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        save_record(played_record(["human", "greedy"]), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_the_game_goes_on_and_warns_once_when_it_cannot_be_saved(tmp_path: Path) -> None:
    blocked = tmp_path / "game.json"
    blocked.mkdir()
    session = Session.start(Setup(seed=3), blocked)
    assert len(session.save()) == 1 and session.save_failing
    while session.bot_to_move:
        session.bot_step()
    assert session.save() == []
    assert len([line for line in session.log if "could not be saved" in line]) == 1
    blocked.rmdir()
    assert session.save() == [] and not session.save_failing
    assert load_record(blocked).seats == session.seats


def test_a_save_without_a_human_seat_is_refused_in_plain_mode(tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    save_record(played_record(["random", "random"]), path)
    result = CliRunner().invoke(cli, ["play", "--plain", "--resume", str(path)], input="q\n")
    assert isinstance(result.exception, RuleError)
    assert result.exception.code == "no_human_seat"


def test_a_save_with_seats_that_do_not_fit_is_refused_when_read(tmp_path: Path) -> None:
    path = tmp_path / "three.json"
    data = json.loads(played_record(["human", "random"]).model_dump_json())
    data["seats"] = ["human", "random", "random"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        load_record(path)
    assert "3 seats for 2 players" in caught.value.message
    assert "got {" not in caught.value.message


def test_a_superscript_digit_in_a_plain_command_is_a_clear_refusal() -> None:
    from rummy_core.tui.plain import parse_command

    with pytest.raises(RuleError) as caught:
        parse_command("l \u00b2 5H")
    assert caught.value.code == "bad_command"


# -- matches end ----------------------------------------------------------------------------------


def test_a_riverside_match_of_random_bots_ends_by_the_hand_cap() -> None:
    game = new_game("riverside:hand_cap=30", players=6, seed=5)
    Match(game, [make_bot("random", seed=s) for s in range(6)]).play_match(10**6)
    assert game.state.phase == "match_over"
    assert game.state.hand_number <= 30
    assert game.state.winners


def test_parse_scenario_names_its_source_on_a_deep_file() -> None:
    with pytest.raises(RuleError) as caught:
        parse_scenario("{" * 5000, "mine.json")
    assert caught.value.message.startswith("mine.json:")


def test_rummy_check_on_a_deep_file_does_not_crash_in_a_subprocess(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    rummy = Path(sys.executable).with_name("rummy")
    done = subprocess.run([str(rummy), "check", str(deep)], capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_an_action_whose_type_is_not_a_word_is_refused() -> None:
    from rummy_core.formats.actions import parse_action

    with pytest.raises(RuleError) as caught:
        parse_action({"type": [], "source": "discard"}, build_hooks(Variant("classic")))
    assert caught.value.code == "bad_action"
