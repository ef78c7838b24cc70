"""The ASGI application: the lobby's pages and HTTP API, and a WebSocket per table."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Route, WebSocketRoute

from rummy_core.server import http
from rummy_core.server.exposure import Exposure
from rummy_core.server.guard import Guard
from rummy_core.server.hub import Hub
from rummy_core.server.limits import Limits
from rummy_core.server.socket import table_socket
from rummy_core.server.store import Store, default_url


def create_app(
    db_url: str | None = None,
    *,
    limits: Limits | None = None,
    bot_workers: int = 2,
    exposure: Exposure | None = None,
) -> Starlette:
    """The server for the database at ``db_url`` (default: SQLite in the player's folder),
    reached as ``exposure`` says (default: by address, from its own pages only).

    The database is opened, and every stored table loaded, when the app starts (its lifespan).
    """

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub = Hub(Store(db_url or default_url()), limits, bot_workers)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()

    routes = [
        Route("/", http.lobby),
        Route("/table/{table_id}", http.table_page),
        Route("/rules/{ruleset}", http.rules),
        Route("/static/{name}", http.asset),
        Route("/api", http.api_root),
        Route("/api/i18n/{lang}", http.language),
        Route("/api/tables", http.list_tables, methods=["GET"]),
        Route("/api/tables", http.create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", http.table_state, methods=["GET"]),
        Route("/api/tables/{table_id}", http.close_table, methods=["DELETE"]),
        Route("/api/tables/{table_id}/seats/{seat:int}/bot", http.hand_to_bot, methods=["POST"]),
        Route("/api/tables/{table_id}/seats/{seat:int}/person", http.new_link, methods=["POST"]),
        Route("/api/tables/{table_id}/start", http.start, methods=["POST"]),
        Route("/api/tables/{table_id}/rematch", http.rematch, methods=["POST"]),
        WebSocketRoute("/ws/tables/{table_id}", table_socket),
    ]
    exposure = exposure or Exposure()
    app = Starlette(
        routes=routes, lifespan=lifespan, middleware=[Middleware(Guard, exposure=exposure)]
    )
    app.state.exposure = exposure
    return app
