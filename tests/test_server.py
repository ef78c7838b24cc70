"""``rummy serve``'s HTTP API and WebSocket protocol against uvicorn on a loopback port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_helpers import Client, Message, create_table, of_type, running_server
from websockets.exceptions import ConnectionClosed

from rummy_core.commands.schemas import all_schemas
from rummy_core.engine.cards import parse_card
from rummy_core.present.plays import card_label
from rummy_core.server.limits import Limits
from rummy_core.server.protocol import PROTOCOL


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("server") / "server.sqlite3"
    with running_server(f"sqlite:///{db}", Limits(rate=50, burst=60)) as url:
        yield url


def two_people(base: str) -> tuple[Message, Client, Client]:
    """A classic table of two people, both connected and welcomed."""
    table = create_table(base, "classic", [None, None])
    tid = table["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in table["links"]}
    first = Client(base, tid, tokens[0], "ann")
    assert first.recv()["type"] == "welcome"
    second = Client(base, tid, tokens[1], "bob")
    assert second.recv()["type"] == "welcome"
    return table, first, second


def mover(first: Client, second: Client) -> tuple[Client, Client, Message]:
    """The client whose turn it is, the other one, and the mover's latest view."""
    view = first.received[0]["view"]
    return (
        (first, second, view) if view["turn"] == 0 else (second, first, second.received[0]["view"])
    )


def test_the_lobby_creates_lists_and_shows_tables(base: str) -> None:
    info = httpx.get(f"{base}/api").json()
    assert info["protocol"] == PROTOCOL
    assert {"classic", "riverside", "hungarian"} <= {r["name"] for r in info["rulesets"]}
    assert "greedy" in info["bots"]
    # The lobby names strengths as the terminal game does: easy, normal (the default), hard.
    assert info["levels"][1] == {"level": "normal", "name": "normal", "bot": "greedy"}
    assert info["default_level"] == "normal"
    created = create_table(base, "classic:target=50", [None, "random", None])
    table = created["table"]
    assert table["variant"] == "classic:target=50"
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "human"]
    assert [link["seat"] for link in created["links"]] == [0, 2]
    link = created["links"][0]
    assert link["url"] == f"{base}/table/{table['id']}#seat=0&token={link['token']}"
    listed = httpx.get(f"{base}/api/tables").json()["tables"]
    assert table["id"] in [t["id"] for t in listed]
    state = httpx.get(f"{base}/api/tables/{table['id']}").json()
    assert state["view"]["players"] == 3
    assert "hand" not in state["view"] and "drawn" not in state["view"]
    assert "seed" not in state["table"]
    page = httpx.get(f"{base}/")
    assert page.status_code == 200 and "/static/lobby.js" in page.text
    assert "/api/tables" in httpx.get(f"{base}/static/lobby.js").text
    assert "/static/table.js" in httpx.get(f"{base}/table/{table['id']}").text
    script = httpx.get(f"{base}/static/table.js")
    assert script.headers["content-type"].startswith("text/javascript")
    assert "WebSocket" in script.text
    assert httpx.get(f"{base}/static/server.sqlite3").status_code == 404


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"variant": "nosuch", "seats": [{}, {}]}, 400, "unknown_ruleset"),
        ({"variant": "classic", "seats": [{}] * 7}, 400, "bad_players"),
        ({"variant": "classic", "seats": [{}, {"bot": "nosuch"}]}, 400, "unknown_bot"),
        ({"variant": "classic:target=-5", "seats": [{}, {}]}, 400, "bad_options"),
        ({"variant": "classic", "seats": [{}]}, 422, "bad_request"),
        ({"seats": [{}, {}], "extra": 1}, 422, "bad_request"),
    ],
)
def test_a_bad_table_is_refused_with_a_code(
    base: str, body: Message, status: int, code: str
) -> None:
    before = len(httpx.get(f"{base}/api/tables").json()["tables"])
    answer = httpx.post(f"{base}/api/tables", json=body)
    assert (answer.status_code, answer.json()["code"]) == (status, code)
    assert answer.json()["message"]
    assert len(httpx.get(f"{base}/api/tables").json()["tables"]) == before


