"""Hidden information on the wire: two seats and a spectator play a whole hand, and every
message each of them received is checked against the game replayed from the database."""

from __future__ import annotations

import sys
from pathlib import Path

from server_helpers import SCRIPTED, Client, Message, create_table, running_server

from rummy_core.engine.cards import parse_card
from rummy_core.present.plays import card_label
from rummy_core.server.store import Store

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from server_load import Received, TableRun, check_messages, choose


def play_hand(seats: dict[int, Client], watcher: Client) -> int:
    """Play the hand to its end with scripted seats; the number of changes made."""
    views = {seat: client.received[0] for seat, client in seats.items()}
    watcher.recv()
    tried: set[str] = set()
    latest = views[0]
    while latest["view"]["phase"] in ("draw", "play"):
        turn = latest["view"]["turn"]
        actor = seats[turn]
        action = choose(views[turn]["view"], tried)
        assert action is not None, "the scripted seat found nothing to try"
        actor.send({"type": "action", "action": action, "state_id": latest["state_id"]})
        answer = actor.wait_for(lambda m: m["type"] in ("update", "refused"))
        if answer["type"] == "refused":
            tried.add(action.get("card") or action["source"])
            continue
        tried = set()
        state = answer["state_id"]
        for seat, client in seats.items():
            views[seat] = (
                answer
                if client is actor
                else client.wait_for(
                    lambda m, s=state: m["type"] == "update" and m["state_id"] == s
                )
            )
        watcher.wait_for(lambda m, s=state: m["type"] == "update" and m["state_id"] == s)
        latest = answer
    return int(latest["state_id"])


def test_no_message_to_two_seats_or_a_spectator_holds_a_hidden_card(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hidden.sqlite3'}"
    with running_server(url, SCRIPTED) as base:
        table = create_table(base, "classic:target=none", [None, None])
        tid = table["table"]["id"]
        seats = {link["seat"]: Client(base, tid, link["token"]) for link in table["links"]}
        for client in seats.values():
            client.recv()
        watcher = Client(base, tid, None)
        changes = play_hand(seats, watcher)
        for client in [*seats.values(), watcher]:
            client.drain()
    assert changes > 20
    # The scripted seats name only cards of their own hands, so no card is exempt as named.
    run = TableRun(tid, [Received(None, watcher.received)])
    run.clients += [Received(seat, client.received) for seat, client in seats.items()]
    store = Store(url)
    problems = check_messages(store, run)
    store.close()
    assert problems == []
    counts = {seat: len(client.received) for seat, client in seats.items()}
    assert min(counts.values()) > changes and len(watcher.received) > changes
    # The hand's end shows every hand left to everyone (they are counted in the open), and the
    # check takes those cards as public from then on.
    position = store_position(url, tid)
    for client in [*seats.values(), watcher]:
        last = client.received[-1] if client.received[-1]["type"] == "update" else None
        ended = [m for m in client.received if m["type"] == "update" and m.get("sheet")]
        assert ended and (last is None or last["sheet"] is not None)
        sheet = ended[0]["sheet"]
        assert any(e["type"] == "hand_ended" for e in ended[0]["events"])
        assert [sorted(h) for h in sheet["leftover"]] == [sorted(h) for h in position["hands"]]
        assert len(sheet["worth"]) == len(sheet["why"]) == 2
        # The rules' items add up to each seat's points for the hand.
        points = ended[0]["view"]["outcome"]["hand_scores"]
        assert [sum(item["points"] for item in items) for items in sheet["why"]] == points
    before_end = [m for c in seats.values() for m in c.received if m["type"] == "update"]
    assert any(m.get("sheet") is None for m in before_end)
    # A sheet that is not the hands as they were left frees no card: the other hand still leaks.
    hands = position["hands"]
    viewer = min((0, 1), key=lambda seat: len(hands[seat]))
    other = 1 - viewer
    ending = next(m for m in seats[viewer].received if m["type"] == "update" and m.get("sheet"))
    forged = {**ending, "sheet": {"leftover": [hands[1], hands[0]]}}
    store = Store(url)
    problems = check_messages(store, TableRun(tid, [Received(viewer, [forged])]))
    store.close()
    assert any("is not the hands left" in p for p in problems)
    assert any(f"seat {viewer} was sent" in p and hands[other][0] in p for p in problems)
    kinds = {m["type"] for c in seats.values() for m in c.received}
    assert {"welcome", "update", "table"} <= kinds
    drew = [
        (seat, e)
        for seat, c in seats.items()
        for m in c.received
        if m["type"] == "update"
        for e in m["events"]
        if e["type"] == "drew" and e["source"] == "stock"
    ]
    assert any(e["seat"] == seat and e["cards"] for seat, e in drew)
    assert any(e["seat"] != seat and e["cards"] is None for seat, e in drew)
    # The log's sentences, checked above by the cards' labels too: a seat reads the card it drew
    # from the stock, and of another seat's stock draw only that it drew.
    updates = [m for c in seats.values() for m in c.received if m["type"] == "update"]
    said = [line for m in updates for line in m["log"]]
    assert any(line.startswith("You drew from the stock: ") for line in said)
    assert any(line.endswith(" drew from the stock.") for line in said)


def store_position(url: str, table_id: str) -> Message:
    store = Store(url)
    row = store.load(table_id)
    store.close()
    assert row is not None
    position: Message = row.position
    return position


def test_the_check_finds_a_hand_sent_to_the_wrong_seat(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'leak.sqlite3'}"
    with running_server(url) as base:
        table = create_table(base, "classic", [None, None])
        tid = table["table"]["id"]
        clients = {link["seat"]: Client(base, tid, link["token"]) for link in table["links"]}
        welcomes: dict[int, Message] = {seat: c.recv() for seat, c in clients.items()}
    store = Store(url)
    honest = TableRun(tid, [Received(s, [w]) for s, w in welcomes.items()])
    assert check_messages(store, honest) == []
    swapped = TableRun(tid, [Received(0, [welcomes[1]]), Received(None, [welcomes[0]])])
    problems = check_messages(store, swapped)
    assert any("seat 0 was sent" in p for p in problems)
    assert any("the spectator was sent a hand" in p for p in problems)
    # A score sheet before the hand is over shows hands that are still hidden.
    hands = store_position(url, tid)["hands"]
    early = {**welcomes[0], "sheet": {"leftover": hands}}
    problems = check_messages(store, TableRun(tid, [Received(0, [early])]))
    assert any("before the hand ended" in p for p in problems)
    assert any(p.startswith("seat 0 was sent") and hands[1][0] in p for p in problems)
    # A card of another hand named in a log line, as the table shows it, is found as well.
    card = hands[1][0]
    told = {**welcomes[0], "log": [f"Bob drew from the stock: {card_label(parse_card(card))}."]}
    problems = check_messages(store, TableRun(tid, [Received(0, [told])]))
    assert any(p.startswith("seat 0 was sent") and card in p for p in problems)
    store.close()
