"""A whole game night in Chromium, with the server killed in the middle (#36): the host makes a
table on the start page, two people join by their links, they play by clicks, ``rummy serve`` is
killed with SIGKILL and started again, every page comes back to the same state and plays on;
the host hands both seats to bots, which finish the match as anyone watching sees."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from browser_helpers import lobby, needs_chromium, new_page, state_id, view
from playwright.sync_api import Browser, Page, expect
from test_browser_host import join, make_table, play_a_turn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from server_load import free_port, start_server

pytestmark = needs_chromium


def mover(pages: list[Page]) -> Page | None:
    """The page whose seat is to play now, if a person's."""
    turn = view(pages[0])["turn"]
    return next((p for p in pages if view(p)["seat"] == turn), None)


def test_a_night_with_the_server_killed_mid_hand(tmp_path: Path, browser: Browser) -> None:
    home = tmp_path / "home"
    url = f"sqlite:///{home / 'server.sqlite3'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(url, port, str(home))
    try:
        host = lobby(browser, base)
        host.select_option("#ruleset", "classic")
        host.get_by_role("radio", name="A single hand").check()
        make_table(host, ["person", "person", "greedy"])
        bea_link = host.locator("#links li").nth(1).locator("input").input_value()
        with host.context.expect_page() as opened:
            host.locator("#links li").nth(0).get_by_role("link", name="Open").click()
        ann = opened.value
        join(ann, "Ann")
        bea = new_page(browser, phone=True)
        bea.goto(bea_link)
        join(bea, "Bea")
        pages = [ann, bea]
        for _ in range(4):
            ann.wait_for_function(
                "(() => { const v = window.rummyTable.view; return v && v.turn !== 2; })()",
                timeout=15000,
            )
            page = mover(pages)
            assert page is not None
            play_a_turn(page)
        before = {view(p)["seat"]: (state_id(p), view(p)["hand"]) for p in pages}
        os.kill(server.pid, signal.SIGKILL)
        server.wait(10)
        for page in pages:
            expect(page.locator("body")).to_have_class("offline", timeout=15000)
        server = start_server(url, port, str(home))
        for page in pages:
            expect(page.locator("#status")).to_have_text("connected", timeout=30000)
            seat = view(page)["seat"]
            page.wait_for_function(f"window.rummyTable.stateId >= {before[seat][0]}")
            # Nothing a person did is lost (the bot may have played on since: no hand of theirs).
            assert view(page)["hand"] == before[seat][1]
        # Play on after the restart, then the host gives both seats to bots to finish.
        ann.wait_for_function("window.rummyTable.view.turn !== 2", timeout=15000)
        page = mover(pages)
        assert page is not None
        play_a_turn(page)
        seats = host.locator("#links li")
        for seat in range(2):
            seats.nth(seat).get_by_role("button", name="Give to a bot").click()
        for page in pages:
            expect(page.locator("#status")).to_have_text("a bot now plays this seat")
        # The bots finish the match, which anyone watching sees to its end.
        watcher = new_page(browser)
        watcher.goto(ann.url.split("#")[0])
        expect(watcher.locator("#turn")).to_contain_text("The match is over", timeout=60000)
        expect(host.locator("#tables")).to_contain_text("match over", timeout=15000)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
