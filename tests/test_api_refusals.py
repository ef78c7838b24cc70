"""The Python API refuses every wrong type or value cleanly: a set-up argument with ``ValueError``
naming it, an action with ``RuleError``, a file with a one-line reason; the state as it was."""

from __future__ import annotations

import dataclasses
import math
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_core.engine.actions import Discard, Draw, LayOff, MeldDown, NewMeld, Swap
from rummy_core.engine.errors import RuleError
from rummy_core.engine.setup import game_from_position, new_game
from rummy_core.formats.jsonfile import JsonLimitError, parse_json, read_text
from rummy_core.formats.position import dump_position

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 60),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=4),
    st.tuples(st.integers(-3, 60)),
    st.lists(st.integers(-3, 60), max_size=3),
    st.just(object()),
)


@settings(max_examples=300, deadline=None)
@given(
    variant=st.one_of(st.sampled_from(["classic", "hungarian", "riverside+pile-penalty"]), JUNK),
    players=st.one_of(st.none(), JUNK),
    seed=st.one_of(st.integers(0, 10), JUNK),
    dealer=st.one_of(st.none(), JUNK),
    choosers=st.one_of(st.just(()), JUNK),
)
def test_new_game_takes_sound_arguments_or_names_the_wrong_one(
    variant: Any, players: Any, seed: Any, dealer: Any, choosers: Any
) -> None:
    try:
        game = new_game(variant, players=players, seed=seed, dealer=dealer, choosers=choosers)
    except ValueError as refused:
        assert str(refused).split()[0] in ("variant", "players", "seed", "dealer", "choosers", "a")
        return
    except RuleError:
        return  # a variant the registry refuses, players out of the ruleset's range
    # What it made is a game its own position makes again.
    again = game_from_position(variant, dump_position(game.state), game.state.seed)
    assert dump_position(again.state) == dump_position(game.state)


@pytest.mark.parametrize(
    ("argument", "value"),
    [
        ("dealer", 5),
        ("dealer", -1),
        ("seed", None),
        ("seed", "x"),
        ("seed", 1.5),
        ("seed", math.nan),
        ("players", "2"),
        ("choosers", (99,)),
        ("choosers", 5),
    ],
)
def test_each_wrong_argument_is_named(argument: str, value: object) -> None:
    with pytest.raises(ValueError, match=f"^{'a chooser' if value == (99,) else argument} "):
        new_game("classic", **{argument: value})  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from([MeldDown, LayOff, Swap, Discard, Draw, NewMeld, "plain"]),
    fields=st.lists(JUNK, min_size=1, max_size=4),
    seat=st.one_of(st.integers(0, 1), JUNK),
)
def test_a_wrong_action_is_refused_and_changes_nothing(
    kind: Any, fields: list[Any], seat: Any
) -> None:
    game = new_game("riverside", seed=3)
    before = dump_position(game.state)
    if kind == "plain":
        action: Any = fields[0]
    else:
        # A dataclass's constructor checks no types: each field holds whatever it is given.
        names = [f.name for f in dataclasses.fields(kind) if f.name != "type"]
        action = kind(*(fields * len(names))[: len(names)])
    if action == Draw("stock") and seat == game.current_player():
        return  # a legal action, by chance
    with pytest.raises(RuleError):
        game.apply(seat, action)
    assert dump_position(game.state) == before


def test_a_named_pipe_is_not_waited_on(tmp_path: Path) -> None:
    pipe = tmp_path / "save.json"
    os.mkfifo(pipe)
    with pytest.raises(JsonLimitError, match="not a regular file"):
        read_text(pipe)


def test_a_number_too_long_to_read_is_refused_in_the_programs_words() -> None:
    with pytest.raises(JsonLimitError, match="more than 100 digits"):
        parse_json('{"seed": ' + "9" * 5000 + "}")
    assert parse_json('{"seed": ' + "9" * 100 + "}")["seed"] == int("9" * 100)


def test_a_whole_number_of_numpys_is_a_whole_number() -> None:
    import numpy as np

    game = new_game("classic", seed=np.int64(3), dealer=np.int8(1), choosers=[np.int16(0)])
    same = new_game("classic", seed=3, dealer=1, choosers=[0])
    assert dump_position(game.state) == dump_position(same.state)
    assert type(game.state.seed) is int
