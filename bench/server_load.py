"""Scripted clients playing whole hands on a running server, and a check of every message.

``play_tables`` creates tables of people (no bots), connects a client per seat and a
spectator per table, and plays each table's hands concurrently: every client acts on its own
view only (draw from the stock, now and then from the pile; discard the first card that is
accepted). It times each action from send to answer. ``check_messages`` then replays each table
from the database's log with the engine, and checks every message every client received: a
seat's view holds exactly that seat's hand, a spectator's none, and no message names a card
that was in another hand or in the stock (one pack of cards: ``classic``). Once a hand is over
its score sheet shows every hand left, to everyone: those cards are public from then on, and a
sheet sent before the end, or not the hands as they were, is a problem too.

Used by ``make bench-server`` (bench/server_bench.py) and by tests/test_server_load.py.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, Any

import httpx
from websockets.asyncio.client import connect

from rummy_core.engine.setup import new_game
from rummy_core.formats.position import dump_position
from rummy_core.match import Match
from rummy_core.server.protocol import PROTOCOL
from rummy_core.server.store import Store

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[CDHS](?![A-Za-z0-9])")
"""A suited card as the server writes it, anywhere in a message's text (not inside a word)."""

LABEL = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQK])([♣♦♥♠])")
"""A suited card as the table shows it (``10♥``): how the log's sentences name cards."""

SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}

Message = dict[str, Any]


def choose(view: Message, tried: set[str]) -> Message | None:
    """A scripted action from a seat's own view; ``tried`` holds what was refused this state."""
    seat = view["seat"]
    if "draw" in view["open_actions"]:
        sources = [s for s in view["draw_sources"] if s not in tried]
        if not sources:
            return None
        pile = "discard" in sources and view["turns_taken"][seat] % 3 == 2
        source = "discard" if pile else ("stock" if "stock" in sources else sources[0])
        return {"type": "draw", "source": source}
    if "discard" in view["open_actions"]:
        for card in view["hand"]:
            if card not in tried:
                return {"type": "discard", "card": card}
    return None


@dataclass
class Received:
    """Every message one client received, and the cards it named itself."""

    seat: int | None
    messages: list[Message] = field(default_factory=list)
    named: set[str] = field(default_factory=set)


@dataclass
class TableRun:
    """One table's clients and what they saw."""

    table_id: str
    clients: list[Received]
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    refusals: int = 0
    hands: int = 0
    stuck: bool = False
    creator: str = ""
    """The table's creator token: its host may close it."""


async def _seat(url: str, token: str | None, seat: int | None, run: TableRun, hands: int) -> None:
    """One client: act whenever its view says so, until ``hands`` hands have ended."""
    got = Received(seat)
    run.clients.append(got)
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "token": token}))
        tried: set[str] = set()
        sent_at: float | None = None
        last: str | None = None
        latest: Message | None = None
        ended = 0
        while True:
            message: Message = json.loads(await ws.recv())
            got.messages.append(message)
            kind = message["type"]
            if kind == "refused" and sent_at is not None and latest is not None:
                run.latencies.append(time.perf_counter() - sent_at)
                run.refusals += 1
                sent_at = None
                # A refusal has no view: choose again, from the view the refused action came from.
                message = latest
            elif kind in ("update", "welcome"):
                latest = message
                if sent_at is not None:
                    run.latencies.append(time.perf_counter() - sent_at)
                    run.actions += 1
                    sent_at = None
                    tried = set()
                if kind == "update" and any(e["type"] == "hand_ended" for e in message["events"]):
                    ended += 1
                    if seat == 0:
                        run.hands += 1
            elif kind == "error" and message["code"] == "rate_limited" and last is not None:
                # Dropped unread: wait and send it again.
                await asyncio.sleep(0.1)
                await ws.send(last)
                continue
            else:
                continue
            view = message["view"]
            phase = view["phase"]
            if phase == "match_over" or ended >= hands:
                return
            if seat is None or sent_at is not None:
                continue
            state_id = message["state_id"]
            if phase == "hand_over":
                if seat == 0:
                    await ws.send(json.dumps({"type": "next_hand", "state_id": state_id}))
                continue
            if view["turn"] != seat:
                continue
            action = choose(view, tried)
            if action is None:
                run.stuck = True
                return
            tried.add(action.get("card") or action.get("source") or "")
            got.named.update(CARD.findall(json.dumps(action)))
            sent_at = time.perf_counter()
            last = json.dumps({"type": "action", "action": action, "state_id": state_id})
            await ws.send(last)


