"""Scenario files: a position (or a seed), steps with the result each expects, and an outcome.

This is how a house rule is tested, and how this project tests its rules. Every step expected to
be refused is also checked to leave the state exactly as it was (ruling A2).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rummy_core.engine.errors import RuleError
from rummy_core.engine.game import Game
from rummy_core.engine.setup import Variant, game_from_position, new_game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER
from rummy_core.formats.actions import parse_action
from rummy_core.formats.invalid import file_problem
from rummy_core.formats.jsonfile import parse_json, read_text


class HouseRuleRef(BaseModel):
    """A house rule with options."""

    model_config = ConfigDict(extra="forbid")

    name: str
    options: dict[str, Any] = Field(default_factory=dict)


class Step(BaseModel):
    """One action by one seat, and whether it should be accepted or refused (with which code)."""

    model_config = ConfigDict(extra="forbid")

    seat: int
    action: dict[str, Any]
    expect: Literal["ok", "refused"] = "ok"
    code: str | None = None


class Expect(BaseModel):
    """What should hold for the hand the scenario started in, once the steps are done."""

    model_config = ConfigDict(extra="forbid")

    hand_over: bool | None = None
    went_out: int | Literal["any"] | None = "any"
    hand_scores: list[int] | None = None
    scores: list[int] | None = None
    match_over: bool | None = None
    winners: list[int] | None = None


class Scenario(BaseModel):
    """A scenario file."""

    model_config = ConfigDict(extra="forbid")

    name: str
    ruleset: str
    house_rules: list[str | HouseRuleRef] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int = 0
    players: int | None = None
    position: dict[str, Any] | None = None
    steps: list[Step] = Field(default_factory=list)
    expect: Expect = Field(default_factory=Expect)

    def variant(self) -> Variant:
        """The ruleset, options and house rules this scenario plays."""
        rules = tuple(
            (r, {}) if isinstance(r, str) else (r.name, dict(r.options)) for r in self.house_rules
        )
        return Variant(self.ruleset, dict(self.options), rules)


def load_scenario(path: Path) -> Scenario:
    """Read a scenario file; ``bad_scenario`` says in one line what is wrong with it."""
    try:
        text = read_text(path)
    except (OSError, ValueError) as exc:
        raise RuleError(
            "bad_scenario", "%(problem)s", problem=file_problem(str(path), exc), path=str(path)
        ) from None
    return parse_scenario(text, str(path))


def parse_scenario(text: str, source: str) -> Scenario:
    """A scenario from the text of a file; ``source`` names the file in the error message."""
    try:
        return Scenario.model_validate(parse_json(text))
    except (ValueError, ValidationError) as exc:
        raise RuleError(
            "bad_scenario", "%(problem)s", problem=file_problem(source, exc), path=source
        ) from None


def run_scenario(scenario: Scenario) -> list[str]:
    """Play a scenario; returns what went wrong (empty when it passed)."""
    variant = scenario.variant()
    if scenario.position is not None:
        game = game_from_position(variant, scenario.position, scenario.seed)
    else:
        game = new_game(variant, players=scenario.players, seed=scenario.seed)
    start_hand = game.state.hand_number
    problems: list[str] = []
    for number, step in enumerate(scenario.steps, start=1):
        problem = _run_step(game, step)
        if problem:
            problems.append(f"step {number}: {problem}")
            break
    problems += _check_expect(game, scenario.expect, start_hand)
    return problems


def _run_step(game: Game, step: Step) -> str | None:
    before = game.state.clone()
    try:
        game.apply(step.seat, parse_action(step.action, game.hooks))
    except RuleError as exc:
        if step.expect == "ok":
            return f"refused ({exc.code}): {exc.message}"
        if step.code is not None and exc.code != step.code:
            return f"refused with {exc.code!r}, expected {step.code!r}: {exc.message}"
        if not game.state.equals(before):
            return "refused, but the state changed"
        return None
    if step.expect == "refused":
        return f"accepted, expected a refusal{f' ({step.code})' if step.code else ''}"
    return None


def _check_expect(game: Game, expect: Expect, start_hand: int) -> list[str]:
    st = game.state
    over = st.hand_number > start_hand or st.phase in (HAND_OVER, MATCH_OVER)
    outcome = st.outcome if over else None
    found: dict[str, Any] = {
        "hand_over": over,
        "went_out": outcome.went_out if outcome else None,
        "hand_scores": list(outcome.hand_scores) if outcome else None,
        "scores": list(st.scores),
        "match_over": st.phase == MATCH_OVER,
        "winners": list(st.winners),
    }
    problems = []
    for key, wanted in expect.model_dump().items():
        if wanted is None and key != "went_out":
            continue
        if key == "went_out" and wanted == "any":
            continue
        if found[key] != wanted:
            problems.append(f"{key} is {found[key]!r}, expected {wanted!r}")
    return problems
