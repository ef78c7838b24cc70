"""A flood of tables and a table of bots that plays on hold a fixed memory and disk budget
(#39 point 2): ``rummy serve`` in its own process, tables made from many addresses as fast as
the limits let them, then a table of bots racing to 10,000 points with no pause, watched, which
pauses once it has made the changes ``--bot-moves`` allows."""

from __future__ import annotations

import json
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
from websockets.sync.client import connect

from rummy_core.server.limits import Limits
from rummy_core.server.protocol import PROTOCOL

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from server_load import free_port, start_server
from server_soak import rss_mib

ADDRESSES = 26
"""Loopback addresses the flood comes from (127.0.0.2 on): more than the cap on tables needs."""
RSS_BUDGET_MIB = 160.0
"""The server's resident memory, at most, however many tables are made and played (about 75 MiB
at start, 110 with the flood's 500 tables and the table of bots)."""
DISK_BUDGET_MIB = 16.0
"""The database with its -wal and -shm files, at most: the flood takes about 4.5 MiB (9 KiB a
table), the table of bots about 0.1 KiB a change, and a whole match to 10,000 points (stopped by
the cap of 1,000 hands: 50,000 changes) about 5 MiB."""
BOTS_DISK_BUDGET_MIB = 1.0
"""The database's growth while the table of bots plays (its ``BOT_MOVES`` changes)."""
WATCHED = 20.0
"""Seconds the table of bots is watched: long enough for several times ``BOT_MOVES``."""
BOT_MOVES = 2000
"""Changes a table of bots alone makes before it waits for its host (``--bot-moves``): 0.2 MiB
of database, where unpaused it made some 13,000 changes in ``WATCHED`` seconds."""


class Sampler:
    """The server's memory and database size, sampled every 0.2 s while a test runs."""

    def __init__(self, pid: int, folder: Path) -> None:
        self.pid, self.folder = pid, folder
        self.rss: list[float] = []
        self.disk: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.2):
            self.rss.append(rss_mib(self.pid))
            size = sum(f.stat().st_size for f in self.folder.glob("budget.sqlite3*"))
            self.disk.append(size / 2**20)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)


def _flood(base: str, address: str) -> tuple[list[dict[str, str]], list[str]]:
    """Tables made from ``address`` until the server refuses: each one's id and creator token,
    and the refusals' codes."""
    made: list[dict[str, str]] = []
    body = {"variant": "classic", "seats": [{"bot": None}, {"bot": "greedy"}], "bot_pause": 0}
    with httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=30) as http:
        while True:
            answer = http.post(f"{base}/api/tables", json=body)
            if answer.status_code != 201:
                return made, [answer.json()["code"]]
            made.append(
                {"id": answer.json()["table"]["id"], "creator": answer.json()["creator_token"]}
            )


def _watch(base: str, table_id: str, seconds: float) -> int:
    """Watch a table for ``seconds``, reading every message; the last state id seen."""
    url = base.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    last = 0
    with connect(url, max_size=2**22, max_queue=None) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": None}))
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = json.loads(ws.recv(timeout=left))
            except TimeoutError:
                break
            last = message.get("state_id", last)
    return last


def _state_id(base: str, table_id: str) -> int:
    return int(httpx.get(f"{base}/api/tables/{table_id}", timeout=30).json()["table"]["state_id"])


def test_a_flood_and_a_table_of_bots_that_plays_on_hold_a_fixed_budget(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'budget.sqlite3'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    # The server's own limits on tables, and tables leaving memory after 6 s.
    options = ["--tables-per-address", str(Limits.tables_per_address), "--idle-minutes", "0.1"]
    options += ["--bot-moves", str(BOT_MOVES)]
    server = start_server(url, port, str(tmp_path), options=options)
    sampler = Sampler(server.pid, tmp_path)
    try:
        addresses = [f"127.0.0.{n}" for n in range(2, 2 + ADDRESSES)]
        with ThreadPoolExecutor(4) as pool:
            floods = list(pool.map(lambda a: _flood(base, a), addresses))
        made = [table for tables, _ in floods for table in tables]
        assert len(made) == Limits.max_tables
        assert {code for _, codes in floods for code in codes} == {"too_many_tables"}
        listed = httpx.get(f"{base}/api/tables", timeout=30).json()["tables"]
        assert len(listed) == Limits.max_tables
        flood_rss, flood_disk = max(sampler.rss), max(sampler.disk)
        # Room for one more: its host closes a table of the flood.
        host = {"authorization": f"Bearer {made[0]['creator']}"}
        assert httpx.delete(f"{base}/api/tables/{made[0]['id']}", headers=host).status_code == 204
        body = {
            "variant": "classic:target=10000",
            "seats": [{"bot": "greedy"}, {"bot": "greedy"}],
            "bot_pause": 0,
        }
        bots = httpx.post(f"{base}/api/tables", json=body).json()["table"]["id"]
        before_bots = max(sampler.disk)
        played = _watch(base, bots, WATCHED)
        assert played == BOT_MOVES  # it played on, watched, and paused at its bound
        assert _state_id(base, bots) == BOT_MOVES
    finally:
        sampler.stop()
        server.terminate()
        server.wait(20)
    bots_disk = max(sampler.disk) - before_bots
    print(
        f"\n{len(made)} tables flooded from {ADDRESSES} addresses; a table of bots played"
        f" {played} changes in {WATCHED:g} s and paused; server RSS at most"
        f" {max(sampler.rss):.1f} MiB ({flood_rss:.1f} after the flood), database at most"
        f" {max(sampler.disk):.1f} MiB ({flood_disk:.1f} after the flood, +{bots_disk:.2f} for"
        " the table of bots)"
    )
    assert max(sampler.rss) < RSS_BUDGET_MIB
    assert max(sampler.disk) < DISK_BUDGET_MIB
    assert bots_disk < BOTS_DISK_BUDGET_MIB
