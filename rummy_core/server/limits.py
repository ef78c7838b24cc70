"""What one connection may send (message size, a rate per second with a burst), how many
tables the server keeps, and for how long it keeps them in memory and in its database."""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """The server's limits on each connection."""

    max_message_bytes: int = 16 * 1024
    """A larger text message is refused with ``too_large`` (an action is a few hundred bytes)."""
    max_frame_bytes: int = 1024 * 1024
    """uvicorn closes the socket (code 1009) on a larger frame, before the app reads it."""
    rate: float = 20.0
    """Messages per second a connection may keep sending."""
    burst: int = 40
    """Messages it may send at once after a quiet spell."""
    hello_timeout: float = 10.0
    """Seconds a new socket has to say hello."""
    send_queue: int = 256
    """Messages waiting for a slow client before it is dropped (it reconnects and resumes)."""
    chat_rate: float = 0.5
    """Chat lines per second a seat may keep sending (a table talks, it does not flood)."""
    chat_burst: int = 4
    """Chat lines it may send at once (a few quick reactions in a row)."""
    max_tables: int = 500
    """Tables the server keeps at once; a new one is refused (``too_many_tables``) past it."""
    tables_per_address: int = 20
    """Tables made from one network address the server may keep at once: closing one, or its
    deletion, makes room for another."""
    bot_table_moves: int = 5000
    """Changes (moves and deals) a table of bots alone makes after its host last let it play (at
    its making, ``POST /api/tables/{id}/start``, or a seat handed to a bot); then it pauses
    (``bots_paused``) until its host lets it play on. At the default pause of 0.6 s that is
    about 50 minutes of play, some 0.5 MiB of database."""
    idle_seconds: float = 600.0
    """A table nobody has used for this long (no connection, no bot playing) leaves memory; it
    stays in the database and comes back when someone opens it."""
    bot_table_kept: float = 3600.0
    """A table of bots alone is deleted once nobody has watched it for this long."""
    finished_kept: float = 86400.0
    """A table whose match is over is deleted this long after its last change (a day: time for
    a rematch or an export)."""
    abandoned_kept: float = 30 * 86400.0
    """Any other table is deleted once nothing has happened at it for this long (30 days)."""


class TokenBucket:
    """A token bucket: ``take`` is True while the sender keeps within ``rate`` and ``burst``."""

    __slots__ = ("_burst", "_last", "_rate", "_tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self._rate = rate
        self._burst = float(burst)
        self._tokens = float(burst)
        self._last = time.monotonic()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True
