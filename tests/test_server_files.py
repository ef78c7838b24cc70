"""The server's database is its owner's alone (#39): it holds every hand, the stock's order and
the seeds, so the file and its WAL files are 0600 in a 0700 folder."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from server_helpers import create_table, running_server

from rummy_core.server.store import Store, default_url


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_default_database_and_its_wal_files_are_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("RUMMY_HOME", str(home))
    url = default_url()
    with running_server(url) as base:
        create_table(base, "classic", [None, "random"])
        files = sorted(home.glob("server.sqlite3*"))
        assert {f.name for f in files} >= {"server.sqlite3", "server.sqlite3-wal"}
        for path in files:
            assert _mode(path) == 0o600, path
    assert _mode(home) == 0o700


def test_a_database_an_earlier_version_left_readable_is_made_private(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o755)
    db = folder / "old.sqlite3"
    db.touch()
    db.chmod(0o644)
    Store(f"sqlite:///{db}").close()
    assert _mode(db) == 0o600
    assert _mode(folder) == 0o755  # a folder given with --db is the user's own: left alone
