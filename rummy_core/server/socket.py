"""A table's WebSocket: hello, then actions in and updates out, one JSON text message each.

The token travels in the hello message, never in the URL, so no access log holds it.
"""

from __future__ import annotations

import asyncio
import logging
import time

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketState

from rummy_core.engine.errors import RuleError
from rummy_core.i18n.uitext import N_
from rummy_core.server import outbox, pages
from rummy_core.server.hub import TOO_SLOW, Hub
from rummy_core.server.limits import Limits, TokenBucket
from rummy_core.server.live import LiveTable
from rummy_core.server.protocol import (
    CLIENT_ADAPTER,
    PROTOCOL,
    ActionMessage,
    ChatMessage,
    ChoicesQuery,
    ClientMessage,
    Hello,
    NextHandMessage,
    Ping,
    Pong,
    RematchMessage,
)

log = logging.getLogger("rummy.server")

BAD_HELLO = 4400
"""Close code: the first message was not a hello this server speaks."""
BAD_TOKEN = 4403
"""Close code: the token is not one of this table's seats."""
UNKNOWN_TABLE = 4404
"""Close code: there is no such table."""
NO_HELLO = 4408
"""Close code: no hello in time."""


class SocketConnection:
    """A WebSocket with a queue of outgoing messages, written by a task of its own.

    Sending never waits on the client, so a slow phone cannot hold up its table; a client that
    lets ``Limits.send_queue`` messages pile up is closed and may reconnect. ``lang`` is the
    language the client reads: the browser's until its hello names one.
    """

    def __init__(self, ws: WebSocket, limits: Limits) -> None:
        self._ws = ws
        self.lang = pages.request_language(ws)
        self.chat = TokenBucket(limits.chat_rate, limits.chat_burst)
        limit = limits.send_queue
        self._queue: asyncio.Queue[str | int] = asyncio.Queue(limit)
        self._writer = asyncio.create_task(self._write())
        self.closed = False

    def send(self, text: str) -> None:
        """Queue one message (dropped once the connection is closing)."""
        if self.closed:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("a client was too slow to read its messages; closing it")
            self.closed = True
            self._queue = asyncio.Queue()
            self._queue.put_nowait(TOO_SLOW)

    def close(self, code: int) -> None:
        """Close once the queued messages are sent."""
        if not self.closed:
            self.closed = True
            self._queue.put_nowait(code)

    async def finish(self) -> None:
        """Close and wait for the writer."""
        self.close(1000)
        try:
            await asyncio.wait_for(self._writer, 5)
        except (TimeoutError, asyncio.CancelledError):
            self._writer.cancel()

    async def _write(self) -> None:
        try:
            while True:
                item = await self._queue.get()
                if isinstance(item, int):
                    if self._ws.application_state == WebSocketState.CONNECTED:
                        await self._ws.close(item)
                    return
                await self._ws.send_text(item)
        except Exception:
            # The client went away mid-send; the reader sees the disconnect.
            self.closed = True


async def table_socket(ws: WebSocket) -> None:
    """The endpoint ``/ws/tables/{table_id}``."""
    hub: Hub = ws.app.state.hub
    limits = hub.limits
    await ws.accept()
    conn = SocketConnection(ws, limits)
    table: LiveTable | None = None
    seat: int | None = None
    try:
        hello = await _hello(ws, conn, limits)
        if hello is None:
            return
        conn.lang = pages.request_language(ws, hello.lang)
        table = await hub.find(ws.path_params["table_id"])
        if table is None:
            _refuse(conn, UNKNOWN_TABLE, "unknown_table", N_("There is no such table."))
            return
        if hello.token is not None:
            seat = table.seat_of(hello.token)
            if seat is None:
                _refuse(conn, BAD_TOKEN, "bad_token", N_("That token is not a seat at this table."))
                table = None
                return
        await hub.join(table, seat, conn, hello.name)
        await _serve(ws, conn, hub, table, seat, limits)
    finally:
        try:
            if table is not None:
                await hub.leave(table, seat, conn)
        finally:
            await conn.finish()


def _refuse(conn: SocketConnection, close_code: int, code: str, message: str) -> None:
    conn.send(outbox.encode(outbox.error(code, message, conn.lang)))
    conn.close(close_code)


