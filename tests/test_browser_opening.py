"""A running total while an opening is put together at the browser table (#36 point 10):
Hungarian Römi's 51 (ruling H5), counted by the server as the rules count it."""

from __future__ import annotations

from pathlib import Path

from browser_helpers import needs_chromium, open_seat, select, state_id, table_at, wait_moved
from playwright.sync_api import Browser, expect
from test_browser_hands import HUNGARIAN

pytestmark = needs_chromium


def test_the_selection_says_what_it_is_worth_toward_the_opening(
    tmp_path: Path, browser: Browser
) -> None:
    with table_at(tmp_path, "hungarian", [None, "greedy"], HUNGARIAN) as (_, links):
        page = open_seat(browser, links[0])
        before = state_id(page)
        page.keyboard.press("d")
        wait_moved(page, before)
        why = page.locator("#why")
        select(page, ["10H", "10D", "10C"])
        expect(why).to_have_text("Selected: 30 points toward the 51 you need to open.")
        page.keyboard.press("Escape")
        select(page, ["10H", "10D", "10C", "7S", "8S", "9S"])
        expect(why).to_have_text("Selected: 54 points toward the 51 you need to open.")
        expect(page.locator("#meld")).not_to_have_class("secondary")
