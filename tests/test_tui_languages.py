"""The full-screen game and the text game in another language, as ``rummy play --lang is`` plays.

Riverside in Icelandic: the table's words are the Icelandic rules text's own (Stokkur,
Kastbunki), a refusal of the engine is its Icelandic sentence, the help shows *Reglur í Árbakka
Rommí*, and a Hungarian or Italian player's table is in their language too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import click
import pytest
from textual.widgets import Markdown, Static
from tui_screens import screen_text

from rummy_core.engine.cards import parse_cards
from rummy_core.engine.setup import Variant, game_from_position
from rummy_core.i18n.languages import set_language
from rummy_core.tui.app import RummyApp
from rummy_core.tui.plain import play_text
from rummy_core.tui.screens import HelpScreen
from rummy_core.tui.session import HUMAN, Session, Setup
from rummy_core.tui.widgets import HandView, PileView

SIZE = (100, 30)


@pytest.fixture
def language() -> Iterator[Any]:
    """Choose the process's language as ``--lang`` does; English again afterwards."""
    yield set_language
    set_language("en")


def riverside() -> Session:
    """Seat 0 (the human) to draw in a Riverside hand, past the first turn; a bot at seat 1."""
    data: dict[str, Any] = {
        "players": 2,
        "dealer": 1,
        "turn": 0,
        "turns_taken": [2, 2],
        "hands": [
            ["5H", "6H", "7H", "4S", "9C", "9D", "9H", "KD"],
            ["3C", "10H", "QS", "4D", "JC", "7D", "KS"],
        ],
        "stock": ["3S", "10D", "6C", "8H", "JH", "QC", "AD"],
        "discard": ["QH"],
        "table": [],
    }
    game = game_from_position("riverside", data, seed=3)
    return Session(game, Variant.parse("riverside"), [HUMAN, "random"], 1, None, data)


def shown(widget: Static) -> str:
    return str(widget.render())


@pytest.mark.asyncio
async def test_the_table_speaks_icelandic(language: Any) -> None:
    language("is")
    app = RummyApp(riverside(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.query_one("#stock", PileView).border_title == "Stokkur"
        assert app.query_one("#discard", PileView).border_title == "Kastbunki"
        assert shown(app.query_one("#status", Static)).startswith("Gjöf 1 · Þú átt leik: dragðu")
        assert "Höndin þín: 8 spil" in str(app.query_one("#hand", HandView).border_title)
        # A discard before the draw: the engine's refusal, in Icelandic, changes nothing.
        hand = app.query_one("#hand", HandView)
        hand.cursor = hand.cards.index(parse_cards("KD")[0])
        await pilot.press("space", "x")
        assert shown(app.query_one("#message", Static)) == "Dragðu áður en þú kastar."
        assert len(app.sess.view.hand) == 8
        await pilot.press("d")
        assert app.sess.log[-1].startswith("Þú dróst úr stokknum: ")


@pytest.mark.asyncio
async def test_the_rules_help_is_the_icelandic_rules_page(language: Any) -> None:
    language("is")
    app = RummyApp(riverside(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        rules = app.screen.query_one("#help-rules", Markdown).source
        assert rules.startswith("# Reglur í Árbakka Rommí")
        assert "kastbunkann" in rules and "töfraspil" in rules
        assert "# Úrskurðir" in rules
        keys = app.screen.query_one("#help-keys", Markdown).source
        assert keys.startswith("# Lyklar")


@pytest.mark.asyncio
async def test_the_rules_help_falls_back_to_english_without_a_page(language: Any) -> None:
    language("hu")
    app = RummyApp(riverside(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        rules = app.screen.query_one("#help-rules", Markdown).source
        assert rules.startswith("# Riverside Rommí")
        assert "# Döntések" in rules


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "stock", "pile", "turn"),
    [
        ("hu", "Talon", "Dobópakli", "1. leosztás · Te következel: húzz"),
        ("it", "Tallone", "Pozzo", "Mano 1 · Tocca a te: pesca"),
    ],
)
async def test_hungarian_and_italian_tables(
    language: Any, lang: str, stock: str, pile: str, turn: str
) -> None:
    language(lang)
    app = RummyApp(riverside(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.query_one("#stock", PileView).border_title == stock
        assert app.query_one("#discard", PileView).border_title == pile
        assert shown(app.query_one("#status", Static)).startswith(turn)


def test_the_text_game_speaks_icelandic(language: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    language("is")
    session = riverside()
    typed = iter(["x KD", "d", "q"])
    said: list[str] = []
    monkeypatch.setattr(click, "prompt", lambda *a, **k: next(typed))
    monkeypatch.setattr(click, "echo", lambda text="", **k: said.append(str(text)))
    play_text(session.match, 0)
    text = "\n".join(said)
    assert "  stokkur: 36 spil   kastbunki: 1 (efst QH)" in text
    assert "  Ekki leyfilegt: Dragðu áður en þú kastar." in text
    assert "  Þú dróst úr stokknum: 3♠." in text


@pytest.mark.asyncio
async def test_the_players_box_keeps_a_line_a_player_in_italian(language: Any) -> None:
    # "Computer 1 normale   0 punti 10 carte" was a character wider than the box: it wrapped,
    # and the second player's line fell out of sight.
    language("it")
    app = RummyApp(Session.start(Setup(ruleset="gin", bots=("greedy",), seed=1)), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        you, bot = screen_text(app).splitlines()[2:4]
        assert "Tu" in you and "carte" in you
        assert "Computer 1 normale" in bot and "carte" in bot
