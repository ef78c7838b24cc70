"""A table in play in the server's memory: its match, connections and lock."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Protocol

from rummy_core.engine.game import Game
from rummy_core.match import Match
from rummy_core.server.protocol import SeatInfo, TableInfo
from rummy_core.server.store import TableRow, token_matches


class Connection(Protocol):
    """Where a client's messages go; ``send`` never waits (a slow client is dropped)."""

    lang: str
    """The language the client reads: refusals and errors sent to it are in it."""

    def send(self, text: str) -> None:
        """Queue one message."""
        ...

    def close(self, code: int) -> None:
        """Close after the queued messages."""
        ...


@dataclass(eq=False)
class LiveTable:
    """One table: the stored row, its match (game and bots), and who is here.

    Every change to the match happens under ``lock``, and ``state_id`` counts the changes (the
    database holds the same count with the position and the journal). The engine moves the
    game before the change is stored, so what the lobby shows of it is copied by ``settle``
    once the change is stored, and lobby readers never look at the game itself. ``touched``
    is when it was last used (``time.time()``): a table unused for long leaves memory
    (``keeping``).
    """

    row: TableRow
    match: Match
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    seated: dict[int, Connection] = field(default_factory=dict)
    watchers: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    touched: float = field(default_factory=time.time)
    _shown: tuple[str, int | None, int] = ("", None, 0)

    def __post_init__(self) -> None:
        self.settle()

    @property
    def game(self) -> Game:
        """The table's game (read and changed under ``lock``)."""
        return self.match.game

    def settle(self) -> None:
        """Copy the phase, turn and hand number for the lobby, now that a change is stored."""
        game = self.game
        self._shown = (game.state.phase, game.current_player(), game.state.hand_number)

    @property
    def id(self) -> str:
        """The table's id."""
        return self.row.id

    @property
    def state_id(self) -> int:
        """How many changes the table has seen."""
        return self.row.state_id

    def seat_of(self, token: str) -> int | None:
        """The human seat whose token this is, or None."""
        for seat in self.row.seats:
            if token_matches(token, seat.token_hash):
                return seat.seat
        return None

    def everyone_here(self) -> bool:
        """Whether every person's seat has been joined (a bot's needs nobody)."""
        return all(s.claimed or s.bot is not None for s in self.row.seats)

    def all_bots(self) -> bool:
        """Whether every seat is played by a bot."""
        return not self.match.people()

    def paused(self) -> bool:
        """Whether this is a table of bots alone that has made the changes its host allowed
        (``Limits.bot_table_moves``): it waits for its host to let it play on."""
        until = self.row.bots_until
        return until is not None and self.state_id >= until and self.all_bots()

    def info(self) -> TableInfo:
        """The table as the lobby lists it."""
        phase, turn, hand_number = self._shown
        return TableInfo(
            id=self.id,
            variant=self.row.variant,
            players=self.row.players,
            seats=[
                SeatInfo(
                    seat=s.seat,
                    kind="bot" if s.bot else "human",
                    bot=s.bot,
                    name=s.name,
                    claimed=s.claimed or s.bot is not None,
                    connected=s.bot is not None or s.seat in self.seated,
                )
                for s in self.row.seats
            ],
            bot_pause=self.row.bot_pause,
            phase=phase,
            turn=turn,
            hand_number=hand_number,
            state_id=self.state_id,
            created=self.row.created,
            started=self.row.started,
            rematch=self.row.rematch,
            paused=self.paused(),
        )