def test_a_table_of_three_for_gin_is_refused_in_players_words(base: str) -> None:
    answer = httpx.post(f"{base}/api/tables", json={"variant": "gin", "seats": [{}] * 3})
    assert answer.json()["message"] == "gin is for 2 players, not 3."


def test_an_unknown_table_is_a_404(base: str) -> None:
    answer = httpx.get(f"{base}/api/tables/nosuch")
    assert (answer.status_code, answer.json()["code"]) == (404, "unknown_table")


def test_an_action_is_applied_and_pushed_to_both_seats(base: str) -> None:
    _, first, second = two_people(base)
    actor, other, view = mover(first, second)
    actor.send({"type": "action", "action": {"type": "draw", "source": "stock"}, "state_id": 0})
    mine = actor.wait_for(of_type("update"))
    theirs = other.wait_for(of_type("update"))
    assert mine["state_id"] == theirs["state_id"] == 1
    drew_mine, drew_theirs = mine["events"][0], theirs["events"][0]
    assert drew_mine["type"] == drew_theirs["type"] == "drew"
    assert len(drew_mine["cards"]) == 1 and drew_theirs["cards"] is None
    assert drew_mine["cards"][0] in mine["view"]["hand"]
    assert len(mine["view"]["hand"]) == len(view["hand"]) + 1
    assert mine["view"]["open_actions"] and not theirs["view"]["open_actions"]


def test_refusals_go_to_that_seat_only_and_change_nothing(base: str) -> None:
    table, first, second = two_people(base)
    actor, other, view = mover(first, second)
    other.send({"type": "action", "action": {"type": "draw", "source": "stock"}, "state_id": 0})
    refused = other.wait_for(of_type("refused"))
    assert refused["code"] == "not_your_turn" and refused["state_id"] == 0
    discard = {"type": "discard", "card": view["hand"][0]}
    actor.send({"type": "action", "action": discard, "state_id": 0})
    refused = actor.wait_for(of_type("refused"))
    assert refused["code"] == "draw_first"
    assert refused["violations"][0]["code"] == "draw_first"
    actor.send({"type": "action", "action": {"type": "draw", "source": "nowhere"}, "state_id": 0})
    assert actor.wait_for(of_type("refused"))["state_id"] == 0
    actor.send({"type": "action", "action": {"type": "draw", "source": "stock"}, "state_id": 7})
    assert actor.wait_for(of_type("refused"))["code"] == "stale_state"
    for client in (first, second):
        assert all(m["type"] not in ("update", "refused") for m in client.drain())
    state = httpx.get(f"{base}/api/tables/{table['table']['id']}").json()
    assert state["table"]["state_id"] == 0
    assert state["view"]["hand_sizes"] == view["hand_sizes"]


def test_malformed_messages_get_a_clear_error(base: str) -> None:
    _, first, _ = two_people(base)
    for text, code in [
        ("not json", "bad_message"),
        ('{"type": "dance"}', "bad_message"),
        ('{"type": "action"}', "bad_message"),
        ('{"type": "action", "action": {"type": "draw", "source": "stock"}}', "bad_message"),
        ('{"type": "hello", "protocol": 1}', "already_greeted"),
        ("x" * (Limits().max_message_bytes + 1), "too_large"),
    ]:
        first.ws.send(text)
        error = first.wait_for(lambda m: m["type"] in ("error", "refused"))
        assert (error["type"], error["code"]) == ("error", code), text[:40]
        assert error["message"]
    first.ws.send(b"\x00\x01")
    assert first.wait_for(of_type("error"))["code"] == "bad_message"
    first.send({"type": "ping"})
    assert first.wait_for(lambda m: m["type"] != "table")["type"] == "pong"


