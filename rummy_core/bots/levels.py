"""Opponent strengths in players' words: easy, normal and hard, each one of the installed bots."""

from __future__ import annotations

from rummy_core.bots import bot_names

LEVELS = {"easy": "random", "normal": "greedy", "hard": "expert"}
"""Each strength the start screen offers, and the bot that plays it."""
DEFAULT_LEVEL = "normal"
"""A newcomer's first game: against the bot that plays like a person, not at random."""


def levels() -> list[tuple[str, str]]:
    """The strengths to choose from, as (label, bot name): the three levels whose bot is
    installed, then any other installed bot under its own name."""
    installed = bot_names()
    named = [(f"{word} ({bot})", bot) for word, bot in LEVELS.items() if bot in installed]
    others = [(bot, bot) for bot in installed if bot not in LEVELS.values()]
    return named + others


def default_bot() -> str:
    """The bot a new game is against unless the player picks another."""
    bot = LEVELS[DEFAULT_LEVEL]
    return bot if bot in bot_names() else bot_names()[0]


def level_word(bot: str) -> str:
    """What the table calls a bot: its level (``normal``), or its name for any other bot."""
    return next((word for word, name in LEVELS.items() if name == bot), bot)
