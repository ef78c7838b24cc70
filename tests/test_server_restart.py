"""Nothing is lost: ``rummy serve`` killed with SIGKILL mid-game comes back where it was."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import httpx
from server_helpers import Client, create_table, take_turn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from server_load import free_port, start_server


def test_a_killed_server_restarts_where_the_last_action_left_every_table(
    tmp_path: Path, db_url: str
) -> None:
    """On SQLite (the default, in RUMMY_HOME) and on PostgreSQL."""
    home = tmp_path / "home"
    url = db_url.replace(str(tmp_path), str(home))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(url, port, str(home))
    try:
        people = create_table(base, "classic", [None, None])
        with_bot = create_table(base, "classic", [None, "greedy"])
        tid = people["table"]["id"]
        tokens = [link["token"] for link in people["links"]]
        clients = [Client(base, tid, token) for token in tokens]
        state, _ = (c.recv() for c in clients)
        for _ in range(3):
            actor = state["view"]["turn"]
            state = take_turn(clients[actor], state)
            other = clients[1 - actor]
            seen = other.wait_for(
                lambda m, a=actor: m["type"] == "update" and m["view"]["turn"] == 1 - a
            )
            views = {actor: state["view"], 1 - actor: seen["view"]}
            state = seen
        bot_table = with_bot["table"]["id"]
        person = Client(base, bot_table, with_bot["links"][0]["token"])
        bot_state = person.recv()
        if bot_state["view"]["turn"] == 0:
            bot_state = take_turn(person, bot_state)
        bot_state = person.wait_for(lambda m: m["type"] == "update" and m["view"]["turn"] == 0)
        os.kill(server.pid, signal.SIGKILL)
        server.wait(10)
    finally:
        if server.poll() is None:
            server.kill()
    assert not url.startswith("sqlite") or (home / "server.sqlite3").is_file()
    server = start_server(url, port, str(home))
    try:
        tables = {t["id"]: t for t in httpx.get(f"{base}/api/tables").json()["tables"]}
        assert tables[tid]["state_id"] == state["state_id"] == 6
        assert tables[bot_table]["state_id"] == bot_state["state_id"]
        for seat, token in enumerate(tokens):
            back = Client(base, tid, token)
            welcome = back.recv()
            assert welcome["state_id"] == state["state_id"]
            assert welcome["view"] == views[seat]
            clients[seat] = back
        after = take_turn(clients[views[0]["turn"]], state)
        assert after["state_id"] == state["state_id"] + 2
        person = Client(base, bot_table, with_bot["links"][0]["token"])
        welcome = person.recv()
        assert welcome["view"] == bot_state["view"]
        # The bot plays on after this seat's turn.
        take_turn(person, welcome)
        person.wait_for(lambda m: m["type"] == "update" and m["view"]["turn"] == 0)
    finally:
        server.terminate()
        server.wait(20)