async def play_tables(base: str, tables: int, seats: int, hands: int = 1) -> list[TableRun]:
    """Create ``tables`` tables of ``seats`` people and play ``hands`` hands at each at once."""
    variant = "classic" if hands > 1 else "classic:target=none"
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        created = []
        for _ in range(tables):
            body = {"variant": variant, "seats": [{"bot": None}] * seats, "bot_pause": 0}
            answer = await http.post("/api/tables", json=body)
            answer.raise_for_status()
            created.append(answer.json())
    ws_base = base.replace("http", "ws", 1)
    runs = [TableRun(c["table"]["id"], [], creator=c["creator_token"]) for c in created]
    jobs = []
    for run, table in zip(runs, created, strict=True):
        url = f"{ws_base}/ws/tables/{run.table_id}"
        jobs.append(_seat(url, None, None, run, hands))
        jobs.extend(_seat(url, link["token"], link["seat"], run, hands) for link in table["links"])
    await asyncio.gather(*jobs)
    return runs


def _truth(store: Store, table_id: str) -> list[Message]:
    """Every position the table went through, by state id, replayed from the stored log."""
    row = store.load(table_id)
    assert row is not None
    people = [s.seat for s in row.seats if s.bot is None]
    game = new_game(
        row.variant, players=row.players, seed=row.seed, dealer=row.dealer, choosers=people
    )
    states = [dump_position(game.state)]
    match = Match(game, [None] * row.players)
    for change in store.changes(table_id):
        match.replay([change.entry])
        states.append(dump_position(game.state))
    if states[-1] != row.position:
        raise AssertionError(f"table {table_id}: the log does not replay to the stored position")
    return states


def _hidden(position: Message, seat: int | None) -> set[str]:
    cards = set(position["stock"])
    for other, hand in enumerate(position["hands"]):
        if other != seat:
            cards.update(hand)
    return cards


def _state_of(message: Message) -> int | None:
    if "state_id" in message:
        return int(message["state_id"])
    if message["type"] == "table":
        return int(message["table"]["state_id"])
    return None


def check_messages(store: Store, run: TableRun) -> list[str]:
    """Every problem found in the messages of one table's clients (none: nothing leaked)."""
    states = _truth(store, run.table_id)
    problems: list[str] = []
    for client in run.clients:
        seat = client.seat
        latest = 0
        who = "the spectator" if seat is None else f"seat {seat}"
        for message in client.messages:
            at = _state_of(message)
            latest = latest if at is None else at
            truth = states[latest]
            hidden = _hidden(truth, seat)
            if message["type"] == "update" and latest > 0:
                # Cards that left a hidden place in this change (a discard) are now public.
                hidden &= _hidden(states[latest - 1], seat)
            sheet = message.get("sheet")
            if sheet is not None:
                # From the hand's end on, the cards left in hand are counted in the open.
                if truth["phase"] not in ("hand_over", "match_over"):
                    problems.append(f"{who} was sent the hands at {latest}, before the hand ended")
                elif [sorted(h) for h in sheet["leftover"]] != [sorted(h) for h in truth["hands"]]:
                    problems.append(f"{who}'s score sheet at {latest} is not the hands left")
                else:
                    hidden -= {card for hand in truth["hands"] for card in hand}
            named = cards_named(message) - client.named
            leaked = named & hidden
            if leaked:
                problems.append(f"{who} was sent {sorted(leaked)} in {message['type']} {latest}")
            view = message.get("view")
            if view is None:
                continue
            if seat is None and "hand" in view:
                problems.append(f"the spectator was sent a hand at {latest}")
            if seat is not None and sorted(view["hand"]) != sorted(truth["hands"][seat]):
                problems.append(f"{who}'s view at {latest} is not its hand")
            if view["stock_size"] != len(truth["stock"]):
                problems.append(f"{who}'s view at {latest} has the wrong stock size")
    return problems


def cards_named(message: Message) -> set[str]:
    """Every suited card ``message`` names, by code or by label (in a log line), as a code."""
    text = json.dumps(message, ensure_ascii=False)
    labels = {rank + SUITS[suit] for rank, suit in LABEL.findall(text)}
    return set(CARD.findall(text)) | labels


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def free_port() -> int:
    """A port free on 127.0.0.1 now (for a server in another process)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(
    db_url: str,
    port: int,
    home: str,
    rate: float = 1000,
    options: Sequence[str] = (),
    log: IO[bytes] | None = None,
) -> subprocess.Popen[bytes]:
    """``rummy serve`` in a child process on 127.0.0.1:``port``, once it answers; its log goes
    to ``log`` (by default, nowhere).

    Scripted clients act far faster than people, so the rate limit is raised (to ``rate``), and
    one address (this one) may make every table of a load test unless ``options`` say otherwise.
    """
    env = {**os.environ, "RUMMY_HOME": home}
    command = [sys.executable, "-m", "rummy_core", "serve", "--port", str(port), "--db", db_url]
    command += ["--rate-limit", str(rate), "--tables-per-address", "100000", *options]
    output = log or subprocess.DEVNULL
    process = subprocess.Popen(command, env=env, stdout=output, stderr=output)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"rummy serve exited with {process.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api", timeout=1).status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("rummy serve did not answer in 30 s")
