"""How the fields of the engine's values are written as JSON, and who may see them.

The engine's events (``rummy_core.engine.events``) and views (``rummy_core.engine.view``) are plain
typed values; their fields' annotations carry these markers, so that their JSON models
(``rummy_core.formats``) are derived from the one declaration instead of being written again.
"""

from __future__ import annotations

from typing import Annotated, Literal, NamedTuple


class Shown(NamedTuple):
    """How a field is written as JSON (in an ``Annotated`` type)."""

    how: Literal["card", "cards", "meld_cards", "melds", "on_show", "unshown"]


class Mine(NamedTuple):
    """A field of a seat's view that only that seat sees: a spectator's view leaves it out."""


MINE = Mine()


class Doc(NamedTuple):
    """What a field means, for the JSON schema."""

    text: str


Card = Annotated[int, Shown("card")]
"""A card code, written as its name (``5S``)."""
Cards = Annotated[tuple[int, ...], Shown("cards")]
"""Card codes, written as names."""
MeldCards = Annotated[tuple[int, ...], Shown("meld_cards")]
"""A meld's cards, written with what each wild stands for (``2C=5S``), from the ``reps`` field."""
Reps = Annotated[tuple[int, ...], Shown("unshown")]
"""What each card of a meld stands for: the engine's, folded into ``MeldCards`` in JSON."""
