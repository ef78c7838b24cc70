"""The sentences of the game log: one value (``present.describe.EventLine``) that the terminal
game, the plain game and the server all render, a plugin's own event in its own words, and no
sentence naming a card its reader may not see."""

from __future__ import annotations

from typing import Any

from rummy_rulesets.knocking import Knock

from rummy_core.engine.actions import Draw
from rummy_core.engine.cards import parse_card
from rummy_core.engine.events import Dealt
from rummy_core.engine.setup import Variant, game_from_position, new_game
from rummy_core.present.describe import describe
from rummy_core.present.plays import card_label
from rummy_core.server import outbox
from rummy_core.server.protocol import SeatInfo, TableInfo
from rummy_core.tui.session import HUMAN, Session

ANN_AND_BOB = [
    SeatInfo(seat=0, kind="human", name="Ann", claimed=True, connected=True),
    SeatInfo(seat=1, kind="human", name="Bob", claimed=True, connected=True),
]


def table(seats: list[SeatInfo]) -> TableInfo:
    return TableInfo(
        id="t",
        variant="classic+knock",
        players=len(seats),
        seats=seats,
        bot_pause=0,
        phase="play",
        turn=0,
        hand_number=1,
        state_id=0,
        created="",
    )


def knock_session() -> Session:
    """Seat 0 (the person) to draw; after the 3C its hand less the KD is worth 9: a knock."""
    position: dict[str, Any] = {
        "players": 2,
        "dealer": 1,
        "turn": 0,
        "turns_taken": [2, 2],
        "hands": [["AH", "AS", "2S", "2D", "KD"], ["2C", "10H", "QS", "4D", "JC", "7D", "KS"]],
        "stock": ["3C", "10D", "6C", "2H", "JH", "QC", "AD"],
        "discard": ["QH"],
        "table": [],
    }
    game = game_from_position("classic+knock", position, seed=9)
    return Session(game, Variant.parse("classic+knock"), [HUMAN, "random"], 1, None, position)


def test_a_knock_reads_the_same_in_the_terminal_log_and_the_browsers_update() -> None:
    s = knock_session()
    s.act(Draw("stock"))
    events = s.match.act(s.human, Knock(parse_card("KD"))).events
    terminal = s.remember(events)
    assert "You knocked with 9 points in hand." in terminal
    info = table(ANN_AND_BOB)
    mine = outbox.update(info, s.game, 0, events, 2, "en")
    assert mine.log == terminal
    assert len(mine.log) == len(mine.events)
    # The other seat reads it with the knocker's name, each reader in their own language.
    assert (
        "Ann knocked with 9 points in hand." in outbox.update(info, s.game, 1, events, 2, "en").log
    )
    assert (
        "Þú bankaðir með 9 stigum á hendi." in outbox.update(info, s.game, 0, events, 2, "is").log
    )
    theirs = outbox.update(info, s.game, 1, events, 2, "it").log
    assert "Ann ha bussato con 9 punti in mano." in theirs


def test_another_seats_stock_draw_names_no_card_in_any_message() -> None:
    s = knock_session()
    events = s.match.act(s.human, Draw("stock")).events
    info = table(ANN_AND_BOB)
    for lang in ("en", "is", "hu", "it"):
        mine = outbox.update(info, s.game, 0, events, 1, lang)
        assert "3♣" in mine.log[0]
        for reader in (1, None):
            text = outbox.encode(outbox.update(info, s.game, reader, events, 1, lang))
            assert "3C" not in text and "3♣" not in text and "\\u2663" not in text
    assert outbox.update(info, s.game, 1, events, 1, "en").log == ["Ann drew from the stock."]
    assert outbox.update(info, s.game, None, events, 1, "en").log == ["Ann drew from the stock."]


def test_the_log_names_seats_as_the_table_page_does() -> None:
    seats = [
        SeatInfo(seat=0, kind="human", name="Ann", claimed=True, connected=True),
        SeatInfo(seat=1, kind="bot", bot="random", claimed=True, connected=True),
        SeatInfo(seat=2, kind="human", claimed=False, connected=False),
        SeatInfo(seat=3, kind="bot", bot="my-own-bot", claimed=True, connected=True),
    ]
    info = table(seats)
    names = ["You", "easy bot (2)", "Seat 3", "my-own-bot bot (4)"]
    assert outbox.seat_names(info, 0) == names
    assert outbox.seat_names(info, None) == ["Ann", *names[1:]]


def test_the_deal_names_the_card_turned_up_where_one_is() -> None:
    game = new_game("gin", seed=3, dealer=1)
    (dealt,) = game.events
    upcard = game.state.discard[-1]
    assert isinstance(dealt, Dealt) and dealt.upcard == upcard
    line = describe(dealt, 0, ["You", "Bob"], {}).render("en")
    assert line == f"Hand 1: Bob dealt and turned up {card_label(upcard)}."
    # Hungarian turns none up (H2): the deal says only who dealt.
    hungarian = new_game("hungarian", seed=3, dealer=1)
    dealt_h = next(e for e in hungarian.events if isinstance(e, Dealt))
    assert dealt_h.upcard is None
    assert describe(dealt_h, 0, ["You", "Bob"], {}).render("en") == "Hand 1: Bob dealt."


def test_a_bot_s_cut_is_told_before_the_deal() -> None:
    # #36 point 10: nobody was told that a bot cut the deck (ruling H12); it cuts anywhere.
    game = new_game("hungarian", seed=3, dealer=0)
    cutter = (game.state.dealer - 1) % 2
    lines = [describe(e, None, ["Ann", "Bob"], {}).render("en") for e in game.events]
    assert lines[0] == f"{['Ann', 'Bob'][cutter]} cut the deck anywhere."
    assert lines[1] == "Hand 1: Ann dealt."
    # A person's cut is waited for and told when made, as before.
    waiting = new_game("hungarian", seed=3, dealer=0, choosers=[cutter])
    assert [e.type for e in waiting.events] == ["cut_offered"]
