"""An automated accessibility check (axe-core, through axe-playwright-python) of the start page,
the join page and the table, at a phone's and a desktop's size: no serious or critical
violation. The counts of every impact are printed for the record (``pytest -s``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_helpers import SCRIPTED, lobby, needs_chromium, new_page, open_seat
from playwright.sync_api import Browser, Page
from server_helpers import create_table, running_server

pytestmark = needs_chromium

GRAVE = ("serious", "critical")


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path / 'server.sqlite3'}", SCRIPTED) as url:
        yield url


def problems(page: Page, where: str) -> list[str]:
    """The serious and critical violations on ``page``, each with the elements it names."""
    found: list[dict[str, Any]] = Axe().run(page).response["violations"]
    counts = {impact: 0 for impact in ("minor", "moderate", *GRAVE)}
    for violation in found:
        counts[violation["impact"]] += len(violation["nodes"])
    print(f"axe {where}: {counts}", sorted({v["id"] for v in found}))
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
        for v in found
        if v["impact"] in GRAVE
    ]


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_pages_have_no_serious_accessibility_problems(
    base: str, browser: Browser, phone: bool
) -> None:
    size = "phone" if phone else "desktop"
    start = lobby(browser, base, phone=phone)
    assert not problems(start, f"start page, {size}")
    start.click("#create-button")
    start.locator("#links li summary").first.click()
    start.wait_for_selector("#links li img")
    assert not problems(start, f"start page with a table's links, {size}")
    table = create_table(base, "classic", [None, "greedy", None], 0)
    joining = new_page(browser, phone=phone)
    joining.goto(table["links"][0]["url"])
    joining.wait_for_selector("#join-seats li")
    assert not problems(joining, f"join page, {size}")
    playing = open_seat(browser, table["links"][1]["url"], phone=phone)
    playing.wait_for_selector("#hand .card")
    assert not problems(playing, f"table, {size}")