def test_a_flood_is_rate_limited(base: str) -> None:
    _, first, _ = two_people(base)
    for _ in range(200):
        first.send({"type": "ping"})
    got = first.drain(1.0)
    pongs = sum(m["type"] == "pong" for m in got)
    assert any(m["type"] == "error" and m["code"] == "rate_limited" for m in got)
    assert 50 <= pongs < 200
    first.send({"type": "ping"})
    assert first.wait_for(lambda m: m["type"] != "table")["type"] == "pong"


def closed_with(client: Client) -> int:
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            client.recv(10)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code


def test_bad_tokens_unknown_tables_and_old_protocols_are_refused(base: str) -> None:
    table, _, _ = two_people(base)
    tid = table["table"]["id"]
    other = create_table(base, "classic", [None, None])
    stolen = other["links"][0]["token"]
    for table_id, token, code, close in [
        (tid, stolen, "bad_token", 4403),
        (tid, "guess", "bad_token", 4403),
        ("nosuch", table["links"][0]["token"], "unknown_table", 4404),
    ]:
        client = Client(base, table_id, token)
        error = client.recv()
        assert (error["type"], error["code"]) == ("error", code)
        assert closed_with(client) == close
    client = Client(base, tid, None, protocol=PROTOCOL + 1)
    error = client.recv()
    assert (error["code"], error["params"]) == (
        "protocol_mismatch",
        {"server": PROTOCOL, "client": PROTOCOL + 1},
    )
    assert closed_with(client) == 4400
    assert httpx.get(f"{base}/api/tables/{tid}").json()["table"]["state_id"] == 0


def test_a_spectator_sees_but_cannot_act(base: str) -> None:
    table, _, _ = two_people(base)
    watcher = Client(base, table["table"]["id"], None)
    welcome = watcher.recv()
    assert welcome["seat"] is None and "hand" not in welcome["view"]
    watcher.send({"type": "action", "action": {"type": "draw", "source": "stock"}, "state_id": 0})
    assert watcher.wait_for(of_type("error"))["code"] == "not_seated"
    seats = httpx.get(f"{base}/api/tables/{table['table']['id']}").json()["table"]["seats"]
    assert [(s["name"], s["connected"]) for s in seats] == [("ann", True), ("bob", True)]


def test_a_dropped_seat_reconnects_and_a_second_device_takes_over(base: str) -> None:
    table, first, second = two_people(base)
    tid, token = table["table"]["id"], table["links"][0]["token"]
    hand = first.received[0]["view"]["hand"]
    first.close()
    second.wait_for(lambda m: m["type"] == "table" and not m["table"]["seats"][0]["connected"])
    again = Client(base, tid, token)
    welcome = again.recv()
    assert welcome["seat"] == 0 and welcome["view"]["hand"] == hand
    phone = Client(base, tid, token)
    assert phone.recv()["seat"] == 0
    replaced = again.wait_for(of_type("error"))
    assert replaced["code"] == "replaced"
    assert closed_with(again) == 4409


