"""The full-screen game as a new player meets it: several melds with wilds at once, the log,
the words on screen, dragging cards, a house rule's knock, the levels and the pace."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Select, Static

import rummy_core.present.plays as plays
from rummy_core.engine.cards import parse_cards
from rummy_core.engine.setup import Variant, game_from_position
from rummy_core.engine.state import PLAY
from rummy_core.i18n.languages import use_language
from rummy_core.tui.app import RummyApp
from rummy_core.tui.help import keys_text
from rummy_core.tui.screens import ChoiceScreen, HelpScreen, ScoreSheet, StartScreen
from rummy_core.tui.session import HUMAN, Session, Setup
from rummy_core.tui.widgets import HandView, LogView, PileView, TableView

SIZE = (80, 24)


def session(ruleset: str, position: dict[str, Any], bot: str = "random") -> Session:
    game = game_from_position(ruleset, position, seed=9)
    players = position["players"]
    return Session(game, Variant.parse(ruleset), [HUMAN] + [bot] * (players - 1), 1, None, position)


def hand(text: str) -> list[str]:
    return text.split()


def classic_position(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": 2,
        "dealer": 1,
        "turn": 0,
        "turns_taken": [2, 2],
        "hands": [hand("5H 6H 7H 4S 9C 9D KD"), hand("2C 10H QS 4D JC 7D KS")],
        "stock": ["3C", "10D", "6C", "2H", "JH", "QC", "AD"],
        "discard": ["QH"],
        "table": [{"owner": 1, "cards": ["5S", "6S", "7S", "8S"]}],
    }
    data.update(changes)
    return data


def message(app: RummyApp) -> str:
    return str(app.query_one("#message", Static).render())


def status(app: RummyApp) -> str:
    return str(app.query_one("#status", Static).render())


async def click(pilot: Pilot[None], app: RummyApp, names: str) -> None:
    hand = app.query_one("#hand", HandView)
    for code in parse_cards(names):
        spot = next(i for i, c in enumerate(hand.cards) if c == code and i not in hand.selected)
        await pilot.click("#hand", offset=(2 + spot * 5 + 2, 2))


async def drag(pilot: Pilot[None], app: RummyApp, name: str, to: tuple[int, int]) -> None:
    """Hold a card down with the mouse, move it to the screen cell ``to`` and let it go."""
    hand = app.query_one("#hand", HandView)
    spot = hand.cards.index(parse_cards(name)[0])
    region = hand.content_region
    start = (region.x + spot * 5 + 2, region.y + 1)
    await pilot.mouse_down("#hand", offset=(start[0] - hand.region.x, start[1] - hand.region.y))
    await pilot.hover(None, offset=to)
    await pilot.mouse_up(None, offset=to)
    await pilot.pause()


def centre(widget: Any) -> tuple[int, int]:
    region = widget.region
    return (region.x + region.width // 2, region.y + region.height // 2)


async def meld_question(pilot: Pilot[None], app: RummyApp, names: str) -> ChoiceScreen:
    """Draw from the stock, select ``names`` and meld: the question the game asks then."""
    await pilot.press("d")
    await click(pilot, app, names)
    await pilot.press("m")
    await pilot.pause()
    question = app.screen
    assert isinstance(question, ChoiceScreen)
    return question


def _two_wilds_session() -> Session:
    """Riverside, seat 0 to draw, holding 2C 3C 4C QD KD 2D 9S 8H: two 2s, one in its place."""
    return session(
        "riverside",
        {
            "players": 2,
            "dealer": 1,
            "turn": 0,
            "turns_taken": [2, 2],
            "hands": [hand("2C 3C 4C QD KD 2D 9S 8H"), hand("10C JC 3H 9D")],
            "stock": ["KS", "4D"],
            "discard": ["10H"],
        },
    )


@pytest.mark.asyncio
async def test_several_melds_with_wilds_split_and_ask_only_about_the_wild() -> None:
    # The evening's report: 2♣ 3♣ 4♣ Q♦ K♦ 2♦ and M said "is not a run or a set". The 2♣ sits
    # in its own place; only the 2♦ could be J♦ or A♦, so that is all the player is asked.
    s = _two_wilds_session()
    app = RummyApp(s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        question = await meld_question(pilot, app, "2C 3C 4C QD KD 2D")
        assert question.answers == ["2♣ 3♣ 4♣   2♦=J♦ Q♦ K♦", "2♣ 3♣ 4♣   Q♦ K♦ 2♦=A♦"]
        assert question.typing_hint == "or type it, e.g. 2D=JD"
        await pilot.press("1")
        await pilot.pause()
        table = s.game.state.table
        assert [m.reps for m in table] == [
            tuple(parse_cards("2C 3C 4C")),
            tuple(parse_cards("JD QD KD")),
        ]


@pytest.mark.asyncio
async def test_a_selection_with_more_splits_than_are_listed_asks_for_them_typed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Capped with a clear answer (#39): when the search stops short, the player is told so and
    # types the melds, rather than being offered some of them as if they were all.
    monkeypatch.setattr(plays, "MAX_SPLITS", 1)
    s = _two_wilds_session()
    app = RummyApp(s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        question = await meld_question(pilot, app, "2C 3C 4C QD KD 2D")
        assert question.answers == []
        assert "more ways than can be listed" in question.question
        assert not s.game.state.table


@pytest.mark.asyncio
async def test_hungarian_typing_hint_names_the_joker() -> None:
    s = session(
        "hungarian",
        {
            "players": 2,
            "dealer": 1,
            "turn": 0,
            "turns_taken": [2, 2],
            "hands": [hand("JK 5S 6S QH QD QS KH KD KS 3C"), hand("4C 5C 8D JH 2S 7H 9S")],
            "stock": ["AC", "5D", "6D"],
            "discard": ["4D"],
        },
    )
    app = RummyApp(s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        question = await meld_question(pilot, app, "JK 5S 6S QH QD QS KH KD KS")
        assert question.typing_hint is not None and "JK=" in question.typing_hint
        assert all("2C" not in answer for answer in question.answers)


@pytest.mark.asyncio
async def test_the_log_wraps_long_lines_scrolls_by_keys_and_survives_a_resume(
    tmp_path: Path,
) -> None:
    save = tmp_path / "game.json"
    first = Session.start(Setup(ruleset="classic", bots=("greedy",) * 3, seed=11), save)
    app = RummyApp(first, save_path=save, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(6):
            await pilot.press("d")
            await pilot.press("x")
            await pilot.pause()
            if first.hand_over:
                break
        log = app.query_one("#log", LogView)
        text = str(log.query_one("#log-text", Static).render())
        # Every sentence is there in full, however narrow the log.
        assert all(line in text.replace("\n", " ") or len(line) < 30 for line in first.log)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < log.max_scroll_y
    again = Session.resume(save)
    assert again.log == first.log


@pytest.mark.asyncio
async def test_refusals_write_cards_with_suit_symbols() -> None:
    s = session("classic", classic_position())
    app = RummyApp(s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await click(pilot, app, "QH")
        await pilot.press("x")
        assert "Q♥" in message(app) and "QH" not in message(app)


@pytest.mark.asyncio
async def test_the_hint_lists_only_the_keys_usable_now() -> None:
    s = session("classic", classic_position())
    app = RummyApp(s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        assert "D stock" in status(app) and "C cut card" not in status(app)
        await pilot.press("d")
        hint = status(app)
        # 4♠ goes on the spades; there is no wild to swap and nothing to take back yet.
        assert "M meld" in hint and "L lay off" in hint and "X discard" in hint
        assert "W swap" not in hint and "B take back" not in hint
        await click(pilot, app, "5H 6H 7H")
        await pilot.press("m")
        assert "B take back" in status(app)


@pytest.mark.asyncio
async def test_drag_a_card_onto_a_meld_onto_the_pile_and_within_the_hand() -> None:
    s = session("classic", classic_position())
    app = RummyApp(s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        hand = app.query_one("#hand", HandView)
        first = hand.cards[0]
        await drag(pilot, app, "KD", (hand.content_region.x + 2, hand.content_region.y + 1))
        assert hand.cards[0] == parse_cards("KD")[0] and hand.cards[1] == first
        assert "your order" in str(hand.border_title)
        table = app.query_one("#table", TableView)
        meld_row = (table.content_region.x + 10, table.content_region.y)
        await drag(pilot, app, "4S", meld_row)
        assert s.game.state.table[0].cards == tuple(parse_cards("4S 5S 6S 7S 8S"))
        await drag(pilot, app, "KD", centre(app.query_one("#discard", PileView)))
        assert s.game.state.phase != PLAY and s.view.top_discard is not None
        assert parse_cards("KD")[0] not in s.view.hand


def _knocking_session() -> Session:
    """Classic with the knock house rule, seat 0 to draw, holding A♥ A♠ 2♠ 2♦ K♦."""
    return session(
        "classic+knock",
        classic_position(hands=[hand("AH AS 2S 2D KD"), hand("2C 10H QS 4D JC 7D KS")]),
    )


@pytest.mark.asyncio
async def test_a_person_can_knock_when_the_house_rule_is_on() -> None:
    # House rule knock: after the draw the hand is A♥ A♠ 2♠ 2♦ K♦ 3♣; without the K♦ it is
    # worth 9, so K knocks with it, and the help lists the key.
    s = _knocking_session()
    app = RummyApp(s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        assert "K knock" not in status(app)
        await pilot.press("d")
        assert "K knock" in status(app)
        await click(pilot, app, "AH")
        await pilot.press("k")
        # The engine says why, as the browser table does: not "cannot knock now".
        assert message(app) == "Your hand would be worth 18 points; you may knock with 10 or less."
        assert s.game.state.phase == PLAY
        await pilot.press("escape")
        await click(pilot, app, "KD")
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheet)
        assert parse_cards("KD")[0] == s.game.state.discard[-1]


@pytest.mark.asyncio
async def test_the_keys_work_in_capitals_as_the_hints_write_them() -> None:
    # The hints say "D stock", "K knock": with Caps Lock on, or read literally, they still work.
    s = _knocking_session()
    app = RummyApp(s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("D")
        assert s.game.state.phase == PLAY
        await click(pilot, app, "KD")
        await pilot.press("K")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheet)
        assert parse_cards("KD")[0] == s.game.state.discard[-1]


@pytest.mark.asyncio
async def test_start_screen_defaults_to_normal_and_offers_a_fast_pace(tmp_path: Path) -> None:
    app = RummyApp(save_path=tmp_path / "g.json", pause=0)
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen)
        assert start.query_one("#bot", Select).value == "greedy"
        start.query_one("#speed", Select).value = "fast"
        await pilot.click("#start")
        await pilot.pause()
        assert app.sess.seats[1] == "greedy" and app.pause == 0.15
        assert "Bot 1 normal" in str(app.query_one("#players", Static).render())
        await pilot.press("f")
        assert app.pause == 0.6


@pytest.mark.asyncio
async def test_help_names_the_bots_and_no_internal_codes() -> None:
    s = session("riverside", {**classic_position(), "turns_taken": [1, 1], "table": []})
    app = RummyApp(s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = "".join(
            str(md._markdown)  # the source text the help was given
            for md in app.screen.query("Markdown")
        )
        assert "easy (the `random` bot)" in shown and "PgUp" in shown
        assert "(`must_keep_a_card`)" not in shown and "rulings.md" not in shown.lower()
        # A key's note is the player's: Riverside's guide says which keys draw.
        assert "the stock (`d`), or **the whole discard pile** (`t`, R3)" in shown
        assert "card down: you always need a card to discard" in shown


@pytest.mark.parametrize(
    ("ruleset", "cut", "wilds"),
    [
        ("gin", False, False),
        ("classic", False, False),
        ("riverside", False, True),
        ("hungarian", True, True),
    ],
)
def test_the_help_tells_only_the_keys_of_the_rules_in_play(
    ruleset: str, cut: bool, wilds: bool
) -> None:
    # Gin has no cut card and no wilds: its help does not tell of C, W or a wild's declaration;
    # Hungarian's cut card (H7) and jokers, Riverside's wilds (R4) are told.
    game = game_from_position(ruleset, {**classic_position(), "turns_taken": [1, 1], "table": []})
    text = keys_text(game, [HUMAN, "greedy"])
    assert ("**C** try the cut card" in text) == cut
    assert ("**W** swap" in text) == wilds
    assert ("`2C=5S`" in text) == wilds and ("for a wild" in text) == wilds
    for always in ("**D** draw", "**M** meld", "**L** lay", "**X** discard", "**B** take back"):
        assert always in text
    assert text.startswith("The top line lists the keys you can use now.\n\n- **← →**")
    with use_language("is"):
        assert "**D** draga úr stokknum" in keys_text(game, [HUMAN, "greedy"])


def test_the_help_names_the_rules_own_actions_in_the_player_s_language() -> None:
    # Gin's knock and pass are the ruleset's own actions, called as the rules call them.
    game = game_from_position("gin", {**classic_position(), "turns_taken": [1, 1], "table": []})
    with use_language("is"):
        text = keys_text(game, [HUMAN, "greedy"])
    assert "Reglurnar" in text and "- **K** banka\n" in text and "- **P** pass\n" in text
    with use_language("en"):
        text = keys_text(game, [HUMAN, "greedy"])
    assert "The rules in play bring their own actions:" in text and "- **K** knock\n" in text
