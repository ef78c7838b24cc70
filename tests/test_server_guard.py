"""A server left open on a network (#39 point 6): it answers only to its own names, only its own
pages (or allowed ones) may change anything, seat links never take a name from a request it did
not check, and every response carries the usual security headers, with a content security
policy the lobby and the table pass in Chromium."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets
from browser_helpers import SCRIPTED, needs_chromium, new_page
from playwright.sync_api import Browser, Page
from server_helpers import create_table, running_server

from rummy_core.server.exposure import Exposure

TABLE = {"variant": "classic", "seats": [{}, {"bot": "random"}], "bot_pause": 0}


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path / 'server.sqlite3'}", SCRIPTED) as url:
        yield url


def _tables(base: str) -> int:
    return len(httpx.get(f"{base}/api/tables").json()["tables"])


def test_every_response_carries_the_security_headers(base: str) -> None:
    made = create_table(base, "classic", [None, "random"])
    for path in ("/", f"/table/{made['table']['id']}", "/api", "/static/table.js", "/nosuch"):
        headers = httpx.get(f"{base}{path}").headers
        assert "default-src 'self'" in headers["content-security-policy"], path
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"  # a seat link holds its token


def test_a_page_of_another_site_cannot_make_a_table(base: str) -> None:
    before = _tables(base)
    for origin in ("http://evil.example", "null"):
        answer = httpx.post(f"{base}/api/tables", json=TABLE, headers={"origin": origin})
        assert answer.status_code == 403 and answer.json()["code"] == "bad_origin"
    # A text/plain POST, which a foreign page can send without asking first, likewise.
    answer = httpx.post(
        f"{base}/api/tables",
        content=b'{"variant": "classic", "seats": [{}, {}]}',
        headers={"origin": "http://evil.example", "content-type": "text/plain"},
    )
    assert answer.status_code == 403
    assert _tables(base) == before
    # The server's own page, and a script (no Origin), may.
    own = httpx.post(f"{base}/api/tables", json=TABLE, headers={"origin": base})
    assert own.status_code == 201
    assert httpx.post(f"{base}/api/tables", json=TABLE).status_code == 201
    assert _tables(base) == before + 2


def test_a_request_for_another_name_is_refused_and_links_never_take_it(base: str) -> None:
    answer = httpx.post(f"{base}/api/tables", json=TABLE, headers={"host": "attacker.example"})
    assert answer.status_code == 400 and answer.json()["code"] == "bad_host"
    assert "attacker.example" in answer.json()["message"]
    assert httpx.get(f"{base}/", headers={"host": "attacker.example:80"}).status_code == 400
    made = httpx.post(f"{base}/api/tables", json=TABLE, headers={"host": "localhost"}).json()
    assert made["links"][0]["url"].startswith("http://localhost/table/")


def test_a_public_url_makes_the_links_and_its_name_is_answered(tmp_path: Path) -> None:
    exposure = Exposure("https://cards.example.org/", ("http://192.168.1.5:8000",))
    with running_server(f"sqlite:///{tmp_path / 's.sqlite3'}", SCRIPTED, exposure) as base:
        made = httpx.post(
            f"{base}/api/tables",
            json=TABLE,
            headers={"host": "attacker.example", "origin": "https://cards.example.org"},
        )
        assert made.status_code == 400  # the name is checked first
        made = httpx.post(
            f"{base}/api/tables",
            json=TABLE,
            headers={"host": "cards.example.org", "origin": "https://cards.example.org"},
        )
        assert made.status_code == 201
        assert made.json()["links"][0]["url"].startswith("https://cards.example.org/table/")
        # Even asked by address, the links use the public URL.
        by_address = httpx.post(f"{base}/api/tables", json=TABLE).json()
        assert by_address["links"][0]["url"].startswith("https://cards.example.org/table/")
        allowed = httpx.post(
            f"{base}/api/tables", json=TABLE, headers={"origin": "http://192.168.1.5:8000"}
        )
        assert allowed.status_code == 201


def test_a_socket_from_another_site_is_refused(base: str) -> None:
    made = create_table(base, "classic", [None, "random"])
    url = f"{base.replace('http', 'ws')}/ws/tables/{made['table']['id']}"

    async def connect(origin: str) -> bool:
        try:
            async with websockets.connect(url, origin=origin):  # type: ignore[arg-type]
                return True
        except websockets.InvalidStatus as refused:
            assert refused.response.status_code == 403
            return False

    assert asyncio.run(connect("http://evil.example")) is False
    assert asyncio.run(connect(base)) is True


def _until(page: Page, expression: str) -> None:
    """Wait until ``expression`` is true, asking from outside the page (``wait_for_function``
    evaluates strings in it, which its policy forbids)."""
    for _ in range(300):
        if page.evaluate(expression):
            return
        time.sleep(0.05)
    raise AssertionError(f"never true: {expression}")


@needs_chromium
def test_the_lobby_and_the_table_pass_their_content_security_policy(
    base: str, browser: Browser
) -> None:
    made = create_table(base, "classic", [None, "random"])
    violations: list[str] = []
    for url, ready in (
        (f"{base}/", "window.rummyLobby?.ready === true"),
        (made["links"][0]["url"], "document.querySelector('#join') !== null"),
    ):
        page = new_page(browser, csp=True)
        page.context.add_init_script(
            "window.__csp = []; document.addEventListener('securitypolicyviolation',"
            " (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
        )
        page.on("console", lambda m: violations.append(m.text) if "Policy" in m.text else None)
        page.goto(url)
        _until(page, ready)
        if "#join" in ready:
            page.fill("#join-name", "Ann")
            page.click("#join-button")
            _until(page, "window.rummyTable?.view != null")
            page.locator(".card").first.click()  # the table at work: a selection asked about
            time.sleep(0.5)
        violations.extend(page.evaluate("window.__csp"))
        page.context.close()
    assert violations == []
