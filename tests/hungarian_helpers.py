"""Builders shared by the Hungarian Römi tests: the usual position, cards, lay-downs, melds.

Refusals are checked with ``rummy_core.testing.assert_refused`` (ruling A2: a refused action
changes nothing).
"""

from __future__ import annotations

from typing import Any

from rummy_core.engine.actions import Draw, MeldDown, NewMeld
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.game import Game
from rummy_core.engine.setup import game_from_position

RUN_5H = {"owner": 1, "cards": ["5H", "6H", "7H"]}
RUN_WITH_JOKER = {"owner": 1, "cards": ["8D", "JK", "10D"]}


def make(
    hands: list[str],
    *,
    variant: str = "hungarian",
    seed: int = 3,
    draw_first: bool = False,
    **fields: Any,
) -> Game:
    """Two players, seat 0 to draw; both past their first turn and opened unless told.

    The cut card is 9C and the stock KC over QD. ``fields`` replace any field of the position
    (``opened``, ``table``, ``stock``, ...). With ``draw_first`` seat 0 has already drawn from
    the stock, so the game is in its play phase.
    """
    pos: dict[str, Any] = {
        "players": 2,
        "dealer": 1,
        "turn": 0,
        "phase": "draw",
        "hands": [h.split() for h in hands],
        "turns_taken": [3, 3],
        "opened": [True, True],
        "on_show": {"cut": ["9C"]},
        "stock": ["KC", "QD"],
    }
    pos.update(fields)
    game = game_from_position(variant, pos, seed=seed)
    if draw_first:
        game.apply(0, Draw("stock"))
    return game


def c(text: str) -> int:
    """One card's code, as in ``"10H"``."""
    return parse_card(text)


def lay_down(*melds: str) -> MeldDown:
    """One lay-down of new melds, each given as its cards: ``lay_down("KS KH KD", "QC QD QH")``."""
    return MeldDown(tuple(NewMeld.of(parse_cards(m)) for m in melds))
