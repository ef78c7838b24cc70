"""A connection that reads is kept, and a page that was dropped comes back (#39 point 5)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import needs_chromium, open_seat
from playwright.sync_api import Browser, expect
from server_helpers import Client, create_table, running_server

from rummy_core.server.limits import Limits

PROMPT = Limits(rate=10_000, burst=10_000)
"""Limits that let a scripted client send as fast as it likes (the queue stays at 256)."""


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path / 'server.sqlite3'}", PROMPT) as url:
        yield url


def test_a_client_that_sends_many_at_once_but_reads_is_not_dropped(base: str) -> None:
    made = create_table(base, "classic", [None, "random"])
    client = Client(base, made["table"]["id"], made["links"][0]["token"])
    assert client.recv()["type"] == "welcome"
    many = PROMPT.send_queue + 200
    for _ in range(many):  # all sent before one answer is read
        client.ws.send(json.dumps({"type": "ping"}))
    pongs = 0
    while pongs < many:
        message = json.loads(client.ws.recv(timeout=10))
        pongs += message["type"] == "pong"
    assert pongs == many and client.ws.close_code is None


@needs_chromium
def test_the_page_comes_back_after_it_was_dropped_as_too_slow(base: str, browser: Browser) -> None:
    made = create_table(base, "classic", [None, "random"])
    page = open_seat(browser, made["links"][0]["url"])
    page.evaluate("window.rummyTable.ws.close(4413)")  # what the server closes a slow reader with
    expect(page.locator("#status")).to_have_text("disconnected, reconnecting…")
    expect(page.locator("#status")).to_have_text("connected", timeout=10_000)
    assert page.evaluate("window.rummyTable.ws.readyState") == 1
    assert page.evaluate("window.rummyTable.retries") == 0
