"""How fast the server answers a ping while players ask it the costliest question (#39).

A ``choices`` question with Riverside's four wild 2s and 12 other cards selected is the most
work one message can ask of the server (``bench/choices.py``: about 0.06 s of CPU). Here seats
at separate tables ask it again and again, as fast as the server's own rate limit lets a
connection (20 messages a second), while a spectator at another table sends a ping every 50 ms
and times each pong. The server is ``rummy serve`` in its own process on 127.0.0.1, with its
default limits and the askers' tables stored in a fresh database before it starts. A benchmark:
it prints figures and never fails on them.

Run: ``python bench/server_pong.py`` (``make bench-server`` runs it too).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path

from choices import HAND, POSITION
from server_load import free_port, percentile, start_server
from websockets.asyncio.client import ClientConnection, connect

from rummy_core.engine.setup import game_from_position
from rummy_core.formats.position import dump_position
from rummy_core.server.limits import Limits
from rummy_core.server.protocol import PROTOCOL
from rummy_core.server.store import SeatRow, Store, TableRow, digest, stamp

PING_EVERY = 0.05
"""Seconds between the spectator's pings."""


def store_tables(url: str, askers: int) -> None:
    """The askers' tables (``ask-0``...), seat 0 of each holding ``HAND`` with its token the
    table's id, and a quiet table (``quiet``) for the spectator."""
    game = game_from_position("riverside", POSITION, 1)
    store = Store(url)
    for table_id in ["quiet", *(f"ask-{n}" for n in range(askers))]:
        store.create(
            TableRow(
                id=table_id,
                variant="riverside",
                players=2,
                seed=1,
                dealer=1,
                bot_pause=0.6,
                creator_hash=digest("host"),
                created=stamp(),
                state_id=0,
                phase=game.state.phase,
                position=dump_position(game.state),
                seats=[
                    SeatRow(0, None, digest(table_id), "asker", claimed=True),
                    SeatRow(1, None, digest(f"{table_id}-1"), "other", claimed=True),
                ],
            )
        )
    store.close()


async def _hello(ws: ClientConnection, token: str | None) -> None:
    await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": token}))
    while json.loads(await ws.recv())["type"] != "welcome":
        pass


async def ask(url: str, table_id: str, stop: asyncio.Event) -> int:
    """Ask the costliest question at ``table_id`` until ``stop``, at the rate limit; how many
    answers came."""
    question = json.dumps({"type": "choices", "cards": HAND, "state_id": 0})
    answered = 0
    async with connect(f"{url}/ws/tables/{table_id}", max_size=2**22) as ws:
        await _hello(ws, table_id)
        while not stop.is_set():
            sent = time.perf_counter()
            await ws.send(question)
            while json.loads(await ws.recv())["type"] != "choices":
                pass
            answered += 1
            await asyncio.sleep(max(0.0, 1 / Limits.rate - (time.perf_counter() - sent)))
    return answered


async def ping(url: str, stop: asyncio.Event) -> list[float]:
    """A spectator's ping every ``PING_EVERY`` seconds until ``stop``: each pong's delay (s)."""
    delays: list[float] = []
    async with connect(f"{url}/ws/tables/quiet", max_size=2**22) as ws:
        await _hello(ws, None)
        while not stop.is_set():
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            delays.append(time.perf_counter() - sent)
            await asyncio.sleep(PING_EVERY)
    return delays


async def measure(url: str, askers: int, seconds: float) -> tuple[int, list[float]]:
    """``askers`` asking while the spectator pings, for ``seconds``."""
    stop = asyncio.Event()
    asking = [asyncio.create_task(ask(url, f"ask-{n}", stop)) for n in range(askers)]
    pinging = asyncio.create_task(ping(url, stop))
    await asyncio.sleep(seconds)
    stop.set()
    answered = sum(await asyncio.gather(*asking))
    return answered, await pinging


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10, help="each round's length")
    parser.add_argument("--askers", type=int, nargs="+", default=[0, 1, 2, 4])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        url = f"sqlite:///{Path(home) / 'pong.sqlite3'}"
        store_tables(url, max(args.askers))
        port = free_port()
        server = start_server(url, port, home, rate=Limits.rate)
        try:
            print("| askers | questions answered | pongs | pong p50 (ms) | p99 (ms) | max (ms) |")
            print("|---|---|---|---|---|---|")
            for askers in args.askers:
                answered, delays = asyncio.run(
                    measure(f"ws://127.0.0.1:{port}", askers, args.seconds)
                )
                ms = [d * 1000 for d in delays]
                print(
                    f"| {askers} | {answered} | {len(ms)} | {percentile(ms, 0.5):.1f}"
                    f" | {percentile(ms, 0.99):.1f} | {max(ms):.1f} |",
                    flush=True,
                )
        finally:
            server.terminate()
            server.wait(20)


if __name__ == "__main__":
    main()
