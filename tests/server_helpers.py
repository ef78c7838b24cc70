"""Running the game server on a free loopback port for a test, and clients that talk to it."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx
import uvicorn
from starlette.applications import Starlette
from websockets.sync.client import ClientConnection, connect

from rummy_core.server.app import create_app
from rummy_core.server.exposure import Exposure
from rummy_core.server.limits import Limits
from rummy_core.server.protocol import PROTOCOL, SERVER_ADAPTER

Message = dict[str, Any]


SCRIPTED = Limits(rate=1000.0, burst=2000)
"""The limits of a server that scripts play on (the browser tests, a scripted hand): a script
sends far faster than any person, and a message over the rate is dropped unanswered, which would
leave a test waiting for its answer. The limit itself is tested in test_server.py."""


@contextmanager
def running_server(
    db_url: str,
    limits: Limits | None = None,
    exposure: Exposure | None = None,
    app: Starlette | None = None,
) -> Iterator[str]:
    """uvicorn serving the app on 127.0.0.1 (a port the system picks) until the block ends;
    ``app`` (made with ``limits``) when the test looks at its hub."""
    limits = limits or Limits()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app or create_app(db_url, limits=limits, exposure=exposure),
        ws_max_size=limits.max_frame_bytes,
        log_level="warning",
        lifespan="on",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(20)
        sock.close()


def create_table(base: str, variant: str, seats: list[str | None], pause: float = 0) -> Message:
    """POST a new table; ``seats`` lists a bot name per seat, None for a person."""
    body = {"variant": variant, "seats": [{"bot": b} for b in seats], "bot_pause": pause}
    answer = httpx.post(f"{base}/api/tables", json=body, timeout=20)
    assert answer.status_code == 201, answer.text
    data: Message = answer.json()
    return data


class Client:
    """One WebSocket to a table, keeping every message it receives (validated as it arrives)."""

    def __init__(
        self,
        base: str,
        table_id: str,
        token: str | None,
        name: str | None = None,
        protocol: int = PROTOCOL,
        lang: str | None = None,
        accept_language: str | None = None,
    ):
        """``lang`` goes in the hello; ``accept_language`` is the header a browser would send."""
        self._stack = ExitStack()
        url = base.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
        headers = {"Accept-Language": accept_language} if accept_language else None
        self.ws: ClientConnection = self._stack.enter_context(
            connect(url, open_timeout=10, additional_headers=headers)
        )
        self.received: list[Message] = []
        hello: Message = {"type": "hello", "protocol": protocol, "token": token, "name": name}
        if lang is not None:
            hello["lang"] = lang
        self.send(hello)

    def send(self, data: Message) -> None:
        self.ws.send(json.dumps(data))

    def recv(self, timeout: float = 10) -> Message:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        data: Message = json.loads(text)
        SERVER_ADAPTER.validate_python(data)
        assert data["protocol"] == PROTOCOL
        self.received.append(data)
        return data

    def wait_for(self, wanted: Callable[[Message], bool], timeout: float = 20) -> Message:
        """The first message from now on that ``wanted`` accepts."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message came")
            message = self.recv(left)
            if wanted(message):
                return message

    def drain(self, quiet: float = 0.3) -> list[Message]:
        """Every message that arrives until none has for ``quiet`` seconds."""
        got: list[Message] = []
        while True:
            try:
                got.append(self.recv(quiet))
            except TimeoutError:
                return got

    def close(self) -> None:
        self._stack.close()


def take_turn(client: Client, state: Message) -> Message:
    """Draw from the stock and discard the first card accepted; the last update."""
    draw = {"type": "draw", "source": "stock"}
    client.send({"type": "action", "action": draw, "state_id": state["state_id"]})
    update = client.wait_for(lambda m: m["type"] == "update" and m["state_id"] > state["state_id"])
    for card in update["view"]["hand"]:
        discard = {"type": "discard", "card": card}
        client.send({"type": "action", "action": discard, "state_id": update["state_id"]})
        answer = client.wait_for(lambda m: m["type"] in ("update", "refused"))
        if answer["type"] == "update":
            return answer
    raise AssertionError("no card could be discarded")


def of_type(kind: str) -> Callable[[Message], bool]:
    return lambda m: m["type"] == kind


def at_state(state_id: int) -> Callable[[Message], bool]:
    return lambda m: m["type"] in ("update", "welcome") and m["state_id"] >= state_id


class Inbox:
    """A connection that keeps what it is sent (for tests of the hub, with no network)."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.lang = "en"

    def send(self, text: str) -> None:
        self.messages.append(json.loads(text))

    def close(self, code: int) -> None:
        pass
