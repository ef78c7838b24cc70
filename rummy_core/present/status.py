"""Which words a seat's status uses under a game's rules, for a table that lists the seats."""

from __future__ import annotations

from rummy_core.engine.game import Game

OPENED = "opened"
"""A seat has made its opening, or not yet: said only where the rules ask for an opening (only
Hungarian among the shipped rulesets), since elsewhere every seat may meld at once."""


def seat_statuses(game: Game) -> list[str]:
    """The status words the table shows for each seat under ``game``'s rules: ``opened`` where
    the first lay-down must reach a minimum (``rummy_opening_minimum``), else none."""
    players = game.state.players
    return [OPENED] if any(game.opening_minimum(seat) > 0 for seat in range(players)) else []
