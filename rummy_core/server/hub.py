"""The server's tables: creating them, taking actions, playing bots, storing every change.

The server owns each game. A client's action is applied by the engine under the table's lock,
written to the database with the new position, and only then announced, each receiver getting
its own view (``outbox``). Bots choose on worker threads, one table's bot never holding up
another table; the database is written on a single worker thread (SQLite has one writer).
Only the tables in use are in memory (``tables``); the others rest in the database
(``resting``) until someone opens one, and are deleted after a while (``keeping``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from functools import partial
from typing import TypeVar

from rummy_core.bots import Bot, make_bot
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.state import HAND_OVER, MATCH_OVER
from rummy_core.formats.actions import parse_action
from rummy_core.formats.position import dump_position
from rummy_core.i18n.uitext import N_, UI
from rummy_core.match import HAND_TO_BOT, Match, Step
from rummy_core.server import games, keeping, outbox, refusals
from rummy_core.server.limits import Limits
from rummy_core.server.links import seat_link
from rummy_core.server.live import Connection, LiveTable
from rummy_core.server.protocol import (
    CreateTable,
    NewSeatLink,
    TableCreated,
    TableInfo,
    TableState,
)
from rummy_core.server.store import (
    Change,
    SeatRow,
    Store,
    TableRow,
    digest,
    stamp,
)

log = logging.getLogger("rummy.server")
T = TypeVar("T")

REPLACED = 4409
"""Close code: the same seat's token connected again elsewhere."""
HANDED_TO_BOT = 4410
"""Close code: the table's creator gave this seat to a bot."""
NEW_LINK = 4411
"""Close code: the table's creator gave this seat a new link (the player was removed)."""
CHAT_KEPT = 50
"""The chat lines a welcome carries: the table's latest."""
TOO_SLOW = 4413
"""Close code: the client did not read its messages (it may reconnect and resume)."""
CLOSED = 4412
"""Close code: the table's creator closed the table."""


