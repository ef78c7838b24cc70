"""The attacks of #39 again, on ``rummy serve`` in its own process on 127.0.0.1.

Each round attacks the server as a client on the same network would, and prints one line of
figures: malformed WebSocket messages (what each got back, server errors, tracebacks in the
server's log, state changes), authorization attacks, every message of a few played hands
checked for hidden cards, path-traversal URLs, a flood of tables from one address, foreign
origins and host names, an unbounded option, a 200 MiB body (declared and chunked, the server's
memory before and after), a client that pipelines its messages, and the database file's mode.
The slow question and the pong under it are ``bench/choices.py`` and ``bench/server_pong.py``;
memory over time is ``bench/server_soak.py``. A benchmark: it prints figures, never fails on
them. The database is a scratch one.

Run: ``python bench/server_attacks.py --messages 20000``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import stat
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
from server_load import check_messages, free_port, play_tables, start_server
from server_soak import rss_mib
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from rummy_core.server.protocol import PROTOCOL
from rummy_core.server.store import Store

ODD_VALUES: list[Any] = [
    None, -1, 0, 2**70, 1.5, float("nan"), "", "x" * 3000, "JK", "2C=5S", "10H", [], {}, [[]],
    {"type": "draw"}, True, "\u0000\u202e", ["5H"] * 200,
]  # fmt: skip
"""Values put in place of a field: wrong types, edges, long, nested, control characters."""
ACTIONS: list[dict[str, Any]] = [
    {"type": "draw", "source": "stock"},
    {"type": "draw", "source": "discard"},
    {"type": "discard", "card": "5H"},
    {"type": "meld_down", "melds": [{"cards": ["5H", "6H", "7H"]}]},
    {"type": "lay_off", "card": "5H", "meld": 0},
    {"type": "go_out"},
]
SHAPES: list[dict[str, Any]] = [
    {"type": "action", "state_id": 0},
    {"type": "next_hand", "state_id": 0},
    {"type": "rematch", "state_id": 0},
    {"type": "choices", "cards": ["5H", "JK"], "state_id": 0},
    {"type": "hello", "protocol": PROTOCOL, "token": None},
    {"type": "chat", "text": "hi"},
    {"type": "ping"},
]
"""Each message a client may send, in its own shape (an action's is added from ``ACTIONS``)."""
TRAVERSALS = [
    "/static/../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd", "/static/..%2f..%2fetc/passwd",
    "/static/%252e%252e/%252e%252e/etc/passwd", "/static/....//....//etc/passwd",
    "/static/..\\..\\etc\\passwd", "/static/%c0%ae%c0%ae/etc/passwd", "//etc/passwd",
    "/static//etc/passwd", "/static/../server/store.py", "/static/..%2fserver%2fstore.py",
    "/rules/..%2f..%2fetc%2fpasswd", "/rules/../../etc/passwd", "/table/..%2f..%2fetc%2fpasswd",
    "/api/i18n/..%2f..%2fetc%2fpasswd", "/api/tables/..%2f..%2fetc%2fpasswd",
    "/static/%00../etc/passwd", "/static/.%2e/.%2e/etc/passwd",
]  # fmt: skip
SECRETS = ("root:", "def ", "import ", "sqlite")
"""What a leaked file would hold: /etc/passwd, the server's source, its database."""


def malformed(rng: random.Random) -> str | bytes:
    """One message a broken or hostile client might send."""
    roll = rng.randrange(8)
    if roll == 0:
        return rng.randbytes(rng.randrange(1, 200))
    if roll == 1:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 80)))
    if roll == 2:
        return json.dumps(rng.choice(ODD_VALUES))
    if roll == 3:
        return "[" * 5000 + "]" * 5000
    message = dict(rng.choice(SHAPES))
    if message["type"] == "action":
        message["action"] = dict(rng.choice(ACTIONS))
        if roll == 5:  # a field of the action
            message["action"][rng.choice([*message["action"], "extra"])] = rng.choice(ODD_VALUES)
    if roll == 6:  # a field of the message
        message[rng.choice([*message, "extra"])] = rng.choice(ODD_VALUES)
    if roll == 7:  # another type
        message["type"] = rng.choice(["dance", "", "ACTION", "action ", "welcome", "update"])
    return json.dumps(message)


def ws_url(base: str, table_id: str) -> str:
    return base.replace("http", "ws", 1) + f"/ws/tables/{table_id}"


