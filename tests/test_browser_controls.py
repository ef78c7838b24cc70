"""The table's controls in Chromium: a drag that outlives the hand it began in (an update draws
the hand again mid-drag) still ends where it is let go, leaving no floating card; a button
looks ready only when it would do something, and a line says why one cannot be pressed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import (
    box_of,
    needs_chromium,
    open_seat,
    select,
    shoot,
    state_id,
    table_at,
    view,
    wait_moved,
)
from playwright.sync_api import Browser, Page, expect
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
        start = box_of(card)
        pile = box_of(page.locator("#discard"))
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


CLASSIC_PLAY: dict[str, Any] = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "turns_taken": [1, 1],
    "phase": "play",
    "this_turn": {"drew": "stock"},
    "hands": [
        ["7H", "7D", "7C", "9C", "KD", "QS", "2H", "4S"],
        ["4H", "5C", "8D", "JD", "QH", "2S", "3C"],
    ],
    "discard": ["5D"],
    "stock": ["QC", "AS"],
}

GLOW = "rgb(255, 213, 74)"
"""The ready buttons' yellow (table.css, --glow)."""


def look(page: Page, button: str) -> tuple[bool, str]:
    """Whether ``button`` can be pressed, and its colour."""
    found: tuple[bool, str] = page.evaluate(
        "(id) => { const b = document.getElementById(id);"
        " return [!b.disabled, getComputedStyle(b).backgroundColor]; }",
        button,
    )
    return found[0], found[1]


def test_only_a_button_that_would_do_something_looks_ready(
    tmp_path: Path, browser: Browser
) -> None:
    with table_at(tmp_path, "classic", [None, "greedy"], CLASSIC_PLAY, pause=30) as (_, links):
        page = open_seat(browser, links[0])
        # Nothing selected: nothing to meld, lay off or discard, and the line says what to do.
        for button in ("meld", "layoff", "discard-button"):
            enabled, colour = look(page, button)
            assert not enabled and colour != GLOW, button
        expect(page.locator("#why")).to_have_text(
            "Tap cards to select them: several to meld, one to lay off or discard."
        )
        expect(page.locator("#discard")).not_to_have_class("pile discard can")
        shoot(page, "controls-nothing-selected")
        # One card: Discard is ready; Meld may be tried, but is not known to work.
        select(page, ["KD"])
        assert look(page, "discard-button") == (True, GLOW)
        expect(page.locator("#discard")).to_have_class("pile discard can")
        enabled, colour = look(page, "meld")
        assert enabled and colour != GLOW
        expect(page.locator("#why")).to_have_text("")
        # Two cards: no discard, and why.
        page.locator('#hand .card[data-card="QS"]').click()
        page.wait_for_function("window.rummyTable.choices?.cards.length === 2")
        assert not look(page, "discard-button")[0]
        expect(page.locator("#why")).to_have_text("Discard takes one card: select just one.")
        # A meld: Meld is ready.
        page.locator("#hand .card.selected").first.click()
        page.locator("#hand .card.selected").first.click()
        select(page, ["7H", "7D", "7C"])
        assert look(page, "meld") == (True, GLOW)
        # One's own meld is said to a screen reader as "Your set", never "You's set".
        before = state_id(page)
        page.click("#meld")
        wait_moved(page, before)
        label = page.locator("#melds .meld").first.get_attribute("aria-label") or ""
        assert label.startswith("Your set: "), label
