"""A table waits for its people: nobody acts and no bot plays until every person's seat has
been joined, or the host (the creator token) starts it; the wait survives a restart, and a
database made before tables waited counts its tables as started (the hub, no network)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import httpx
import pytest
from server_helpers import Client, Inbox, at_state, create_table, running_server

from rummy_core.engine.errors import RuleError
from rummy_core.server.hub import Hub
from rummy_core.server.protocol import CreateTable, SeatSpec
from rummy_core.server.store import Store

PEOPLE_AND_BOTS = CreateTable(
    variant="classic",
    seats=[SeatSpec(), SeatSpec(), SeatSpec(bot="greedy"), SeatSpec(bot="random")],
    bot_pause=0,
)


def test_bots_wait_until_every_person_has_joined(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'wait.sqlite3'}"))
        # A table whose first turn is a bot's (the first dealer comes from a random seed).
        while True:
            created = await hub.create(PEOPLE_AND_BOTS, "http://127.0.0.1/")
            table = hub.tables[created.table.id]
            if table.match.bot_to_move() is not None:
                break
        assert not created.table.started
        first = Inbox()
        await hub.join(table, 0, first, "Ann")
        await asyncio.sleep(0.3)
        assert table.state_id == 0, "a bot played before everyone had joined"
        # A person is refused too, in words, and nothing changes.
        tried = Inbox()
        await hub.act(table, 0, tried, {"type": "draw", "source": "stock"}, 0)
        assert [m["code"] for m in tried.messages] == ["not_started"]
        assert "waits for everyone to join" in tried.messages[0]["message"]
        assert table.state_id == 0
        # The last person joins: the table starts, and the bot to move plays.
        await hub.join(table, 1, Inbox(), "Bea")
        assert table.info().started
        assert first.messages[-1]["type"] == "table" and first.messages[-1]["table"]["started"]
        for _ in range(100):
            await asyncio.sleep(0.05)
            if table.state_id > 0:
                break
        assert table.state_id > 0, "the bots did not play once everyone had joined"
        await hub.stop()

    asyncio.run(scenario())


def test_the_host_starts_the_table_and_the_wait_is_stored(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'start.sqlite3'}"
    with running_server(url) as base:
        created = create_table(base, "classic", [None, None, "greedy"])
        table_id = created["table"]["id"]
        start = f"{base}/api/tables/{table_id}/start"
        assert httpx.post(start, timeout=10).status_code == 401
        wrong = httpx.post(start, headers={"authorization": "Bearer nope"}, timeout=10)
        assert (wrong.status_code, wrong.json()["code"]) == (403, "bad_creator_token")
        listed = httpx.get(f"{base}/api/tables/{table_id}", timeout=10).json()
        assert listed["table"]["started"] is False
    # Restarted, the table still waits; the host starts it, and a seat may act.
    with running_server(url) as base:
        assert (
            httpx.get(f"{base}/api/tables/{table_id}", timeout=10).json()["table"]["started"]
            is False
        )
        watcher = Client(base, table_id, None)
        watcher.wait_for(lambda m: m["type"] == "welcome")
        auth = {"authorization": f"Bearer {created['creator_token']}"}
        answer = httpx.post(f"{base}/api/tables/{table_id}/start", headers=auth, timeout=10)
        assert answer.status_code == 200 and answer.json()["table"]["started"] is True
        turn = answer.json()["table"]["turn"]
        if turn != 2:
            link = next(x for x in created["links"] if x["seat"] == turn)
            player = Client(base, table_id, link["token"], "Ann")
            player.wait_for(lambda m: m["type"] == "welcome")
            draw = {"type": "draw", "source": "stock"}
            player.send({"type": "action", "action": draw, "state_id": 0})
        watcher.wait_for(at_state(1))
        watcher.close()


def test_a_database_from_before_the_wait_counts_its_tables_as_started(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    store = Store(f"sqlite:///{path}")
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE rummy_tables DROP COLUMN started")
        db.execute("ALTER TABLE rummy_tables DROP COLUMN rematch")
        db.execute("ALTER TABLE rummy_tables DROP COLUMN active")
        db.execute("ALTER TABLE rummy_tables DROP COLUMN bots_until")
        db.execute(
            "INSERT INTO rummy_tables VALUES ('old', 'classic', 2, 1, 0, 0.6, 'x', '2026',"
            " 0, 'draw', '{}')"
        )
    store = Store(f"sqlite:///{path}")
    row = store.load("old")
    store.close()
    assert row is not None and row.started and row.active is None and row.bots_until is None


def test_only_the_creator_starts_a_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'who.sqlite3'}"))
        created = await hub.create(PEOPLE_AND_BOTS, "http://127.0.0.1/")
        table = hub.tables[created.table.id]
        with pytest.raises(RuleError) as refused:
            await hub.start_table(table, created.links[0].token)
        assert refused.value.code == "bad_creator_token" and not table.row.started
        await hub.start_table(table, created.creator_token)
        assert table.row.started
        await hub.stop()

    asyncio.run(scenario())
