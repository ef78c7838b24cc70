"""The player's folder: RUMMY_HOME, an earlier version's ~/.rummy, else the system's place."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_core.formats.home import rummy_home
from rummy_core.formats.saves import saves_dir


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("RUMMY_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


def test_the_systems_place_for_a_programs_data(home: Path) -> None:
    assert rummy_home() == home / ".local" / "share" / "rummy"
    assert saves_dir() == home / ".local" / "share" / "rummy" / "games"


def test_an_earlier_versions_folder_stays_in_use(home: Path) -> None:
    (home / ".rummy" / "games").mkdir(parents=True)
    assert rummy_home() == home / ".rummy"


def test_rummy_home_overrides_both(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (home / ".rummy").mkdir()
    monkeypatch.setenv("RUMMY_HOME", str(home / "elsewhere"))
    assert rummy_home() == home / "elsewhere"
