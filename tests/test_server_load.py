"""The load benchmark in a short form: tables of scripted people at once, nothing leaked.

``make bench-server`` runs the full form (50 tables of 4) and prints the figures.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

from rummy_core.server.store import Store

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import server_load
from server_load import check_messages, free_port, play_tables, start_server


def test_tables_play_whole_hands_at_once_and_no_message_leaks(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'load.sqlite3'}"
    port = free_port()
    server = start_server(url, port, str(tmp_path))
    try:
        play = play_tables(f"http://127.0.0.1:{port}", tables=6, seats=3, hands=1)
        runs = asyncio.run(asyncio.wait_for(play, timeout=240))
    finally:
        server.terminate()
        server.wait(20)
    assert [run.hands for run in runs] == [1] * 6
    assert not any(run.stuck for run in runs)
    store = Store(url)
    assert [p for run in runs for p in check_messages(store, run)] == []
    for run in runs:
        assert len(run.clients) == 4
        assert run.actions == store.load(run.table_id).state_id  # type: ignore[union-attr]
    store.close()


def test_a_scripted_seat_chooses_again_after_a_refusal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The load's scripted seats try a card the rules refuse, then carry on (a refusal, which
    has no view, stopped the reader with a KeyError)."""
    chosen = server_load.choose

    def wrong_first(view: dict[str, Any], tried: set[str]) -> dict[str, Any] | None:
        if "discard" in view["open_actions"] and "JK" not in tried:
            return {"type": "discard", "card": "JK"}  # classic has no joker: not in the hand
        return chosen(view, tried)

    monkeypatch.setattr(server_load, "choose", wrong_first)
    url = f"sqlite:///{tmp_path / 'refused.sqlite3'}"
    port = free_port()
    server = start_server(url, port, str(tmp_path))
    try:
        play = play_tables(f"http://127.0.0.1:{port}", tables=1, seats=2, hands=1)
        (run,) = asyncio.run(asyncio.wait_for(play, timeout=120))
    finally:
        server.terminate()
        server.wait(20)
    assert run.hands == 1 and not run.stuck
    assert run.refusals > 0
