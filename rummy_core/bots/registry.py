"""The bots by name: the built-in ones, and any a program adds with ``register_bot``."""

from __future__ import annotations

from collections.abc import Callable

from rummy_core.bots.base import Bot, RandomBot
from rummy_core.bots.expert import ExpertBot
from rummy_core.bots.greedy import GreedyBot
from rummy_core.engine.errors import RuleError

_BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expert": ExpertBot,
}


def register_bot(name: str, factory: Callable[[int], Bot]) -> None:
    """Make a bot available by name (``factory(seed)`` builds one)."""
    _BOTS[name] = factory


def bot_names() -> list[str]:
    """The names of the available bots."""
    return sorted(_BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name; ``unknown_bot`` lists the others."""
    factory = _BOTS.get(name)
    if factory is None:
        raise RuleError(
            "unknown_bot",
            "There is no bot %(name)r. Bots: %(bots)s.",
            name=name,
            bots=", ".join(bot_names()),
        )
    return factory(seed)
