"""The server's store, the same on SQLite and on a real PostgreSQL server (``db_url``)."""

from __future__ import annotations

import pytest

from rummy_core.engine.errors import RuleError
from rummy_core.match import Entry
from rummy_core.server.store import Change, SeatRow, Store, TableRow


def _row(table_id: str, created: str) -> TableRow:
    return TableRow(
        id=table_id,
        variant="hungarian:opening=40",
        players=2,
        seed=2**62 + 7,  # seeds are 64-bit
        dealer=1,
        bot_pause=0.5,
        creator_hash="c" * 64,
        created=created,
        state_id=0,
        phase="cut",
        position={"version": 2, "hands": [["JK", "10♥"], []], "extra": {"ölur": 1}},
        seats=[SeatRow(0, None, "t" * 64, "Ásta"), SeatRow(1, "greedy", None)],
    )


def test_a_table_its_seats_and_its_changes_round_trip(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.create(_row("b", "2026-12-05T10:00:01"))
        store.create(_row("a", "2026-12-05T10:00:02"))
        assert store.table_ids() == ["b", "a"]  # oldest first
        cut = Entry("action", 0, {"type": "cut", "depth": 20})
        store.record("b", Change(1, cut), {"version": 2, "phase": "draw"}, "draw")
        store.record("b", Change(2, Entry("next_hand")), {"version": 2, "phase": "play"}, "play")
        with pytest.raises(RuleError) as stale:
            store.record("b", Change(2, cut), {}, "draw")  # the table is at 2 already
        assert stale.value.code == "stale_state"
        store.update_seat("b", SeatRow(0, "expert", None, "Ásta", claimed=True))
        row = store.load("b")
        assert row is not None
        assert (row.state_id, row.phase, row.position) == (
            2,
            "play",
            {"version": 2, "phase": "play"},
        )
        assert row.seed == 2**62 + 7 and row.bot_pause == 0.5
        assert row.seats == [SeatRow(0, "expert", None, "Ásta", True), SeatRow(1, "greedy", None)]
        assert store.changes("b") == [Change(1, cut), Change(2, Entry("next_hand"))]
        untouched = store.load("a")
        assert untouched is not None and untouched.position == _row("a", "").position
        assert store.load("nosuch") is None
    finally:
        store.close()
