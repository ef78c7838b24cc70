"""Each kind of action asks the hooks docs/hooks.md's lifecycle table says, in its order.

A recorder (pluggy's public ``add_hookcall_monitoring``) notes every hook call while one action
is made from a position set out for it; the recorded order must equal ``LIFECYCLE`` exactly, and
the table in docs/hooks.md must say the same, row for row, so the reference cannot drift.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rummy_rulesets.hungarian import Cut
from rummy_rulesets.knocking import Knock

from rummy_core.engine.actions import Discard, Draw, LayOff, MeldDown, NewMeld, Swap, TakeBack
from rummy_core.engine.cards import card_name, parse_card
from rummy_core.engine.game import Game
from rummy_core.engine.setup import Variant, build_hooks, game_from_position, new_game

HOOKS_MD = Path(__file__).resolve().parent.parent / "docs" / "hooks.md"
EACH_SEAT = "(each seat)"
DEAL = ["hand_size", "hand_size", "deal", "first_player", "turn_starts_with_draw"]
HAND_OVER = ["hand_bonus", "hand_scores", "match_over", "match_winners", "match_capped"]
LIFECYCLE: dict[str, list[str]] = {
    "new game": ["deal_wait", *DEAL],
    "new game, a person cuts": ["deal_wait"],
    "cut": DEAL,
    "draw": ["draw_sources", "draw_violations", "draw", "action_applied"],
    "meld": [
        "action_violations",
        "meld_violations",
        "opening_minimum",
        "min_hand_after_play",
        "goes_out",
        "action_applied",
    ],
    "lay_off": [
        "action_violations",
        "lay_off_violations",
        "min_hand_after_play",
        "goes_out",
        "action_applied",
    ],
    "meld that goes out": [
        "action_violations",
        "meld_violations",
        "opening_minimum",
        "min_hand_after_play",
        "goes_out",
        "turn_ended",
        *HAND_OVER,
        "hand_ended",
        "action_applied",
    ],
    "swap": ["action_violations", "swap_violations", "action_applied"],
    "discard": [
        "discard_violations",
        "discard_face_down",
        "turn_end_violations",
        "turn_ended",
        "goes_out",
        "dead_hand",
        "turn_starts_with_draw",
        "action_applied",
    ],
    "discard, the stock empty": [
        "discard_violations",
        "discard_face_down",
        "turn_end_violations",
        "turn_ended",
        "goes_out",
        "dead_hand",
        "refill_stock",
        "turn_starts_with_draw",
        "action_applied",
    ],
    "discard that goes out": [
        "discard_violations",
        "discard_face_down",
        "turn_end_violations",
        "turn_ended",
        "goes_out",
        *HAND_OVER,
        "hand_ended",
        "action_applied",
    ],
    "take_back": ["take_back"],
    "knock": [
        "action_violations",
        "discard_violations",
        "discard_face_down",
        "turn_end_violations",
        "turn_ended",
        "goes_out",
        *HAND_OVER,
        "hand_ended",
        "action_applied",
    ],
    "next hand": ["next_dealer", "deal_wait", *DEAL],
}
"""What each action asks, in order, without the ``rummy_`` prefix (two seats)."""

PLACED = ["7H", "7C", "7D", "4S", "5H", "9C", "2C", "3C", "4C", "5S", "6S", "7S", "AH", "2H"]
CLASSIC: dict[str, Any] = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "phase": "draw",
    "hands": [["7H", "7C", "7D", "4S"], ["5H", "9C", "AH", "2H"]],
    "stock": ["2C", "3C", "4C"],
    "table": [{"owner": 1, "cards": ["5S", "6S", "7S"]}],
    "turns_taken": [2, 2],
    "discard": [card_name(c) for c in range(52) if card_name(c) not in PLACED],
}
"""Classic mid-hand: seat 0 to draw, three sevens to meld and a four to lay off."""
HUNGARIAN: dict[str, Any] = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "phase": "play",
    "hands": [["9D", "KS", "KH", "KD", "AC", "4C"], ["5C", "6C", "7C", "3S"]],
    "turns_taken": [3, 3],
    "opened": [True, True],
    "stock": ["KC", "QC"],
    "table": [{"owner": 1, "cards": ["8D", "JK", "10D"]}],
}
"""Hungarian with a joker on the table that seat 0's nine of diamonds can take the place of."""


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in text.split())


SEVENS = MeldDown((NewMeld.of(cards("7H 7C 7D")),))


def recorded(game: Game, make: Callable[[], object]) -> list[str]:
    """The hooks asked while ``make`` runs, in order, without the ``rummy_`` prefix."""
    seen: list[str] = []

    def before(name: str, impls: object, kwargs: object) -> None:
        seen.append(name.removeprefix("rummy_"))

    undo = game.hooks.pm.add_hookcall_monitoring(before, lambda *args: None)
    try:
        make()
    finally:
        undo()
    return seen


