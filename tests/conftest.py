"""Fixtures for more than one test file: Chromium for the browser tests, English by default."""

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


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English, whatever the machine's locale says (the messages tests
    assert are English unless a test chooses another language), and leaves English behind."""
    from rummy_core.i18n.languages import DEFAULT_LANGUAGE, set_language

    monkeypatch.setenv("LANGUAGE", DEFAULT_LANGUAGE)
    set_language(DEFAULT_LANGUAGE)
    yield
    set_language(DEFAULT_LANGUAGE)


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A real PostgreSQL server for the whole run (``pg_helpers``): its admin database's URL."""
    from pg_helpers import postgres_server

    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A new, empty database for the server's store: SQLite, then PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.sqlite3'}"
    from pg_helpers import fresh_database

    return fresh_database(request.getfixturevalue("postgres"))
