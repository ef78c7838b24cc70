"""How many tables a server keeps, who may close one, and bots that play only while watched,
and only so long without their host (#39 point 2): no request can make the server work or grow
without end."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_helpers import Client, Message, create_table, running_server
from websockets.exceptions import ConnectionClosed

from rummy_core.server.limits import Limits
from rummy_core.server.store import Store

SMALL = Limits(rate=1000.0, burst=2000, max_tables=4, tables_per_address=3, bot_table_moves=30)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture
def base(db: str) -> Iterator[str]:
    with running_server(db, SMALL) as url:
        yield url


def test_one_address_keeps_only_so_many_tables_and_closing_one_makes_room(base: str) -> None:
    made = [
        create_table(base, "classic", [None, "random"]) for _ in range(SMALL.tables_per_address)
    ]
    body = {"variant": "classic", "seats": [{}, {}]}
    refused = httpx.post(f"{base}/api/tables", json=body)
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_tables"
    assert "Close one first" in refused.json()["message"]
    assert len(httpx.get(f"{base}/api/tables").json()["tables"]) == SMALL.tables_per_address
    # As the refusal says: the host closes one, and may make another (a long-running server
    # would otherwise refuse an address for good once it had made its tables).
    host = {"authorization": f"Bearer {made[0]['creator_token']}"}
    assert httpx.delete(f"{base}/api/tables/{made[0]['table']['id']}", headers=host).is_success
    assert httpx.post(f"{base}/api/tables", json=body).status_code == 201
    assert httpx.post(f"{base}/api/tables", json=body).status_code == 429


def test_the_host_closes_a_table_and_everyone_is_told(base: str, db: str) -> None:
    made = create_table(base, "classic", [None, None])
    table_id, creator = made["table"]["id"], made["creator_token"]
    player = Client(base, table_id, made["links"][0]["token"])
    assert player.recv()["type"] == "welcome"
    player.send({"type": "chat", "text": "bye"})  # the chat goes with the table
    player.wait_for(lambda m: m["type"] == "chat")
    url = f"{base}/api/tables/{table_id}"
    wrong = httpx.delete(url, headers={"authorization": "Bearer not-the-token"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "bad_creator_token"
    assert httpx.delete(url, headers={"authorization": f"Bearer {creator}"}).status_code == 204
    told = player.wait_for(lambda m: m["type"] == "error")
    assert told["code"] == "table_closed"
    with pytest.raises(ConnectionClosed) as closed:
        player.ws.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4412
    assert httpx.get(url).status_code == 404
    assert table_id not in {t["id"] for t in httpx.get(f"{base}/api/tables").json()["tables"]}
    store = Store(db)
    assert store.load(table_id) is None and store.changes(table_id) == []
    assert store.chat(table_id, 9) == []
    store.close()


def _state_id(base: str, table_id: str) -> int:
    return int(httpx.get(f"{base}/api/tables/{table_id}").json()["table"]["state_id"])


def test_a_table_of_bots_plays_only_while_someone_watches(base: str) -> None:
    made = create_table(base, "classic", ["random", "random"])
    table_id = made["table"]["id"]
    time.sleep(0.5)  # bots that played unwatched would have moved by now (bot_pause 0)
    assert _state_id(base, table_id) == 0
    watcher = Client(base, table_id, None)
    watcher.recv()
    watcher.wait_for(lambda m: m["type"] == "update" and m["state_id"] >= 4)
    watcher.ws.close()
    time.sleep(0.5)
    stopped = _state_id(base, table_id)
    time.sleep(0.5)
    assert _state_id(base, table_id) == stopped  # nobody watches: it waits


def _paused(message: Message) -> bool:
    return message["type"] == "notice" and message["code"] == "bots_paused"


def test_a_watched_table_of_bots_pauses_until_its_host_lets_it_play_on(base: str, db: str) -> None:
    made = create_table(base, "classic", ["random", "random"])
    table_id, creator = made["table"]["id"], made["creator_token"]
    watcher = Client(base, table_id, None)
    assert not watcher.recv()["table"]["paused"]
    told = watcher.wait_for(_paused)
    assert "host can let it play on" in told["message"]
    assert told["params"] == {"moves": SMALL.bot_table_moves}
    time.sleep(0.5)  # still watched, it plays no more
    shown = httpx.get(f"{base}/api/tables/{table_id}").json()["table"]
    assert shown["state_id"] == SMALL.bot_table_moves and shown["paused"]
    # Whoever comes to watch now is told why nothing moves.
    late = Client(base, table_id, None)
    assert late.recv()["table"]["paused"] and _paused(late.recv())
    url = f"{base}/api/tables/{table_id}/start"
    wrong = httpx.post(url, headers={"authorization": "Bearer not-the-token"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "bad_creator_token"
    host = httpx.post(url, headers={"authorization": f"Bearer {creator}"})
    assert host.status_code == 200 and not host.json()["table"]["paused"]
    watcher.wait_for(_paused)
    time.sleep(0.5)
    assert _state_id(base, table_id) == 2 * SMALL.bot_table_moves
    store = Store(db)
    assert len(store.changes(table_id)) == 2 * SMALL.bot_table_moves
    store.close()
    watcher.close()
    late.close()
