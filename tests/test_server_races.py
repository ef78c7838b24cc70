"""What a client is told while another seat's change is being stored (the hub, no network)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Inbox

from rummy_core.engine.cards import card_name
from rummy_core.server.hub import Hub
from rummy_core.server.protocol import CreateTable, SeatSpec
from rummy_core.server.store import Change, Store


class SlowStore(Store):
    """A store whose next write waits until the test lets it go."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.writing = threading.Event()
        self.go = threading.Event()
        self.hold = False

    def record(self, table_id: str, change: Change, position: Any, phase: str) -> None:
        if self.hold:
            self.writing.set()
            self.go.wait(20)
        super().record(table_id, change, position, phase)


def test_a_seat_reconnecting_while_a_draw_is_stored_is_shown_one_state(db_url: str) -> None:
    """The welcome pairs the view with its own state id, never the new view with the old id."""

    async def scenario() -> tuple[dict[str, Any], int, Any]:
        store = SlowStore(db_url)
        hub = Hub(store)
        spec = CreateTable(variant="classic", seats=[SeatSpec(), SeatSpec()], bot_pause=0)
        created = await hub.create(spec, "http://127.0.0.1/")
        table = hub.tables[created.table.id]
        mover = table.game.current_player()
        assert mover is not None
        other = 1 - mover
        await hub.join(table, mover, Inbox(), None)
        await hub.join(table, other, Inbox(), None)
        store.hold = True
        drawing = asyncio.create_task(
            hub.act(table, mover, Inbox(), {"type": "draw", "source": "stock"}, 0)
        )
        await asyncio.to_thread(store.writing.wait, 20)
        assert table.info().state_id == 0 and table.info().turn == mover
        late = Inbox()  # the same seat again: a reconnect, which needs no write of its own
        joining = asyncio.create_task(hub.join(table, other, late, None))
        # The loop runs the join on its next turns, up to the lock the draw holds; no clock.
        for _ in range(5):
            await asyncio.sleep(0)
        assert not joining.done() and table.lock.locked()
        store.go.set()
        await asyncio.gather(drawing, joining)
        stock_after = len(table.game.state.stock)
        info = table.info()
        await hub.stop()
        return late.messages[0], stock_after, info

    welcome, stock_after, info = asyncio.run(scenario())
    assert welcome["type"] == "welcome"
    assert welcome["state_id"] == 1
    assert welcome["view"]["stock_size"] == stock_after
    assert info.state_id == 1 and info.phase == "play"


async def _turns_while_held(
    task: asyncio.Task[None], started: threading.Event, release: threading.Event
) -> int:
    """Once ``task``'s work has started in a worker (``started``), the turns the loop takes
    (50 if it is free) before the work is let go (``release``) and the task ends."""
    await asyncio.to_thread(started.wait, 20)
    turns = 0
    for _ in range(50):
        await asyncio.sleep(0)
        turns += 1
    release.set()
    await task
    return turns


def test_what_a_selection_could_do_is_worked_out_off_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A costly ``choices`` question (#39) holds up no other table: while it is worked out,
    the loop runs on (here: another coroutine takes turns), and the answer still comes."""
    from rummy_core.server import outbox

    answered = outbox.choices_for
    started, release = threading.Event(), threading.Event()
    released: list[bool] = []

    def slow_choices(*args: Any) -> Any:
        started.set()
        # As long as the test likes: on the loop, this would wait in vain, as the test that
        # releases it could not run.
        released.append(release.wait(5))
        return answered(*args)

    monkeypatch.setattr(outbox, "choices_for", slow_choices)

    async def scenario() -> tuple[int, list[dict[str, Any]]]:
        hub = Hub(Store(f"sqlite:///{tmp_path / 's.sqlite3'}"))
        spec = CreateTable(variant="riverside", seats=[SeatSpec(), SeatSpec()], bot_pause=0)
        created = await hub.create(spec, "http://127.0.0.1/")
        table = hub.tables[created.table.id]
        seat = 0
        asker = Inbox()
        await hub.join(table, seat, asker, None)
        hand = table.game.state.hands[seat][:3]
        asking = asyncio.create_task(hub.choices(table, seat, asker, [card_name(c) for c in hand]))
        turns = await _turns_while_held(asking, started, release)
        await hub.stop()
        return turns, asker.messages

    turns, messages = asyncio.run(scenario())
    assert released == [True] and turns == 50
    assert messages[-1]["type"] == "choices"


@pytest.mark.parametrize("message", ["update", "welcome"])
def test_the_views_of_a_change_are_written_off_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, message: str
) -> None:
    """Each seat's view after a change, and the welcome of a seat that joins (#39: views off the
    loop), are written in a worker: while one is held, the loop runs on."""
    from rummy_core.server import outbox

    written = getattr(outbox, message)
    started, release = threading.Event(), threading.Event()
    released: list[bool] = []
    holding = [False]

    def slow(*args: Any, **kwargs: Any) -> Any:
        if holding[0]:
            started.set()
            released.append(release.wait(5))
        return written(*args, **kwargs)

    monkeypatch.setattr(outbox, message, slow)

    async def scenario() -> tuple[int, list[dict[str, Any]]]:
        hub = Hub(Store(f"sqlite:///{tmp_path / 's.sqlite3'}"))
        spec = CreateTable(variant="classic", seats=[SeatSpec(), SeatSpec()], bot_pause=0)
        created = await hub.create(spec, "http://127.0.0.1/")
        table = hub.tables[created.table.id]
        seat = table.game.state.turn
        player = Inbox()
        # The table starts once everyone has joined.
        await hub.join(table, 1 - seat, Inbox(), None)
        if message == "update":
            await hub.join(table, seat, player, None)
        holding[0] = True
        if message == "update":
            draw = {"type": "draw", "source": "stock"}
            moving = hub.act(table, seat, player, draw, table.state_id)
        else:
            moving = hub.join(table, seat, player, None)
        turns = await _turns_while_held(asyncio.create_task(moving), started, release)
        await hub.stop()
        return turns, player.messages

    turns, messages = asyncio.run(scenario())
    assert released and released[0] and turns == 50
    assert message in [m["type"] for m in messages]
