"""The lobby's HTTP API (create a table, list tables, a table's state) and its pages."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from importlib.resources import files
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from rummy_core import __version__
from rummy_core.engine.errors import RuleError
from rummy_core.i18n.languages import normalize_language
from rummy_core.i18n.uitext import N_, UI
from rummy_core.server import pages
from rummy_core.server.catalogue import catalogue
from rummy_core.server.exposure import Exposure
from rummy_core.server.hub import Hub
from rummy_core.server.live import LiveTable
from rummy_core.server.protocol import (
    PROTOCOL,
    ApiError,
    CreateTable,
    HandToBot,
    Rematch,
    TableList,
)

MAX_BODY = 64 * 1024
M = TypeVar("M", bound=BaseModel)


def _json(model: BaseModel, status: int = 200) -> Response:
    return Response(model.model_dump_json(), status_code=status, media_type="application/json")


def error_response(
    request: Request, status: int, code: str, message: str, **params: Any
) -> Response:
    """A refusal of the server's own (a route's, or the guard's), its ``message`` (a ``ui``
    msgid) in the request's language."""
    text = UI.translate(pages.request_language(request), message, **params)
    return _json(ApiError(code=code, message=text, params=params), status)


STATUS_OF: dict[str, int] = {"bad_creator_token": 403, "too_many_tables": 429}
"""The HTTP status of a refusal whose code says more than "a bad request" (400)."""


def _refusal(request: Request, exc: RuleError, status: int | None = None) -> Response:
    """A refusal of the rules, in the request's language; its status from ``STATUS_OF`` unless
    given."""
    message = exc.render(pages.request_language(request))
    answer = status or STATUS_OF.get(exc.code, 400)
    return _json(ApiError(code=exc.code, message=message, params=exc.params), answer)


def _exposure(request: Request) -> Exposure:
    exposure: Exposure = request.app.state.exposure
    return exposure


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


ASSET_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}
"""The kinds of file the pages load from ``/static/``; nothing else there is served."""


async def asset(request: Request) -> Response:
    """``GET /static/{name}``: a script, style sheet or image the pages use (package data, so
    the table works with no network beyond this server)."""
    name: str = request.path_params["name"]
    kind = ASSET_TYPES.get(name[name.rfind(".") :]) if "." in name else None
    resource = files("rummy_core.server").joinpath("static", name)
    if kind is None or "/" in name or name.startswith(".") or not resource.is_file():
        return error_response(
            request, 404, "unknown_asset", N_("There is no such file."), name=name
        )
    return Response(resource.read_bytes(), media_type=kind, headers={"cache-control": "no-cache"})


def _page(request: Request, name: str) -> Response:
    """A page in the request's language; it varies with the headers that choose it."""
    page = pages.render_page(name, pages.request_language(request))
    return HTMLResponse(page, headers={"vary": "accept-language, cookie"})


async def lobby(request: Request) -> Response:
    """``GET /``: the lobby page."""
    return _page(request, "lobby.html")


async def table_page(request: Request) -> Response:
    """``GET /table/{id}``: the page a seat's link opens (the token is in the fragment)."""
    return _page(request, "table.html")


async def rules(request: Request) -> Response:
    """``GET /rules/{ruleset}``: the ruleset's rules in the request's language (the table links
    to it)."""
    lang = pages.request_language(request)
    try:
        page = pages.rules_page(request.path_params["ruleset"], lang)
    except RuleError as exc:
        return _refusal(request, exc, 404)
    return HTMLResponse(page, headers={"vary": "accept-language, cookie"})


async def api_root(request: Request) -> Response:
    """``GET /api``: the protocol, the program's version, and what tables can be made of (the
    summaries and option descriptions in the request's language)."""
    shown = catalogue(pages.request_language(request))
    return JSONResponse({"protocol": PROTOCOL, "version": __version__, **shown})


async def language(request: Request) -> Response:
    """``GET /api/i18n/{lang}``: the browser's words in ``lang`` (see ``pages.catalog``)."""
    tag: str = request.path_params["lang"]
    lang = normalize_language(tag)
    if lang is None:
        return error_response(
            request, 404, "unknown_language", N_("There is no language %(language)s."), language=tag
        )
    return JSONResponse(pages.catalog(lang), headers={"cache-control": "no-cache"})


async def _body(request: Request, model: type[M]) -> M | Response:
    # Refused as soon as it is known to be too large, from its Content-Length or while it
    # streams in (chunked): a 200 MiB body is never held in memory.
    declared = request.headers.get("content-length", "0")
    body = bytearray()
    if declared.isdigit() and int(declared) <= MAX_BODY:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                break
    if not declared.isdigit() or len(body) > MAX_BODY or int(declared) > MAX_BODY:
        return error_response(
            request, 413, "too_large", N_("A request may have %(limit)s bytes."), limit=MAX_BODY
        )
    try:
        return model.model_validate_json(body or b"{}")
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'body'}: {e['msg']}" for e in exc.errors()
        )
        return error_response(
            request,
            422,
            "bad_request",
            N_("That request is not valid: %(problems)s."),
            problems=problems,
        )


