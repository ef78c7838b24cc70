"""``rummy duel``: the same deals from both seats, a win rate and its 95% interval."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy_core.bots.expert import ExpertBot
from rummy_core.commands.cli import cli, main
from rummy_core.commands.duel import bot_from_spec, duel, play_deal, wilson
from rummy_core.engine.errors import RuleError


def test_identical_bots_split_every_deal_between_the_seats() -> None:
    # Each deal is played twice with the seats swapped: two copies of the same deterministic bot
    # get the same cards both times, so whoever wins one game loses the other (ruling C7).
    result = duel("greedy", "greedy", "classic:target=null", games=6, seed=2)
    assert result.games == 6
    assert result.wins == result.losses
    assert result.win_rate == 0.5


def test_a_deal_is_played_from_both_seats() -> None:
    # Ruling C7: a single hand's winner wins; greedy beats random from either seat here.
    outcomes = play_deal("greedy", "random", "classic:target=null", seed=4)
    assert [score for score, _ in outcomes] == [1.0, 1.0]
    assert all(hands == 1 for _, hands in outcomes)


def test_greedy_beats_random_in_a_short_duel() -> None:
    # Ruling C5: the greedy bot goes out first nearly always.
    result = duel("greedy", "random", "classic", games=4, seed=1)
    assert result.wins + result.losses + result.ties == 4
    assert result.wins >= 3
    low, high = result.interval()
    assert low <= result.win_rate <= high


def test_the_interval_is_wilsons() -> None:
    low, high = wilson(5, 10)
    assert low < 0.5 < high and round(high - 0.5, 6) == round(0.5 - low, 6)
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(10, 10)[0] > 0.69
    assert wilson(0.5, 1) == pytest.approx((0.0545, 0.9455), abs=1e-3)  # a tie counts half


def test_bots_are_named_with_options() -> None:
    bot = bot_from_spec("expert:playouts=2,seconds=0.25", 3)
    assert isinstance(bot, ExpertBot) and bot.playouts == 2 and bot.seconds == 0.25
    with pytest.raises(RuleError) as err:
        bot_from_spec("greedy:depth=2", 0)
    assert err.value.code == "bad_bot_options"
    with pytest.raises(RuleError) as err:
        bot_from_spec("expert:depth=2", 0)
    assert err.value.code == "bad_bot_options"
    with pytest.raises(RuleError) as err:
        bot_from_spec("genius", 0)
    assert err.value.code == "unknown_bot"


def test_the_command_prints_the_result_as_json() -> None:
    runner = CliRunner()
    out = runner.invoke(
        cli,
        [
            "duel",
            "greedy",
            "random",
            "--ruleset",
            "classic:target=null",
            "--games",
            "2",
            "--json",
            "-",
        ],
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["games"] == 2 and data["a"] == "greedy"
    assert data["ci95"][0] <= data["win_rate"] <= data["ci95"][1]
    text = runner.invoke(cli, ["duel", "greedy", "random", "--games", "2", "--seed", "3"])
    assert text.exit_code == 0 and "win rate" in text.stdout
    assert "2/2 games: greedy" in text.stderr  # the running tally, when not at a terminal


def test_a_recorded_duel_goes_on_where_it_stopped(tmp_path: Path) -> None:
    record = tmp_path / "duel.jsonl"
    whole = duel("greedy", "random", "classic:target=null", games=8, seed=3)
    # A duel stopped after two of its four deals, then started again with the same record,
    # plays only the two left and counts all four: the same result as the duel in one go.
    first = duel("greedy", "random", "classic:target=null", games=4, seed=3, record=record)
    assert first.games == 4 and len(record.read_text().splitlines()) == 3
    played: list[list[float]] = []
    again = duel(
        "greedy", "random", "classic:target=null", 8, 3, progress=played.append, record=record
    )
    assert (again.games, again.wins, again.losses, again.ties, again.hands) == (
        whole.games,
        whole.wins,
        whole.losses,
        whole.ties,
        whole.hands,
    )
    assert [len(p) for p in played] == [4, 2, 2]  # the recorded deals at once, then one by one
    assert len(record.read_text().splitlines()) == 5
    # Run once more, nothing is left to play.
    last = duel("greedy", "random", "classic:target=null", games=8, seed=3, record=record)
    assert last.games == 8 and len(record.read_text().splitlines()) == 5


def test_a_record_of_another_duel_or_no_record_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "duel.jsonl"
    duel("greedy", "random", "classic:target=null", games=2, seed=3, record=record)
    before = record.read_text()
    with pytest.raises(RuleError) as err:
        duel("greedy", "random", "classic:target=null", games=2, seed=4, record=record)
    assert err.value.code == "duel_record_mismatch"
    assert "seed=3" in err.value.message
    assert record.read_text() == before  # refused before anything was written
    deal = '{"deal": 300009, "games": [[1, 1], [0, 1]], "seconds": 1}'
    for line in (
        '{"deal": 1}',  # fields missing
        '{"deal": 300009, "games": [[2, 1], [0, 1]], "seconds": 1}',  # no such score
        '{"deal": 300009, "games": [[true, 1], [0, 1]], "seconds": 1}',  # a score is a number
        '{"deal": 300009, "games": [[1, 0], [0, 1]], "seconds": 1}',  # a game has a hand
        '{"deal": 300009, "games": [[1, 1], [0, 1]], "seconds": NaN}',
        '{"deal": 7, "games": [[1, 1], [0, 1]], "seconds": 1}',  # a deal of another seed
        f"{deal}\n{deal}",  # the same deal twice
    ):
        broken = before + line + "\n"
        record.write_text(broken)
        with pytest.raises(RuleError) as err:
            duel("greedy", "random", "classic:target=null", games=2, seed=3, record=record)
        assert err.value.code == "bad_duel_record"
        assert record.read_text() == broken
    record.write_text("not json\n")
    with pytest.raises(RuleError) as err:
        duel("greedy", "random", "classic:target=null", games=2, seed=3, record=record)
    assert err.value.code == "bad_duel_record"


def test_the_command_records_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "duel.jsonl"
    args = ["duel", "greedy", "random", "--ruleset", "classic:target=null", "--seed", "5"]
    runner = CliRunner()
    out = runner.invoke(cli, [*args, "--games", "2", "--record", str(record)])
    assert out.exit_code == 0, out.output
    out = runner.invoke(cli, [*args, "--games", "4", "--record", str(record), "--json", "-"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["games"] == 4
    assert len(record.read_text().splitlines()) == 3
    with pytest.raises(SystemExit) as stop:
        main([*args[:-1], "6", "--games", "2", "--record", str(record)])
    assert stop.value.code == 2
    assert "error [duel_record_mismatch]" in capsys.readouterr().err


def test_a_deal_cut_off_mid_write_is_played_again(tmp_path: Path) -> None:
    record = tmp_path / "duel.jsonl"
    whole = duel("greedy", "random", "classic:target=null", games=6, seed=3, jobs=2, record=record)
    lines = record.read_text().splitlines(keepends=True)
    # The duel was stopped while its last deal was being written: half a line, no newline.
    record.write_text("".join(lines[:3]) + lines[3][:20])
    again = duel("greedy", "random", "classic:target=null", games=6, seed=3, record=record)
    assert (again.wins, again.losses, again.ties, again.hands) == (
        whole.wins,
        whole.losses,
        whole.ties,
        whole.hands,
    )
    after = record.read_text().splitlines()
    assert len(after) == 4 and all(json.loads(line) for line in after)


def test_a_record_of_a_longer_duel_counts_only_the_deals_asked_for(tmp_path: Path) -> None:
    record = tmp_path / "duel.jsonl"
    duel("greedy", "random", "classic:target=null", games=6, seed=3, record=record)
    short = duel("greedy", "random", "classic:target=null", games=2, seed=3, record=record)
    alone = duel("greedy", "random", "classic:target=null", games=2, seed=3)
    assert (short.games, short.wins, short.hands) == (alone.games, alone.wins, alone.hands)
    first_deal = json.loads(record.read_text().splitlines()[1])
    assert short.seconds == pytest.approx(first_deal["seconds"], abs=0.5)  # not all three deals
    assert len(record.read_text().splitlines()) == 4
