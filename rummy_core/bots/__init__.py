"""Computer opponents. A bot sees only its own seat's view and the legal actions of that seat."""

from __future__ import annotations

from rummy_core.bots.base import Bot, SeatHandle
from rummy_core.bots.registry import bot_names, make_bot, register_bot

__all__ = ["Bot", "SeatHandle", "bot_names", "make_bot", "register_bot"]
