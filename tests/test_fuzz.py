"""Fuzzing every parser: whatever it is given, the answer is a valid result or a ``RuleError``.

Positions, scenarios, game records, variant strings and plain-mode commands are each fed random
and mutated input; any other exception (a ``KeyError``, a ``RecursionError``, a pydantic dump)
fails the test.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_core.engine.errors import RuleError
from rummy_core.engine.setup import Variant, build_hooks, game_from_position, new_game
from rummy_core.engine.view import player_view
from rummy_core.formats.actions import parse_action
from rummy_core.formats.position import dump_position
from rummy_core.formats.record import GameRecord, replay
from rummy_core.formats.scenario import parse_scenario, run_scenario
from rummy_core.tui.plain import draw_shown, parse_command

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VARIANTS = ["classic", "hungarian", "riverside"]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-10, max_value=200),
    st.floats(allow_nan=True),
    st.sampled_from(["", "AS", "10H", "2C=5S", "JK", "stock", "discard", "cut", "play", "x"]),
    st.text(max_size=5),
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def _position(variant: str, seed: int) -> dict[str, Any]:
    return dump_position(
        new_game(variant, players=2 if variant != "riverside" else 3, seed=seed).state
    )


def _mutate(data: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    """``data`` with the value found by walking ``path`` (keys or indexes, as far as they go)
    replaced by ``value``."""
    copy = json.loads(json.dumps(data))
    node: Any = copy
    for step in path[:-1]:
        if isinstance(node, dict) and node:
            node = node[sorted(node)[step % len(node)]]
        elif isinstance(node, list) and node:
            node = node[step % len(node)]
    last = path[-1] if path else 0
    if isinstance(node, dict) and node:
        node[sorted(node)[last % len(node)]] = value
    elif isinstance(node, list) and node:
        node[last % len(node)] = value
    return copy


def _check_game_is_whole(game: Any) -> None:
    dump_position(game.state)
    for seat in range(game.state.players):
        player_view(game.state, seat)


@FUZZ
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 5),
    path=st.lists(st.integers(0, 50), min_size=1, max_size=4),
    value=json_values,
)
def test_a_mutated_position_loads_whole_or_is_refused(
    variant: str, seed: int, path: list[int], value: Any
) -> None:
    data = _mutate(_position(variant, seed), path, value)
    try:
        game = game_from_position(variant, data)
    except RuleError:
        return
    _check_game_is_whole(game)


@FUZZ
@given(data=json_values)
def test_any_json_as_a_position_is_refused_or_loaded(data: Any) -> None:
    try:
        game = game_from_position("classic", data if isinstance(data, dict) else {"x": data})
    except RuleError:
        return
    _check_game_is_whole(game)


@FUZZ
@given(text=st.text(max_size=60) | st.builds(json.dumps, json_values))
def test_any_text_as_a_scenario_is_refused_or_runs(text: str) -> None:
    try:
        scenario = parse_scenario(text, "fuzz.json")
        run_scenario(scenario)
    except RuleError as exc:
        assert exc.message.startswith("fuzz.json") or exc.code != "bad_scenario"


@FUZZ
@given(
    path=st.lists(st.integers(0, 50), min_size=1, max_size=4),
    value=json_values,
)
def test_a_mutated_record_replays_or_is_refused(path: list[int], value: Any) -> None:
    from rummy_core.bots import make_bot
    from rummy_core.formats.record import record_of
    from rummy_core.match import Match

    game = new_game("classic", players=2, seed=2)
    match = Match(game, [make_bot("random", seed=0), make_bot("random", seed=1)], journal=[])
    for _ in range(6):
        match.bot_step()
    good = json.loads(
        record_of(
            match, Variant("classic"), game.state.dealer, ["human", "random"]
        ).model_dump_json()
    )
    data = _mutate(good, path, value)
    try:
        replayed = replay(GameRecord.model_validate(data)).game
    except RuleError:
        return
    except ValueError:
        # pydantic's ValidationError: load_record turns it into bad_record with the file's name.
        return
    _check_game_is_whole(replayed)


variant_text = st.builds(
    "".join,
    st.lists(
        st.sampled_from(
            [
                "classic",
                "hungarian",
                "riverside",
                ":",
                "+",
                ",",
                "=",
                "target",
                "players",
                "hands",
                "opening",
                "turn_cap",
                "knock",
                "true",
                "9",
                "-1",
                "0",
                "null",
                "x",
                " ",
                "1e9",
            ]
        ),
        max_size=8,
    ),
)


@FUZZ
@given(text=variant_text | st.text(max_size=20))
def test_any_variant_string_builds_rules_or_is_refused(text: str) -> None:
    try:
        hooks = build_hooks(Variant.parse(text))
    except RuleError:
        return
    assert hooks.ruleset.options.players >= 2


command_words = st.lists(
    st.sampled_from(
        [
            "d",
            "t",
            "c",
            "b",
            "m",
            "l",
            "s",
            "x",
            "q",
            "?",
            "0",
            "99",
            "\u00b2",
            "\u0663",
            "/",
            "|",
            "5H",
            "6H",
            "7H",
            "2C=5S",
            "2C=7",
            "AS",
            "JK",
            "low",
            "high",
            "=",
            "10",
            ",",
        ]
    ),
    max_size=6,
)


@FUZZ
@given(words=command_words, text=st.text(max_size=12))
def test_any_plain_command_is_an_action_or_a_refusal(words: list[str], text: str) -> None:
    game = new_game("classic", players=2, seed=1)
    for typed in (" ".join(words), text):
        try:
            command = parse_command(typed)
        except RuleError:
            continue
        before = game.state.clone()
        if isinstance(command, str):
            assert command in ("help", "quit", "draw_shown")
            if command != "draw_shown":
                continue
        try:
            action = draw_shown(game, game.state.turn) if command == "draw_shown" else command
            assert not isinstance(action, str)
            game.apply(game.state.turn, action)
        except RuleError:
            assert game.state.equals(before)


@FUZZ
@given(data=json_values)
def test_any_json_as_an_action_is_refused_or_parsed(data: Any) -> None:
    hooks = build_hooks(Variant("classic"))
    try:
        parse_action(data, hooks)
    except RuleError:
        return
