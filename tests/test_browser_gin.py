"""Gin Rummy at the browser table (#37): the rules' own actions have buttons and keys there, the
pass on the first upcard and the knock, and the defender's turn after a knock offers lay-offs
and a pass, with words that say so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from browser_helpers import (
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
from playwright.sync_api import Browser, expect
from scenario_helpers import SCENARIOS

pytestmark = needs_chromium

KNOCKER = ["AC", "2C", "3C", "7D", "7H", "7S", "9S", "10S", "JS", "KH"]
DEFENDER = ["4C", "5C", "6C", "2D", "3D", "8D", "QD", "QH", "5S", "6H"]


def position(**more: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "players": 2,
        "dealer": 1,
        "turn": 0,
        "phase": "draw",
        "turns_taken": [0, 0],
        "hands": [KNOCKER, DEFENDER],
        "discard": ["4H"],
        "stock": ["8H", "9H", "QS"],
    }
    return {**base, **more}


def test_the_first_upcard_is_passed_by_button_and_by_key(tmp_path: Path, browser: Browser) -> None:
    with table_at(tmp_path, "gin", [None, "greedy"], position(), pause=0.3) as (_, links):
        page = open_seat(browser, links[0])
        expect(page.locator("#turn")).to_contain_text("pass")
        passing = page.locator("#rule-pass")
        expect(passing).to_be_visible()
        expect(page.locator("#rule-keys")).to_contain_text("P Pass")
        before = state_id(page)
        passing.click()
        wait_moved(page, before)
        expect(page.locator("#log")).to_contain_text("You passed on the upcard.")
        # The bot passed or took the upcard; either way no pass is open to this seat now.
        page.wait_for_function("window.rummyTable.view.turn === 0")
        expect(page.locator("#rule-pass")).to_have_count(0)


def test_a_knock_by_button_and_the_defender_s_step(tmp_path: Path, browser: Browser) -> None:
    start = position(turns_taken=[1, 1])
    with table_at(tmp_path, "gin", [None, None], start) as (base, links):
        knocker = open_seat(browser, links[0], name="Ann")
        defender = open_seat(browser, links[1], phone=True, name="Bo")
        watcher = new_page(browser, phone=True)
        watcher.goto(f"{base}/table/t0")
        before = state_id(knocker)
        knocker.keyboard.press("d")
        wait_moved(knocker, before)
        # What is open, not classic's "meld, lay off, then discard": gin lays off only after a
        # knock, and melds only toward one (8H drawn, KH's discard would keep 8).
        expect(knocker.locator("#turn")).to_have_text("Your turn: meld, discard.")
        # No knock before the melds: the knock's button is not there yet.
        expect(knocker.locator("#rule-knock")).to_have_count(0)
        select(knocker, ["AC", "2C", "3C", "7D", "7H", "7S", "9S", "10S", "JS"])
        before = state_id(knocker)
        knocker.click("#meld")
        wait_moved(knocker, before)
        expect(knocker.locator("#turn")).to_contain_text("knock")
        expect(knocker.locator("#discard-button")).to_be_disabled()
        select(knocker, ["8H"])
        before = state_id(knocker)
        knocker.click("#rule-knock")
        wait_moved(knocker, before)
        expect(knocker.locator("#log")).to_contain_text("You knocked with 10 points in hand.")
        # G9: the knocker and a watcher are told the defender's turn is the lay-off.
        for page in (knocker, watcher):
            expect(page.locator("#turn")).to_have_text("Bo's turn (laying off on the knock).")
        shoot(watcher, "gin-watcher-lay-off-phone", full_page=False)
        # The defender: no draw, lay-offs and a pass; the knocker's cards left stay hidden.
        defender.wait_for_function("window.rummyTable.view.turn === 1")
        expect(defender.locator("#turn")).to_contain_text("lay off")
        expect(defender.locator("#rule-pass")).to_be_visible()
        assert "KH" not in str(view(defender))
        shoot(defender, "gin-defender-phone", full_page=False)
        select(defender, ["4C"])
        before = state_id(defender)
        defender.click("#layoff")
        wait_moved(defender, before)
        # The log's meld number is the one the meld shows (#36 point 10).
        expect(defender.locator("#log")).to_contain_text("You laid off 4♣ on meld 1.")
        expect(defender.locator('#melds .meld[data-index="0"] .owner')).to_have_text(
            "1 · Ann · run"
        )
        before = state_id(defender)
        defender.keyboard.press("p")
        wait_moved(defender, before)
        # The last moves in the order they were made, though one update brought both.
        expect(knocker.locator("#moves li")).to_have_text(
            ["Bo finished laying off: the knock is counted.", "You went out: the hand is over."]
        )
        sheet = defender.locator("#sheet")
        expect(sheet).to_contain_text("deadwood after laying off")
        shoot(knocker, "gin-after-knock-desktop")


def test_a_single_hand_void_at_the_wall_ends_a_match_with_no_winner(
    tmp_path: Path, browser: Browser
) -> None:
    # Ruling G11: two cards left in the stock, the pass voids the hand; the single hand (G14)
    # was the match, and nobody won it: not "The match is over:  won".
    scenario = json.loads((SCENARIOS / "gin" / "g11-the-wall-pass-voids.json").read_text())
    with table_at(tmp_path, "gin", ["greedy", None], scenario["position"]) as (_, links):
        page = open_seat(browser, links[0])
        before = state_id(page)
        page.click("#rule-pass")
        wait_moved(page, before)
        expect(page.locator("#turn")).to_have_text("The match is over with no winner.")
        expect(page.locator("#sheet-title")).to_have_text("The match is over with no winner")
