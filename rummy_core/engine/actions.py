"""Actions as the engine takes them: small frozen values holding card codes.

The JSON form of each (``rummy_core.formats.actions``) converts to these at the border; bots build
them directly. ``declared`` holds, per card, what a wild stands for (see
``rummy_core.engine.melds``) or None.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, Literal

# ``Final``: the compiled build reads the value itself, not the module's globals
# (docs/performance.md).
STOCK: Final = "stock"
DISCARD: Final = "discard"
CUT: Final = "cut"


@dataclass(frozen=True, slots=True)
class NewMeld:
    """One meld of a lay-down: its cards in order, and what the player declares for each."""

    cards: tuple[int, ...]
    declared: tuple[int | None, ...]

    @staticmethod
    def of(cards: tuple[int, ...] | list[int]) -> NewMeld:
        """A meld with nothing declared."""
        return NewMeld(tuple(cards), (None,) * len(cards))


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw from ``source``: ``"stock"``, ``"discard"`` (the ruleset says how much) or ``"cut"``."""

    source: str
    type: Literal["draw"] = "draw"


@dataclass(frozen=True, slots=True)
class MeldDown:
    """One lay-down of one or more new melds."""

    melds: tuple[NewMeld, ...]
    type: Literal["meld"] = "meld"


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add ``cards`` to the meld at index ``meld`` of the table, at ``end`` (``low``/``high``)."""

    meld: int
    cards: tuple[int, ...]
    declared: tuple[int | None, ...]
    end: str | None = None
    type: Literal["lay_off"] = "lay_off"


@dataclass(frozen=True, slots=True)
class Swap:
    """Put the real ``card`` in place of a wild on meld ``meld``, taking the wild into hand.

    ``wild`` picks which wild when several could be replaced (None: the first that fits).
    """

    meld: int
    card: int
    wild: int | None = None
    type: Literal["swap"] = "swap"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card``, ending the turn."""

    card: int
    type: Literal["discard"] = "discard"


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take back everything put on the table since the draw (ruling A3)."""

    type: Literal["take_back"] = "take_back"


class PluginAction:
    """The base of the actions a plugin adds (``rummy_register_actions``).

    Subclass it as a frozen dataclass holding card codes, like the built-in actions, and set
    ``type``; the plugin's ``ActionKind`` (``rummy_core.engine.action_kinds``) says how the engine
    applies it.
    """

    __slots__ = ()
    type: ClassVar[str]
    """The action's JSON ``type``, as for the built-in actions: its ``ActionKind``'s name."""


Action = Draw | MeldDown | LayOff | Swap | Discard | TakeBack | PluginAction
