"""The server's database: tables, seats, and every change, through SQLAlchemy.

A change (an entry of the match's journal: an action, the deal of the next hand, a seat handed
to a bot) is written in one transaction with the table's new position and state id, so after a
crash every table is where its last accepted change left it. The ``changes`` log with the seed
replays a table from its first deal, as a saved game's journal does (``export``).

Seat and creator tokens are stored as SHA-256 digests: the database alone does not let anyone
take a seat. The methods are synchronous; the server calls them on one worker thread.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url

from rummy_core.engine.errors import RuleError
from rummy_core.extras import require_extra
from rummy_core.formats.home import rummy_home
from rummy_core.i18n.uitext import UI
from rummy_core.match import Entry

metadata = MetaData()

tables = Table(
    "rummy_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("variant", String(300), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("dealer", Integer, nullable=False),
    Column("bot_pause", Float, nullable=False),
    Column("creator_hash", String(64), nullable=False),
    Column("created", String(40), nullable=False),
    Column("state_id", Integer, nullable=False),
    Column("phase", String(20), nullable=False),
    Column("position", JSON, nullable=False),
    # False while the table waits for its people to join (or its host to start it).
    Column("started", Boolean, nullable=False, default=True),
    # The table its players went on to after the match (a rematch), if any.
    Column("rematch", String(32), nullable=True),
    # When the table last changed or a connection left it (null: never since it was made); how
    # long a table is kept counts from it (``server/keeping.py``).
    Column("active", String(40), nullable=True),
    # The state id at which a table of bots alone pauses until its host lets it play on (null:
    # ``Limits.bot_table_moves`` from its first deal).
    Column("bots_until", Integer, nullable=True),
)

seats = Table(
    "rummy_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("rummy_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("bot", String(60), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("name", String(60), nullable=True),
    Column("claimed", Boolean, nullable=False, default=False),
)

changes = Table(
    "rummy_changes",
    metadata,
    Column("table_id", String(32), ForeignKey("rummy_tables.id"), primary_key=True),
    Column("state_id", Integer, primary_key=True),
    Column("kind", String(20), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("action", JSON, nullable=True),
)


chat = Table(
    "rummy_chat",
    metadata,
    Column("table_id", String(32), ForeignKey("rummy_tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("at", String(40), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(60), nullable=True),
    Column("text", String(400), nullable=False),
)


def digest(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored: str | None) -> bool:
    """Whether ``token`` is the one whose digest is ``stored`` (in constant time)."""
    return stored is not None and hmac.compare_digest(digest(token), stored)


def default_url() -> str:
    """The embedded SQLite database in the player's folder (``rummy_home()``), which is made
    the player's alone (0700): the database holds every hand, the stock's order and the seeds."""
    home = rummy_home()
    home.mkdir(mode=0o700, parents=True, exist_ok=True)
    home.chmod(0o700)
    return f"sqlite:///{home / 'server.sqlite3'}"


def stamp() -> str:
    """Now, as the database keeps times (``created``, ``active``)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _private_file(path: Path) -> None:
    """Create the SQLite database file readable by its owner only (0600), or make one an earlier
    version created so; SQLite gives its ``-wal`` and ``-shm`` files the database file's mode."""
    path.parent.mkdir(parents=True, exist_ok=True)
    os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))
    path.chmod(0o600)


@dataclass
class SeatRow:
    """A seat as stored."""

    seat: int
    bot: str | None
    token_hash: str | None
    name: str | None = None
    claimed: bool = False


@dataclass
class TableRow:
    """A table as stored, with its seats."""

    id: str
    variant: str
    players: int
    seed: int
    dealer: int
    bot_pause: float
    creator_hash: str
    created: str
    state_id: int
    phase: str
    position: dict[str, Any]
    started: bool = True
    rematch: str | None = None
    seats: list[SeatRow] = field(default_factory=list)
    active: str | None = None
    bots_until: int | None = None


@dataclass(frozen=True)
class Change:
    """One logged change: the journal entry that made state ``state_id``."""

    state_id: int
    entry: Entry


