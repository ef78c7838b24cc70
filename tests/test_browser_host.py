"""A host's evening in Chromium: the table waits for its people (the host may start it without
them), and a late joiner's log tells how the table came to be; each seat's link is copied,
shared and shown as a QR code; the lobby names the players; the host hands a seat to a bot and
back, and removes a player."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from browser_helpers import (
    SCRIPTED,
    lobby,
    needs_chromium,
    new_page,
    open_seat,
    shoot,
    state_id,
    view,
)
from playwright.sync_api import Browser, Page, expect
from server_helpers import running_server

from rummy_core.server.links import seat_link

pytestmark = needs_chromium


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path / 'server.sqlite3'}", SCRIPTED) as url:
        yield url


def make_table(page: Page, seats: list[str]) -> None:
    """A classic table of ``seats`` ("person" or a bot's name), its bots with no pause."""
    page.fill("#seat-count", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f'select[name="seat-{i}"]', kind)
    page.fill('input[name="bot_pause"]', "0")
    page.click("#create-button")
    expect(page.locator("#links li")).to_have_count(seats.count("person"))


def join(page: Page, name: str) -> None:
    expect(page.locator("#join")).to_be_visible()
    page.fill("#join-name", name)
    page.click("#join-button")
    expect(page.locator("#status")).to_have_text("connected")
    page.wait_for_function("window.rummyTable.view !== null")


def play_a_turn(page: Page) -> None:
    """Draw from the stock and discard the first card, by clicks."""
    before = state_id(page)
    page.click("#stock")
    page.wait_for_function(f"window.rummyTable.stateId > {before}")
    page.locator("#hand .card").first.click()
    page.click("#discard-button")
    page.wait_for_function(f"window.rummyTable.stateId > {before + 1}")


def test_a_table_waits_for_its_people_and_the_host_may_start_it(
    base: str, browser: Browser
) -> None:
    host = lobby(browser, base)
    make_table(host, ["person", "person", "greedy"])
    expect(host.locator("#tables")).to_contain_text("waiting for everyone to join")
    second_link = host.locator("#links li").nth(1).locator("input").input_value()
    # The host plays seat 1 from the same browser, which keeps the creator's token.
    with host.context.expect_page() as opened:
        host.locator("#links li").nth(0).get_by_role("link", name="Open").click()
    ann = opened.value
    join(ann, "Ann")
    expect(ann.locator("#waiting")).to_contain_text("Not here yet: Seat 2")
    expect(ann.locator("#turn")).to_have_text("Waiting for everyone to join.")
    expect(ann.locator("#stock")).not_to_have_class("can")
    ann.wait_for_timeout(1000)
    assert state_id(ann) == 0, "someone played before the table started"
    shoot(ann, "table-waiting-desktop")

    # Her friend's link says the table waits; his page has no Start button (not the host).
    bea = new_page(browser, phone=True)
    bea.goto(second_link)
    expect(bea.locator("#join-table")).to_contain_text("waiting for everyone to join")

    ann.get_by_role("button", name="Start now").click()
    expect(ann.locator("#waiting")).to_be_hidden()
    # Play on until the bot has moved, or the table waits on the seat nobody has joined.
    for _ in range(6):
        ann.wait_for_function(
            "(() => { const v = window.rummyTable.view; return v.turn !== 2; })()", timeout=15000
        )
        if view(ann)["turn"] != 0:
            break
        play_a_turn(ann)
    ann_log = ann.locator("#log li").all_text_contents()
    assert ann_log[0].startswith("Hand 1:"), ann_log

    # The late joiner reads the hand so far, in his own words, from its deal on.
    join(bea, "Bea")
    expect(bea.locator("#waiting")).to_be_hidden()
    bea_log = bea.locator("#log li").all_text_contents()
    assert len(bea_log) == len(ann_log) and bea_log[0].startswith("Hand 1:"), bea_log
    said = " ".join(bea_log)
    assert ("Ann discarded" in said) == ("You discarded" in " ".join(ann_log))
    shoot(bea, "table-late-joiner-phone")


SHARE_SHEET = """
navigator.share = async (data) => { window.shared = data; };
"""
"""A share sheet for a test: headless Chromium has none, a phone's browser does."""


def test_the_host_shares_each_link_and_hands_seats_about_by_name(
    base: str, browser: Browser
) -> None:
    host = new_page(browser)
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    host.add_init_script(SHARE_SHEET)
    host.goto(f"{base}/")
    host.wait_for_function("window.rummyLobby?.ready === true")
    make_table(host, ["person", "person"])
    seats = host.locator("#links li")
    first, second = seats.nth(0), seats.nth(1)
    url = second.locator("input").input_value()
    table_id = url.split("/table/")[1].split("#")[0]
    token = url.split("token=")[1]
    # Copy, Share and the QR code of the same address (the server draws it with segno).
    second.get_by_role("button", name="Copy").click()
    assert host.evaluate("navigator.clipboard.readText()") == url
    second.get_by_role("button", name="Share").click()
    host.wait_for_function("window.shared !== undefined")
    assert host.evaluate("window.shared.url") == url
    second.locator("summary", has_text="QR code").click()
    qr = second.get_by_role("img", name="QR code of the link for seat 2")
    expect(qr).to_be_visible()
    assert qr.get_attribute("src") == seat_link(f"{base}/", table_id, 1, token).qr
    shoot(host, "lobby-links-desktop")

    # The lobby names the players who joined, and whose turn it is.
    ann = open_seat(browser, first.locator("input").input_value(), name="Ann")
    bea = open_seat(browser, url, phone=True, name="Bea")
    expect(first.locator(".who")).to_have_text("Seat 1 · Ann (here)", timeout=8000)
    expect(second.locator(".who")).to_have_text("Seat 2 · Bea (here)")
    turn = view(ann)["turn"]
    expect(host.locator("#tables tr").first.locator("td").nth(4)).to_have_text(["Ann", "Bea"][turn])
    assert "seat 2" not in host.locator("#tables").inner_text()

    # Bea's seat to a bot, and back to her with a new link.
    second.get_by_role("button", name="Give to a bot").click()
    expect(bea.locator("#status")).to_have_text("a bot now plays this seat")
    second.get_by_role("button", name="Give back to a person").click()
    expect(second).to_contain_text("A new link for the seat")
    back = second.locator("input").input_value()
    assert back != url and "#seat=1&token=" in back
    bea_again = open_seat(browser, back, phone=True, name="Bea")
    assert view(bea_again)["seat"] == 1
    expect(second.locator(".who")).to_have_text("Seat 2 · Bea (here)", timeout=8000)

    # Removing a player: the seat's old link stops working, a new one takes the seat.
    second.get_by_role("button", name="Remove the player").click()
    expect(bea_again.locator("#status")).to_have_text("the host gave this seat to someone else")
    expect(second.locator(".who")).to_have_text("Seat 2 · not joined yet", timeout=8000)
    fresh = second.locator("input").input_value()
    assert fresh != back
    cid = open_seat(browser, fresh, name="Cid")
    assert view(cid)["seat"] == 1
    shoot(host, "lobby-host-desktop")
    phone = new_page(browser, phone=True)
    phone.add_init_script(SHARE_SHEET)
    phone.goto(f"{base}/")
    phone.wait_for_function("window.rummyLobby?.ready === true")
    make_table(phone, ["person", "greedy"])
    phone.locator("#links li summary").click()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(phone, "lobby-links-phone")


def test_a_table_of_bots_that_paused_is_let_play_on_by_its_host(
    tmp_path: Path, browser: Browser
) -> None:
    limits = replace(SCRIPTED, bot_table_moves=20)
    with running_server(f"sqlite:///{tmp_path / 'server.sqlite3'}", limits) as base:
        host = lobby(browser, base)
        host.fill("#seat-count", "2")
        for seat in range(2):
            host.select_option(f'select[name="seat-{seat}"]', "greedy")
        host.fill('input[name="bot_pause"]', "0")
        host.click("#create-button")
        expect(host.locator("#links")).to_contain_text("Every seat is a bot's")
        host.locator("#tables a", has_text="watch").first.click()
        expect(host.locator("#waiting")).to_contain_text(
            "These bots have played as long as they may without you, and pause here."
        )
        assert state_id(host) == 20
        # Said once, in the box, and not again as a problem; the turn line does not say "playing".
        expect(host.locator("#turn")).to_have_text("Play is paused.")
        expect(host.locator("#message")).not_to_contain_text("pauses here")
        # Someone else watching is told who may let them play on, and has no button for it.
        other = new_page(browser)
        other.goto(host.url)
        expect(other.locator("#waiting")).to_contain_text("until the host lets them play on")
        expect(other.locator("#start-now")).to_be_hidden()
        other.goto(base)
        expect(other.locator("#tables")).to_contain_text("paused: the host may let the bots")
        host.get_by_role("button", name="Let them play on").click()
        host.wait_for_function("window.rummyTable.stateId === 40")
        expect(host.locator("#waiting")).to_be_visible()