class Hub:
    """Every table of one server, with its database and worker threads."""

    def __init__(self, store: Store, limits: Limits | None = None, bot_workers: int = 2) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.tables: dict[str, LiveTable] = {}
        """The tables in memory: those in use."""
        self.resting: dict[str, keeping.Resting] = {}
        """The others, out of memory until someone opens one."""
        self._waking = asyncio.Lock()
        self._creating = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None
        self._made_from: dict[str, str] = {}
        """The network address each table still kept was made from (since the server started;
        a rematch is not made from an address)."""
        self._db = ThreadPoolExecutor(1, thread_name_prefix="rummy-db")
        # The work that takes CPU (bots choosing, what a selection could do) runs here, off the
        # event loop, so no question a client asks holds up the other tables.
        self._work = ThreadPoolExecutor(bot_workers, thread_name_prefix="rummy-work")
        # The messages of a change (each seat's view) are written in a pool of their own, so a
        # table's update never waits behind another table's bot thinking.
        self._write = ThreadPoolExecutor(2, thread_name_prefix="rummy-write")
        self._closing = False

    # -- running -----------------------------------------------------------------------------

    async def start(self) -> None:
        """Load every stored table as it was last stored and let its bots carry on; the tables
        with nothing to do rest until someone opens them."""
        for table_id in await self._in_db(self.store.table_ids):
            table = await self._load(table_id)
            if table is not None and keeping.quiet(table):
                self._rest(table)
        self._sweeper = asyncio.create_task(self._sweep_forever())
        log.info(
            "loaded %d tables from %s, %d in play",
            len(self.tables) + len(self.resting),
            self.store.engine.url,
            len(self.tables),
        )

    async def _load(self, table_id: str) -> LiveTable | None:
        """A stored table into memory, its bots woken (None: there is no such table)."""
        row = await self._in_db(self.store.load, table_id)
        if row is None:
            return None
        if row.bots_until is None:  # stored by a server from before bots paused
            row.bots_until = self.limits.bot_table_moves
        game = games.restore(row.variant, row.position, row.seed, _people(row))
        table = LiveTable(row, Match(game, self._bots(row)))
        self.tables[row.id] = table
        self._wake_bots(table)
        return table

    async def find(self, table_id: str) -> LiveTable | None:
        """The table ``table_id``, loaded again if it was resting (None: there is none)."""
        if table_id not in self.tables:
            # Another request may be loading it: off the resting list, not yet in memory.
            async with self._waking:
                await self._wake(table_id)
        table = self.tables.get(table_id)
        if table is not None:
            table.touched = time.time()
        return table

    async def _wake(self, table_id: str) -> None:
        # Taken off the resting list first: the sweep never deletes a table being loaded.
        rest = self.resting.pop(table_id, None)
        if rest is None:
            return  # loaded by the request before this one, or no such table
        try:
            await self._load(table_id)
        except Exception:
            self.resting[table_id] = rest  # still resting: the lobby goes on showing it
            raise

    def listing(self) -> list[TableInfo]:
        """Every table as the lobby lists it (resting ones as they were), newest first."""
        shown = [t.info() for t in self.tables.values()]
        shown += [t.info for t in self.resting.values()]
        return sorted(shown, key=lambda info: info.created, reverse=True)

    def _rest(self, table: LiveTable) -> None:
        self.resting[table.id] = keeping.resting(table)
        del self.tables[table.id]

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(keeping.sweep_period(self.limits))
            try:
                await self.sweep()
            except Exception:
                log.exception("looking after the tables failed")

    async def sweep(self) -> None:
        """Rest the tables nobody has used for ``Limits.idle_seconds``, and delete the resting
        tables kept long enough (``keeping.expired``)."""
        idle_since = time.time() - self.limits.idle_seconds
        for table in list(self.tables.values()):
            if keeping.quiet(table) and table.touched <= idle_since:
                self._rest(table)
        for table_id, rest in list(self.resting.items()):
            # Taken off before the database is asked: a table being loaded is not resting.
            if keeping.expired(rest, self.limits) and self.resting.pop(table_id, None) is not None:
                await self._in_db(self.store.delete, table_id)
                self._made_from.pop(table_id, None)
                log.info("table %s deleted: unused since %s", table_id, rest.active)

    async def stop(self) -> None:
        """Stop the bots, close every connection and the database."""
        self._closing = True
        if self._sweeper is not None:
            self._sweeper.cancel()
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
            for conn in [*table.seated.values(), *table.watchers]:
                conn.close(1001)
        self._work.shutdown(wait=False, cancel_futures=True)
        self._write.shutdown(wait=False, cancel_futures=True)
        self._db.shutdown(wait=True)
        self.store.close()

    async def _in_db(self, call: Callable[..., T], *args: object) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db, partial(call, *args))

    async def _off_loop(
        self, call: Callable[..., T], *args: object, pool: ThreadPoolExecutor | None = None
    ) -> T:
        """``call(*args)`` in a worker pool (the bots' unless ``pool``): work a table's size
        bounds (a view, a question about a selection), kept off the event loop so no table waits
        for another's. Asked under the table's lock, so the game does not move meanwhile."""
        return await asyncio.get_running_loop().run_in_executor(
            pool or self._work, partial(call, *args)
        )

    # -- tables ------------------------------------------------------------------------------

    async def create(
        self, spec: CreateTable, base_url: str, lang: str | None = None, address: str = ""
    ) -> TableCreated:
        """A new table, dealt and stored, with a link per human seat (in the language ``lang``
        the host chose, if any), made from the network ``address``.

        The seed is drawn here and never leaves the server: it decides every deal. Past
        ``Limits.max_tables`` tables, or ``tables_per_address`` from one address, it is refused.
        """
        self._check_room(address)
        variant = games.variant_label(spec.variant)
        refusals.check_players(variant, len(spec.seats))
        for seat in spec.seats:
            if seat.bot is not None:
                make_bot(seat.bot, 0)
        tokens = {i: secrets.token_urlsafe(24) for i, s in enumerate(spec.seats) if s.bot is None}
        creator = secrets.token_urlsafe(24)
        seats = [
            SeatRow(i, s.bot, digest(tokens[i]) if i in tokens else None)
            for i, s in enumerate(spec.seats)
        ]
        # One at a time, counted again once it is its turn: tables asked for at once would each
        # pass the count made before the one before them was stored.
        async with self._creating:
            self._check_room(address)
            # A table of bots alone plays at once; one with people waits for them.
            table = await self._open(variant, seats, spec.bot_pause, digest(creator), not tokens)
            self._made_from[table.id] = address
        links = [seat_link(base_url, table.id, i, t, lang) for i, t in tokens.items()]
        return TableCreated(table=table.info(), creator_token=creator, links=links)

    def _check_room(self, address: str) -> None:
        made_here = sum(made == address for made in self._made_from.values())
        refusals.check_room(len(self.tables) + len(self.resting), made_here, self.limits)

    async def close_table(self, table: LiveTable, creator_token: str) -> None:
        """The host closes the table: everyone is told and let go, and it is forgotten."""
        refusals.check_creator(table, creator_token)
        async with table.lock:
            if table.bot_task is not None:
                table.bot_task.cancel()
            for conn in [*table.seated.values(), *table.watchers]:
                closed = outbox.error("table_closed", N_("The host closed this table."), conn.lang)
                conn.send(outbox.encode(closed))
                conn.close(CLOSED)
            table.seated.clear()
            table.watchers.clear()
            # Resting by now, if it sat unused while the request waited for the lock.
            self.tables.pop(table.id, None)
            self.resting.pop(table.id, None)
            self._made_from.pop(table.id, None)
            await self._in_db(self.store.delete, table.id)

    async def _open(
        self,
        variant: str,
        seats: list[SeatRow],
        bot_pause: float,
        creator_hash: str,
        started: bool,
    ) -> LiveTable:
        """A new table of ``seats``, dealt from a fresh seed, stored, and its bots woken."""
        seed = secrets.randbits(62)
        people = [s.seat for s in seats if s.bot is None]
        game, dealer = games.start(variant, len(seats), seed, people)
        row = TableRow(
            id=secrets.token_hex(5),
            variant=variant,
            players=len(seats),
            seed=seed,
            dealer=dealer,
            bot_pause=bot_pause,
            creator_hash=creator_hash,
            created=stamp(),
            state_id=0,
            phase=game.state.phase,
            position=dump_position(game.state),
            started=started,
            seats=seats,
            bots_until=self.limits.bot_table_moves,
        )
        await self._in_db(self.store.create, row)
        table = LiveTable(row, Match(game, self._bots(row)))
        self.tables[row.id] = table
        self._wake_bots(table)
        return table

    async def rematch(self, table: LiveTable, variant: str | None, seen: int | None) -> None:
        """Once the match is over, another at a new table: the same seats, people (whose tokens
        work there too), creator and bot pause, the same variant or ``variant``, a new deal.
        Everyone at this table is told the new table's id (``TableInfo.rematch``); asked again,
        the table already made is kept, and asked for other rules than it plays, refused
        (``rematch_made``): the next match has begun."""
        async with table.lock:
            if seen is not None:
                refusals.check_current(table, seen)
            if table.row.rematch is not None:
                if variant is not None:
                    made = await self._in_db(self.store.load, table.row.rematch)
                    if made is not None and made.variant != games.variant_label(variant):
                        raise RuleError(
                            "rematch_made",
                            "The next match has already begun: change the rules when it ends.",
                            domain=UI.name,
                        )
                return
            if table.game.state.phase != MATCH_OVER:
                raise RuleError(
                    "match_not_over",
                    "A rematch comes once the match is over.",
                    domain=UI.name,
                )
            label = games.variant_label(variant) if variant else table.row.variant
            refusals.check_players(label, table.row.players)
            seats = [
                SeatRow(s.seat, s.bot, s.token_hash, s.name, s.claimed) for s in table.row.seats
            ]
            new = await self._open(
                label, seats, table.row.bot_pause, table.row.creator_hash, started=True
            )
            await self._in_db(self.store.mark_rematch, table.id, new.id)
            table.row.rematch = new.id
        self._announce(table)

    async def host_rematch(self, table: LiveTable, creator_token: str, variant: str | None) -> str:
        """The creator's rematch, under new rules if ``variant`` is given; the new table's id."""
        refusals.check_creator(table, creator_token)
        await self.rematch(table, variant, None)
        assert table.row.rematch is not None
        return table.row.rematch

    def _bots(self, row: TableRow) -> list[Bot | None]:
        return [make_bot(s.bot, _bot_seed(row, s.seat)) if s.bot else None for s in row.seats]

    # -- connections -------------------------------------------------------------------------

    async def join(
        self, table: LiveTable, seat: int | None, conn: Connection, name: str | None
    ) -> None:
        """Seat ``conn`` (None: as a spectator) and send it the table and its view.

        A seat has one connection: a new one with the same token (a reconnect, another device)
        replaces the old, which is told so and closed.
        """
        # Under the lock: a change being stored has already moved the game in memory, and a
        # welcome sent then would pair the new view with the old state id.
        async with table.lock:
            if seat is None:
                table.watchers.add(conn)
            else:
                row = table.row.seats[seat]
                if not row.claimed or (name and name != row.name):
                    row.claimed = True
                    row.name = name or row.name
                    await self._in_db(self.store.update_seat, table.id, row)
                old = table.seated.get(seat)
                if old is not None:
                    replaced = outbox.error(
                        "replaced", N_("This seat connected elsewhere."), old.lang
                    )
                    old.send(outbox.encode(replaced))
                    old.close(REPLACED)
                table.seated[seat] = conn
                if table.everyone_here():
                    await self._mark_started(table)
            said = await self._in_db(self.store.chat, table.id, CHAT_KEPT)
            welcome = await self._off_loop(
                outbox.welcome,
                table.info(),
                table.game,
                seat,
                table.state_id,
                conn.lang,
                said,
                pool=self._write,
            )
            conn.send(outbox.encode(welcome))
            if table.paused():
                self._tell_paused(table, [conn])
        self._announce(table)
        self._wake_bots(table)

    async def start_table(self, table: LiveTable, creator_token: str) -> None:
        """The host starts the table before everyone has joined: bots play, people act. At a
        table of bots alone that paused, its bots play on (``Limits.bot_table_moves`` more)."""
        refusals.check_creator(table, creator_token)
        async with table.lock:
            await self._mark_started(table)
            await self._allow_bots(table)
        self._announce(table)
        self._wake_bots(table)

    async def _allow_bots(self, table: LiveTable) -> None:
        """The host's word: a table of bots alone may make ``Limits.bot_table_moves`` changes
        from here before it pauses."""
        until = table.state_id + self.limits.bot_table_moves
        await self._in_db(self.store.allow_bots, table.id, until)
        table.row.bots_until = until

    async def _mark_started(self, table: LiveTable) -> None:
        if not table.row.started:
            await self._in_db(self.store.mark_started, table.id)
            table.row.started = True

    async def say(self, table: LiveTable, seat: int, text: str) -> None:
        """A seat's chat line, kept with the table and sent to everyone there (spectators
        too); its spacing tidied, control characters taken out, and refused if nothing is left."""
        words = " ".join("".join(c for c in text if c.isprintable()).split())
        if not words:
            raise RuleError("empty_chat", "Say something first.", domain=UI.name)
        line = {
            "seat": seat,
            "name": table.row.seats[seat].name,
            "text": words,
            "at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        await self._in_db(self.store.add_chat, table.id, line)
        message = outbox.encode(outbox.chat(line))
        for conn in [*table.seated.values(), *table.watchers]:
            conn.send(message)

    async def table_state(self, table: LiveTable) -> TableState:
        """The table and what anyone may see of it, read between changes."""
        async with table.lock:
            return await self._off_loop(
                outbox.table_state, table.info(), table.game, pool=self._write
            )

    async def leave(self, table: LiveTable, seat: int | None, conn: Connection) -> None:
        """Forget ``conn``; the seat stays its player's, to reconnect to. The table was used
        until now: how long it is kept counts from here."""
        table.watchers.discard(conn)
        if seat is not None and table.seated.get(seat) is conn:
            del table.seated[seat]
            self._announce(table)
        table.touched = time.time()
        table.row.active = stamp()
        if table.id in self.tables and not self._closing:
            await self._in_db(self.store.touch, table.id, table.row.active)

    def _announce(self, table: LiveTable) -> None:
        text = outbox.encode(outbox.table_changed(table.info()))
        for conn in [*table.seated.values(), *table.watchers]:
            conn.send(text)

    # -- changes -----------------------------------------------------------------------------

    async def act(
        self,
        table: LiveTable,
        seat: int,
        conn: Connection,
        data: dict[str, object],
        seen: int,
    ) -> None:
        """Apply a seat's action; a refusal goes to ``conn`` alone and changes nothing."""
        async with table.lock:
            try:
                refusals.check_current(table, seen)
                action = parse_action(data, table.game.hooks)
                step = table.match.act(seat, action)
            except RuleError as exc:
                conn.send(outbox.encode(outbox.refused(exc, table.state_id, conn.lang)))
                return
            await self._commit(table, step)
        self._wake_bots(table)

    async def choices(
        self, table: LiveTable, seat: int, conn: Connection, cards: list[str]
    ) -> None:
        """Tell ``conn`` what its seat could do with ``cards`` (under the lock: bots move),
        worked out off the event loop."""
        async with table.lock:
            try:
                answer = await self._off_loop(
                    outbox.choices_for, table.game, seat, cards, table.state_id, conn.lang
                )
            except RuleError as exc:
                conn.send(outbox.encode(outbox.refused(exc, table.state_id, conn.lang)))
                return
        conn.send(outbox.encode(answer))

    async def deal_next(self, table: LiveTable, conn: Connection, seen: int) -> None:
        """Deal the next hand, once this one is over."""
        async with table.lock:
            try:
                refusals.check_current(table, seen)
                step = table.match.deal_next()
            except RuleError as exc:
                conn.send(outbox.encode(outbox.refused(exc, table.state_id, conn.lang)))
                return
            await self._commit(table, step)
        self._wake_bots(table)

    async def _commit(self, table: LiveTable, step: Step) -> None:
        """Store a change the match has made in memory, then announce it.

        If the database refuses, the table goes back to what is stored (its bots dealt afresh,
        as after a restart), and nobody hears of the change.
        """
        game = table.game
        change = Change(table.state_id + 1, step.entry)

        def write() -> None:
            self.store.record(table.id, change, dump_position(game.state), game.state.phase)

        try:
            await self._in_db(write)
        except Exception:
            log.exception("table %s: change %d not stored", table.id, change.state_id)
            await self._reload(table)
            raise
        table.row.state_id = change.state_id
        table.row.active = stamp()
        table.touched = time.time()
        table.settle()
        await self._broadcast(table, step.events)

    async def _reload(self, table: LiveTable) -> None:
        row = await self._in_db(self.store.load, table.id)
        if row is not None:
            game = games.restore(row.variant, row.position, row.seed, _people(row))
            table.match = Match(game, self._bots(row))
            table.row.state_id = row.state_id
            table.settle()

    async def _broadcast(self, table: LiveTable, events: Sequence[Event]) -> None:
        """Tell everyone at the table of a change: each seat its view, the spectators theirs
        (the messages written off the event loop, then sent)."""
        state_id = table.state_id
        info = table.info()
        game = table.game
        seated = list(table.seated.items())
        watchers = list(table.watchers)

        def written() -> list[tuple[Connection, str]]:
            found = [
                (conn, outbox.encode(outbox.update(info, game, seat, events, state_id, conn.lang)))
                for seat, conn in seated
            ]
            # Spectators of one language share one message.
            texts: dict[str, str] = {}
            for conn in watchers:
                if conn.lang not in texts:
                    update = outbox.update(info, game, None, events, state_id, conn.lang)
                    texts[conn.lang] = outbox.encode(update)
                found.append((conn, texts[conn.lang]))
            return found

        for conn, text in await self._off_loop(written, pool=self._write):
            conn.send(text)

    async def hand_to_bot(self, table: LiveTable, seat: int, creator_token: str, bot: str) -> None:
        """The table's creator gives ``seat`` to a bot; its link stops working."""
        refusals.check_creator(table, creator_token)
        refusals.check_seat(table, seat)
        player = make_bot(bot, _bot_seed(table.row, seat))
        async with table.lock:
            row = table.row.seats[seat]
            row.bot, row.token_hash = bot, None
            await self._in_db(self.store.update_seat, table.id, row)
            await self._commit(table, table.match.hand_to_bot(seat, player))
            await self._allow_bots(table)
            self._dismiss(
                table,
                seat,
                HANDED_TO_BOT,
                "seat_handed_to_bot",
                N_("The %(bot)s bot now plays this seat."),
                bot=bot,
            )
            if table.everyone_here():
                await self._mark_started(table)
        self._announce(table)
        self._wake_bots(table)

    async def new_link(
        self,
        table: LiveTable,
        seat: int,
        creator_token: str,
        base_url: str,
        lang: str | None = None,
    ) -> NewSeatLink:
        """The creator gives ``seat`` a new link: a seat handed to a bot goes back to a person
        (its bot stops), and a person's seat is freed for someone else (its player is removed,
        the old link stops working). Whoever opens the new link plays the seat."""
        refusals.check_creator(table, creator_token)
        refusals.check_seat(table, seat)
        token = secrets.token_urlsafe(24)
        async with table.lock:
            row = table.row.seats[seat]
            if row.bot is not None:
                changes = await self._in_db(self.store.changes, table.id)
                if not any(c.entry.kind == HAND_TO_BOT and c.entry.seat == seat for c in changes):
                    raise RuleError(
                        "never_a_person",
                        "A bot has played seat %(number)s from the start: there is no one to"
                        " give it back to.",
                        domain=UI.name,
                        number=seat + 1,
                    )
            else:
                self._dismiss(
                    table,
                    seat,
                    NEW_LINK,
                    "seat_given_away",
                    N_("The table's host gave this seat to someone else."),
                )
            was_bot = row.bot is not None
            row.bot, row.token_hash, row.name, row.claimed = None, digest(token), None, False
            await self._in_db(self.store.update_seat, table.id, row)
            if was_bot:
                await self._commit(table, table.match.hand_to_person(seat))
            info = table.info()
        self._announce(table)
        return NewSeatLink(table=info, link=seat_link(base_url, table.id, seat, token, lang))

    def _dismiss(
        self, table: LiveTable, seat: int, close_code: int, code: str, message: str, **params: str
    ) -> None:
        """Tell ``seat``'s connection why it no longer plays the seat, and close it."""
        conn = table.seated.pop(seat, None)
        if conn is not None:
            conn.send(outbox.encode(outbox.error(code, message, conn.lang, **params)))
            conn.close(close_code)

    # -- bots --------------------------------------------------------------------------------

    def _tell_paused(self, table: LiveTable, conns: Sequence[Connection]) -> None:
        """Tell ``conns`` that this table of bots waits for its host (``bots_paused``)."""
        for conn in conns:
            paused = outbox.notice(
                "bots_paused",
                N_(
                    "This table of bots has played as long as it may without its host, and"
                    " pauses here: the host can let it play on."
                ),
                conn.lang,
                moves=self.limits.bot_table_moves,
            )
            conn.send(outbox.encode(paused))

    def _wake_bots(self, table: LiveTable) -> None:
        if self._closing or (table.bot_task is not None and not table.bot_task.done()):
            return
        if self._bot_can_move(table):
            table.bot_task = asyncio.create_task(self._play_bots(table))

    def _bot_can_move(self, table: LiveTable) -> bool:
        if not table.row.started or table.id not in self.tables:
            return False
        if table.all_bots() and (not table.watchers or table.paused()):
            # A table of bots plays while someone watches it, and waits for the next; having
            # made the changes its host allowed, it waits for its host.
            return False
        if table.match.bot_to_move() is not None:
            return True
        return table.game.current_player() is None and (
            table.game.state.phase == HAND_OVER and table.all_bots()
        )

    async def _play_bots(self, table: LiveTable) -> None:
        """Play the bots' turns (and deal, at a table of bots only) until a person is to act."""
        loop = asyncio.get_running_loop()
        try:
            while not self._closing and self._bot_can_move(table):
                await asyncio.sleep(table.row.bot_pause)
                async with table.lock:
                    if not self._bot_can_move(table):
                        continue
                    seat = table.match.bot_to_move()
                    if seat is None:
                        await self._commit(table, table.match.deal_next())
                        continue
                    fallback = _bot_seed(table.row, seat) + table.state_id
                    choose = partial(table.match.choose, seat, fallback)
                    action = await loop.run_in_executor(self._work, choose)
                    await self._commit(table, table.match.act(seat, action))
            if table.paused():
                self._announce(table)
                self._tell_paused(table, [*table.seated.values(), *table.watchers])
        except asyncio.CancelledError:
            raise
        except Exception:
            # The table stays where its last stored change left it; people can still act.
            log.exception("table %s: a bot failed", table.id)


def _people(row: TableRow) -> list[int]:
    """The seats people play (they cut the deck themselves, ruling H12)."""
    return [s.seat for s in row.seats if s.bot is None]


def _bot_seed(row: TableRow, seat: int) -> int:
    return row.seed % 2**31 + seat
