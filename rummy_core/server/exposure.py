"""How the server is reached: the names it answers to, the sites whose pages may use it, and the
address its seat links start with (``rummy serve --public-url``, ``--allow-origin``)."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from starlette.requests import Request


def _origin(url: str) -> str:
    """``scheme://host[:port]`` of ``url``, lower-cased."""
    parts = urlsplit(url.strip())
    return f"{parts.scheme}://{parts.netloc}".lower()


def _host_name(netloc: str) -> str:
    """The host of a ``host[:port]``, without the port (and the brackets of an IPv6 address)."""
    if netloc.startswith("["):
        return netloc[1 : netloc.find("]")]
    return netloc.rsplit(":", 1)[0] if netloc.count(":") == 1 else netloc


@dataclass(frozen=True)
class Exposure:
    """How the server is reached: its public URL and the other sites allowed to use it."""

    public_url: str | None = None
    """Where people reach the server (``https://cards.example.org/``); seat links use it."""
    allowed_origins: tuple[str, ...] = ()
    """Other origins whose pages may use the server (``http://192.168.1.5:8000``)."""
    _origins: frozenset[str] = field(init=False, repr=False)
    _hosts: frozenset[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        origins = {_origin(o) for o in self.allowed_origins}
        if self.public_url:
            origins.add(_origin(self.public_url))
        object.__setattr__(self, "_origins", frozenset(origins))
        hosts = {_host_name(urlsplit(o).netloc) for o in origins} | {"localhost"}
        object.__setattr__(self, "_hosts", frozenset(hosts))

    def host_allowed(self, host_header: str) -> bool:
        """Whether a request naming the server ``host_header`` is for this server."""
        name = _host_name(host_header.strip().lower())
        if name in self._hosts:
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True

    def origin_allowed(self, origin: str, host_header: str) -> bool:
        """Whether a page at ``origin`` may use the server reached as ``host_header``."""
        mine = {f"http://{host_header}".lower(), f"https://{host_header}".lower()}
        return _origin(origin) in mine | self._origins

    def base_url(self, request: Request) -> str:
        """The address seat links start with: the public URL, else the request's own."""
        if self.public_url:
            return self.public_url.rstrip("/") + "/"
        return str(request.base_url)


def exposure_of(public_url: str | None, allowed_origins: Iterable[str]) -> Exposure:
    """The exposure ``rummy serve --public-url URL --allow-origin URL ...`` describes."""
    return Exposure(public_url or None, tuple(allowed_origins))
