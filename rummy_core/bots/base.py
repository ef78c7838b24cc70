"""What a bot is, and how to get one by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Protocol

from rummy_core.actions import Action
from rummy_core.errors import RuleError
from rummy_core.view import PlayerView


class Bot(Protocol):
    """A computer player: picks one of the legal actions, knowing only its own view."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The action to take; ``legal`` is never empty."""
        ...


class RandomBot:
    """A uniformly random legal action at every decision: the baseline."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Random(f"random-bot/{seed}")

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[self._rng.randrange(len(legal))]


_BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}


def bot_names() -> list[str]:
    """The names of the available bots."""
    return sorted(_BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name; ``unknown_bot`` lists the others."""
    factory = _BOTS.get(name)
    if factory is None:
        raise RuleError(
            "unknown_bot", f"There is no bot {name!r}. Bots: {', '.join(bot_names())}.", name=name
        )
    return factory(seed)
