"""Bots playing hands and matches: the loop shared by ``rummy play``, duels and comparisons."""

from __future__ import annotations

from collections.abc import Sequence

from rummy_core.bots.base import Bot, SeatHandle
from rummy_core.engine import Event, Game
from rummy_core.errors import RuleError
from rummy_core.state import HAND_OVER, MATCH_OVER
from rummy_core.view import public_event


class BotFailed(RuleError):
    """A bot chose an illegal action."""


def bot_turn(game: Game, bots: Sequence[Bot | None]) -> list[Event]:
    """Let the bot whose turn it is make one action; every bot observes what it may see."""
    seat = game.current_player()
    if seat is None:
        raise RuleError("hand_over", "No one is to move.")
    bot = bots[seat]
    if bot is None:
        raise RuleError("not_a_bot", f"Seat {seat} is not played by a bot.", seat=seat)
    action = bot.choose(SeatHandle(game, seat))
    try:
        events = game.apply(seat, action)
    except RuleError as exc:
        raise BotFailed(
            "bot_failed",
            f"The {bot.name} bot at seat {seat} chose {action}: {exc.message}",
            seat=seat,
        ) from exc
    tell(bots, events)
    return events


def tell(bots: Sequence[Bot | None], events: list[Event]) -> None:
    """Show each bot the events as its seat may see them."""
    for seat, bot in enumerate(bots):
        if bot is not None:
            bot.observe([public_event(e, seat) for e in events])


def play_hand(game: Game, bots: Sequence[Bot]) -> None:
    """Play the current hand to its end with bots in every seat."""
    while game.state.phase not in (HAND_OVER, MATCH_OVER):
        bot_turn(game, bots)


def play_match(game: Game, bots: Sequence[Bot], max_hands: int = 1000) -> None:
    """Play hands until the match is over (or ``max_hands`` have been played)."""
    for _ in range(max_hands):
        play_hand(game, bots)
        if game.state.phase == MATCH_OVER:
            return
        tell(bots, game.next_hand())
