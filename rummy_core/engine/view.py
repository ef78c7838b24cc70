"""What one seat may see, built per seat (never by phase): its own hand and public facts only.

A view never holds another seat's hand, the order of the stock, or a face-down discard. Bots are
given views and nothing else. ``rummy_core.engine.events.seen_by`` hides the same things in the
event stream.
"""

from __future__ import annotations

from typing import Annotated, NamedTuple

from rummy_core.engine.fields import MINE, Card, Cards, Doc, Shown
from rummy_core.engine.state import DRAW, PLAY, Meld, Outcome, State


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


def player_view(state: State, seat: int) -> PlayerView:
    """The view of ``seat``: what that player may know, and nothing more."""
    mine = state.turn == seat and state.phase in (DRAW, PLAY)
    top = state.discard[-1] if state.discard and not state.discard_face_down else None
    # Built as ``PlayerView._make`` does, without the Python call to it: a view is built for
    # every decision, and the keyword call cost twice as much. The values are in the order of
    # the fields (``tests/test_bots_view.py`` checks each field by name).
    return _new_view(
        PlayerView,
        (
            seat,
            state.players,
            tuple(state.hands[seat]),
            tuple(map(len, state.hands)),
            tuple(state.table),
            top,
            len(state.discard),
            state.discard_face_down,
            len(state.stock),
            tuple(state.on_show.items()),
            tuple(state.scores),
            state.hand_number,
            state.dealer,
            state.turn,
            state.phase,
            tuple(state.turns_taken),
            tuple([turn is not None for turn in state.first_play_turn]),  # State.opened
            state.refills,
            state.drew if mine else None,
            tuple(state.drawn) if mine else (),
            tuple(state.plays) if mine else (),
            tuple(state.refused_sources) if mine else (),
            state.outcome,
            tuple(state.winners),
        ),
    )


_new_view = tuple.__new__
"""How ``player_view`` makes a ``PlayerView`` from its values in field order."""