def greeted(
    base: str, table_id: str, token: str | None, stack: ExitStack
) -> Iterator[ClientConnection]:
    """Connections to a table, a new one each time the last was closed, each welcomed (and
    closed with ``stack``)."""
    while True:
        ws = stack.enter_context(connect(ws_url(base, table_id), max_size=2**22))
        ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": token}))
        while json.loads(ws.recv(10))["type"] != "welcome":
            pass
        yield ws


def fuzz(base: str, messages: int, stack: ExitStack) -> dict[str, Any]:
    """``messages`` malformed messages from a seat not to act and from a spectator, each
    waited for: what came back, and the table's state id before and after."""
    made = httpx.post(
        f"{base}/api/tables", json={"variant": "classic", "seats": [{}, {}], "bot_pause": 0}
    ).json()
    table_id = made["table"]["id"]
    seats = {link["seat"]: greeted(base, table_id, link["token"], stack) for link in made["links"]}
    for seat in seats.values():
        next(seat)  # both here: the table has started
    turn = httpx.get(f"{base}/api/tables/{table_id}").json()["table"]["turn"]
    # The seat not to act, whose own chat lines come back to it as its answer, and a spectator.
    idle, watching = seats[1 - turn], greeted(base, table_id, None, stack)
    sources = [(idle, next(idle), {"table"}), (watching, next(watching), {"table", "chat"})]
    rng = random.Random(39)
    answers: Counter[str] = Counter()
    before = httpx.get(f"{base}/api/tables/{table_id}").json()["table"]["state_id"]
    for n in range(messages):
        source, conn, passing = sources[n % 2]
        try:
            conn.send(malformed(rng))
            while (answer := json.loads(conn.recv(10)))["type"] in passing:
                pass
            answers[answer.get("code", answer["type"])] += 1
        except (ConnectionClosed, TimeoutError) as exc:
            answers[f"closed: {type(exc).__name__}"] += 1
            sources[n % 2] = (source, next(source), passing)
    after = httpx.get(f"{base}/api/tables/{table_id}").json()["table"]["state_id"]
    return {"answers": dict(answers.most_common()), "state_changes": after - before}


def authorization(base: str) -> dict[str, Any]:
    """Seats, tables and host requests tried with tokens that are not theirs: those let in."""
    body = {"variant": "classic", "seats": [{}, {"bot": "random"}], "bot_pause": 10}
    ours, theirs = (httpx.post(f"{base}/api/tables", json=body).json() for _ in range(2))
    tid, seat_token = ours["table"]["id"], ours["links"][0]["token"]
    let_in: list[str] = []
    for name, token in [
        ("a guessed token", "guess"),
        ("another table's seat token", theirs["links"][0]["token"]),
        ("the creator token as a seat", ours["creator_token"]),
        ("an empty token", ""),
        ("a token of the right length", "x" * 32),
    ]:
        with connect(ws_url(base, tid)) as ws:
            ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": token}))
            if json.loads(ws.recv(10))["type"] == "welcome":
                let_in.append(name)
    with connect(ws_url(base, tid)) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": None}))
        ws.recv(10)
        draw = {"type": "draw", "source": "stock"}
        ws.send(json.dumps({"type": "action", "action": draw, "state_id": 0}))
        while (answer := json.loads(ws.recv(10)))["type"] == "table":
            pass
        if answer.get("code") != "not_seated":
            let_in.append("a spectator's action")
    host_requests = [
        ("DELETE", f"/api/tables/{tid}", None),
        ("POST", f"/api/tables/{tid}/start", None),
        ("POST", f"/api/tables/{tid}/seats/0/bot", {"bot": "random"}),
        ("POST", f"/api/tables/{tid}/seats/1/person", None),
        ("POST", f"/api/tables/{tid}/rematch", {"variant": None}),
    ]
    tried = 6
    for method, path, payload in host_requests:
        for token in (None, seat_token, theirs["creator_token"], "guess"):
            headers = {"authorization": f"Bearer {token}"} if token else {}
            answer = httpx.request(method, base + path, json=payload, headers=headers)
            tried += 1
            if answer.status_code < 400:
                let_in.append(f"{method} {path} with {token and token[:6]}")
    return {"attacks": tried, "let_in": let_in}


def hidden_cards(base: str, url: str) -> dict[str, Any]:
    """Hands played by scripted people and a spectator, every message checked."""
    runs = asyncio.run(play_tables(base, 4, 3))
    store = Store(url)
    problems = sum(len(check_messages(store, run)) for run in runs)
    store.close()
    checked = sum(len(client.messages) for run in runs for client in run.clients)
    return {"messages": checked, "leaks": problems}