def test_the_creator_hands_a_gone_seat_to_a_bot(base: str) -> None:
    table, first, second = two_people(base)
    tid = table["table"]["id"]
    seat_url = f"{base}/api/tables/{tid}/seats/1/bot"
    assert httpx.post(seat_url, json={"bot": "random"}).status_code == 401
    wrong = httpx.post(seat_url, json={"bot": "random"}, headers={"Authorization": "Bearer x"})
    assert (wrong.status_code, wrong.json()["code"]) == (403, "bad_creator_token")
    auth = {"Authorization": f"Bearer {table['creator_token']}"}
    assert (
        httpx.post(seat_url, json={"bot": "nosuch"}, headers=auth).json()["code"] == "unknown_bot"
    )
    done = httpx.post(seat_url, json={"bot": "random"}, headers=auth)
    assert done.status_code == 200
    assert done.json()["table"]["seats"][1] | {"connected": True} == {
        "seat": 1,
        "kind": "bot",
        "bot": "random",
        "name": "bob",
        "claimed": True,
        "connected": True,
    }
    assert second.wait_for(of_type("error"))["code"] == "seat_handed_to_bot"
    assert closed_with(second) == 4410
    gone = Client(base, tid, table["links"][1]["token"])
    assert gone.recv()["code"] == "bad_token"
    # The bot plays seat 1 whenever it is its turn: play seat 0's turns until it has.
    view = first.received[0]["view"]
    state = first.received[0]["state_id"]
    while True:
        if view["turn"] == 1:
            update = first.wait_for(lambda m: m["type"] == "update" and m["view"]["turn"] == 0)
            assert any(e.get("seat") == 1 for e in update["events"])
            return
        source = {"type": "draw", "source": "stock"}
        first.send({"type": "action", "action": source, "state_id": state})
        drew = first.wait_for(of_type("update"))
        view = drew["view"]
        discard = {"type": "discard", "card": view["hand"][0]}
        first.send({"type": "action", "action": discard, "state_id": drew["state_id"]})
        answer = first.wait_for(lambda m: m["type"] in ("update", "refused"))
        view, state = answer.get("view", view), answer["state_id"]


def test_a_table_of_bots_plays_hand_after_hand(base: str) -> None:
    table = create_table(base, "classic", ["random", "greedy"])
    watcher = Client(base, table["table"]["id"], None)
    watcher.recv()
    watcher.wait_for(lambda m: m["type"] == "update" and m["view"]["hand_number"] >= 2, 60)


def test_the_server_messages_are_in_rummy_schema() -> None:
    schemas = all_schemas()
    for name in ("server-client-message", "server-message", "server-create-table"):
        assert schemas[name]["$id"].endswith(f"{name}.schema.json")
    kinds = {
        ref.rsplit("/", 1)[-1]
        for ref in schemas["server-message"]["discriminator"]["mapping"].values()
    }
    assert {
        "Welcome",
        "Update",
        "Refused",
        "ErrorMessage",
        "Notice",
        "TableChanged",
        "Pong",
        "Choices",
        "Chat",
    } == kinds


def test_serve_prints_where_to_go() -> None:
    from rummy_core.server.run import addresses

    assert addresses("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]
    shown = addresses("0.0.0.0", 8001)
    assert "http://127.0.0.1:8001/" in shown and all(a.endswith(":8001/") for a in shown)


def test_the_browser_table_speaks_the_server_s_protocol() -> None:
    script = (
        Path(__file__).resolve().parent.parent / "rummy_core/server/static/table.js"
    ).read_text()
    assert f"const PROTOCOL = {PROTOCOL};" in script


def test_a_late_joiner_is_welcomed_with_the_hand_so_far_and_no_hidden_card(base: str) -> None:
    table, first, second = two_people(base)
    actor, _, view = mover(first, second)
    actor.send({"type": "action", "action": {"type": "draw", "source": "stock"}, "state_id": 0})
    drawn = actor.wait_for(of_type("update"))
    (card,) = drawn["events"][0]["cards"]
    watcher = Client(base, table["table"]["id"], None)
    welcome = watcher.recv()
    assert welcome["type"] == "welcome" and welcome["state_id"] == 1
    # The deal and the draw, as a spectator reads them: who drew, never the card.
    assert any("dealt" in line for line in welcome["log"])
    assert any("drew from the stock." in line for line in welcome["log"])
    shown = card_label(parse_card(card))
    assert not any(card in line or shown in line for line in welcome["log"])
    # The drawer, reconnecting, reads its own draw with the card in it.
    tokens = {link["seat"]: link["token"] for link in table["links"]}
    again = Client(base, table["table"]["id"], tokens[view["turn"]], "ann")
    mine = again.recv()
    assert any(line.startswith("You drew from the stock: ") for line in mine["log"])
    assert any(shown in line for line in mine["log"])