class Store:
    """The database of one server."""

    def __init__(self, url: str) -> None:
        parsed = make_url(url)
        connect_args: dict[str, Any] = {}
        if parsed.get_backend_name() == "sqlite":
            # One worker thread uses the engine, but not the thread that built it.
            connect_args["check_same_thread"] = False
            if parsed.database and parsed.database != ":memory:":
                _private_file(Path(parsed.database))
        elif parsed.get_backend_name() == "postgresql":
            require_extra("postgresql")
        self.url = url
        self.engine: Engine = create_engine(url, connect_args=connect_args)
        if parsed.get_backend_name() == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        _add_columns(self.engine)

    def close(self) -> None:
        """Close every connection."""
        self.engine.dispose()

    def create(self, row: TableRow) -> None:
        """Write a new table and its seats."""
        with self.engine.begin() as db:
            db.execute(tables.insert().values(**_table_values(row)))
            db.execute(
                seats.insert(),
                [{"table_id": row.id, **vars(seat)} for seat in row.seats],
            )

    def record(
        self,
        table_id: str,
        change: Change,
        position: dict[str, Any],
        phase: str,
    ) -> None:
        """Log ``change`` and store the position it led to, in one transaction.

        ``stale_state`` if the stored table is not at the state just before ``change`` (the
        change is then not written).
        """
        with self.engine.begin() as db:
            done = db.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.state_id == change.state_id - 1)
                .values(state_id=change.state_id, position=position, phase=phase, active=stamp())
            )
            if done.rowcount != 1:
                raise RuleError(
                    "stale_state",
                    "The table moved on before this change was stored.",
                    domain=UI.name,
                )
            db.execute(
                changes.insert().values(
                    table_id=table_id,
                    state_id=change.state_id,
                    kind=change.entry.kind,
                    seat=change.entry.seat,
                    action=change.entry.action,
                )
            )

    def add_chat(self, table_id: str, line: dict[str, Any]) -> None:
        """Keep a chat line with the table (``seat``, ``name``, ``text``, ``at``)."""
        with self.engine.begin() as db:
            last = db.scalar(
                select(chat.c.number)
                .where(chat.c.table_id == table_id)
                .order_by(chat.c.number.desc())
                .limit(1)
            )
            db.execute(chat.insert().values(table_id=table_id, number=(last or 0) + 1, **line))

    def chat(self, table_id: str, last: int) -> list[dict[str, Any]]:
        """The table's ``last`` chat lines, the oldest first."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(chat.c.seat, chat.c.name, chat.c.text, chat.c.at)
                .where(chat.c.table_id == table_id)
                .order_by(chat.c.number.desc())
                .limit(last)
            ).mappings()
            return [dict(r) for r in reversed(list(rows))]

    def mark_rematch(self, table_id: str, rematch: str) -> None:
        """Store the table the players of ``table_id`` went on to."""
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(rematch=rematch))

    def touch(self, table_id: str, active: str) -> None:
        """Store when a table was last used (a connection left it)."""
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(active=active))

    def delete(self, table_id: str) -> None:
        """Forget a table: its chat, its changes, its seats and itself."""
        with self.engine.begin() as db:
            db.execute(chat.delete().where(chat.c.table_id == table_id))
            db.execute(changes.delete().where(changes.c.table_id == table_id))
            db.execute(seats.delete().where(seats.c.table_id == table_id))
            db.execute(tables.delete().where(tables.c.id == table_id))

    def mark_started(self, table_id: str) -> None:
        """Store that a table has started: its bots play, its people act."""
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(started=True))

    def allow_bots(self, table_id: str, bots_until: int) -> None:
        """Store the state id up to which a table of bots alone plays (its host let it on)."""
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(bots_until=bots_until))

    def update_seat(self, table_id: str, seat: SeatRow) -> None:
        """Store a seat's player, token, name and claim."""
        with self.engine.begin() as db:
            db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat.seat)
                .values(
                    bot=seat.bot, token_hash=seat.token_hash, name=seat.name, claimed=seat.claimed
                )
            )

    def load(self, table_id: str) -> TableRow | None:
        """A table with its seats, or None."""
        with self.engine.connect() as db:
            found = db.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if found is None:
                return None
            rows = db.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).mappings()
            seat_rows = [
                SeatRow(r["seat"], r["bot"], r["token_hash"], r["name"], bool(r["claimed"]))
                for r in rows
            ]
        values = {k: found[k] for k in found.keys()}  # noqa: SIM118 (a RowMapping)
        values["started"] = bool(values["started"])
        return TableRow(**values, seats=seat_rows)

    def table_ids(self) -> list[str]:
        """Every table, oldest first."""
        with self.engine.connect() as db:
            return list(db.scalars(select(tables.c.id).order_by(tables.c.created, tables.c.id)))

    def changes(self, table_id: str) -> list[Change]:
        """A table's change log, first first."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(changes).where(changes.c.table_id == table_id).order_by(changes.c.state_id)
            ).mappings()
            return [Change(r["state_id"], Entry(r["kind"], r["seat"], r["action"])) for r in rows]


def _table_values(row: TableRow) -> dict[str, Any]:
    values = dict(vars(row))
    del values["seats"]
    return values


LATER_COLUMNS = {
    # Tables made before tables waited for their people were all in play: started.
    "started": "BOOLEAN NOT NULL DEFAULT TRUE",
    "rematch": "VARCHAR(32)",
    "active": "VARCHAR(40)",
    "bots_until": "INTEGER",
}
"""The columns of ``rummy_tables`` added since its first version, with what they are added as."""


def _add_columns(engine: Engine) -> None:
    """Give a database made by an older server the columns it lacks."""
    have = {c["name"] for c in inspect(engine).get_columns("rummy_tables")}
    with engine.begin() as db:
        for name, kind in LATER_COLUMNS.items():
            if name not in have:
                db.execute(text(f"ALTER TABLE rummy_tables ADD COLUMN {name} {kind}"))


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL: readers never wait for the writer. synchronous=NORMAL keeps every committed
    # transaction through a killed process (only a power cut can lose the last few).
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
