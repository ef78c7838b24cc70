"""House rules as plugins: discovery, listing, set-up checks, combining, scenarios, conformance."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy_core.commands.cli import cli
from rummy_core.engine.errors import RuleError
from rummy_core.engine.meldrules import MeldRules, RunShape
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.engine.registry import house_rules
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.formats.scenario import load_scenario, run_scenario
from rummy_core.testing import assert_scenario, conformance_run, scenario_files

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios" / "house-rules"
FILES = scenario_files(SCENARIOS)
SHIPPED = {
    "three-of-a-kind": "riverside",
    "pile-penalty": "riverside",
    "one-meld-per-turn": "classic",
    "round-the-corner": "classic",
    "knock": "classic",
    "ace-low-high": "hungarian",
    "opening-40": "hungarian",
    "two-jokers-per-meld": "hungarian",
}


def test_every_shipped_house_rule_is_installed_for_its_ruleset() -> None:
    found = house_rules()
    assert set(SHIPPED) <= set(found)
    for name, ruleset in SHIPPED.items():
        assert found[name].applies_to == (ruleset,)
        assert found[name].summary


def test_every_shipped_house_rule_has_scenarios_and_a_docs_section() -> None:
    docs = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    for name in SHIPPED:
        assert any(name in load_scenario(p).variant().label() for p in FILES), name
        assert f"### `{name}`" in docs, f"docs/house-rules.md has no section for {name}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path) -> None:
    assert_scenario(path)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_fails_without_its_house_rules(path: Path) -> None:
    # Each scenario shows what its house rules change: the bare ruleset must not pass it.
    bare = load_scenario(path).model_copy(update={"house_rules": []})
    try:
        problems = run_scenario(bare)
    except RuleError as exc:
        problems = [exc.code]
    assert problems


def test_rummy_check_runs_the_house_rule_scenarios() -> None:
    result = CliRunner().invoke(cli, ["check", str(SCENARIOS)])
    assert result.exit_code == 0, result.output
    assert f"{len(FILES)} passed, 0 failed" in result.output


def test_rummy_house_rules_lists_summary_options_rulesets_and_hooks() -> None:
    result = CliRunner().invoke(cli, ["house-rules"])
    assert result.exit_code == 0, result.output
    blocks = {b.split(":")[0]: b for b in result.output.split("\n") if b and not b[0].isspace()}
    assert set(SHIPPED) <= set(blocks)
    text = result.output
    assert "knock: Classic: knock instead of discarding" in text and "(for classic)" in text
    assert "option limit = 10" in text and "option undercut_bonus = 10" in text
    assert "option points = 50" in text  # pile-penalty's default
    assert "option extend_sets = false" in text
    assert "hooks: rummy_turn_ended, rummy_hand_scores" in text
    assert "actions: knock" in text


def test_rummy_rulesets_lists_each_ruleset_with_options_and_hooks() -> None:
    result = CliRunner().invoke(cli, ["rulesets"])
    assert result.exit_code == 0
    for name in ("classic", "riverside", "hungarian"):
        assert f"\n{name}: " in f"\n{result.output}"
    assert "option opening = 51" in result.output  # ruling H5's default
    assert result.output.count("  hooks: rummy_") >= 3
    assert "PydanticUndefined" not in result.output


@pytest.mark.parametrize(
    ("variant", "house_rule", "ruleset"),
    [
        ("classic+three-of-a-kind", "three-of-a-kind", "classic"),
        ("hungarian+knock", "knock", "hungarian"),
        ("riverside+opening-40", "opening-40", "riverside"),
    ],
)
def test_a_house_rule_for_another_ruleset_is_refused_naming_both(
    variant: str, house_rule: str, ruleset: str
) -> None:
    with pytest.raises(RuleError) as err:
        new_game(variant)
    assert err.value.code == "house_rule_not_applicable"
    assert err.value.params["house_rule"] == house_rule
    assert err.value.params["ruleset"] == ruleset
    assert house_rule in err.value.message and ruleset in err.value.message


class LongRuns(HouseRule):
    """Runs of four or more; conflicts with short runs."""

    name = "long-runs"
    conflicts_with = ("short-runs",)

    @hookimpl(wrapper=True)
    def rummy_meld_rules(self) -> Generator[None, MeldRules, MeldRules]:
        rules = yield
        return replace(rules, run=replace(rules.run or RunShape(), min_len=4))


class ShortRuns(HouseRule):
    """Runs one card shorter than the rules so far say (it does not know about long-runs)."""

    name = "short-runs"

    @hookimpl(wrapper=True)
    def rummy_meld_rules(self) -> Generator[None, MeldRules, MeldRules]:
        rules = yield
        run = rules.run or RunShape()
        return replace(rules, run=replace(run, min_len=run.min_len - 1))


class LongerRuns(HouseRule):
    """Runs one card longer than the rules so far say."""

    name = "longer-runs"

    @hookimpl(wrapper=True)
    def rummy_meld_rules(self) -> Generator[None, MeldRules, MeldRules]:
        rules = yield
        run = rules.run or RunShape()
        return replace(rules, run=replace(run, min_len=run.min_len + 1))


LOCAL = (LongRuns, ShortRuns, LongerRuns)


@pytest.mark.parametrize("order", [("long-runs", "short-runs"), ("short-runs", "long-runs")])
def test_two_conflicting_house_rules_are_refused_naming_both(order: tuple[str, str]) -> None:
    # The conflict is declared on one side only; either order is refused.
    variant = Variant("classic", {}, tuple((n, {}) for n in order))
    with pytest.raises(RuleError) as err:
        build_hooks(variant, local_rules=LOCAL)
    assert err.value.code == "house_rules_conflict"
    assert {err.value.params["first"], err.value.params["second"]} == set(order)
    assert all(name in err.value.message for name in order)


def test_a_repeated_house_rule_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        new_game("hungarian+opening-40+opening-40:points=30")
    assert err.value.code == "house_rule_repeated"


def test_bad_options_of_a_house_rule_are_refused_naming_it() -> None:
    with pytest.raises(RuleError) as err:
        new_game("classic+knock:limit=-1")
    assert err.value.code == "bad_options" and err.value.params["owner"] == "knock"
    with pytest.raises(RuleError) as err:
        new_game("riverside+pile-penalty:colour=red")
    assert err.value.code == "bad_options" and "colour" in err.value.message


def test_house_rules_apply_in_the_order_given() -> None:
    # Each later rule wraps what the earlier ones decided: 3 + 1 then 4 is 4; 4 then + 1 is 5.
    def min_len(*names: str) -> int:
        variant = Variant("classic", {}, tuple((n, {}) for n in names))
        run = build_hooks(variant, local_rules=LOCAL).meld_rules.run
        assert run is not None
        return run.min_len

    assert min_len("longer-runs", "long-runs") == 4
    assert min_len("long-runs", "longer-runs") == 5


def test_shipped_house_rules_combine_in_one_game() -> None:
    hooks = build_hooks(Variant.parse("hungarian+opening-40:points=45+two-jokers-per-meld"))
    assert [h.name for h in hooks.house_rules] == ["opening-40", "two-jokers-per-meld"]
    assert hooks.meld_rules.max_wilds == 2
    game = new_game(Variant.parse("hungarian+opening-40:points=45+two-jokers-per-meld"))
    assert game.hooks.opening_minimum(game.state, 0) == 45


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("classic+knock+one-meld-per-turn+round-the-corner", 3),
        ("classic+knock:limit=25", 2),
        ("riverside+three-of-a-kind+pile-penalty", 2),
        ("riverside+three-of-a-kind:extend_sets=true", 3),
        ("hungarian+opening-40+two-jokers-per-meld+ace-low-high", 2),
    ],
)
def test_conformance_with_house_rules(variant: str, players: int) -> None:
    # Rulings A1-A3 and the engine's invariants hold with the house rules on, over random games.
    finals = conformance_run(variant, players=players, seeds=range(2))
    assert all(f.outcome is not None for f in finals)


@pytest.mark.parametrize(
    "variant",
    ["hungarian:opening=45+opening-40", "hungarian:ace=flat+ace-low-high"],
)
def test_a_setting_given_twice_is_refused_not_silently_overridden(variant: str) -> None:
    # The ruleset's option and a house rule both set it: the player is told, nothing is built.
    with pytest.raises(RuleError) as err:
        build_hooks(Variant.parse(variant))
    assert err.value.code == "conflicting_settings"
    assert "keep one of them" in err.value.message


def test_a_house_rule_alone_or_the_option_alone_sets_the_opening() -> None:
    # Ruling H5: the opening is 51, or what one of the two ways says.
    state = new_game("hungarian", seed=1).state
    for variant, points in (("hungarian+opening-40", 40), ("hungarian:opening=45", 45)):
        assert build_hooks(Variant.parse(variant)).opening_minimum(state, 0) == points
