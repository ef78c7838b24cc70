"""A game played at the server is one journal with a game played in the terminal: exported from
the database (``rummy serve export``), ``rummy replay`` opens and checks it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from server_helpers import Inbox

from rummy_core.commands.cli import cli, main
from rummy_core.engine.cards import card_name
from rummy_core.engine.state import PLAY
from rummy_core.formats.record import load_record, replay
from rummy_core.match import HAND_TO_BOT, NEXT_HAND
from rummy_core.present.cut import CUT
from rummy_core.server.export import table_record
from rummy_core.server.hub import Hub
from rummy_core.server.protocol import CreateTable, SeatSpec
from rummy_core.server.store import Store


async def _act(hub: Hub, table_id: str, seat: int, data: dict[str, Any]) -> None:
    table = hub.tables[table_id]
    inbox = Inbox()
    await hub.act(table, seat, inbox, data, table.state_id)
    refused = [m for m in inbox.messages if m.get("type") == "refused"]
    assert not refused, refused


def _played_table(url: str) -> str:
    """A Hungarian table of people: the cut by hand, a discard, the cut card drawn and given
    back (H7), a discard; then both seats handed to bots, who play on past the next deal."""

    async def scenario() -> str:
        hub = Hub(Store(url))
        spec = CreateTable(variant="hungarian", seats=[SeatSpec(), SeatSpec()], bot_pause=0)
        created = await hub.create(spec, "http://127.0.0.1/")
        table_id = created.table.id
        table = hub.tables[table_id]
        await hub.start_table(table, created.creator_token)
        assert table.game.state.phase == CUT
        await _act(hub, table_id, table.game.state.turn, {"type": "cut", "depth": 30})
        starter = table.game.state.turn
        hand = table.game.state.hands[starter]
        await _act(hub, table_id, starter, {"type": "discard", "card": card_name(hand[0])})
        other = table.game.state.turn
        # Ruling H7: the cut card, given back with a take-back, and the draw made again.
        await _act(hub, table_id, other, {"type": "draw", "source": "cut"})
        assert table.game.state.phase == PLAY
        await _act(hub, table_id, other, {"type": "take_back"})
        await _act(hub, table_id, other, {"type": "draw", "source": "stock"})
        hand = table.game.state.hands[other]
        await _act(hub, table_id, other, {"type": "discard", "card": card_name(hand[-1])})
        # Both seats to bots: a table of bots plays on while it is watched, and deals the
        # next hand itself.
        await hub.join(table, None, Inbox(), None)
        await hub.hand_to_bot(table, starter, created.creator_token, "greedy")
        await hub.hand_to_bot(table, other, created.creator_token, "greedy")
        for _ in range(3000):
            if table.game.state.hand_number > 1:
                break
            await asyncio.sleep(0.01)
        await hub.stop()
        return table_id

    return asyncio.run(scenario())


def test_a_server_table_exports_to_a_record_that_replays(tmp_path: Path, db_url: str) -> None:
    url = db_url
    table_id = _played_table(url)
    store = Store(url)
    record = table_record(store, table_id)
    row = store.load(table_id)
    store.close()
    assert row is not None
    kinds = [entry.kind for entry in record.actions]
    assert HAND_TO_BOT in kinds and NEXT_HAND in kinds
    assert [a.action["type"] for a in record.actions if a.action][:6] == [
        "cut",
        "discard",
        "draw",
        "take_back",
        "draw",
        "discard",
    ]
    # The seat handed to a bot was a person's at the start (it chose the cut).
    assert record.seats == ["human", "human"]
    assert replay(record).game.state.equals(replay(load_record_from(record, tmp_path)).game.state)
    out = tmp_path / "exported.json"
    runner = CliRunner()
    result = runner.invoke(cli, ["serve", "--db", url, "export", table_id, "--out", str(out)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(cli, ["replay", str(out), "--json", "-"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["matches"] is True
    assert load_record(out).final == row.position


def load_record_from(record: Any, folder: Path) -> Any:
    path = folder / "record.json"
    path.write_text(record.model_dump_json())
    return load_record(path)


def test_exporting_an_unknown_table_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    Store(url).close()
    with pytest.raises(SystemExit) as info:
        main(["serve", "--db", url, "export", "nosuch"])
    assert info.value.code == 2
    assert "error [unknown_table]: There is no such table." in capsys.readouterr().err
