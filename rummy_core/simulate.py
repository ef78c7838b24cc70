"""Bots playing hands and matches: the loop shared by ``rummy play``, duels and comparisons."""

from __future__ import annotations

from collections.abc import Sequence

from rummy_core.bots.base import Bot
from rummy_core.bots.turns import bot_turn, tell
from rummy_core.engine import Game
from rummy_core.state import HAND_OVER, MATCH_OVER


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
