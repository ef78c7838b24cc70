"""Which tables the server keeps in memory, and which it keeps at all.

A table in play is in memory (``LiveTable``). One nobody has used for ``Limits.idle_seconds``
(no connection, no bot playing, no request) leaves memory and rests in the database, the lobby
showing what it showed when it left (``Resting``); opening it or acting at it loads it again
from its stored position, as a restart does. A resting table nobody comes back to is deleted:
a table of bots alone after ``Limits.bot_table_kept``, a finished match after
``finished_kept``, any other after ``abandoned_kept``, each counted from its last change or the
last connection leaving it. So a flood of tables costs memory only while they are used, and
room in the database only for a bounded time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from rummy_core.engine.state import MATCH_OVER
from rummy_core.server.limits import Limits
from rummy_core.server.live import LiveTable
from rummy_core.server.protocol import TableInfo

LONGEST_SWEEP = 60.0
"""The most seconds between two looks at the tables."""


@dataclass(frozen=True)
class Resting:
    """A table out of memory: what the lobby shows of it, and when it was last used."""

    info: TableInfo
    active: datetime


def resting(table: LiveTable) -> Resting:
    """What is kept in memory of ``table`` once it leaves."""
    return Resting(table.info(), datetime.fromisoformat(table.row.active or table.row.created))


def quiet(table: LiveTable) -> bool:
    """Whether nobody is at ``table`` and nothing runs at it, so it may leave memory."""
    running = table.bot_task is not None and not table.bot_task.done()
    return not (table.seated or table.watchers or table.lock.locked() or running)


def kept_for(info: TableInfo, limits: Limits) -> float:
    """Seconds a table is kept after it was last used."""
    if all(seat.kind == "bot" for seat in info.seats):
        return limits.bot_table_kept
    if info.phase == MATCH_OVER:
        return limits.finished_kept
    return limits.abandoned_kept


def expired(table: Resting, limits: Limits, now: datetime | None = None) -> bool:
    """Whether a resting table has been kept long enough to be deleted."""
    age = (now or datetime.now(UTC)) - table.active
    return age.total_seconds() >= kept_for(table.info, limits)


def sweep_period(limits: Limits) -> float:
    """Seconds between two looks at the tables: often enough that none stays much past its
    time, and at most a minute."""
    shortest = min(
        limits.idle_seconds, limits.bot_table_kept, limits.finished_kept, limits.abandoned_kept
    )
    return min(LONGEST_SWEEP, max(shortest / 4, 0.05))
