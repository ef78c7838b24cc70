"""Fixtures for more than one test file: Chromium for the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, driven by Playwright (its own browser download is not used).

    One a test module: Playwright's sync API runs an event loop in this thread while it is
    open, which the other tests' own ``asyncio.run`` must not find.
    """
    from browser_helpers import CHROMIUM
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()
