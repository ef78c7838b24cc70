"""``rummy serve``: the app under uvicorn, with the address to open printed."""

from __future__ import annotations

import socket
import sys
from collections.abc import Callable, Sequence

import uvicorn

from rummy_core.i18n.uitext import _
from rummy_core.server.app import create_app
from rummy_core.server.exposure import exposure_of
from rummy_core.server.limits import Limits
from rummy_core.server.store import default_url

SWITCH_INTERVAL = 0.001
"""Seconds a thread may hold the interpreter before another may take it (Python's default is
0.005). Bots and ``choices`` questions run on worker threads; each time the event loop waits on
a socket it gives the interpreter up and must wait for it back, so under a costly question a
ping's answer waited 5 ms several times over (p99 130-200 ms in ``bench/server_pong.py``, 65-95
ms with 0.001)."""


def addresses(host: str, port: int) -> list[str]:
    """The addresses to open: this machine's own, and for 0.0.0.0 those others can reach."""
    if host not in ("0.0.0.0", "::"):
        shown = f"[{host}]" if ":" in host else host
        return [f"http://{shown}:{port}/"]
    found = {"127.0.0.1"}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    return [f"http://{ip}:{port}/" for ip in sorted(found)]


def serve(
    host: str,
    port: int,
    db_url: str | None,
    *,
    limits: Limits | None = None,
    public_url: str | None = None,
    allowed_origins: Sequence[str] = (),
    say: Callable[[str], None] = print,
    log_level: str = "info",
) -> None:
    """Run the server until interrupted, within ``limits`` (``rummy serve``'s options)."""
    url = db_url or default_url()
    limits = limits or Limits()
    say(_("rummy server: database %(url)s", url=url))
    for address in [public_url] if public_url else addresses(host, port):
        say(_("Open %(address)s to create a table and share its seat links.", address=address))
    config = uvicorn.Config(
        create_app(url, limits=limits, exposure=exposure_of(public_url, allowed_origins)),
        host=host,
        port=port,
        ws_max_size=limits.max_frame_bytes,
        log_level=log_level,
    )
    sys.setswitchinterval(SWITCH_INTERVAL)
    uvicorn.Server(config).run()
