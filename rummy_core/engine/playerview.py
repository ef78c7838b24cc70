"""``PlayerView``: one seat's view of the game, the one declaration of what a seat sees.

``rummy_core.engine.view`` builds views (``player_view``) and is compiled in the compiled build;
this declaration stays a Python module there, since mypyc keeps a named tuple's field types but
not the ``Annotated`` metadata that ``rummy_core.formats.view`` derives the JSON views from.
"""

from __future__ import annotations

from typing import Annotated, NamedTuple

from rummy_core.engine.fields import MINE, Card, Cards, Doc, Shown
from rummy_core.engine.state import DRAW, PLAY, Meld, Outcome


class PlayerView(NamedTuple):
    """One seat's view of the game, in the engine's compact form (card codes).

    A named tuple rather than a frozen dataclass: bots build one per decision, and a frozen
    dataclass of this many fields costs ten times as much to build. Its fields are the one
    declaration of what a seat sees: their annotations say how each is written as JSON and which
    only the seat itself sees (``MINE``), from which ``rummy_core.formats.view`` derives the
    seat's JSON view and a spectator's.
    """

    seat: Annotated[int, MINE]
    players: int
    hand: Annotated[Cards, MINE]
    hand_sizes: Annotated[tuple[int, ...], Doc("Cards held by each seat.")]
    table: Annotated[tuple[Meld, ...], Shown("melds")]
    top_discard: Annotated[Card | None, Doc("Null when the pile is empty or its top is face down.")]
    discard_size: int
    discard_face_down: bool
    stock_size: int
    on_show: Annotated[
        tuple[tuple[str, Cards], ...],
        Shown("on_show"),
        Doc("Cards face up beside the stock, by the label the rules give them (a cut card)."),
    ]
    scores: tuple[int, ...]
    hand_number: int
    dealer: int
    turn: int
    phase: str
    turns_taken: tuple[int, ...]
    opened: tuple[bool, ...]
    refills: int
    drew: Annotated[str | None, MINE, Doc("This seat's draw source this turn, if it drew.")]
    drawn: Annotated[Cards, MINE, Doc("The cards this seat's draw brought.")]
    plays: Annotated[tuple[str, ...], MINE, Doc("This turn's kinds of play.")]
    refused_sources: Annotated[tuple[str, ...], MINE, Doc("Draw sources given back this turn.")]
    outcome: Outcome | None
    winners: tuple[int, ...]

    def shown(self, label: str) -> tuple[int, ...]:
        """The cards on show under ``label`` (none when there are none)."""
        for name, cards in self.on_show:
            if name == label:
                return cards
        return ()

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to act."""
        return self.turn == self.seat and self.phase in (DRAW, PLAY)
