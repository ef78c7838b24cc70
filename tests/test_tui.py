"""The full-screen game driven by Textual's pilot: real keys and clicks, classic positions.

Bots move with no pause (``pause=0``), so each test runs in a fraction of a second.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Markdown, Select, Static

from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.errors import RuleError
from rummy_core.engine.setup import Variant, game_from_position
from rummy_core.engine.state import DRAW, HAND_OVER, MATCH_OVER, PLAY
from rummy_core.formats.position import dump_position
from rummy_core.present.plays import sort_hand
from rummy_core.tui.app import RummyApp
from rummy_core.tui.screens import HelpScreen, ScoreSheet, StartScreen
from rummy_core.tui.session import HUMAN, Session
from rummy_core.tui.widgets import HandView, TableView

SIZE = (80, 24)


MINE = "5H 6H 7H 4S 9C 9D 9H 9S KD"
THEIRS = "2C 10H QS 4D JC 7D KS"
OUT_IN_ONE = "5H 6H 7H 8H"
"""A hand that goes out in one turn: draw, meld the four hearts, discard the card drawn."""
LOW_HAND = "2C 3D 4H 6D 9S AS 2D"
"""The bot's hand when you go out: too few points to reach the target of 100, even doubled."""


def classic(
    variant: str = "classic",
    save: Path | None = None,
    mine: str = MINE,
    theirs: str = THEIRS,
    **position: Any,
) -> Session:
    """Seat 0 (the human) to draw; seat 1, a random bot, owns a run of spades on the table."""
    data: dict[str, Any] = {
        "players": 2,
        "dealer": 1,
        "turn": 0,
        "turns_taken": [2, 2],
        "hands": [mine.split(), theirs.split()],
        "stock": ["3C", "10D", "6C", "2H", "JH", "QC", "AD"],
        "discard": ["QH"],
        "table": [{"owner": 1, "cards": ["5S", "6S", "7S", "8S"]}],
        **position,
    }
    game = game_from_position(variant, data, seed=3)
    return Session(game, Variant.parse(variant), [HUMAN, "random"], 1, save, data)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def hand_of(app: RummyApp) -> HandView:
    return app.query_one("#hand", HandView)


def message(app: RummyApp) -> str:
    return str(app.query_one("#message", Static).render())


async def select(pilot: Pilot[None], app: RummyApp, names: str) -> None:
    """Select cards with the arrows and Space, as a player would."""
    hand = hand_of(app)
    for code in parse_cards(names):
        spot = next(i for i, c in enumerate(hand.cards) if c == code and i not in hand.selected)
        step = "right" if spot > hand.cursor else "left"
        await pilot.press(*[step] * abs(spot - hand.cursor), "space")


async def click(pilot: Pilot[None], app: RummyApp, names: str) -> None:
    """Click cards: each card is five columns wide, inside the hand's border and padding."""
    hand = hand_of(app)
    for code in parse_cards(names):
        spot = next(i for i, c in enumerate(hand.cards) if c == code and i not in hand.selected)
        await pilot.click("#hand", offset=(2 + spot * 5 + 2, 2))


@pytest.mark.asyncio
async def test_start_screen_deals_the_chosen_game(tmp_path: Path) -> None:
    # Opponents offered up to the ruleset's seats less one: Riverside seats six (ruling R2).
    app = RummyApp(save_path=tmp_path / "g.json", pause=0)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, StartScreen)
        app.screen.query_one("#ruleset", Select).value = "riverside"
        await pilot.pause()
        opponents = app.screen.query_one("#opponents", Select)
        assert [v for _, v in opponents._options if v != Select.NULL] == [1, 2, 3, 4, 5]
        opponents.value = 2
        app.screen.query_one("#bot", Select).value = "random"
        app.screen.query_one("#seed").value = "11"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert app.session is not None
        assert app.session.variant.ruleset == "riverside"
        assert app.session.game.state.players == 3 and app.session.game.state.seed == 11
        # R2: seven cards each for three players (and one more when it is your turn to play).
        assert len(hand_of(app).cards) in (7, 8)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        rules = str(app.screen.query_one("#help-rules", Markdown).source)
        assert "Riverside" in rules
        # The guide cites rulings by id; the help states Riverside's and the shared ones in full.
        assert "### R8 Each card on the table once" in rules and "### A2 Illegal actions" in rules
        assert "### H1 " not in rules and "### C1 " not in rules
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


