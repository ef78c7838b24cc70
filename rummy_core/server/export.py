"""A table of the server as a game record: its journal read from the database, so that
``rummy replay`` opens a game played in the browser as it opens one played in the terminal."""

from __future__ import annotations

from rummy_core.engine.errors import RuleError
from rummy_core.formats.record import GameRecord, LoggedAction
from rummy_core.i18n.uitext import UI
from rummy_core.match import HAND_TO_BOT
from rummy_core.server.store import Store


def table_record(store: Store, table_id: str) -> GameRecord:
    """The record of table ``table_id`` so far; ``unknown_table`` if there is none.

    The record holds the seed, so every hidden card: it is for the server's operator (who
    holds the database anyway), never sent to a seat.
    """
    row = store.load(table_id)
    if row is None:
        raise RuleError("unknown_table", "There is no such table.", domain=UI.name)
    changes = store.changes(table_id)
    # Seats are as they were at the start: one handed to a bot later was a person's (and only
    # such a seat is ever handed back), and the journal says when it changed hands.
    handed = {c.entry.seat for c in changes if c.entry.kind == HAND_TO_BOT}
    return GameRecord(
        version=2,
        variant=row.variant,
        players=row.players,
        seed=row.seed,
        dealer=row.dealer,
        seats=["human" if s.bot is None or s.seat in handed else s.bot for s in row.seats],
        actions=[
            LoggedAction(kind=c.entry.kind, seat=c.entry.seat, action=c.entry.action)
            for c in changes
        ],
        final=row.position,
    )
