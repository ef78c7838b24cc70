"""The full-screen game plays Riverside, Hungarian and Gin through the engine's generic API alone:
declaring wilds, a face-down closing discard, the cut card, an opening of several melds, the
defender's turn after a knock."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from rummy_core.engine.actions import Draw, MeldDown, NewMeld
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.setup import Variant, game_from_position
from rummy_core.engine.state import DRAW, PLAY
from rummy_core.tui.app import RummyApp
from rummy_core.tui.panels import status_text
from rummy_core.tui.screens import ChoiceScreen, ScoreSheet
from rummy_core.tui.session import HUMAN, Session
from rummy_core.tui.widgets import HandView, TableView

SIZE = (80, 24)


def session(ruleset: str, position: dict[str, Any]) -> Session:
    game = game_from_position(ruleset, position, seed=9)
    return Session(game, Variant.parse(ruleset), [HUMAN, "random"], 1, None, position)


async def click(pilot: Pilot[None], app: RummyApp, names: str) -> None:
    hand = app.query_one("#hand", HandView)
    for code in parse_cards(names):
        spot = next(i for i, c in enumerate(hand.cards) if c == code and i not in hand.selected)
        await pilot.click("#hand", offset=(2 + spot * 5 + 2, 2))


def message(app: RummyApp) -> str:
    return str(app.query_one("#message", Static).render())


@pytest.mark.asyncio
async def test_riverside_wilds_are_declared_and_the_close_is_face_down() -> None:
    # Ruling R7: where a 2 could stand for two cards the player picks one; a meld of 2s alone
    # is typed out. Ruling R10: the last card goes face down and counts for nobody.
    s = session(
        "riverside",
        {
            "players": 2,
            "dealer": 1,
            "turn": 0,
            "turns_taken": [1, 1],
            "hands": [["2C", "5S", "6S", "2D", "2H", "2S"], ["10C", "JC", "3H", "9D"]],
            "stock": ["KS", "4D"],
            "discard": ["10H"],
        },
    )
    app = RummyApp(s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await click(pilot, app, "2C 5S 6S")
        await pilot.press("m")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ChoiceScreen)
        assert question.answers == ["2♣=4♠ 5♠ 6♠", "5♠ 6♠ 2♣=7♠"]
        await pilot.press("2")
        assert s.game.state.table[0].reps == tuple(parse_cards("5S 6S 7S"))
        await click(pilot, app, "2D 2H 2S")
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and not app.screen.answers
        app.screen.query_one("#choice-text", Input).value = "2D=8C 2H=9C 2S=10C"
        await pilot.press("enter")
        await pilot.pause()
        assert s.game.state.table[1].reps == tuple(parse_cards("8C 9C 10C"))
        table = app.query_one("#table", TableView)
        assert "2♦=8♣" in str(table.render())
        await pilot.press("x")
        await pilot.pause()
        assert s.game.state.discard_face_down
        assert "You closed with a face-down discard." in s.log
        assert isinstance(app.screen, ScoreSheet)


def gin_knocked(knocker: int) -> Session:
    """Gin, the person at seat 0 and a bot at seat 1: ``knocker`` draws 8H, lays down three
    melds and knocks keeping KH (10); the other, holding 10 after laying off 4C, defends."""
    melder = ["AC", "2C", "3C", "7D", "7H", "7S", "9S", "10S", "JS", "KH"]
    other = ["QD", "QH", "QC", "2D", "3D", "4D", "4C", "AH", "3S", "6S"]
    position = {
        "players": 2,
        "dealer": 1 - knocker,
        "turn": knocker,
        "turns_taken": [1, 1],
        "hands": [melder, other] if knocker == 0 else [other, melder],
        "stock": ["8H", "5H", "6H"],
        "discard": ["4H"],
    }
    s = session("gin", position)
    melds = ("AC 2C 3C", "7D 7H 7S", "9S 10S JS")
    s.game.apply(knocker, Draw("stock"))
    s.game.apply(knocker, MeldDown(tuple(NewMeld.of(parse_cards(m)) for m in melds)))
    s.game.apply(knocker, s.game.hooks.action_kinds["knock"].action(parse_card("8H")))
    return s


@pytest.mark.asyncio
async def test_gin_defender_lays_off_and_passes_to_a_knock_nobody_wins() -> None:
    # Ruling G9: after the bot's knock the person lays off 4C without a draw, then passes; both
    # keep 10 (G10: nobody scores), so the single hand (G14) ends a match with no winner.
    s = gin_knocked(1)
    app = RummyApp(s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        status = str(app.query_one("#status", Static).render())
        assert "Your turn, no draw this time: L lay off, P pass." in status
        await click(pilot, app, "4C")
        await pilot.press("l")
        assert "You laid off 4♣ on meld 1." in s.log
        await pilot.press("p")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, ScoreSheet)
        said = [str(w.render()) for w in sheet.query(Static)]
        # Bot 1 knocked: not "no one went out".
        assert "The match is over with no winner." in said


def test_gin_the_knocker_is_told_the_bot_lays_off_on_the_knock() -> None:
    # Ruling G9: while the bot defends, the top line names its lay-off, as the browser does.
    s = gin_knocked(0)
    assert s.game.state.turn == 1
    assert "Bot 1's turn (laying off on the knock)." in str(status_text(s, []))


@pytest.mark.asyncio
async def test_hungarian_cut_card_give_back_and_an_opening_of_two_melds() -> None:
    # Ruling H7: the cut card can be tried once and given back (B), which reopens the draw;
    # ruling H5: an opening worth 51 may take several melds laid down together.
    s = session(
        "hungarian",
        {
            "players": 2,
            "dealer": 1,
            "turn": 0,
            "turns_taken": [2, 2],
            "hands": [
                ["KH", "KD", "KS", "QH", "QD", "QS", "3C", "9D"],
                ["4C", "5C", "8D", "JH", "2S", "7H", "9S"],
            ],
            "on_show": {"cut": ["7S"]},
            "stock": ["AC", "5D", "6D"],
            "discard": ["4D"],
        },
    )
    app = RummyApp(s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        assert "7♠" in str(app.query_one("#shown", Static).render())
        await pilot.click("#shown")
        assert s.game.state.drew == "cut" and parse_card("7S") in s.view.hand
        await pilot.press("b")
        assert s.game.state.phase == DRAW and s.view.shown("cut") == (parse_card("7S"),)
        # One try per turn (H7): the card stays on show, but the box no longer offers it.
        assert s.draw_sources() == ["stock", "discard"]
        assert "take it" not in str(app.query_one("#shown", Static).render())
        before = s.game.state.clone()
        await pilot.press("c")
        assert message(app).startswith("You gave back the cut card this turn")
        assert s.game.state.equals(before)
        await pilot.press("d")
        await click(pilot, app, "QH QD QS")
        await pilot.press("m")
        assert message(app) == "Your opening is worth 30 points; it must be worth 51."
        await click(pilot, app, "KH KD KS")
        await pilot.press("m")
        assert len(s.game.state.table) == 2 and s.game.state.phase == PLAY
        assert "opened" in str(app.query_one("#players", Static).render())
        await click(pilot, app, "3C")
        await pilot.press("x")
        await pilot.pause()
        assert s.my_turn and any(line.startswith("Bot 1") for line in s.log)


@pytest.mark.asyncio
async def test_the_person_right_of_the_dealer_cuts_the_deck() -> None:
    # Ruling H12: asked how many cards to lift, or to cut anywhere; a bad number is asked again.
    from rummy_core.engine.setup import new_game

    game = new_game("hungarian", players=2, seed=4, dealer=1, choosers=[0])
    deck = list(game.state.stock)
    app = RummyApp(Session(game, Variant.parse("hungarian"), [HUMAN, "random"], 1, None), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "cut the deck of 108 cards" in app.screen.question
        app.screen.query_one(Input).focus()
        app.screen.query_one(Input).value = "200"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "between 1 and 107" in message(app)
        app.screen.query_one(Input).focus()
        app.screen.query_one(Input).value = "12"
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
        assert game.state.on_show == {"cut": (deck[-12],)}
        assert app.sess.game.state.phase in (DRAW, PLAY)


def test_riverside_shows_what_the_hand_is_worth_so_far() -> None:
    # Ruling R11: the cards down count for who put them there; your own hand counts against
    # you; rivals' hands are hidden, so only their table cards count.
    position = {
        "players": 4,
        "dealer": 3,
        "turn": 0,
        "turns_taken": [2, 2, 2, 2],
        "hands": [["2C", "5S", "6S", "JD", "QH", "9D"], ["10C", "JC", "4H"], ["4D", "5D"], ["8H"]],
        "table": [
            {"owner": 1, "cards": ["AH", "2D=2H", "3H"]},
            {"owner": 0, "cards": ["7C", "8C", "9C"]},
            {"owner": 2, "cards": ["KS", "KH", "KD", "KC"]},
        ],
        "discard": ["10H"],
    }
    game = game_from_position("riverside", position, seed=9)
    s = Session(game, Variant.parse("riverside"), [HUMAN, "greedy", "greedy", "greedy"], 3, None)
    assert s.running_scores() == [15 - 85, 70, 40, 0]
    # A rival's hidden hand does not move its figure.
    game.state.hands[1] = parse_cards("QS AS")
    assert s.running_scores() == [15 - 85, 70, 40, 0]


@pytest.mark.parametrize("ruleset", ["classic", "hungarian"])
def test_no_running_score_where_the_table_does_not_score(ruleset: str) -> None:
    position = {
        "players": 2,
        "dealer": 1,
        "turn": 0,
        "turns_taken": [3, 3],
        "hands": [["5S", "6S", "9D"], ["4H"]],
        "table": [{"owner": 1, "cards": ["7C", "8C", "9C"]}],
    }
    game = game_from_position(ruleset, position, seed=9)
    s = Session(game, Variant.parse(ruleset), [HUMAN, "greedy"], 1, None)
    assert s.running_scores() is None
