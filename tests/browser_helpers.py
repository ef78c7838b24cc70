"""What the browser tests share: pages at phone and desktop sizes, joined by a seat's link; the
table's state as the page holds it; and tables set up at a chosen position, so a test reaches the
moment it is about (a joker to meld, a pile to take) in a move or two.

The ``browser`` fixture (Debian's Chromium, one a test module) is in ``conftest.py``.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from server_helpers import SCRIPTED, running_server

from rummy_core.engine.setup import game_from_position
from rummy_core.formats.position import dump_position
from rummy_core.server.games import variant_label
from rummy_core.server.store import SeatRow, Store, TableRow, digest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"
DESKTOP: ViewportSize = {"width": 1280, "height": 860}
PHONE: ViewportSize = {"width": 390, "height": 844}

needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="needs Chromium: apt-get install chromium"
)


def new_page(browser: Browser, phone: bool = False, csp: bool = False, **options: Any) -> Page:
    """A fresh browser context (its own storage) at a desktop's or a phone's size; ``options``
    go to the context as Playwright takes them (a viewport of its own, a locale, reduced motion).

    The pages' content security policy forbids evaluating strings, which Playwright's
    ``wait_for_function`` does: it is set aside unless ``csp`` (tests/test_server_guard.py
    checks the pages under it)."""
    settings: dict[str, Any] = {
        "viewport": PHONE if phone else DESKTOP,
        "has_touch": phone,
        "is_mobile": phone,
        "bypass_csp": not csp,
    }
    return browser.new_context(**{**settings, **options}).new_page()


def lobby(browser: Browser, base: str, phone: bool = False) -> Page:
    """The start page, ready, in a fresh context that may use the clipboard."""
    page = new_page(browser, phone)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"{base}/")
    page.wait_for_function("window.rummyLobby?.ready === true")
    return page


def join(page: Page, url: str, name: str = "Ann") -> Page:
    """A seat's link opened in ``page``, joined under ``name``, connected and showing."""
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(url)
    expect(page.locator("#join")).to_be_visible()
    page.fill("#join-name", name)
    page.click("#join-button")
    # As long as wait_moved waits for a change: the welcome follows the server's write of the
    # seat, which a machine busy with the rest of the suite has been seen to take over 5 s for.
    expect(page.locator("#status")).to_have_text("connected", timeout=15000)
    page.wait_for_function("window.rummyTable.view !== null")
    assert not problems, problems
    return page


def open_seat(browser: Browser, url: str, phone: bool = False, name: str = "Ann") -> Page:
    """A seat's link opened in a fresh context, joined under ``name``, connected and showing."""
    return join(new_page(browser, phone), url, name)


def view(page: Page) -> dict[str, Any]:
    data: dict[str, Any] = page.evaluate("window.rummyTable.view")
    return data


def state_id(page: Page) -> int:
    value: int = page.evaluate("window.rummyTable.stateId")
    return value


def wait_moved(page: Page, before: int) -> None:
    """Wait for the table to change; a refusal on the page is the failure's message."""
    try:
        page.wait_for_function(f"window.rummyTable.stateId > {before}", timeout=15000)
    except PlaywrightTimeout:
        raise AssertionError(f"nothing happened: {page.inner_text('#message')!r}") from None


def wait_my_turn(page: Page) -> None:
    page.wait_for_function(
        "(() => { const s = window.rummyTable, v = s.view;"
        " return v && ((v.turn === s.seat && v.open_actions.length > 0)"
        " || v.phase === 'hand_over' || v.phase === 'match_over'); })()",
        timeout=20000,
    )


def hand_cards(page: Page) -> list[str]:
    """The hand in the order the page shows it."""
    cards: list[str] = page.evaluate("window.rummyTable.order.map((i) => i.card)")
    return cards


def box_of(locator: Any) -> dict[str, float]:
    """Where ``locator``'s element is drawn, once it is. The page may draw the hand again between
    finding an element and measuring it (an update, on a busy machine), which measures nothing:
    then it is measured again."""
    deadline = time.monotonic() + 15
    while True:
        expect(locator).to_be_visible(timeout=15_000)
        found: dict[str, float] | None = locator.bounding_box()
        if found is not None:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{locator} is never drawn")
        time.sleep(0.05)


def card_button(page: Page, card: str, nth: int = 0) -> Any:
    return page.locator(f'#hand .card[data-card="{card}"]').nth(nth)


def select(page: Page, cards: list[str]) -> None:
    seen: dict[str, int] = {}
    for card in cards:
        card_button(page, card, seen.get(card, 0)).click()
        seen[card] = seen.get(card, 0) + 1
    page.wait_for_function(
        "(() => { const s = window.rummyTable; return s.choices &&"
        f" s.choices.cards.length === {len(cards)}; }})()"
    )


def shoot(page: Page, name: str, full_page: bool = True) -> Path:
    """A screenshot for a person to look at: the whole page, or (``full_page=False``) what the
    screen shows, as a phone's player sees a page with a part kept in view."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=path, full_page=full_page)
    return path


@contextmanager
def table_at(
    folder: Path, variant: str, bots: list[str | None], position: dict[str, Any], pause: float = 0
) -> Iterator[tuple[str, list[str]]]:
    """A server whose one table starts at ``position``: its address and each person's link.

    The table is written to the database as the server stores a table it made, and the server
    loads it when it starts, as after a restart.
    """
    url = f"sqlite:///{folder / 'seeded.sqlite3'}"
    people = [seat for seat, bot in enumerate(bots) if bot is None]
    game = game_from_position(variant, position, seed=11, choosers=people)
    tokens = {seat: f"token-{seat}-for-the-test" for seat in people}
    store = Store(url)
    store.create(
        TableRow(
            id="t0",
            variant=variant_label(variant),
            players=len(bots),
            seed=11,
            dealer=game.state.dealer,
            bot_pause=pause,
            creator_hash=digest("creator"),
            created=datetime.now(UTC).isoformat(timespec="milliseconds"),
            state_id=0,
            phase=game.state.phase,
            position=dump_position(game.state),
            seats=[
                SeatRow(seat, bot, digest(tokens[seat]) if seat in tokens else None)
                for seat, bot in enumerate(bots)
            ],
        )
    )
    store.close()
    with running_server(url, SCRIPTED) as base:
        yield base, [f"{base}/table/t0#seat={seat}&token={tokens[seat]}" for seat in people]
