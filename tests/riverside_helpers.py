"""Builders shared by the Riverside Rommí tests: a position mid-hand, and a refusal's codes.

Refusals are checked with ``rummy_core.testing.assert_refused`` (ruling A2: a refused action
changes nothing), directly or through ``refusal_codes``.
"""

from __future__ import annotations

from typing import Any

from rummy_core.engine.actions import Action
from rummy_core.engine.errors import IllegalAction
from rummy_core.engine.game import Game
from rummy_core.engine.setup import Variant, game_from_position
from rummy_core.testing import assert_refused


def mid_hand(
    hands: list[str],
    melds: list[list[str]] | None = None,
    *,
    seed: int,
    drawn: bool = True,
    options: dict[str, Any] | None = None,
    **position: Any,
) -> Game:
    """Seat 0 to move, everyone past the first turn (R5), 10H on the discard pile.

    ``hands`` are one string per seat; seat 1 owns ``melds`` on the table; the dealer sits to
    seat 0's right. With ``drawn`` seat 0 has drawn from the stock and may play; otherwise it is
    to draw. ``position`` replaces any field (``table=`` for melds with another owner or credit).
    """
    players = len(hands)
    base: dict[str, Any] = {
        "players": players,
        "dealer": players - 1,
        "turn": 0,
        "turns_taken": [1] * players,
        "hands": [h.split() for h in hands],
        "discard": ["10H"],
        "table": [{"owner": 1, "cards": cards} for cards in melds or []],
    }
    if drawn:
        base.update(phase="play", this_turn={"drew": "stock"})
    return game_from_position(Variant("riverside", options or {}), {**base, **position}, seed=seed)


def refusal_codes(game: Game, action: Action, seat: int = 0) -> list[str]:
    """The code of every rule ``action`` breaks; ``assert_refused`` checks nothing changed.

    Validators collect, so one refusal (an ``IllegalAction``) may carry several violations.
    """
    error = assert_refused(game, seat, action)
    return [v.code for v in error.violations] if isinstance(error, IllegalAction) else [error.code]
