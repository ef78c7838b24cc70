"""Shell completion of the values: variants part by part, house rules, bots, scenario targets."""

from __future__ import annotations

import pytest
from click.shell_completion import ShellComplete

from rummy_core.commands.cli import cli


def completions(*words: str) -> list[str]:
    *args, incomplete = words
    shell = ShellComplete(cli, {}, "rummy", "_RUMMY_COMPLETE")
    return [item.value for item in shell.get_completions(args, incomplete)]


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (("play", "--ruleset", ""), ["classic", "gin", "hungarian", "riverside"]),
        (("play", "--ruleset", "riv"), ["riverside"]),
        # Only the house rules that apply to the ruleset, and not one given already.
        (
            ("play", "--ruleset", "riverside+"),
            ["riverside+pile-penalty", "riverside+three-of-a-kind"],
        ),
        (
            ("compare", "classic", "riverside+three-of-a-kind+"),
            ["riverside+three-of-a-kind+pile-penalty"],
        ),
        (("duel", "random", "greedy", "--ruleset", "hungarian:o"), ["hungarian:opening="]),
        (
            ("play", "--ruleset", "classic+knock:limit=5,u"),
            ["classic+knock:limit=5,undercut_bonus="],
        ),
        (("play", "--bot", "easy,h"), ["easy,hard"]),
        (("duel", "gre"), ["greedy"]),
        (("check", "--without", "kn"), ["knock"]),
    ],
)
def test_values_complete(words: tuple[str, ...], expected: list[str]) -> None:
    assert completions(*words) == expected


def test_a_check_target_is_a_name_or_a_file() -> None:
    shell = ShellComplete(cli, {}, "rummy", "_RUMMY_COMPLETE")
    items = shell.get_completions(["check"], "cl")
    assert [(i.value, i.type) for i in items] == [("classic", "plain"), ("cl", "file")]
