"""Hidden cards stay hidden in every event a seat is told, a given-back draw included."""

from __future__ import annotations

from rummy_core.actions import Draw, TakeBack
from rummy_core.engine import Game
from rummy_core.plugin import HouseRule, hookimpl
from rummy_core.testing import check_view_hides, position_game
from rummy_core.view import public_event


class GiveBackDraws(HouseRule):
    """A house rule under which a take-back undoes the draw too."""

    name = "test-give-back-draws"

    @hookimpl(tryfirst=True)
    def rummy_take_back(self) -> str:
        return "draw"


def seat_0_to_draw() -> Game:
    """Classic under the house rule, seat 0 to draw: KD on the stock, 8C on the pile."""
    return position_game(
        "classic+test-give-back-draws",
        local_rules=(GiveBackDraws,),
        dealer=1,
        turn=0,
        hands=[["5H", "9C"], ["2S", "3D"]],
        discard=["8C"],
        stock=["KD"],
        turns_taken=[2, 2],
    )


def test_a_stock_card_given_back_is_seen_by_its_drawer_only() -> None:
    game = seat_0_to_draw()
    game.apply(0, Draw("stock"))
    [event] = game.apply(0, TakeBack())
    assert event["type"] == "took_back" and event["private"]
    assert public_event(event, 0)["cards"] == event["cards"]
    assert public_event(event, 1)["cards"] is None
    assert public_event(event, None)["cards"] is None
    check_view_hides(game, 1)


def test_a_pile_card_given_back_is_public() -> None:
    # The top discard was face up when taken, and goes back face up.
    game = seat_0_to_draw()
    game.apply(0, Draw("discard"))
    [event] = game.apply(0, TakeBack())
    assert public_event(event, 1)["cards"] == event["cards"]
