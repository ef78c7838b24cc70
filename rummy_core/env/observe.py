"""Observations: one flat float32 array per seat, built from that seat's ``player_view`` alone.

A view shows the present; a player also remembers. ``SeatMemory`` keeps what the seat has seen
from one view to the next, and nothing else: the cards in the discard pile that were face up
when they landed, and the pile cards each rival was seen to take (and has not put down since).
Seats are written relative to the observer: row 0 is the observer, row 1 the next to play, and so
on. ``layout(players)`` names every slice; ``docs/rl.md`` lists them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from rummy_core.engine.cards import CARD_CODES
from rummy_core.engine.state import DRAW, HAND_OVER, MATCH_OVER, PLAY, Meld
from rummy_core.engine.view import PlayerView
from rummy_core.env.actions import Pending

PHASES = (DRAW, PLAY, HAND_OVER, MATCH_OVER)
UNKNOWN = -1
"""A pile card that landed face down."""

Vector = npt.NDArray[np.float32]


def layout(players: int) -> list[tuple[str, int]]:
    """The observation's slices in order, each as (name, length)."""
    n, c = players, CARD_CODES
    return [
        ("hand", c),
        ("drawn_this_turn", c),
        ("selected", c),
        ("staged", c),
        ("table_by_owner", n * c),
        ("pile_known", c),
        ("pile_top", c),
        ("on_show", c),
        ("seen_taken", (n - 1) * c),
        ("hand_sizes", n),
        ("opened", n),
        ("scores", n),
        ("turns_taken", n),
        ("turn", n),
        ("phase", len(PHASES)),
        ("stock_size", 1),
        ("discard_size", 1),
        ("discard_face_down", 1),
        ("hand_number", 1),
        ("refills", 1),
    ]


def offsets(players: int) -> dict[str, tuple[int, int]]:
    """Each slice of ``layout(players)`` by name, as (start, length)."""
    found: dict[str, tuple[int, int]] = {}
    start = 0
    for name, size in layout(players):
        found[name] = (start, size)
        start += size
    return found


def _credited(table: Iterable[Meld], players: int) -> list[Counter[int]]:
    """Per seat, the cards on the table that seat put there."""
    found: list[Counter[int]] = [Counter() for _ in range(players)]
    for meld in table:
        for code, seat in zip(meld.cards, meld.credit, strict=True):
            found[seat][code] += 1
    return found


class SeatMemory:
    """What one seat remembers of the hand, updated from each of its views in turn."""

    __slots__ = ("_credited", "_last", "pile", "players", "seat", "taken")

    def __init__(self, seat: int, players: int) -> None:
        self.seat = seat
        self.players = players
        self.pile: list[int] = []
        """The discard pile as this seat knows it, bottom first (``UNKNOWN`` if face down)."""
        self.taken: list[Counter[int]] = [Counter() for _ in range(players)]
        """Per seat, pile cards it was seen to take and has not put on the table or back since."""
        self._credited: list[Counter[int]] = [Counter() for _ in range(players)]
        self._last: PlayerView | None = None

    def update(self, view: PlayerView) -> None:
        """Take in the view after an action (or a deal)."""
        last = self._last
        self._last = view
        if last is None or view.hand_number != last.hand_number:
            self.pile = [UNKNOWN] * view.discard_size
            self.taken = [Counter() for _ in range(self.players)]
            self._credited = _credited(view.table, self.players)
            self._see_top(view)
            return
        actor = last.turn
        if view.table != last.table:
            credited = _credited(view.table, self.players)
            for seat in range(self.players):
                self.taken[seat] -= credited[seat] - self._credited[seat]
            self._credited = credited
        size = view.discard_size
        if size < len(self.pile):
            removed = self.pile[size:]
            del self.pile[size:]
            if view.stock_size <= last.stock_size:
                # Not a refill of the stock: the player to move took them.
                self.taken[actor].update(c for c in removed if c != UNKNOWN)
        elif size > len(self.pile):
            self.pile.extend([UNKNOWN] * (size - len(self.pile)))
            top = view.top_discard
            if top is not None and self.taken[actor][top]:
                self.taken[actor][top] -= 1
        self._see_top(view)

    def _see_top(self, view: PlayerView) -> None:
        if view.top_discard is not None and self.pile:
            self.pile[-1] = view.top_discard


class Encoder:
    """Builds the observation arrays of one variant's seats."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.slices = offsets(players)
        self.size = sum(size for _, size in layout(players))

    def encode(self, memory: SeatMemory, view: PlayerView, pending: Pending) -> Vector:
        """The observation of ``view.seat``: the view, its memory, and its lay-down under way."""
        out = np.zeros(self.size, dtype=np.float32)
        n, me, s = self.players, view.seat, self.slices

        def cards(name: str, codes: Iterable[int], row: int = 0) -> None:
            start = s[name][0] + row * CARD_CODES
            for code in codes:
                out[start + code] += 1.0

        def per_seat(name: str, values: Iterable[float]) -> None:
            start = s[name][0]
            for seat, value in enumerate(values):
                out[start + (seat - me) % n] = value

        def scalar(name: str, value: float) -> None:
            out[s[name][0]] = value

        cards("hand", view.hand)
        cards("drawn_this_turn", view.drawn)
        cards("selected", pending.selected)
        cards("staged", (c for key in pending.staged for c in key[0]))
        for meld in view.table:
            cards("table_by_owner", meld.cards, (meld.owner - me) % n)
        cards("pile_known", (c for c in memory.pile if c != UNKNOWN))
        if view.top_discard is not None:
            cards("pile_top", (view.top_discard,))
        for _, shown in view.on_show:
            cards("on_show", shown)
        for seat, seen in enumerate(memory.taken):
            if seat != me:
                cards("seen_taken", seen.elements(), (seat - me) % n - 1)
        per_seat("hand_sizes", view.hand_sizes)
        per_seat("opened", map(float, view.opened))
        per_seat("scores", view.scores)
        per_seat("turns_taken", view.turns_taken)
        out[s["turn"][0] + (view.turn - me) % n] = 1.0
        out[s["phase"][0] + PHASES.index(view.phase)] = 1.0
        scalar("stock_size", view.stock_size)
        scalar("discard_size", view.discard_size)
        scalar("discard_face_down", float(view.discard_face_down))
        scalar("hand_number", view.hand_number)
        scalar("refills", view.refills)
        return out
