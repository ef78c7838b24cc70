"""The command line's conventions: exit codes, messages in players' words, --json, crash reports,
saved games and ``--resume``, ``check --without`` and ``new-house-rule``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy_core.commands import cli as cli_module
from rummy_core.commands.cli import main
from rummy_core.commands.new_rule import skeleton

ROOT = Path(__file__).resolve().parent.parent
KNOCK = ROOT / "scenarios" / "house-rules" / "knock.json"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RUMMY_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"


def rummy(
    capsys: pytest.CaptureFixture[str], *args: str | Path, stdin: str = ""
) -> tuple[int, str, str]:
    """Run ``main`` as the console script does: the exit code, stdout and stderr."""
    import io
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with pytest.raises(SystemExit) as done:
            main([str(a) for a in args])
    finally:
        sys.stdin = old
    out = capsys.readouterr()
    return int(done.value.code or 0), out.out, out.err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert rummy(capsys, "no-such-command")[0] == 2
    assert rummy(capsys, "check")[0] == 2
    code, _, err = rummy(capsys, "check", "nonsense")
    assert code == 2 and "not a file or folder, nor an installed ruleset" in err


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = rummy(capsys, "-h")
    assert code == 0 and out.startswith("Usage: rummy") and "Exit codes" in out
    code, out, _ = rummy(capsys, "check", "-h")
    assert code == 0 and "--without RULE" in out
    code, out, _ = rummy(capsys, "--version")
    assert code == 0 and out.startswith("rummy, version ")


def test_too_many_opponents_in_players_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = rummy(capsys, "play", "--plain", "--opponents", "9")
    assert code == 2
    assert "classic is for 2 to 4 players: choose 1 to 3 opponents" in err
    assert "Value error" not in err


def test_a_two_player_game_says_so_not_2_to_2(capsys: pytest.CaptureFixture[str]) -> None:
    # Gin seats exactly two (G1): "gin is for 2 to 2 players: choose 1 to 1 opponents" read oddly.
    code, _, err = rummy(capsys, "play", "--plain", "--ruleset", "gin", "--opponents", "2")
    assert code == 2
    assert "gin is for 2 players: choose 1 opponent." in err


def test_a_malformed_scenario_names_file_field_and_expectation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x", "ruleset": "classic", "steps": [{"seat": "one"}]}')
    code, out, _ = rummy(capsys, "check", bad)
    assert code == 1
    (line,) = [x for x in out.splitlines() if "bad_scenario" in x]
    assert str(bad) in line and "field steps.0.seat: input should be a valid integer" in line
    assert "field steps.0.action is missing" in line


def test_a_malformed_save_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "save.json"
    save.write_text('{"variant": "classic", "players": "two"}')
    code, _, err = rummy(capsys, "replay", save)
    assert code == 2
    assert err.count("\n") == 1 and str(save) in err and "field players" in err


def test_a_failed_check_exits_1_and_json_goes_to_stdout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = json.loads(KNOCK.read_text())
    scenario["expect"]["hand_scores"] = [1, 2]
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(scenario))
    code, out, _ = rummy(capsys, "check", wrong, KNOCK, "--json", "-")
    assert code == 1
    report = json.loads(out)
    assert (report["passed"], report["failed"]) == (1, 1)
    assert report["results"][0]["problems"][0].startswith("hand_scores is")


def test_without_a_rule_its_scenario_fails(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = rummy(capsys, "check", "--without", "knock", KNOCK)
    assert code == 0 and "without knock, it fails as it should" in out


def test_a_scenario_that_passes_without_its_rule_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = json.loads((ROOT / "scenarios" / "classic" / "c7-single-hand.json").read_text())
    scenario["house_rules"] = ["round-the-corner"]
    loose = tmp_path / "loose.json"
    loose.write_text(json.dumps(scenario))
    code, out, _ = rummy(capsys, "check", "--without", "round-the-corner", loose)
    assert code == 1 and "it still passes without round-the-corner" in out
    code, out, _ = rummy(capsys, "check", "--without", "knock", loose)
    assert code == 1 and "it does not use the house rule 'knock'" in out


def test_check_by_ruleset_name_runs_what_ships(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = rummy(capsys, "check", "hungarian", "--json", "-")
    report = json.loads(out)
    files = {r["file"] for r in report["results"]}
    assert code == 0 and report["failed"] == 0
    assert len(files) >= len(list((ROOT / "scenarios" / "hungarian").glob("*.json")))
    assert all(f.startswith("rummy_rulesets:scenarios/") for f in files)


@pytest.mark.parametrize("command", ["rulesets", "house-rules"])
def test_listings_as_json(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = rummy(capsys, command, "--json", "-")
    listed = json.loads(out)
    assert code == 0 and {"name", "summary", "options", "hooks"} <= set(listed[0])


def test_a_crash_is_a_short_message_and_a_report(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*_: object) -> None:
        raise ZeroDivisionError("the table fell over")

    monkeypatch.setattr(cli_module, "_play_plain", broken)
    code, _, err = rummy(capsys, "play", "--plain")
    assert code == 70
    assert "Traceback" not in err and "ZeroDivisionError: the table fell over" in err
    (report,) = (home / "crashes").glob("crash-*.txt")
    assert str(report) in err
    text = report.read_text()
    assert "Traceback" in text and "the table fell over" in text and "command: rummy play" in text


def test_a_crash_in_the_full_screen_game_is_reported(home: Path) -> None:
    from rummy_core.tui.app import RummyApp

    class Broken(RummyApp):
        def on_mount(self) -> None:
            raise RuntimeError("drawn off the edge")

    app = Broken(None, pause=0)
    app.run(headless=True)
    assert isinstance(app.crash, RuntimeError)
    assert app.return_code == 1


def test_games_get_their_own_save_and_resume_lists_them(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for seed, ruleset in ((1, "classic"), (2, "riverside")):
        code, out, _ = rummy(
            capsys, "play", "--plain", "--seed", str(seed), "--ruleset", ruleset, stdin="d\nq\n"
        )
        assert code == 0 and "The game is saved in " in out
    saves = sorted((home / "games").glob("*.json"))
    assert len(saves) == 2  # the second game did not overwrite the first
    code, out, _ = rummy(capsys, "play", "--plain", "--resume", stdin="2\nq\n")
    listing = out.split("Which game")[0]
    assert "1. riverside, 2 players, hand 1" in listing
    assert "2. classic, 2 players, hand 1" in listing
    assert "Playing classic (seed 1)" in out


def test_resume_with_no_saves_says_so(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = rummy(capsys, "play", "--plain", "--resume")
    assert code == 2 and f"There are no saved games in {home / 'games'}" in err


def test_new_house_rule_writes_a_package(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, _ = rummy(capsys, "new-house-rule", "long-runs")
    folder = tmp_path / "rummy-hr-long-runs"
    assert code == 0
    assert set(skeleton("long-runs", "classic")) == {
        str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()
    }
    assert 'long-runs = "rummy_hr_long_runs:LongRuns"' in (folder / "pyproject.toml").read_text()
    assert rummy(capsys, "new-house-rule", "long-runs")[0] == 2  # the folder is not empty
    code, _, err = rummy(capsys, "new-house-rule", "Long Runs")
    assert code == 2 and "lower-case words joined by hyphens" in err


def _stop(*args: object, **kwargs: object) -> None:
    raise KeyboardInterrupt


def test_every_command_tells_the_same_exit_story(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """0 success, 1 the answer is no, 2 a refusal, 130 stopped (70, a crash, is tested above)."""
    save = tmp_path / "game.json"
    assert rummy(capsys, "play", "--plain", "--seed", "5", "--save", save, stdin="d\nq\n")[0] == 0
    assert rummy(capsys, "play", "--ruleset", "nope")[0] == 2
    assert rummy(capsys, "replay", save)[0] == 0
    record = json.loads(save.read_text())
    record["final"]["scores"] = [99, 99]
    save.write_text(json.dumps(record))
    assert rummy(capsys, "replay", save)[0] == 1  # it ends elsewhere
    record["actions"] = [{"kind": "action", "seat": 0, "action": {"type": "take_back"}}]
    save.write_text(json.dumps(record))
    assert rummy(capsys, "replay", save)[0] == 1  # an action is refused on replay
    save.write_text("{")
    assert rummy(capsys, "replay", save)[0] == 2  # not a record at all
    assert rummy(capsys, "check", KNOCK)[0] == 0
    assert rummy(capsys, "check", tmp_path / "missing.json")[0] == 2
    for listing in ("rulesets", "house-rules"):
        assert rummy(capsys, listing)[0] == 0
    assert rummy(capsys, "schema", "--out", tmp_path / "schemas")[0] == 0
    assert (
        rummy(
            capsys, "duel", "random", "random", "--games", "2", "--ruleset", "classic:target=null"
        )[0]
        == 0
    )
    assert rummy(capsys, "duel", "random", "genius")[0] == 2
    assert rummy(capsys, "compare", "classic", "--hands", "4", "--jobs", "1")[0] == 0
    assert rummy(capsys, "compare", "nope", "--hands", "4")[0] == 2
    assert rummy(capsys, "new-house-rule", "long-runs")[0] == 0
    assert rummy(capsys, "new-house-rule", "long-runs")[0] == 2
    # Ctrl-C: a comparison keeps what it finished; any other command stops where it is.
    monkeypatch.setattr("rummy_core.compare.running.play_block", _stop)
    code, out, _ = rummy(capsys, "compare", "classic", "--hands", "4", "--jobs", "1", "--json", "-")
    assert code == 130 and json.loads(out)["complete"] is False
    monkeypatch.setattr(cli_module, "play_text", _stop)
    code, _, err = rummy(capsys, "play", "--plain")
    assert code == 130 and "Stopped." in err
    code, out, _ = rummy(capsys, "-h")
    assert "1 the answer is no" in out and "130 stopped with Ctrl-C" in out
