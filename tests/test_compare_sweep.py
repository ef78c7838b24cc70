"""rummy compare's sweeps: one argument, several values of an option, one variant per value."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rummy_core.commands.cli import cli, main
from rummy_core.compare.markdown import command
from rummy_core.compare.report import Report
from rummy_core.compare.sweep import MAX_VALUES, Sweep, expand
from rummy_core.engine.errors import RuleError


def test_a_range_with_a_step_gives_one_variant_per_value() -> None:
    variants, sweeps = expand(["hungarian", "hungarian:opening=30..60/10"])
    assert variants == (
        "hungarian",
        "hungarian:opening=30",
        "hungarian:opening=40",
        "hungarian:opening=50",
        "hungarian:opening=60",
    )
    assert sweeps == (Sweep("hungarian:opening=30..60/10", "opening", ("30", "40", "50", "60"), 1),)
    assert sweeps[0].numbers == (30, 40, 50, 60) and sweeps[0].trend


def test_a_range_without_a_step_steps_by_one_and_may_be_negative() -> None:
    variants, _ = expand(["x:a=-1..1"])
    assert variants == ("x:a=-1", "x:a=0", "x:a=1")


def test_a_list_keeps_the_rest_of_the_variant_as_written() -> None:
    variants, sweeps = expand(["riverside+three-of-a-kind:extend_sets=true|false,x=1+knock"])
    assert variants == (
        "riverside+three-of-a-kind:extend_sets=true,x=1+knock",
        "riverside+three-of-a-kind:extend_sets=false,x=1+knock",
    )
    assert sweeps[0].numbers is None and not sweeps[0].trend
    listed, found = expand(["hungarian:ace=flat|low-high"])
    assert listed == ("hungarian:ace=flat", "hungarian:ace=low-high")
    assert found[0].option == "ace"
    two, pair = expand(["hungarian:opening=30|40"])
    assert len(two) == 2 and not pair[0].trend  # two values: the pairwise test says it all


def test_an_argument_without_a_sweep_is_left_alone() -> None:
    assert expand(["classic:target=100", "riverside"]) == (("classic:target=100", "riverside"), ())


@pytest.mark.parametrize(
    ("argument", "words"),
    [
        ("hungarian:opening=30..60", "gives 31 values; a sweep gives 20 at most"),
        ("hungarian:opening=60..30/10", "runs downwards: write the smaller value first, 30..60/10"),
        ("hungarian:opening=30..55/10", "steps of 10 from 30 miss 55: end the range at 50 or 60"),
        ("hungarian:opening=30..30", "holds one value: a sweep needs two or more"),
        ("hungarian:opening=30..60/0", "a range's step must be 1 or more"),
        ("hungarian:opening=thirty..60", "is not a range: write whole numbers as start..end"),
        ("hungarian:opening=30..60/", "is not a range"),
        ("hungarian:opening=30|30", "the list 30|30 names 30 twice"),
        ("hungarian:opening=30||40", "has an empty value"),
        ("hungarian:opening=30|", "has an empty value"),
        ("hungarian:opening=30|40..60", "mixes a list and a range"),
        ("hungarian:opening=30|40,ace=flat|low-high", "sweeps both opening and ace"),
    ],
)
def test_a_bad_sweep_is_refused_before_anything_is_played(argument: str, words: str) -> None:
    with pytest.raises(RuleError) as refused:
        expand(["hungarian", argument])
    assert refused.value.code == "bad_sweep"
    assert words in refused.value.message
    assert argument in refused.value.message
    # Translated: the players' words come in their language.
    assert refused.value.render("is") != refused.value.render("en")


def test_a_sweep_is_at_most_max_values_long() -> None:
    assert len(expand([f"x:a=1..{MAX_VALUES}"])[0]) == MAX_VALUES
    with pytest.raises(RuleError):
        expand([f"x:a=1..{MAX_VALUES + 1}"])


def test_the_command_plays_each_value_and_reports_the_sweep() -> None:
    result = CliRunner().invoke(
        cli,
        ["compare", "hungarian:opening=30..50/10", "--hands", "2", "--no-progress", "--json", "-"],
    )
    assert result.exit_code == 0, result.output
    report = Report.model_validate_json(result.output)
    names = [v.variant for v in report.variants]
    assert names == [f"hungarian:opening={n}" for n in (30, 40, 50)]
    assert all(v.hands == 2 for v in report.variants)
    assert json.loads(result.output)["study"]["sweeps"] == [
        {
            "text": "hungarian:opening=30..50/10",
            "option": "opening",
            "values": ["30", "40", "50"],
            "start": 0,
        }
    ]
    # The command that makes the report again names the sweep, not its values.
    assert "hungarian:opening=30..50/10 --players" in command(report, "x.json")
    assert report.study.to_study().sweeps == (
        Sweep("hungarian:opening=30..50/10", "opening", ("30", "40", "50"), 0),
    )


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run ``rummy`` as the console script does; it must refuse (exit 2): what it said."""
    with pytest.raises(SystemExit) as done:
        main(["compare", *args, "--no-progress"])
    assert done.value.code == 2
    return capsys.readouterr().err


def test_the_command_refuses_a_bad_range_with_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    said = refused(capsys, "hungarian:opening=30..55/10", "--hands", "1")
    assert "error [bad_sweep]:" in said and "miss 55" in said


def test_each_swept_value_is_checked_like_any_option(capsys: pytest.CaptureFixture[str]) -> None:
    said = refused(capsys, "classic:target=0|100", "--hands", "1")
    assert "error [bad_options]:" in said
