"""Actions built in Python are checked at the engine's door, as actions read from JSON are.

A bad value is refused with ``bad_action`` or ``bad_seat`` and changes nothing (ruling A2); it
never reaches the state, where it would break views and records later.
"""

from __future__ import annotations

from typing import Any

import pytest

from rummy_core.engine.actions import Discard, Draw, LayOff, MeldDown, NewMeld, Swap
from rummy_core.engine.cards import parse_card
from rummy_core.testing import assert_refused, position_game


def playing() -> Any:
    return position_game(
        "classic",
        dealer=1,
        turn=0,
        phase="play",
        hands=[["5H", "6H", "7H", "9C"], ["2S", "3D"]],
        discard=["8C"],
        turns_taken=[2, 2],
        this_turn={"drew": "stock"},
    )


@pytest.mark.parametrize(
    "action",
    [
        Discard(99),
        Discard(-1),
        Discard("AS"),  # type: ignore[arg-type]
        Discard(float(parse_card("9C"))),  # type: ignore[arg-type]
        Discard(True),
        Draw(3),  # type: ignore[arg-type]
        MeldDown([NewMeld.of([1, 2, 3])]),  # type: ignore[arg-type]
        MeldDown((NewMeld((1.0, 2, 3), (None, None, None)),)),  # type: ignore[arg-type]
        MeldDown((NewMeld((1, 2, 3), (None,)),)),
        LayOff(0.0, (1,), (None,)),  # type: ignore[arg-type]
        LayOff(0, (1,), (None,), "middle"),
        Swap(0, 200),
    ],
)
def test_a_malformed_action_is_refused_and_changes_nothing(action: Any) -> None:
    game = playing()
    assert_refused(game, 0, action, "bad_action")
    assert not game.is_legal(0, action)


@pytest.mark.parametrize("seat", [0.0, "0", -1, 2, None])
def test_a_seat_that_is_not_one_is_refused(seat: Any) -> None:
    game = playing()
    assert_refused(game, seat, Discard(parse_card("9C")), "bad_seat")
    assert not game.is_legal(seat, Discard(parse_card("9C")))


def test_an_equal_action_of_the_wrong_type_is_refused_after_a_check() -> None:
    # The engine keeps the outcome of the action is_legal last accepted for apply to reuse;
    # Discard(True) equals Discard(1), but is not a card: it must still be checked and refused.
    game = position_game(
        "classic",
        dealer=1,
        turn=0,
        phase="play",
        hands=[["2C", "6H", "7H", "9C"], ["2S", "3D"]],
        discard=["8C"],
        turns_taken=[2, 2],
        this_turn={"drew": "stock"},
    )
    assert parse_card("2C") == 1 and Discard(True) == Discard(1)
    assert game.is_legal(0, Discard(1))
    assert_refused(game, 0, Discard(True), "bad_action")
    game.apply(0, Discard(1))
    assert game.log[-1] == (0, Discard(1)) and type(game.log[-1][1].card) is int