async def _hello(ws: WebSocket, conn: SocketConnection, limits: Limits) -> Hello | None:
    try:
        text = await asyncio.wait_for(_receive(ws, conn, limits), limits.hello_timeout)
    except TimeoutError:
        _refuse(conn, NO_HELLO, "no_hello", N_("Say hello first: {type: hello, protocol, token}."))
        return None
    if text is None:
        return None
    message = _parse(text, conn)
    if not isinstance(message, Hello):
        if message is not None:
            _refuse(conn, BAD_HELLO, "hello_first", N_("The first message must be a hello."))
        else:
            conn.close(BAD_HELLO)
        return None
    if message.protocol != PROTOCOL:
        conn.send(
            outbox.encode(
                outbox.error(
                    "protocol_mismatch",
                    N_("This server speaks protocol %(server)s, not %(client)s."),
                    pages.request_language(ws, message.lang),
                    server=PROTOCOL,
                    client=message.protocol,
                )
            )
        )
        conn.close(BAD_HELLO)
        return None
    return message


async def _serve(
    ws: WebSocket,
    conn: SocketConnection,
    hub: Hub,
    table: LiveTable,
    seat: int | None,
    limits: Limits,
) -> None:
    bucket = TokenBucket(limits.rate, limits.burst)
    warned_at = 0.0
    while not conn.closed:
        # Let the writer send what the last message was answered with before the next is read
        # (a message already received is read without waiting): a client that sends many at
        # once but reads promptly is not dropped as too slow.
        await asyncio.sleep(0)
        text = await _receive(ws, conn, limits)
        if text is None:
            return
        if not bucket.take():
            # One warning a second: answering every message of a flood would be a flood too.
            now = time.monotonic()
            if now - warned_at >= 1:
                warned_at = now
                slow_down = N_("More than %(rate)s messages a second: slow down.")
                error = outbox.error("rate_limited", slow_down, conn.lang, rate=f"{limits.rate:g}")
                conn.send(outbox.encode(error))
            continue
        message = _parse(text, conn)
        if message is None:
            continue
        try:
            await _dispatch(message, conn, hub, table, seat)
        except Exception:
            log.exception("table %s: a message failed", table.id)
            failed = outbox.error("server_error", N_("The server failed; try again."), conn.lang)
            conn.send(outbox.encode(failed))


async def _dispatch(
    message: ClientMessage, conn: SocketConnection, hub: Hub, table: LiveTable, seat: int | None
) -> None:
    if isinstance(message, Ping):
        conn.send(outbox.encode(Pong()))
    elif isinstance(message, Hello):
        greeted = outbox.error("already_greeted", N_("Hello was already said."), conn.lang)
        conn.send(outbox.encode(greeted))
    elif seat is None or seat not in table.seated or table.seated[seat] is not conn:
        watching = outbox.error("not_seated", N_("Spectators cannot act."), conn.lang)
        conn.send(outbox.encode(watching))
    elif isinstance(message, ActionMessage):
        await hub.act(table, seat, conn, message.action, message.state_id)
    elif isinstance(message, NextHandMessage):
        await hub.deal_next(table, conn, message.state_id)
    elif isinstance(message, ChoicesQuery):
        await hub.choices(table, seat, conn, message.cards)
    elif isinstance(message, ChatMessage):
        if not conn.chat.take():
            slow = outbox.error(
                "chat_too_fast", N_("Not so fast: wait a moment to say more."), conn.lang
            )
            conn.send(outbox.encode(slow))
            return
        try:
            await hub.say(table, seat, message.text)
        except RuleError as exc:
            conn.send(outbox.encode(outbox.refused(exc, table.state_id, conn.lang)))
    elif isinstance(message, RematchMessage):
        try:
            await hub.rematch(table, None, message.state_id)
        except RuleError as exc:
            conn.send(outbox.encode(outbox.refused(exc, table.state_id, conn.lang)))


async def _receive(ws: WebSocket, conn: SocketConnection, limits: Limits) -> str | None:
    """The next text message; ``""`` after answering one that cannot be taken; None: gone."""
    event = await ws.receive()
    if event["type"] == "websocket.disconnect":
        return None
    text = event.get("text")
    if text is None:
        conn.send(
            outbox.encode(outbox.error("bad_message", N_("Send JSON as text messages."), conn.lang))
        )
        return ""
    size = len(text.encode())
    if size > limits.max_message_bytes:
        conn.send(
            outbox.encode(
                outbox.error(
                    "too_large",
                    N_("A message may have %(limit)s bytes, not %(size)s."),
                    conn.lang,
                    limit=limits.max_message_bytes,
                    size=size,
                )
            )
        )
        return ""
    return str(text)


def _parse(text: str, conn: SocketConnection) -> ClientMessage | None:
    if not text:
        return None
    try:
        return CLIENT_ADAPTER.validate_json(text)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'message'}: {e['msg']}" for e in exc.errors()
        )
        conn.send(
            outbox.encode(
                outbox.error(
                    "bad_message",
                    N_("That message is not valid: %(problems)s."),
                    conn.lang,
                    problems=problems,
                )
            )
        )
        return None
