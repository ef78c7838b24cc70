"""The end of a match in Chromium: "Play again" takes every page at the table to a new match of
the same seats and rules (no link to send, no name to type again); the host's "Change the
rules" opens the start page for the same seats under rules chosen there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import (
    join,
    needs_chromium,
    new_page,
    open_seat,
    select,
    shoot,
    state_id,
    table_at,
    view,
    wait_moved,
)
from playwright.sync_api import Browser, Page, expect

from rummy_core.server.games import variant_label

pytestmark = needs_chromium

GOING_OUT: dict[str, Any] = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "turns_taken": [2, 2],
    "phase": "play",
    "this_turn": {"drew": "stock"},
    "hands": [["7H", "7D", "7C", "KD"], ["4H", "5C", "8D", "JD", "QH", "2S", "3C"]],
    "discard": ["5D"],
    "stock": ["QC", "AS", "9H"],
}
"""Ann melds three sevens and discards the last card: a single hand's match is over."""


def host_seat(browser: Browser, url: str) -> Page:
    """Seat 1 in a browser that made the table (it holds the creator token)."""
    page = new_page(browser)
    page.context.add_init_script("localStorage.setItem('rummy-creator:t0', 'creator')")
    return join(page, url)


def end_the_match(ann: Page) -> None:
    select(ann, ["7H", "7D", "7C"])
    before = state_id(ann)
    ann.click("#meld")
    wait_moved(ann, before)
    select(ann, ["KD"])
    ann.click("#discard-button")
    wait_moved(ann, before + 1)
    expect(ann.locator("#sheet")).to_be_visible()
    assert view(ann)["phase"] == "match_over"


def change_rules_page(host: Page) -> Page:
    """The start page the host's Change the rules opens, once it is ready."""
    with host.context.expect_page() as opened:
        host.evaluate("window.open(document.getElementById('change-rules').href)")
    start = opened.value
    start.wait_for_function("window.rummyLobby?.ready === true")
    return start


def test_play_again_takes_everyone_to_a_new_match_of_the_same_seats(
    tmp_path: Path, browser: Browser
) -> None:
    variant = "classic:target=none"
    with table_at(tmp_path, variant, [None, None], GOING_OUT, pause=30) as (_, links):
        ann = host_seat(browser, links[0])
        bea = open_seat(browser, links[1], phone=True, name="Bea")
        end_the_match(ann)
        expect(bea.locator("#sheet")).to_be_visible()
        expect(ann.locator("#change-rules")).to_be_visible()  # the host's
        expect(bea.locator("#change-rules")).to_be_hidden()
        shoot(bea, "rematch-sheet-phone")
        bea.locator("#rematch").click()  # on the score sheet
        for page, seat in ((ann, 0), (bea, 1)):
            page.wait_for_url("**/table/*#seat=*", timeout=15000)
            expect(page.locator("#status")).to_have_text("connected")
            page.wait_for_function(
                "window.rummyTable?.view && window.rummyTable.view.phase !== 'match_over'"
            )
            assert "/table/t0" not in page.url
            assert view(page)["seat"] == seat and view(page)["hand_number"] == 1
            assert page.evaluate("window.rummyTable.table.variant") == variant_label(variant)
        assert ann.url.split("#")[0] == bea.url.split("#")[0]
        expect(ann.locator("#seats li").nth(1)).to_contain_text("Bea")


def test_the_host_changes_the_rules_for_the_same_seats(tmp_path: Path, browser: Browser) -> None:
    with table_at(tmp_path, "classic:target=none", [None, None], GOING_OUT, pause=30) as (
        base,
        links,
    ):
        ann = host_seat(browser, links[0])
        bea = open_seat(browser, links[1], name="Bea")
        end_the_match(ann)
        start = change_rules_page(ann)
        expect(start.locator("#rematch-note")).to_be_visible()
        expect(start.locator("#seats-box")).to_be_hidden()
        # The form starts from the rules the table played (#36 point 8).
        expect(start.locator("#variant-text")).to_have_text("classic:target=none")
        start.select_option("#ruleset", "riverside")
        shoot(start, "rematch-new-rules")
        start.get_by_role("button", name="Play again").click()
        expect(start.locator("#create-error")).to_contain_text("go on to the new table")
        bea.wait_for_url("**/table/*#seat=1*", timeout=15000)
        expect(bea.locator("#status")).to_have_text("connected")
        bea.wait_for_function("window.rummyTable?.view?.ruleset === 'riverside'")
        assert view(bea)["seat"] == 1
        assert base in bea.url


def test_new_rules_after_play_again_are_refused_not_lost(tmp_path: Path, browser: Browser) -> None:
    # #36 point 8: Bea's Play again made the next match first; the host's change of rules,
    # sent after it, says so instead of quietly sending everyone to the old rules' table.
    with table_at(tmp_path, "classic:target=none", [None, None], GOING_OUT, pause=30) as (_, links):
        ann = host_seat(browser, links[0])
        bea = open_seat(browser, links[1], name="Bea")
        end_the_match(ann)
        start = change_rules_page(ann)
        start.select_option("#ruleset", "riverside")
        expect(bea.locator("#sheet")).to_be_visible()
        bea.locator("#rematch").click()
        bea.wait_for_url("**/table/*#seat=*", timeout=15000)
        start.get_by_role("button", name="Play again").click()
        expect(start.locator("#create-error")).to_have_text(
            "The next match has already begun: change the rules when it ends."
        )
        bea.wait_for_function("window.rummyTable?.view?.ruleset === 'classic'")
