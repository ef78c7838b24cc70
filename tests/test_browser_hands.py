"""Whole hands in the browser from set positions: classic by keys alone, Hungarian with the cut
card and a joker read through the chooser, Riverside with the whole pile and a face-down close.

Each table starts at a position written to the server's database (``table_at``), so the moment
a test is about comes in a move or two; the rest is the page, the server and the engine.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_helpers import (
    card_button,
    hand_cards,
    needs_chromium,
    new_page,
    open_seat,
    select,
    shoot,
    state_id,
    table_at,
    view,
    wait_moved,
    wait_my_turn,
)
from playwright.sync_api import Browser, Page, expect

from rummy_core.engine.cards import parse_card
from rummy_core.present.plays import card_label

pytestmark = needs_chromium


def key_select(page: Page, cards: list[str]) -> None:
    """Select ``cards`` with the arrow keys and Space only."""
    for card in cards:
        order = hand_cards(page)
        target = order.index(card)
        cursor: int = page.evaluate("window.rummyTable.cursor")
        for _ in range((target - cursor) % len(order)):
            page.keyboard.press("ArrowRight")
        assert page.evaluate("window.rummyTable.cursor") == target
        page.keyboard.press(" ")
    expect(page.locator("#hand .card.selected")).to_have_count(len(cards))
    page.wait_for_function(
        "(() => { const s = window.rummyTable; return s.choices &&"
        f" s.choices.cards.length === {len(cards)}; }})()"
    )


def press_and_wait(page: Page, key: str) -> None:
    before = state_id(page)
    page.keyboard.press(key)
    wait_moved(page, before)


def shown(card: str) -> str:
    """A card as the page writes it ("10♥")."""
    return card_label(parse_card(card))


CLASSIC: dict[str, Any] = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "turns_taken": [1, 1],
    "hands": [
        ["AS", "2S", "3S", "7H", "7D", "7C", "9C", "10C", "JC", "KD"],
        ["4H", "5C", "8D", "JD", "QS", "2H", "3C", "6S", "9H", "KH"],
    ],
    "discard": ["5D"],
    "stock": ["QC"],
}


def test_a_classic_hand_by_keys_alone_ends_in_the_score_sheet(
    tmp_path: Path, browser: Browser
) -> None:
    with table_at(tmp_path, "classic:target=500", [None, "greedy"], CLASSIC) as (_, links):
        page = new_page(browser)
        page.goto(links[0])
        # The link's page: the table, the seat, a name to type; Enter joins.
        expect(page.locator("#join-seat")).to_contain_text("seat 1")
        expect(page.locator("#join-name")).to_be_focused()
        page.keyboard.type("Keys")
        page.keyboard.press("Enter")
        expect(page.locator("#status")).to_have_text("connected")
        wait_my_turn(page)
        order = hand_cards(page)
        page.keyboard.press("s")  # sort by rank, then back by suit
        expect(page.locator("#sort")).to_have_text("Sort: rank")
        assert hand_cards(page) != order
        page.keyboard.press("s")
        assert hand_cards(page) == order
        # The first turn: draw, and discard at once.
        press_and_wait(page, "d")
        assert "QC" in view(page)["hand"] and len(view(page)["hand"]) == 11
        key_select(page, ["KD"])
        press_and_wait(page, "x")
        # The bot's turn, pushed to the page; then everything goes down at once: a rummy.
        wait_my_turn(page)
        assert view(page)["turns_taken"] == [2, 2]
        press_and_wait(page, "d")
        (drawn,) = view(page)["drawn"]
        for meld in (["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC", "QC"]):
            key_select(page, meld)
            press_and_wait(page, "m")
        assert [sorted(m["cards"]) for m in view(page)["table"] if m["owner"] == 0] == [
            ["2S", "3S", "AS"],
            ["7C", "7D", "7H"],
            ["10C", "9C", "JC", "QC"],
        ]
        key_select(page, [drawn])
        press_and_wait(page, "x")

        sheet = page.locator("#sheet")
        expect(sheet).to_be_visible()
        text = sheet.inner_text()
        rival = page.evaluate("window.rummyTable.sheet.leftover[1]")
        assert len(rival) == 10 - sum(len(m["cards"]) for m in view(page)["table"] if m["owner"])
        for card in rival:
            assert shown(card) in text, f"{card} is not on the score sheet"
        points = view(page)["outcome"]["hand_scores"]
        assert points[0] > 0 and points[1] == 0
        assert "You: the others' cards" in text and "a rummy, out all at once: doubled" in text
        assert str(points[0]) in text
        shoot(page, "classic-keys-score-sheet")
        # The sheet has the focus: Enter deals the next hand.
        expect(page.locator("#next-hand")).to_be_focused()
        page.keyboard.press("Enter")
        page.wait_for_function("window.rummyTable.view.hand_number === 2")
        expect(sheet).to_be_hidden()
        assert page.evaluate("window.rummyTable.sheet") is None


HUNGARIAN: dict[str, Any] = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "turns_taken": [1, 1],
    "hands": [
        ["JK", "5H", "6H", "10H", "10D", "10C", "QC", "KC", "AC", "7S", "8S", "9S", "10S", "2D"],
        ["3C", "4D", "8H", "9D", "KD", "KS", "QH", "6C", "5S", "4S", "2C", "3H", "9C", "8C"],
    ],
    "discard": ["6D"],
    "on_show": {"cut": ["JS"]},
}


def test_a_hungarian_hand_with_the_cut_card_and_a_joker(tmp_path: Path, browser: Browser) -> None:
    with table_at(tmp_path, "hungarian", [None, "greedy"], HUNGARIAN) as (_, links):
        page = open_seat(browser, links[0])
        wait_my_turn(page)
        expect(page.locator("#shown-cut .card")).to_have_attribute("data-card", "JS")
        before = state_id(page)
        page.click("#take-cut")
        wait_moved(page, before)
        assert "JS" in view(page)["hand"]
        expect(page.locator("#take-back")).to_have_text("Give back the cut card")
        # The opening: every card but the 2D in one lay-down; the joker reads two ways.
        select(page, [c for c in view(page)["hand"] if c != "2D"])
        page.click("#meld")
        chooser = page.locator("#chooser")
        expect(chooser).to_be_visible()
        options = page.locator("#chooser-options button")
        assert options.count() >= 2
        readings = options.all_inner_texts()
        assert any("JK=4♥" in r for r in readings) and any("JK=7♥" in r for r in readings)
        shoot(page, "hungarian-joker-chooser")
        before = state_id(page)
        options.filter(has_text="JK=7♥").first.click()
        wait_moved(page, before)
        table = [c for m in view(page)["table"] for c in m["cards"]]
        assert "JK=7H" in table and len(table) == 14
        expect(page.locator('#melds .card[data-card="JK"] .stands')).to_have_text("=7♥")
        select(page, ["2D"])
        before = state_id(page)
        page.click("#discard-button")
        wait_moved(page, before)

        sheet = page.locator("#sheet")
        expect(sheet).to_be_visible()
        text = sheet.inner_text()
        assert view(page)["outcome"]["hand_scores"] == [-20, 100]
        assert "You: went out all at once: -20." in text
        assert "never opened: 100 points." in text
        for card in HUNGARIAN["hands"][1]:
            assert shown(card) in text
        shoot(page, "hungarian-score-sheet")
        # A reload at the hand's end shows the same sheet (the welcome carries it).
        page.reload()
        expect(page.locator("#sheet")).to_be_visible()
        assert page.locator("#sheet").inner_text() == text
        # Closed to look at the table, the sheet and the next hand are a click away (no dead end).
        page.click("#sheet-close")
        expect(sheet).to_be_hidden()
        expect(page.locator("#over-bar")).to_be_visible()
        shoot(page, "hungarian-hand-over-table")
        page.click("#show-sheet")
        expect(sheet).to_be_visible()
        page.click("#sheet-close")
        page.click("#next-hand-bar")
        page.wait_for_function("window.rummyTable.view.hand_number === 2")
        expect(page.locator("#over-bar")).to_be_hidden()


# The rival's hand is worth 105, as much as the table seat 0 will put down: the numbers alone
# cannot tell the table's points from the others' cards, so the rules' own items say which.
RIVERSIDE: dict[str, Any] = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "turns_taken": [1, 1],
    "hands": [
        ["3C", "5C", "7H", "8H", "10H", "QD", "AD", "JS", "QS", "KS"],
        ["2H", "3D", "4S", "5H", "9C", "10S", "JD", "8D", "4D", "9S"],
    ],
    "discard": ["4C", "9H", "KD", "6D"],
}


def test_a_riverside_hand_with_the_whole_pile_and_a_face_down_close(
    tmp_path: Path, browser: Browser
) -> None:
    with table_at(tmp_path, "riverside", [None, "greedy"], RIVERSIDE) as (_, links):
        page = open_seat(browser, links[0], phone=True)
        wait_my_turn(page)
        expect(page.locator("#discard-label")).to_have_text("Pile (taken whole) 4")
        before = state_id(page)
        page.locator("#discard").tap()
        wait_moved(page, before)
        assert view(page)["discard_size"] == 0 and len(view(page)["hand"]) == 14
        for card in ("4C", "9H", "KD", "6D"):
            expect(card_button(page, card)).to_have_class(re.compile(r"\bnew\b"))
        for meld in (
            ["3C", "4C", "5C"],
            ["7H", "8H", "9H", "10H"],
            ["QD", "KD", "AD"],
            ["JS", "QS", "KS"],
        ):
            before = state_id(page)
            select(page, meld)
            page.locator("#meld").tap()
            wait_moved(page, before)
        assert view(page)["hand"] == ["6D"]
        expect(page.locator("#discard-button")).to_have_text("Close face down")
        expect(page.locator("#turn")).to_contain_text("closes face down")
        shoot(page, "riverside-phone-before-close")
        select(page, ["6D"])
        before = state_id(page)
        page.locator("#discard-button").tap()
        wait_moved(page, before)

        assert view(page)["discard_face_down"] is True
        sheet = page.locator("#sheet")
        expect(sheet).to_be_visible()
        text = sheet.inner_text()
        points = view(page)["outcome"]["hand_scores"]
        table_worth = points[0]
        assert table_worth > 0
        assert (
            "You: closed face down: the last card counts for nobody;"
            f" the cards on the table: {table_worth}." in text
        )
        assert "the cards left in hand: -" in text
        for card in RIVERSIDE["hands"][1]:
            assert shown(card) in text
        shoot(page, "riverside-phone-score-sheet")
