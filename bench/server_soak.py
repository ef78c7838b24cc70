"""The server under a steady load for a while, its memory sampled each minute (#39).

Each round plays a hand at ``--tables`` tables of ``--seats`` scripted people
(``server_load.play_tables``, every message checked for hidden cards), then their host closes
them (``DELETE /api/tables/{id}``): a server that keeps nothing it no longer needs holds a flat
memory however long it runs. Prints the server's resident memory each minute and its growth after
the first minutes' warm-up. Loopback only; the database is a scratch one.

Run: ``python bench/server_soak.py --minutes 30 --tables 10 --seats 3``.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import httpx
from server_load import check_messages, free_port, play_tables, start_server

from rummy_core.server.store import Store


def rss_mib(pid: int) -> float:
    """The resident memory of process ``pid``, in MiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--warm-up", type=float, default=3, help="minutes before growth counts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        url = f"sqlite:///{Path(home) / 'soak.sqlite3'}"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server(url, port, home)
        store = Store(url)
        try:
            start = time.monotonic()
            samples: list[tuple[float, float]] = [(0.0, rss_mib(server.pid))]
            hands = problems = 0
            print("| minute | hands played | server RSS (MiB) | problems |")
            print("|---|---|---|---|")
            print(f"| 0 | 0 | {samples[0][1]:.1f} | 0 |")
            while (elapsed := time.monotonic() - start) < args.minutes * 60:
                runs = asyncio.run(play_tables(base, args.tables, args.seats))
                for run in runs:
                    problems += len(check_messages(store, run))
                    hands += run.hands
                    closed = httpx.delete(
                        f"{base}/api/tables/{run.table_id}",
                        headers={"authorization": f"Bearer {run.creator}"},
                    )
                    closed.raise_for_status()
                minute = int(elapsed // 60) + 1
                if minute > len(samples) - 1:
                    samples.append((elapsed / 60, rss_mib(server.pid)))
                    print(f"| {minute} | {hands} | {samples[-1][1]:.1f} | {problems} |", flush=True)
            warm = [mib for at, mib in samples if at >= args.warm_up] or [samples[-1][1]]
            growth = (warm[-1] - warm[0]) / warm[0]
            print(
                f"\n{hands} hands in {args.minutes:g} minutes; after {args.warm_up:g} minutes'"
                f" warm-up the server's memory went {warm[0]:.1f} -> {warm[-1]:.1f} MiB"
                f" ({growth:+.1%}); {problems} problems in the messages."
            )
        finally:
            store.close()
            server.terminate()
            server.wait(20)


if __name__ == "__main__":
    main()
