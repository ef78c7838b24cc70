"""A running total while an opening is put together at the browser table (#36 point 10):
Hungarian Römi's 51 (ruling H5), counted by the server as the rules count it; and a selection
that splits into more lay-downs than the server lists (#39)."""

from __future__ import annotations

from pathlib import Path

from browser_helpers import (
    needs_chromium,
    open_seat,
    select,
    shoot,
    state_id,
    table_at,
    wait_moved,
)
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


def test_a_selection_with_more_lay_downs_than_listed_is_asked_about(
    tmp_path: Path, browser: Browser
) -> None:
    # Four Riverside 2s among a run of hearts: more than 24 ways. The page plays none of them
    # unasked, and says the list is not all there is.
    hand = ["2C", "2D", "2H", "2S", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KS"]
    start = {
        "players": 2,
        "dealer": 1,
        "turn": 0,
        "turns_taken": [2, 2],
        "hands": [hand, ["3C", "4C", "5C", "9D"]],
        "stock": ["7C", "8C", "KD"],
        "discard": ["9S"],
    }
    with table_at(tmp_path, "riverside", [None, "greedy"], start) as (_, links):
        page = open_seat(browser, links[0])
        before = state_id(page)
        page.keyboard.press("d")
        wait_moved(page, before)
        select(page, hand[:-1])
        before = state_id(page)
        page.click("#meld")
        expect(page.locator("#chooser-title")).to_have_text(
            "These cards can be laid down in more ways than the table can list. Is it one of these?"
        )
        # The legal ones among the 24 ways the server looked at (21 here), none played.
        assert 1 < page.locator("#chooser-options button").count() <= 24
        assert state_id(page) == before
        shoot(page, "more-lay-downs-than-listed", full_page=False)
