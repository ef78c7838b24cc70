"""The ``rummy`` command line: check, replay, schema, rulesets, play, and its errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy_core.commands.cli import cli, main

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.output


def test_check_runs_the_classic_scenarios() -> None:
    code, out = run("check", str(ROOT / "scenarios" / "classic"))
    assert code == 0, out
    assert out.strip().splitlines()[-1].endswith("passed, 0 failed")


def test_check_reports_a_failing_scenario_and_exits_non_zero(tmp_path: Path) -> None:
    scenario = json.loads((ROOT / "scenarios/classic/c4-c5-lay-off-rummy.json").read_text())
    scenario["expect"]["hand_scores"] = [19, 0]
    (tmp_path / "wrong.json").write_text(json.dumps(scenario))
    (tmp_path / "broken.json").write_text("{not json")
    code, out = run("check", str(tmp_path))
    assert code == 1
    assert "hand_scores is [38, 0], expected [19, 0]" in out
    assert "bad_scenario" in out
    assert out.strip().splitlines()[-1] == "0 passed, 2 failed"


def test_check_catches_a_refusal_that_changed_the_state(tmp_path: Path) -> None:
    scenario = json.loads((ROOT / "scenarios/classic/c4-c5-lay-off-rummy.json").read_text())
    scenario["steps"][1]["expect"] = "refused"
    (tmp_path / "s.json").write_text(json.dumps(scenario))
    code, out = run("check", str(tmp_path / "s.json"))
    assert code == 1 and "accepted, expected a refusal" in out


def test_play_a_few_moves_then_quit_and_replay_the_save(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = run("play", "--seed", "5", "--save", str(save), input="?\nzz\nd\nq\n")
    assert code == 0, out
    assert "Commands" in out and "I don't understand" in out
    record = json.loads(save.read_text())
    assert record["seed"] == 5 and record["actions"]
    code, out = run("replay", str(save))
    assert code == 0 and "Replayed" in out


def test_resume_continues_a_saved_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "--seed", "6", "--save", str(save), input="d\nq\n")
    before = json.loads(save.read_text())
    code, out = run("play", "--resume", str(save), input="q\n")
    assert code == 0, out
    assert json.loads(save.read_text())["actions"] == before["actions"]


def test_schema_writes_every_schema(tmp_path: Path) -> None:
    code, _ = run("schema", "--out", str(tmp_path))
    assert code == 0
    written = {p.name for p in tmp_path.iterdir()}
    for name in ("position", "action", "event", "view", "scenario", "record", "refusal"):
        assert f"{name}.schema.json" in written
    action = json.loads((tmp_path / "action.schema.json").read_text())
    assert action["discriminator"]["propertyName"] == "type"


def test_rulesets_lists_options() -> None:
    code, out = run("rulesets")
    assert code == 0 and "classic:" in out and "option target = 100" in out


def test_rulesets_shows_option_values_as_they_are_written() -> None:
    code, out = run("rulesets")
    assert code == 0
    assert "option ace = flat:" in out
    assert 'option card_values = {"ace": 15, "two": 50,' in out
    assert "CardValues(" not in out
    code, out = run("rulesets", "--json", "-")
    riverside = next(entry for entry in json.loads(out) if entry["name"] == "riverside")
    values = next(o for o in riverside["options"] if o["name"] == "card_values")["default"]
    assert values["two"] == 50


@pytest.mark.parametrize(
    ("args", "code_text"),
    [
        (["play", "--ruleset", "canasta"], "unknown_ruleset"),
        (["play", "--ruleset", "classic:target=-3"], "bad_options"),
        (["play", "--bot", "genius"], "unknown_bot"),
    ],
)
def test_bad_names_and_options_exit_2_with_a_clear_message(
    args: list[str],
    code_text: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setattr("sys.argv", ["rummy", *args, "--save", str(tmp_path / "g.json")])
    with pytest.raises(SystemExit) as info:
        main()
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert code_text in err
    if code_text == "unknown_ruleset":
        assert "classic" in err  # the error lists what exists