@pytest.mark.asyncio
async def test_start_screen_says_gin_plays_a_single_hand_unless_given_a_target(
    tmp_path: Path,
) -> None:
    # Ruling G14: gin's target defaults to none, a single hand; the screen offers that first, and
    # a full match asks for its target instead of playing a single hand under that name.
    app = RummyApp(save_path=tmp_path / "g.json", pause=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, StartScreen)
        screen.query_one("#ruleset", Select).value = "gin"
        await pilot.pause()
        match = screen.query_one("#match", Select)
        length = screen.query_one("#length", Input)
        assert match.value is True
        assert [label for label, _ in match._options] == ["single hand", "full match"]
        assert length.disabled and length.placeholder == "a single hand"
        opponents = screen.query_one("#opponents", Select)
        assert [v for _, v in opponents._options if v != Select.NULL] == [1]
        assert screen.setup().variant().options["target"] is None
        match.value = False
        await pilot.pause()
        assert not length.disabled and length.placeholder == "needed for a full match"
        with pytest.raises(RuleError) as refused:
            screen.setup()
        assert refused.value.code == "no_match_target"
        await pilot.click("#start")
        await pilot.pause()
        assert app.session is None
        assert "needs a target score" in str(screen.query_one("#start-error", Static).render())
        length.value = "100"
        assert screen.setup().variant().options["target"] == 100
        screen.query_one("#ruleset", Select).value = "classic"
        await pilot.pause()
        assert match.value is False and not length.disabled
        assert length.placeholder == "default 100"
        match.value = True
        await pilot.pause()
        assert length.disabled and length.placeholder == "a single hand"