async def create_table(request: Request) -> Response:
    """``POST /api/tables``: a new table; the answer holds the seat links and creator token."""
    spec = await _body(request, CreateTable)
    if isinstance(spec, Response):
        return spec
    try:
        created = await _hub(request).create(
            spec,
            _exposure(request).base_url(request),
            pages.chosen_language(request),
            request.client.host if request.client else "",
        )
    except RuleError as exc:
        return _refusal(request, exc)
    return _json(created, 201)


async def list_tables(request: Request) -> Response:
    """``GET /api/tables``: every table, newest first."""
    return _json(TableList(tables=_hub(request).listing()))


async def table_state(request: Request) -> Response:
    """``GET /api/tables/{id}``: a table and what anyone may see of its game."""
    hub = _hub(request)
    table = await hub.find(request.path_params["table_id"])
    if table is None:
        return error_response(request, 404, "unknown_table", N_("There is no such table."))
    return _json(await hub.table_state(table))


async def _host_request(request: Request) -> tuple[Hub, LiveTable, str] | Response:
    """The hub, the table and the creator token of a host's request (``Authorization: Bearer
    CREATOR_TOKEN``), or the refusal: no such table, or no token."""
    hub = _hub(request)
    table = await hub.find(request.path_params["table_id"])
    if table is None:
        return error_response(request, 404, "unknown_table", N_("There is no such table."))
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return error_response(
            request, 401, "no_creator_token", N_("Send Authorization: Bearer CREATOR_TOKEN.")
        )
    return hub, table, token.strip()


HostAct = Callable[[Hub, LiveTable, str], Awaitable[Response]]
"""What a host's request does once its table and creator token are found."""


async def _as_host(request: Request, act: HostAct) -> Response:
    """``act`` on the table of a host's request (``_host_request``), a ``RuleError`` it raises
    answered as a refusal."""
    host = await _host_request(request)
    if isinstance(host, Response):
        return host
    try:
        return await act(*host)
    except RuleError as exc:
        return _refusal(request, exc)


async def hand_to_bot(request: Request) -> Response:
    """``POST /api/tables/{id}/seats/{seat}/bot``: with ``Authorization: Bearer CREATOR_TOKEN``."""
    # The body first: the table is found just before it is used, so it cannot leave memory
    # while the body streams in (keeping).
    spec = await _body(request, HandToBot)
    if isinstance(spec, Response):
        return spec

    async def act(hub: Hub, table: LiveTable, token: str) -> Response:
        await hub.hand_to_bot(table, request.path_params["seat"], token, spec.bot)
        return _json(await hub.table_state(table))

    return await _as_host(request, act)


async def new_link(request: Request) -> Response:
    """``POST /api/tables/{id}/seats/{seat}/person``: the seat is a person's, with a new link
    (a seat handed to a bot given back; a player removed), with ``Authorization: Bearer
    CREATOR_TOKEN``."""

    async def act(hub: Hub, table: LiveTable, token: str) -> Response:
        base_url = _exposure(request).base_url(request)
        language = pages.chosen_language(request)
        seat: int = request.path_params["seat"]
        return _json(await hub.new_link(table, seat, token, base_url, language))

    return await _as_host(request, act)


async def rematch(request: Request) -> Response:
    """``POST /api/tables/{id}/rematch``: once the match is over, the creator starts another of
    the same seats, under new rules if the body names a variant; the answer is the new table."""
    spec = await _body(request, Rematch)
    if isinstance(spec, Response):
        return spec

    async def act(hub: Hub, table: LiveTable, token: str) -> Response:
        made = await hub.find(await hub.host_rematch(table, token, spec.variant))
        if made is None:  # made long ago, and deleted since
            return error_response(request, 404, "unknown_table", N_("There is no such table."))
        return _json(await hub.table_state(made))

    return await _as_host(request, act)


async def close_table(request: Request) -> Response:
    """``DELETE /api/tables/{id}``: the host closes the table (``Authorization: Bearer
    CREATOR_TOKEN``); its people and watchers are told, and it is forgotten."""

    async def act(hub: Hub, table: LiveTable, token: str) -> Response:
        await hub.close_table(table, token)
        return Response(status_code=204)

    return await _as_host(request, act)


async def start(request: Request) -> Response:
    """``POST /api/tables/{id}/start``: the host starts the table before everyone has joined
    (``Authorization: Bearer CREATOR_TOKEN``)."""

    async def act(hub: Hub, table: LiveTable, token: str) -> Response:
        await hub.start_table(table, token)
        return _json(await hub.table_state(table))

    return await _as_host(request, act)