def traversal(base: str) -> dict[str, Any]:
    leaks = []
    for path in TRAVERSALS:
        answer = httpx.get(base + path)
        if answer.status_code == 200 and any(s in answer.text for s in SECRETS):
            leaks.append(path)
    return {"urls": len(TRAVERSALS), "leaks": leaks}


def limits(base: str, attempts: int) -> dict[str, Any]:
    """Tables from one address, a foreign page's POST, another host name, an endless race."""
    body = {"variant": "classic", "seats": [{"bot": "greedy"}] * 2, "bot_pause": 0}
    transport = httpx.HTTPTransport(local_address="127.0.0.5")
    start = time.monotonic()
    with httpx.Client(transport=transport) as flood:
        codes = Counter(
            flood.post(f"{base}/api/tables", json=body).status_code for _ in range(attempts)
        )
    seconds = time.monotonic() - start
    foreign = httpx.post(
        f"{base}/api/tables",
        content=json.dumps(body),
        headers={"origin": "http://evil.example", "content-type": "text/plain"},
    )
    host = httpx.get(f"{base}/api/tables", headers={"host": "attacker.example"})
    endless = httpx.post(f"{base}/api/tables", json=body | {"variant": "classic:target=1000000000"})
    return {
        "flood": f"{attempts} asked in {seconds:.1f} s: {dict(codes)}",
        "foreign_origin": f"{foreign.status_code} {foreign.json().get('code')}",
        "other_host": f"{host.status_code} {host.json().get('code')}",
        "target_1e9": f"{endless.status_code} {endless.json().get('code')}",
    }


def big_bodies(base: str, pid: int) -> dict[str, Any]:
    """A 200 MiB body, declared and then chunked: the answer and the server's memory."""
    size, block = 200 * 2**20, b"x" * 2**16

    def chunks() -> Iterator[bytes]:
        for _ in range(size // len(block)):
            yield block

    before = rss_mib(pid)
    found = {}
    for name, headers in [("declared", {"content-length": str(size)}), ("chunked", {})]:
        try:
            answer = httpx.post(f"{base}/api/tables", content=chunks(), headers=headers, timeout=30)
            found[name] = answer.status_code
        except httpx.HTTPError as exc:
            found[name] = type(exc).__name__
    return {"answers": found, "rss_mib": f"{before:.1f} -> {rss_mib(pid):.1f}"}


def pipelined(base: str, count: int) -> dict[str, Any]:
    """``count`` pings sent at once on one connection that reads as it can: pongs, and whether
    it was dropped."""
    body = {"variant": "classic", "seats": [{}, {}], "bot_pause": 0}
    table_id = httpx.post(f"{base}/api/tables", json=body).json()["table"]["id"]
    with connect(ws_url(base, table_id), max_size=2**22, max_queue=None) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": None}))
        ws.recv(10)
        for _ in range(count):
            ws.send('{"type": "ping"}')
        pongs, closed = 0, None
        try:
            while pongs < count:
                pongs += json.loads(ws.recv(10))["type"] == "pong"
        except ConnectionClosed as exc:
            closed = exc.rcvd.code if exc.rcvd else "no code"
        except TimeoutError:
            closed = "no answer in 10 s"
    return {"pings": count, "pongs": pongs, "dropped": closed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=20000, help="malformed messages")
    parser.add_argument("--flood", type=int, default=2000, help="tables asked for from one address")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        db = Path(home) / "attacks.sqlite3"
        url = f"sqlite:///{db}"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        log_path = Path(home) / "server.log"
        with log_path.open("wb") as log:
            options = ["--tables-per-address", "20"]
            server = start_server(url, port, home, rate=100_000, options=options, log=log)
            try:
                with ExitStack() as stack:
                    found = {"fuzz": fuzz(base, args.messages, stack)}
                found["authorization"] = authorization(base)
                found["hidden_cards"] = hidden_cards(base, url)
                found["traversal"] = traversal(base)
                found["limits"] = limits(base, args.flood)
                found["bodies"] = big_bodies(base, server.pid)
                found["pipelined"] = pipelined(base, 1000)
                modes = {
                    p.name: oct(stat.S_IMODE(p.stat().st_mode))
                    for p in db.parent.glob("attacks.sqlite3*")
                }
                found["database_modes"] = modes
            finally:
                server.terminate()
                server.wait(20)
        text = log_path.read_text(errors="replace")
        found["server_log"] = {"tracebacks": text.count("Traceback"), "errors": text.count("ERROR")}
    for name, figures in found.items():
        print(f"{name}: {json.dumps(figures, ensure_ascii=False)}")


if __name__ == "__main__":
    main()
