"""Fixtures for more than one test file: one Chromium for every browser test of the run."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, driven by Playwright (its own browser download is not used)."""
    from browser_helpers import CHROMIUM
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()
