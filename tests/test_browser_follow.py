"""Following the play in Chromium: the tab's title, a sound (off by default on a desktop, on
by default on a phone, a switch either way) and a buzz call the player to their turn; each
player's move shows on the table for a moment; cards fly from the stock and to the pile as CSS
transitions, which a browser that asks for reduced motion does without."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import (
    SCRIPTED,
    join,
    needs_chromium,
    new_page,
    shoot,
    state_id,
    wait_moved,
    wait_my_turn,
)
from playwright.sync_api import Browser, Page, expect
from server_helpers import create_table, running_server

pytestmark = needs_chromium

LISTEN = """
window.calls = { tones: 0, buzzes: 0 };
class CountingContext {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    window.calls.tones += 1;
    return { frequency: {}, connect: (n) => n, start() {}, stop() {} };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n) => n };
  }
}
window.AudioContext = CountingContext;
navigator.vibrate = () => { window.calls.buzzes += 1; return true; };
"""
"""Count the page's tones and buzzes (headless Chromium plays and buzzes nothing)."""


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path / 'server.sqlite3'}", SCRIPTED) as url:
        yield url


def seat_page(browser: Browser, url: str, phone: bool = False, reduced: bool = False) -> Page:
    page = new_page(browser, phone, reduced_motion="reduce" if reduced else "no-preference")
    page.context.add_init_script(LISTEN)
    return join(page, url)


def calls(page: Page, what: str) -> int:
    count: int = page.evaluate(f"window.calls.{what}")
    return count


def take_a_turn(page: Page) -> None:
    before = state_id(page)
    page.click("#stock")
    wait_moved(page, before)
    page.locator("#hand .card").first.click()
    page.click("#discard-button")
    wait_moved(page, before + 1)


def test_the_turn_calls_the_player_and_each_move_shows_for_a_moment(
    base: str, browser: Browser
) -> None:
    table = create_table(base, "classic", [None, "greedy"], 0.5)
    page = seat_page(browser, table["links"][0]["url"])
    expect(page.locator("#sound")).not_to_be_checked()  # a desktop: quiet unless asked
    wait_my_turn(page)
    expect(page).to_have_title("Your turn · Rummy table")
    assert calls(page, "tones") == 0 and calls(page, "buzzes") == 1
    page.check("#sound")
    # The draw flies from the stock into the hand.
    flights = page.evaluate("window.rummyTable.flights")
    take_a_turn(page)
    assert page.evaluate("window.rummyTable.flights") >= flights + 2
    expect(page).to_have_title("Rummy table")
    # The bot's move shows on the table, then goes; its turn over, the call comes again.
    moves = page.locator("#moves li")
    expect(moves.last).to_contain_text("normal bot (2)", timeout=10000)
    expect(page.locator("#seats li.moved")).to_have_count(1)
    shoot(page, "follow-bot-moved-desktop")
    wait_my_turn(page)
    expect(page).to_have_title("Your turn · Rummy table")
    assert calls(page, "tones") == 2 and calls(page, "buzzes") == 2
    expect(moves).to_have_count(0, timeout=6000)
    # The choice is kept for the next table page.
    page.reload()
    expect(page.locator("#sound")).to_be_checked()


def test_a_phone_sounds_by_default_and_reduced_motion_has_no_glide(
    base: str, browser: Browser
) -> None:
    table = create_table(base, "classic", [None, "greedy"], 0.5)
    phone = seat_page(browser, table["links"][0]["url"], phone=True)
    expect(phone.locator("#sound")).to_be_checked()
    glide = "getComputedStyle(Object.assign(document.body.appendChild("
    glide += "document.createElement('span')), {className: 'fly'})).transitionDuration"
    assert phone.evaluate(glide) == "0.35s"
    still = seat_page(browser, table["links"][0]["url"], reduced=True)
    assert still.evaluate(glide) == "0s"
