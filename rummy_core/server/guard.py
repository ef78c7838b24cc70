"""What the server answers to, and the headers every page carries: for a server left open on a
network (#39).

- **Host.** A request must name the server by an address (an IP, ``localhost``) or by the host of
  its public URL (``--public-url``) or of an allowed origin (``--allow-origin``). Seat links are
  built from the public URL when there is one, else from the request, whose host was checked here:
  a request sent with ``Host: attacker.example`` never gets a link to that host.
- **Origin.** A WebSocket, and any request that changes something (not GET or HEAD), is refused
  when a browser says it comes from a page of another site: a page a LAN user visits cannot make
  tables or play for them. Scripts send no Origin and are not refused.
- **Headers.** A content security policy that the lobby and the table pass (everything from the
  server itself; QR codes as ``data:`` images), no sniffing, no framing, no referrer (a seat link
  holds its token).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rummy_core.i18n.uitext import N_
from rummy_core.server.exposure import Exposure
from rummy_core.server.http import error_response

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none';"
        b" base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


class Guard:
    """ASGI middleware: the host and origin checks, and the headers of every response."""

    def __init__(self, app: ASGIApp, exposure: Exposure) -> None:
        self.app = app
        self.exposure = exposure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is not None:
            await self._refuse(scope, receive, send, *refusal)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)

    def _refusal(self, scope: Scope) -> tuple[int, str, str, dict[str, Any]] | None:
        host = _header(scope, b"host") or ""
        if not self.exposure.host_allowed(host):
            return (
                400,
                "bad_host",
                N_(
                    "This server does not answer to the name %(host)s. Its host can name it in"
                    " --public-url."
                ),
                {"host": host},
            )
        origin = _header(scope, b"origin")
        changes = scope["type"] == "websocket" or scope.get("method") not in SAFE_METHODS
        if changes and origin and not self.exposure.origin_allowed(origin, host):
            return (
                403,
                "bad_origin",
                N_(
                    "A page of %(origin)s may not use this server. Its host can allow it with"
                    " --allow-origin."
                ),
                {"origin": origin},
            )
        return None

    async def _refuse(
        self,
        scope: Scope,
        receive: Receive,
        send: Send,
        status: int,
        code: str,
        message: str,
        params: dict[str, Any],
    ) -> None:
        if scope["type"] == "websocket":
            # Closed before it is accepted: the handshake gets a 403, and nothing is said.
            await send({"type": "websocket.close", "code": 1008})
            return
        response = error_response(Request(scope, receive), status, code, message, **params)
        response.headers.update({k.decode(): v.decode() for k, v in HEADERS})
        await response(scope, receive, send)
