"""A spectator's view is built from the public state alone, and is the same as every seat's view
with that seat's own fields left out."""

from __future__ import annotations

import pytest

from rummy_core.bots import make_bot
from rummy_core.engine.setup import new_game
from rummy_core.formats.view import PublicView, public_view, view_of
from rummy_core.match import Match


@pytest.mark.parametrize(
    ("variant", "players"), [("classic", 2), ("riverside", 3), ("hungarian", 2)]
)
def test_a_spectator_sees_what_every_seat_sees_in_common(variant: str, players: int) -> None:
    game = new_game(variant, players=players, seed=3)
    match = Match(game, [make_bot("random", seed) for seed in range(players)])
    for _ in range(60):
        spectator = public_view(game).model_dump()
        assert "hand" not in spectator and "drawn" not in spectator
        for seat in range(players):
            seat_json = view_of(game, seat).model_dump()
            assert spectator == PublicView.model_validate(seat_json).model_dump()
        if match.over:
            break
        match.bot_step()
