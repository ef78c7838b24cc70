"""The table's chat in Chromium: a quick reaction and a line of one's own reach the other
players and the spectators, as text (markup is shown, not run), a phone counts what came while
its chat was folded, a seat that talks too fast is told to wait, and a reload reads the lines
kept with the table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import SCRIPTED, needs_chromium, new_page, open_seat, shoot
from playwright.sync_api import Browser, expect
from server_helpers import create_table, running_server

pytestmark = needs_chromium


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path / 'server.sqlite3'}", SCRIPTED) as url:
        yield url


def test_players_chat_and_everyone_reads_it(base: str, browser: Browser) -> None:
    table = create_table(base, "classic", [None, None], 0)
    ann = open_seat(browser, table["links"][0]["url"], name="Ann")
    bea = open_seat(browser, table["links"][1]["url"], phone=True, name="Bea")
    watcher = new_page(browser)
    watcher.goto(f"{base}/table/{table['table']['id']}")
    watcher.wait_for_function("window.rummyTable?.view !== null")
    expect(watcher.locator("#chat-form")).to_be_hidden()  # spectators read, players talk

    ann.locator("#chat-quick").get_by_role("button", name="Nice one!").click()
    expect(ann.locator("#chat-lines li")).to_have_text(["You: Nice one!"])
    expect(watcher.locator("#chat-lines li")).to_have_text(["Ann: Nice one!"])
    # Bea's chat is folded on her phone: it counts the line, and opens on a tap.
    expect(bea.locator("#chat-count")).to_have_text("(1 new)")
    bea.locator("#chat-fold summary").click()
    expect(bea.locator("#chat-count")).to_have_text("")
    bea.fill("#chat-text", "<b>hi</b> & bye")
    bea.locator("#chat-form").get_by_role("button", name="Send").click()
    last = ann.locator("#chat-lines li").last
    expect(last).to_have_text("Bea: <b>hi</b> & bye")
    assert last.locator("b").count() == 1, "the line's markup became markup"
    shoot(bea, "chat-phone")

    # Too many at once: the server says to wait, and keeps the rest out.
    for _ in range(6):
        ann.locator("#chat-quick").get_by_role("button", name="Oops!").click()
    expect(ann.locator("#message")).to_have_text("Not so fast: wait a moment to say more.")
    oops = ann.locator("#chat-lines li", has_text="Oops!")
    expect(oops).not_to_have_count(0)
    assert oops.count() < 6

    watcher.reload()
    watcher.wait_for_function("window.rummyTable?.view !== null")
    expect(watcher.locator("#chat-lines li").first).to_have_text("Ann: Nice one!")
    expect(watcher.locator("#chat-lines li").nth(1)).to_have_text("Bea: <b>hi</b> & bye")
