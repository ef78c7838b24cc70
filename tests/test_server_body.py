"""A request body is refused as too large while it arrives (#39 point 3), not after the server has
read it all: by its Content-Length, or, chunked, as soon as it passes the limit."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from server_helpers import running_server

from rummy_core.server.http import MAX_BODY


def _answer(base: str, head: str, parts: list[bytes]) -> tuple[int, dict[str, str]]:
    """Send a POST's head and ``parts`` of its body (no more), then read the answer: its status
    and JSON. Nothing more is sent, so a server that waits for the whole body never answers."""
    where = urlsplit(base)
    with socket.create_connection((where.hostname, where.port), timeout=10) as conn:
        conn.sendall(head.encode())
        for part in parts:
            conn.sendall(part)
        received = b""
        while b"\r\n\r\n" not in received or not received.rstrip().endswith(b"}"):
            data = conn.recv(65536)
            if not data:
                break
            received += data
    status = int(received.split(b" ", 2)[1])
    return status, json.loads(received.split(b"\r\n\r\n", 1)[1].split(b"\r\n")[-1] or b"{}")


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path / 's.sqlite3'}") as url:
        yield url


def test_a_declared_length_past_the_limit_is_refused_before_the_body(base: str) -> None:
    head = (
        "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {200 * 1024 * 1024}\r\n\r\n"
    )
    status, answer = _answer(base, head, [b"{" + b" " * 1024])
    assert status == 413 and answer["code"] == "too_large"


def test_a_chunked_body_is_refused_once_it_passes_the_limit(base: str) -> None:
    head = (
        "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b" " * 16384
    parts = [b"%x\r\n%s\r\n" % (len(chunk), chunk)] * (MAX_BODY // len(chunk) + 2)
    # The body never ends (no last chunk): only a server that stops reading can answer.
    status, answer = _answer(base, head, parts)
    assert status == 413 and answer["code"] == "too_large"
