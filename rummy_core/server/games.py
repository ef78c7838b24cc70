"""A table's game: a new match with its first dealer, or one carried on from where it was stored.

People's seats are passed as the game's choosers: a person who is to cut the deck (ruling H12)
chooses how deep, where a bot's cut is made at once from the seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy_core.engine.game import Game
from rummy_core.engine.setup import Variant, first_dealer, game_from_position, new_game


def variant_label(text: str) -> str:
    """The variant string, checked for form and written back in its usual spelling."""
    return Variant.parse(text).label()


def player_range(text: str) -> tuple[int, int]:
    """How many players the variant's ruleset seats, lowest and highest."""
    return Variant.parse(text).player_range()


def start(variant: str, players: int, seed: int, people: Sequence[int]) -> tuple[Game, int]:
    """A new match, dealt, with its first dealer (drawn from the seed, as ``rummy play`` does)."""
    dealer = first_dealer(seed, players)
    game = new_game(variant, players=players, seed=seed, dealer=dealer, choosers=people)
    return game, dealer


def restore(variant: str, stored: dict[str, Any], seed: int, people: Sequence[int]) -> Game:
    """A match continued from a stored position (same seed, so later deals are the same)."""
    return game_from_position(variant, stored, seed, choosers=people)