@pytest.mark.asyncio
async def test_draw_meld_lay_off_and_discard_with_keys(tmp_path: Path) -> None:
    # Rulings C2-C4: draw, meld twice, lay off on a rival's meld and on your own, discard; then
    # the bot moves.
    session = classic(save=tmp_path / "g.json")
    app = RummyApp(session, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        assert session.game.state.phase == PLAY
        assert parse_card("3C") in session.view.hand
        await select(pilot, app, "5H 6H 7H")
        await pilot.press("m")
        await select(pilot, app, "9C 9D 9H")
        await pilot.press("m")
        table = session.game.state.table
        assert [m.cards for m in table][1:] == [cards("5H 6H 7H"), cards("9C 9D 9H")]
        # 9S fits the run of spades and the set of nines: both glow, and ↓ Enter picks the set.
        await select(pilot, app, "9S")
        await pilot.press("l")
        assert app.query_one("#table", TableView).glowing == {0, 2}
        await pilot.press("down", "enter")
        assert session.game.state.table[2].cards == cards("9C 9D 9H 9S")
        # 4S fits one meld only, so it goes there at once, at the low end.
        await select(pilot, app, "4S")
        await pilot.press("l")
        assert session.game.state.table[0].cards == cards("4S 5S 6S 7S 8S")
        await select(pilot, app, "KD")
        await pilot.press("x")
        await pilot.pause()
        # The bot took its whole turn; it is the human's draw again.
        assert session.game.current_player() == 0 and session.game.state.phase == DRAW
        assert any(line.startswith("Bot 1 discarded") for line in session.log)
        assert "You laid off 4♠ on meld 1." in session.log


@pytest.mark.asyncio
async def test_click_the_stock_cards_a_meld_and_the_pile() -> None:
    # Rulings C2-C3 by mouse: the stock draws, a click selects, a meld click lays off.
    session = classic()
    app = RummyApp(session, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#stock")
        assert session.game.state.phase == PLAY
        await click(pilot, app, "9S")
        assert hand_of(app).selected_cards() == [parse_card("9S")]
        # S sorts by rank; the selection follows the card.
        await pilot.press("s")
        assert hand_of(app).cards == sort_hand(session.view.hand, by_rank=True)
        assert hand_of(app).selected_cards() == [parse_card("9S")]
        assert app.query_one("#table", TableView).glowing == {0}
        await pilot.click("#table", offset=(5, 0))
        assert session.game.state.table[0].cards == cards("5S 6S 7S 8S 9S")
        await click(pilot, app, "KD")
        await pilot.click("#discard")
        assert "You discarded K♦." in session.log


@pytest.mark.asyncio
async def test_a_refusal_says_why_and_changes_nothing() -> None:
    # Ruling A2: every refusal shows the engine's sentence and leaves the state as it was.
    session = classic()
    app = RummyApp(session, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        before = session.game.state.clone()
        await pilot.press("x")
        assert message(app) == "Draw before you discard."
        assert session.game.state.equals(before)
        await pilot.press("t")
        await click(pilot, app, "9C KD")
        await pilot.press("m")
        assert "is not a run or a set" in message(app)
        await pilot.press("escape")
        after_draw = session.game.state.clone()
        # Ruling C2: the card taken from the pile stays this turn.
        await click(pilot, app, "QH")
        await pilot.press("x")
        assert "cannot discard it until your next turn" in message(app)
        assert session.game.state.equals(after_draw)
        assert hand_of(app).selected_cards() == [parse_card("QH")]
        # Ruling A3: B takes back what was put down since the draw; the draw stands.
        await pilot.press("escape")
        await click(pilot, app, "5H 6H 7H")
        await pilot.press("m")
        assert len(session.game.state.table) == 2
        await pilot.press("b")
        assert session.game.state.equals(after_draw)


@pytest.mark.asyncio
async def test_finish_a_hand_against_a_bot_then_deal_the_next() -> None:
    # Rulings C4, C5, C7: the bot moves first, you go out by discarding; the score sheet shows
    # the hand's points and the totals, and Enter deals hand 2.
    session = classic(turn=1, mine=OUT_IN_ONE, theirs=LOW_HAND)
    app = RummyApp(session, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert session.my_turn and any(line.startswith("Bot 1") for line in session.log)
        await pilot.press("d")
        await click(pilot, app, "5H 6H 7H 8H")
        await pilot.press("m")
        await pilot.press("x")
        await pilot.pause()
        assert session.game.state.phase == HAND_OVER
        sheet = app.screen
        assert isinstance(sheet, ScoreSheet)
        title = str(sheet.query_one("#sheet-title", Static).render())
        assert title == "Hand 1 is over: You went out."
        points = session.game.state.scores[0]
        assert points > 0
        reasons = str(sheet.query_one("#sheet-reasons", Static).render())
        assert reasons.startswith("You: the others' cards") and "Bot 1: scores nothing" in reasons
        await pilot.press("enter")
        await pilot.pause()
        assert session.game.state.hand_number == 2
        assert not isinstance(app.screen, ScoreSheet)
        assert session.game.state.scores[0] == points


@pytest.mark.asyncio
async def test_a_single_hand_ends_the_match_and_offers_another(tmp_path: Path) -> None:
    # Ruling C7: a single hand's winner wins the match; Y starts a new match. A game saved at
    # its end opens on the final sheet.
    save = tmp_path / "game.json"
    session = classic("classic:target=none", save, mine=OUT_IN_ONE, theirs=LOW_HAND)
    app = RummyApp(session, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await click(pilot, app, "5H 6H 7H 8H")
        await pilot.press("m", "x")
        await pilot.pause()
        assert session.game.state.phase == MATCH_OVER
        sheet = app.screen
        assert isinstance(sheet, ScoreSheet)
        assert str(sheet.query_one("#sheet-title", Static).render()) == (
            "The match is over. You win!"
        )
        ended = tmp_path / "ended.json"
        ended.write_text(save.read_text())
        await pilot.press("y")
        await pilot.pause()
        assert app.session is not session
        assert app.session is not None and app.session.game.state.hand_number == 1
        assert app.session.save_path == save
    app = RummyApp(Session.resume(ended), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheet) and app.sess.match_over


@pytest.mark.asyncio
async def test_every_move_is_saved_and_the_game_resumes(tmp_path: Path) -> None:
    # The save replays to the same position (rulings A2/A3 keep the log exact).
    save = tmp_path / "game.json"
    session = classic(save=save)
    app = RummyApp(session, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        assert save.is_file()
        await click(pilot, app, "KD")
        await pilot.press("x")
        await pilot.pause()
        where = dump_position(session.game.state)
    resumed = Session.resume(save)
    assert dump_position(resumed.game.state) == where
    assert resumed.save_path == save and resumed.seats == [HUMAN, "random"]
    app = RummyApp(resumed, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        assert resumed.game.state.phase == PLAY
    assert Session.resume(save).game.state.phase == PLAY


@pytest.mark.asyncio
async def test_bots_move_after_a_visible_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    # Rulings C2 and A2: after your discard the bot draws and discards, one action per pause,
    # thinking in a thread; meanwhile your keys are refused with a reason and change nothing.
    session = classic()
    # The bot's thread waits for the test's word, so the key below lands in the bot's turn
    # however slow the machine is.
    go = threading.Event()
    step = session.bot_step

    def held_step() -> list[str]:
        assert go.wait(60), "the test never let the bot move"
        return step()

    monkeypatch.setattr(session, "bot_step", held_step)
    app = RummyApp(session, pause=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await click(pilot, app, "KD")
        await pilot.press("x")
        assert session.game.current_player() == 1
        hand = session.view.hand
        await pilot.press("d")
        assert message(app) == "Wait: it is Bot 1's turn."
        assert session.view.hand == hand
        go.set()
        # Waited for, not timed: a loaded machine may take longer, never a wrong turn.
        for _ in range(600):
            if session.my_turn:
                break
            await pilot.pause(0.05)
        assert session.my_turn and session.game.state.phase == DRAW
        assert any(line.startswith("Bot 1 discarded") for line in session.log)
