"""A real PostgreSQL server for the store's tests: Debian's ``postgresql`` (``make test`` installs
it), started in a scratch folder on a free loopback port, stopped at the end of the run.

PostgreSQL refuses to run as root, which CI is: the server then runs as the ``postgres`` user the
package creates. Each test gets a database of its own.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from itertools import count
from pathlib import Path

BIN = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
"""Where Debian's postgresql puts its server programs, one folder per version (newest last)."""
_numbers = count(1)


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """A running server until the block ends: the URL of its ``postgres`` database."""
    if not BIN:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql")
    tools = BIN[-1].parent
    folder = Path(tempfile.mkdtemp(prefix="rummy-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data, port = folder / "data", _free_port()
    initdb = [str(tools / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"]
    subprocess.run(
        _as_server_user([*initdb, "-E", "UTF8", "--no-sync"]),
        check=True,
        capture_output=True,
        timeout=120,
    )
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off"
    pg_ctl = [str(tools / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-o", options]
    subprocess.run(
        _as_server_user([*pg_ctl, "-w", "-t", "60", "start"]),
        check=True,
        capture_output=True,
        timeout=120,
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_server_user([str(tools / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(server_url: str) -> str:
    """A new, empty database on the server at ``server_url``: its URL."""
    import sqlalchemy

    name = f"rummy_test_{os.getpid()}_{next(_numbers)}"
    engine = sqlalchemy.create_engine(server_url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as db:
            db.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return server_url.rsplit("/", 1)[0] + f"/{name}"
