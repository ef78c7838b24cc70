"""The host's controls of a seat, at the hub (no network): a seat handed to a bot is given back
to a person with a new link, and the journal (exported and replayed) says so; a player is
removed by giving the seat a new link, the old one no longer seating anyone; a seat a bot has
played from the start has no one to be given back to; a rematch at the match's end keeps the
seats, names and tokens."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from server_helpers import Inbox

from rummy_core.engine.errors import RuleError
from rummy_core.engine.state import MATCH_OVER
from rummy_core.formats.record import replay
from rummy_core.match import HAND_TO_BOT, HAND_TO_PERSON
from rummy_core.present.cut import CUT
from rummy_core.server.export import table_record
from rummy_core.server.hub import NEW_LINK, Hub
from rummy_core.server.protocol import CreateTable, SeatSpec
from rummy_core.server.store import Store

BASE = "http://127.0.0.1/"


class Closing(Inbox):
    """A connection that remembers how it was closed."""

    def __init__(self) -> None:
        super().__init__()
        self.closed_with: int | None = None

    def close(self, code: int) -> None:
        self.closed_with = code


def test_a_seat_given_back_cuts_by_hand_and_the_journal_replays(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'back.sqlite3'}"

    async def scenario() -> str:
        hub = Hub(Store(url))
        spec = CreateTable(variant="hungarian", seats=[SeatSpec(), SeatSpec()], bot_pause=0)
        created = await hub.create(spec, BASE)
        table = hub.tables[created.table.id]
        await hub.start_table(table, created.creator_token)
        cutter = table.game.state.turn
        assert table.game.state.phase == CUT
        await hub.hand_to_bot(table, cutter, created.creator_token, "greedy")
        for _ in range(500):
            if table.game.state.phase != CUT:
                break
            await asyncio.sleep(0.01)
        assert table.game.state.phase != CUT, "the bot did not cut"
        made = await hub.new_link(table, cutter, created.creator_token, BASE)
        assert made.link.seat == cutter and made.link.qr.startswith("data:image/svg+xml")
        assert table.seat_of(made.link.token) == cutter
        assert table.match.bots[cutter] is None and cutter in table.game.choosers
        assert made.table.seats[cutter].kind == "human" and not made.table.seats[cutter].claimed
        await hub.stop()
        return table.id

    table_id = asyncio.run(scenario())
    store = Store(url)
    record = table_record(store, table_id)
    store.close()
    kinds = [a.kind for a in record.actions]
    assert kinds[:1] == [HAND_TO_BOT] and HAND_TO_PERSON in kinds
    assert record.seats == ["human", "human"]
    replay(record)


def test_removing_a_player_gives_the_seat_a_new_link(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'remove.sqlite3'}"))
        spec = CreateTable(variant="classic", seats=[SeatSpec(), SeatSpec()], bot_pause=0)
        created = await hub.create(spec, BASE)
        table = hub.tables[created.table.id]
        old = created.links[1].token
        bea = Closing()
        await hub.join(table, 1, bea, "Bea")
        before = table.state_id
        made = await hub.new_link(table, 1, created.creator_token, BASE)
        assert bea.closed_with == NEW_LINK
        assert bea.messages[-1]["code"] == "seat_given_away"
        assert table.seat_of(old) is None and table.seat_of(made.link.token) == 1
        seat = made.table.seats[1]
        assert (seat.name, seat.claimed, seat.connected) == (None, False, False)
        assert table.state_id == before, "removing a player is no change of the game"
        with pytest.raises(RuleError) as wrong:
            await hub.new_link(table, 1, old, BASE)
        assert wrong.value.code == "bad_creator_token"
        await hub.stop()

    asyncio.run(scenario())


def test_a_seat_a_bot_had_from_the_start_is_not_given_to_anyone(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'bot.sqlite3'}"))
        spec = CreateTable(
            variant="classic", seats=[SeatSpec(), SeatSpec(bot="greedy")], bot_pause=0
        )
        created = await hub.create(spec, BASE)
        table = hub.tables[created.table.id]
        with pytest.raises(RuleError) as refused:
            await hub.new_link(table, 1, created.creator_token, BASE)
        assert refused.value.code == "never_a_person"
        assert "from the start" in refused.value.render("en")
        assert table.match.bots[1] is not None
        await hub.stop()

    asyncio.run(scenario())


def test_a_rematch_comes_at_the_match_end_with_the_same_seats_and_tokens(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'again.sqlite3'}"))
        spec = CreateTable(variant="classic", seats=[SeatSpec(), SeatSpec(bot="greedy")])
        created = await hub.create(spec, BASE)
        table = hub.tables[created.table.id]
        await hub.join(table, 0, Inbox(), "Ann")
        with pytest.raises(RuleError) as early:
            await hub.rematch(table, None, table.state_id)
        assert early.value.code == "match_not_over" and table.row.rematch is None
        table.game.state.phase = MATCH_OVER  # as if the last hand had just ended
        for token, variant in ((created.links[0].token, None), (created.creator_token, "nosuch")):
            with pytest.raises(RuleError):
                await hub.host_rematch(table, token, variant)
        assert table.row.rematch is None
        watcher = Inbox()
        table.watchers.add(watcher)
        await hub.rematch(table, None, table.state_id)
        again = hub.tables[table.row.rematch or ""]
        assert watcher.messages[-1]["table"]["rematch"] == again.id
        assert again.seat_of(created.links[0].token) == 0
        assert again.row.variant == table.row.variant and again.row.seed != table.row.seed
        assert [s.name for s in again.row.seats] == ["Ann", None]
        assert again.match.bots[1] is not None and again.info().started
        await hub.rematch(table, None, table.state_id)
        assert table.row.rematch == again.id, "a second ask keeps the table made"
        await hub.stop()

    asyncio.run(scenario())
