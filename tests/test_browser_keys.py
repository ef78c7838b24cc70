"""The keyboard in Chromium: the cursor does not look like a selection, Esc unselects, C takes
the cut card (and the key hint says so), ↑ ↓ and Enter pick one of several glowing melds; the
language chosen on the start page goes with the seat links it makes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import (
    SCRIPTED,
    lobby,
    needs_chromium,
    new_page,
    open_seat,
    state_id,
    table_at,
    view,
    wait_moved,
    wait_my_turn,
)
from playwright.sync_api import Browser, Page, expect
from server_helpers import running_server
from test_browser_hands import HUNGARIAN, key_select

pytestmark = needs_chromium

GLOW = "255, 213, 74"


def focused_look(page: Page) -> dict[str, str]:
    look: dict[str, str] = page.evaluate(
        "(() => { const el = document.activeElement, css = getComputedStyle(el);"
        " return { card: el.dataset.card ?? '', outline: css.outlineStyle,"
        " ring: css.boxShadow }; })()"
    )
    return look


def test_the_cursor_is_not_a_selection_esc_unselects_and_c_takes_the_cut_card(
    tmp_path: Path, browser: Browser
) -> None:
    with table_at(tmp_path, "hungarian", [None, "greedy"], HUNGARIAN, pause=30) as (_, links):
        page = open_seat(browser, links[0])
        wait_my_turn(page)
        expect(page.locator("#keys")).to_contain_text("C take the cut card")
        before = state_id(page)
        page.keyboard.press("c")
        wait_moved(page, before)
        assert "JS" in view(page)["hand"]
        page.keyboard.press("ArrowRight")
        cursor = focused_look(page)
        assert cursor["outline"] == "dashed" and GLOW not in cursor["ring"], cursor
        page.keyboard.press(" ")
        expect(page.locator("#hand .card.selected")).to_have_count(1)
        selected = focused_look(page)
        assert GLOW in selected["ring"], selected
        page.keyboard.press("Escape")
        expect(page.locator("#hand .card.selected")).to_have_count(0)
        assert page.evaluate("window.rummyTable.selected.size") == 0


TWO_HOMES: dict[str, Any] = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "turns_taken": [2, 2],
    "phase": "play",
    "this_turn": {"drew": "stock"},
    "hands": [["10H", "2C", "5S", "KD"], ["4H", "5C", "8D"]],
    "discard": ["5D"],
    "stock": ["QC", "AS"],
    "table": [
        {"owner": 1, "cards": ["7H", "8H", "9H"]},
        {"owner": 1, "cards": ["10S", "10D", "10C"]},
    ],
}


def test_arrows_and_enter_pick_one_of_several_glowing_melds(
    tmp_path: Path, browser: Browser
) -> None:
    with table_at(tmp_path, "classic", [None, "greedy"], TWO_HOMES, pause=30) as (_, links):
        page = open_seat(browser, links[0])
        expect(page.locator("#keys")).not_to_contain_text("C take")
        key_select(page, ["10H"])
        expect(page.locator("#melds .meld.glow")).to_have_count(2)
        page.keyboard.press("ArrowDown")
        expect(page.locator("#melds .meld").nth(0)).to_be_focused()
        page.keyboard.press("ArrowDown")
        expect(page.locator("#melds .meld").nth(1)).to_be_focused()
        before = state_id(page)
        page.keyboard.press("Enter")
        wait_moved(page, before)
        assert view(page)["table"][1]["cards"] == ["10S", "10D", "10C", "10H"]


def test_the_language_chosen_on_the_start_page_goes_with_the_seat_links(
    tmp_path: Path, browser: Browser
) -> None:
    with running_server(f"sqlite:///{tmp_path / 'server.sqlite3'}", SCRIPTED) as base:
        host = lobby(browser, base)
        host.select_option("#language", "is")
        host.wait_for_function("window.rummyLobby?.ready === true")
        expect(host.locator("h1")).to_have_text("Rommíborð")
        host.click("#create-button")
        url = host.locator("#links li input").first.input_value()
        assert "?lang=is#seat=0&token=" in url
        guest = new_page(browser)  # a browser that speaks English
        guest.goto(url)
        expect(guest.locator("#join-title")).to_have_text("Setjast við borðið")
