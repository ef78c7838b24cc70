"""How a table describes its seats: which status words the rules call for, and what a bot
seat is called."""

from __future__ import annotations

from rummy_core.bots.levels import level_word
from rummy_core.engine.game import Game
from rummy_core.i18n.uitext import N_, _

LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
"""The computer players' strengths as the start screen offers them (``bots.levels.LEVELS``)."""


def level_name(bot: str) -> str:
    """A bot as the table calls it, in the player's language: its strength, or its own name
    for a bot that is none of the strengths."""
    word = level_word(bot)
    return _(LEVEL_WORDS[word]) if word in LEVEL_WORDS else word


OPENED = "opened"
"""A seat has made its opening, or not yet: said only where the rules ask for an opening (only
Hungarian among the shipped rulesets), since elsewhere every seat may meld at once."""


def seat_statuses(game: Game) -> list[str]:
    """The status words the table shows for each seat under ``game``'s rules: ``opened`` where
    the first lay-down must reach a minimum (``rummy_opening_minimum``), else none."""
    players = game.state.players
    return [OPENED] if any(game.opening_minimum(seat) > 0 for seat in range(players)) else []