def classic(variant: str = "classic", **changes: Any) -> Game:
    return game_from_position(variant, {**CLASSIC, **changes}, 5)


def dealt(variant: str, choosers: list[int]) -> list[str]:
    """The hooks a new game asks, its rules set up first."""
    hooks = build_hooks(Variant.parse(variant), 2)
    seen: list[str] = []
    undo = hooks.pm.add_hookcall_monitoring(
        lambda name, impls, kwargs: seen.append(name.removeprefix("rummy_")), lambda *a: None
    )
    try:
        new_game(hooks=hooks, seed=4, dealer=0, choosers=choosers)
    finally:
        undo()
    return seen


def _cut() -> list[str]:
    game = new_game("hungarian", seed=4, dealer=0, choosers=[0, 1])
    return recorded(game, lambda: game.apply(game.state.turn, Cut(10)))


def _draw() -> list[str]:
    game = classic()
    return recorded(game, lambda: game.apply(0, Draw("stock")))


def _meld() -> list[str]:
    game = classic()
    game.apply(0, Draw("stock"))
    return recorded(game, lambda: game.apply(0, SEVENS))


def _lay_off() -> list[str]:
    game = classic()
    game.apply(0, Draw("stock"))
    return recorded(game, lambda: game.apply(0, LayOff(0, cards("4S"), (None,), "low")))


def _meld_out() -> list[str]:
    game = classic("classic:target=none", phase="play", hands=[["7H", "7C", "7D"], ["4S"]])
    return recorded(game, lambda: game.apply(0, SEVENS))


def _swap() -> list[str]:
    game = game_from_position("hungarian", HUNGARIAN, 5)
    return recorded(game, lambda: game.apply(0, Swap(0, parse_card("9D"))))


def _discard() -> list[str]:
    game = classic(phase="play")
    return recorded(game, lambda: game.apply(0, Discard(parse_card("4S"))))


def _discard_stock_empty() -> list[str]:
    game = classic(phase="play", stock=[], discard=[*CLASSIC["discard"], "2C", "3C", "4C"])
    return recorded(game, lambda: game.apply(0, Discard(parse_card("4S"))))


def _discard_out() -> list[str]:
    game = classic("classic:target=none", phase="play", hands=[["4S"], ["7H", "7C", "7D"]])
    return recorded(game, lambda: game.apply(0, Discard(parse_card("4S"))))


def _take_back() -> list[str]:
    game = classic()
    game.apply(0, Draw("stock"))
    game.apply(0, SEVENS)
    return recorded(game, lambda: game.apply(0, TakeBack()))


def _knock() -> list[str]:
    game = classic("classic:target=none+knock", turn=1, phase="play")
    return recorded(game, lambda: game.apply(1, Knock(parse_card("9C"))))


def _next_hand() -> list[str]:
    game = classic(phase="play", hands=[["4S"], ["7H", "7C", "7D"]])
    game.apply(0, Discard(parse_card("4S")))
    return recorded(game, game.next_hand)


SCENARIOS: dict[str, Callable[[], list[str]]] = {
    "new game": lambda: dealt("classic", []),
    "new game, a person cuts": lambda: dealt("hungarian", [0, 1]),
    "cut": _cut,
    "draw": _draw,
    "meld": _meld,
    "lay_off": _lay_off,
    "meld that goes out": _meld_out,
    "swap": _swap,
    "discard": _discard,
    "discard, the stock empty": _discard_stock_empty,
    "discard that goes out": _discard_out,
    "take_back": _take_back,
    "knock": _knock,
    "next hand": _next_hand,
}


@pytest.mark.parametrize("kind", list(LIFECYCLE))
def test_each_action_asks_its_hooks_in_the_lifecycles_order(kind: str) -> None:
    assert recorded_for(kind) == LIFECYCLE[kind]


def recorded_for(kind: str) -> list[str]:
    return SCENARIOS[kind]()


def documented() -> dict[str, list[str]]:
    """The lifecycle table of docs/hooks.md: each row's hooks in order, a hook marked
    ``(each seat)`` once per seat of a two-seat game."""
    text = HOOKS_MD.read_text(encoding="utf-8")
    start = text.index("\n## Lifecycle")
    section = text[start : text.index("\n## ", start + 1)]
    rows: dict[str, list[str]] = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[1].startswith("`rummy_"):
            continue
        hooks: list[str] = []
        for name, each in re.findall(r"`rummy_(\w+)`( \(each seat\))?", cells[1]):
            hooks += [name] * (2 if each else 1)
        rows[cells[0]] = hooks
    return rows


def test_the_docs_lifecycle_table_is_what_the_engine_does() -> None:
    table = documented()
    assert list(table) == list(SCENARIOS)
    assert {kind: recorded_for(kind) for kind in table} == table
