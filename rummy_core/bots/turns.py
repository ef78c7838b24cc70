"""A bot's turn: the bot to move chooses, the game applies it, every bot sees what it may see.

Here, below the bots that play sampled games out (the expert bot), and below the match service
that every front end drives (``rummy_core.match``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_core.bots.base import Bot, SeatHandle
from rummy_core.engine.actions import Action
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event, seen_by
from rummy_core.engine.game import Game


class BotFailed(RuleError):
    """A bot chose an illegal action."""


def bot_turn(game: Game, bots: Sequence[Bot | None]) -> list[Event]:
    """Let the bot whose turn it is make one action; every bot observes what it may see."""
    return bot_move(game, bots)[2]


def bot_move(game: Game, bots: Sequence[Bot | None]) -> tuple[int, Action, list[Event]]:
    """``bot_turn``, returning also who acted and what they chose (for a match's journal)."""
    seat = game.current_player()
    if seat is None:
        raise RuleError("hand_over", "No one is to move.")
    bot = bots[seat]
    if bot is None:
        raise RuleError("not_a_bot", "Seat %(seat)s is not played by a bot.", seat=seat)
    action = bot.choose(SeatHandle(game, seat))
    try:
        events = game.apply(seat, action)
    except RuleError as exc:
        raise BotFailed(
            "bot_failed",
            "The %(bot)s bot at seat %(seat)s chose %(action)s: %(problem)s",
            seat=seat,
            bot=bot.name,
            action=str(action),
            problem=exc.message,
        ) from exc
    tell(bots, events)
    return seat, action, events


def tell(bots: Sequence[Bot | None], events: list[Event]) -> None:
    """Show each bot the events as its seat may see them.

    A bot whose class sets ``observes_events = False`` (the random bot, which remembers
    nothing) is skipped: making its seat's copies of the events was a tenth of a random action.
    """
    for seat, bot in enumerate(bots):
        if bot is not None and getattr(type(bot), "observes_events", True):
            # An event with no secret fields is the same for every seat: ``seen_by`` would
            # return it as it is, so it is asked only of the others.
            bot.observe([e if e.secret is None else seen_by(e, seat) for e in events])
