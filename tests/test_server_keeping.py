"""Tables the server keeps (#39 point 2): a table nobody uses leaves memory and comes back as
it was when someone opens it; a table nobody comes back to is deleted after a while, each time
set by an option of ``rummy serve``."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal

import httpx
import pytest
from click.testing import CliRunner
from server_helpers import (
    SCRIPTED,
    Client,
    at_state,
    create_table,
    of_type,
    running_server,
    take_turn,
)

from rummy_core.commands.cli import cli
from rummy_core.engine.state import MATCH_OVER
from rummy_core.server import run
from rummy_core.server.app import create_app
from rummy_core.server.hub import Hub
from rummy_core.server.keeping import Resting, expired, kept_for
from rummy_core.server.limits import Limits
from rummy_core.server.protocol import CreateTable, SeatInfo, SeatSpec, TableInfo
from rummy_core.server.store import Store

QUICK = replace(SCRIPTED, idle_seconds=0.3)


def until(check: Callable[[], bool], timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "it did not happen in time"
        time.sleep(0.05)


@contextmanager
def serving(db: str, limits: Limits) -> Iterator[tuple[str, Hub]]:
    """A server on a free port, and its hub to look into."""
    app = create_app(db, limits=limits)
    with running_server(db, limits, app=app) as base:
        yield base, app.state.hub


def test_an_idle_table_leaves_memory_and_comes_back_where_it_was(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'idle.sqlite3'}"
    with serving(db, QUICK) as (base, hub):
        made = create_table(base, "classic", [None, None])
        others = {create_table(base, "classic", [None, "greedy"])["table"]["id"] for _ in range(3)}
        table_id = made["table"]["id"]
        tokens = [link["token"] for link in made["links"]]
        clients = [Client(base, table_id, tokens[0], "A"), Client(base, table_id, tokens[1], "B")]
        state, _ = (c.recv() for c in clients)
        for _ in range(3):
            actor = state["view"]["turn"]
            state = take_turn(clients[actor], state)
            state = clients[1 - actor].wait_for(at_state(state["state_id"]))
        views = [c.received[-1]["view"] for c in clients]
        until(lambda: not set(hub.tables) & others)
        assert table_id in hub.tables  # its people are here
        held = weakref.ref(hub.tables[table_id])
        for client in clients:
            client.close()
        until(lambda: not hub.tables)
        until(lambda: gc.collect() >= 0 and held() is None)  # nothing holds it in memory
        assert set(hub.resting) == {table_id, *others}
        listed = {t["id"]: t for t in httpx.get(f"{base}/api/tables").json()["tables"]}
        assert set(listed) == {table_id, *others}
        assert listed[table_id]["state_id"] == state["state_id"] == 6
        assert [s["name"] for s in listed[table_id]["seats"]] == ["A", "B"]
        back = [Client(base, table_id, token) for token in tokens]
        welcomes = [c.wait_for(of_type("welcome")) for c in back]
        assert set(hub.tables) == {table_id}
        assert [w["state_id"] for w in welcomes] == [6, 6]
        assert [w["view"] for w in welcomes] == views
        after = take_turn(back[views[0]["turn"]], welcomes[0])
        assert after["state_id"] == 8
        for client in back:
            client.close()
    store = Store(db)
    assert [c.state_id for c in store.changes(table_id)] == list(range(1, 9))
    store.close()


def test_a_host_request_wakes_a_resting_table(tmp_path: Path) -> None:
    with serving(f"sqlite:///{tmp_path / 'host.sqlite3'}", QUICK) as (base, hub):
        made = create_table(base, "classic", [None, None])
        table_id = made["table"]["id"]
        until(lambda: table_id in hub.resting)
        host = {"authorization": f"Bearer {made['creator_token']}"}
        started = httpx.post(f"{base}/api/tables/{table_id}/start", headers=host)
        assert started.status_code == 200 and started.json()["table"]["started"]
        assert httpx.get(f"{base}/api/tables/{table_id}").json()["table"]["started"]
        until(lambda: table_id in hub.resting)
        assert httpx.delete(f"{base}/api/tables/{table_id}", headers=host).status_code == 204
        assert not hub.resting and not hub.tables
        assert httpx.get(f"{base}/api/tables/{table_id}").status_code == 404


def test_tables_nobody_comes_back_to_are_deleted(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'kept.sqlite3'}"
    limits = replace(QUICK, idle_seconds=0.2, bot_table_kept=1.5, abandoned_kept=5.0)
    with serving(db, limits) as (base, hub):
        left = create_table(base, "classic", [None, "random"])
        ann = Client(base, left["table"]["id"], left["links"][0]["token"], "Ann")
        ann.wait_for(of_type("welcome"))
        ann.send({"type": "chat", "text": "back soon"})
        ann.wait_for(of_type("chat"))
        ann.close()
        kept = create_table(base, "classic", [None, "random"])
        here = Client(base, kept["table"]["id"], kept["links"][0]["token"], "Bo")
        here.wait_for(of_type("welcome"))
        # Bots that pause: a client that stops reading under a flood closes slowly.
        bots = create_table(base, "classic", ["random", "random"], 0.05)["table"]["id"]
        watcher = Client(base, bots, None)
        watcher.wait_for(lambda m: m["type"] == "update" and m["state_id"] >= 3)
        watcher.close()
        until(lambda: bots not in hub.resting and bots not in hub.tables)
        listed = {t["id"] for t in httpx.get(f"{base}/api/tables").json()["tables"]}
        assert listed == {left["table"]["id"], kept["table"]["id"]}
        until(lambda: left["table"]["id"] not in hub.resting)
        assert set(hub.tables) == {kept["table"]["id"]} and not hub.resting
        assert httpx.get(f"{base}/api/tables/{bots}").status_code == 404
        here.close()
    store = Store(db)
    assert store.table_ids() == [kept["table"]["id"]]
    for gone in (bots, left["table"]["id"]):
        assert store.load(gone) is None and store.changes(gone) == [] and store.chat(gone, 9) == []
    store.close()


def test_each_kind_of_table_is_kept_for_its_own_time() -> None:
    limits = Limits(bot_table_kept=10, finished_kept=100, abandoned_kept=1000)

    def table(*kinds: Literal["human", "bot"], phase: str = "draw") -> TableInfo:
        seats = [
            SeatInfo(seat=i, kind=k, claimed=True, connected=False) for i, k in enumerate(kinds)
        ]
        return TableInfo(
            id="t",
            variant="classic",
            players=len(seats),
            seats=seats,
            bot_pause=0,
            phase=phase,
            turn=None,
            hand_number=1,
            state_id=0,
            created="2026",
            started=True,
        )

    assert kept_for(table("bot", "bot"), limits) == 10
    assert kept_for(table("bot", "bot", phase=MATCH_OVER), limits) == 10
    assert kept_for(table("human", "bot", phase=MATCH_OVER), limits) == 100
    assert kept_for(table("human", "bot"), limits) == 1000
    now = datetime.now(UTC)
    resting = Resting(table("human", "human"), now - timedelta(seconds=999))
    assert not expired(resting, limits, now)
    assert expired(replace(resting, active=now - timedelta(seconds=1000)), limits, now)


def test_the_times_tables_are_kept_are_options_of_rummy_serve(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    started: list[Limits] = []
    monkeypatch.setenv("RUMMY_HOME", str(tmp_path))
    monkeypatch.setattr(run, "serve", lambda *_, limits, **__: started.append(limits))
    options = ["--keep-bot-tables", "0.5", "--keep-finished", "48", "--keep-others", "7"]
    done = CliRunner().invoke(cli, ["serve", *options, "--bot-moves", "200"])
    assert done.exit_code == 0, done.output
    assert started == [
        replace(
            Limits(),
            bot_table_kept=1800,
            finished_kept=48 * 3600,
            abandoned_kept=7 * 86400,
            bot_table_moves=200,
        )
    ]
    for option, value in [
        ("--keep-bot-tables", "0"),
        ("--keep-finished", "-1"),
        ("--keep-others", "nan"),
        ("--keep-others", "inf"),
        ("--keep-others", "a week"),
        ("--idle-minutes", "nan"),
        ("--rate-limit", "nan"),
        ("--bot-moves", "0"),
    ]:
        refused = CliRunner().invoke(cli, ["serve", option, value])
        assert refused.exit_code == 2 and f"Invalid value for '{option}'" in refused.output
    assert len(started) == 1
    shown = CliRunner().invoke(cli, ["serve", "--help"]).output
    assert "--keep-others DAYS" in shown and "[default: 30.0; 0.001<=x<=3650]" in shown


def test_requests_at_once_wake_a_resting_table_once(tmp_path: Path) -> None:
    """Two seats reconnecting together: the second asks while the first's load is under way."""

    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'once.sqlite3'}"), QUICK)
        spec = CreateTable(variant="classic", seats=[SeatSpec(), SeatSpec()], bot_pause=0)
        table_id = (await hub.create(spec, "http://127.0.0.1/")).table.id
        hub.tables[table_id].touched = 0
        await hub.sweep()
        assert table_id in hub.resting
        first, second = await asyncio.gather(hub.find(table_id), hub.find(table_id))
        assert first is not None and first is second is hub.tables[table_id]
        assert not hub.resting and await hub.find("no-such-table") is None
        await hub.stop()

    asyncio.run(scenario())
