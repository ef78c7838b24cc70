"""What one seat may see, built per seat (never by phase): its own hand and public facts only.

A view never holds another seat's hand, the order of the stock, or a face-down discard. Bots are
given views and nothing else. ``rummy_core.engine.events.seen_by`` hides the same things in the
event stream. What a view holds is declared in ``rummy_core.engine.playerview`` (``PlayerView``,
importable from here too).
"""

from __future__ import annotations

from rummy_core.engine.playerview import PlayerView
from rummy_core.engine.state import DRAW, PLAY, State

__all__ = ["PlayerView", "player_view"]


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
