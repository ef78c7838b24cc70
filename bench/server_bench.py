"""``make bench-server``: tables of scripted people playing at once on ``rummy serve``.

The server runs in its own process on 127.0.0.1 with a fresh SQLite database; this process
runs every client. Prints actions per second, action latency (send to answer) and whether any
message leaked a hidden card. A benchmark: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from server_load import check_messages, free_port, percentile, play_tables, start_server

from rummy_core.server.store import Store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--hands", type=int, default=1, help="Hands per table (1: one hand).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        url = f"sqlite:///{Path(home) / 'bench.sqlite3'}"
        port = free_port()
        server = start_server(url, port, home)
        try:
            started = time.perf_counter()
            runs = asyncio.run(
                asyncio.wait_for(
                    play_tables(f"http://127.0.0.1:{port}", args.tables, args.seats, args.hands),
                    timeout=600,
                )
            )
            elapsed = time.perf_counter() - started
        finally:
            server.terminate()
            server.wait(20)
        store = Store(url)
        problems = [p for run in runs for p in check_messages(store, run)]
        messages = sum(len(c.messages) for run in runs for c in run.clients)
        store.close()
    latencies = [x for run in runs for x in run.latencies]
    actions = sum(run.actions for run in runs)
    print(f"server load: {args.tables} tables x {args.seats} seats (+1 spectator each),")
    print(
        f"  {sum(r.hands for r in runs)} hands, {actions} actions accepted,"
        f" {sum(r.refusals for r in runs)} refused, in {elapsed:.1f} s"
    )
    print(
        f"  {actions / elapsed:.0f} actions/s; latency p50 {percentile(latencies, 0.5) * 1e3:.1f}"
        f" ms, p99 {percentile(latencies, 0.99) * 1e3:.1f} ms"
    )
    print(
        f"  {messages} messages checked against the replayed game:"
        f" {'no hidden card leaked' if not problems else f'{len(problems)} PROBLEMS'}"
    )
    for problem in problems[:10]:
        print("   ", problem)
    stuck = sum(r.stuck for r in runs)
    if stuck:
        print(f"  {stuck} tables stuck (a scripted client found nothing accepted)")


if __name__ == "__main__":
    main()
