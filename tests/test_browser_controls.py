"""The table's controls in Chromium: a drag that outlives the hand it began in (an update draws
the hand again mid-drag) still ends where it is let go, leaving no floating card."""

from __future__ import annotations

from pathlib import Path

from browser_helpers import needs_chromium, open_seat, state_id, table_at, view, wait_moved
from playwright.sync_api import Browser, expect
from server_helpers import Client
from test_browser_hands import HUNGARIAN

pytestmark = needs_chromium


def test_a_quick_drag_onto_the_pile_while_the_hand_is_drawn_again_leaves_nothing_floating(
    tmp_path: Path, browser: Browser
) -> None:
    with table_at(tmp_path, "hungarian", [None, "greedy"], HUNGARIAN, pause=30) as (base, links):
        page = open_seat(browser, links[0])
        before = state_id(page)
        page.click("#take-cut")
        wait_moved(page, before)
        card = page.locator('#hand .card[data-card="2D"]')
        start = card.bounding_box()
        pile = page.locator("#discard").bounding_box()
        assert start is not None and pile is not None
        page.mouse.move(start["x"] + 10, start["y"] + 10)
        page.mouse.down()
        page.mouse.move(start["x"] + 40, start["y"] - 30, steps=3)
        expect(page.locator(".ghost")).to_have_count(1)
        # Someone comes to watch: the table says so, and the page draws the hand again.
        dragged = card.element_handle()
        watcher = Client(base, "t0", None)
        page.wait_for_function("(card) => !card.isConnected", arg=dragged)
        page.mouse.move(pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2, steps=3)
        page.mouse.up()
        expect(page.locator(".ghost")).to_have_count(0)
        expect(page.locator("#hand .card.dragging")).to_have_count(0)
        expect(page.locator("#discard")).not_to_have_class("drop")
        # The drop was a discard: made, or refused in words.
        page.wait_for_function(
            f"window.rummyTable.stateId > {before + 1}"
            " || document.getElementById('message').textContent !== ''"
        )
        if state_id(page) > before + 1:
            assert view(page)["top_discard"] == "2D"
        watcher.close()
