"""Observations: one flat float32 array per seat, built from that seat's ``player_view`` alone.

A view shows the present; a player also remembers. ``SeatMemory`` keeps what the seat has seen
from one view to the next, and nothing else: the cards in the discard pile that were face up
when they landed, and the pile cards each rival was seen to take (and has not put down since).
Seats are written relative to the observer: row 0 is the observer, row 1 the next to play, and so
on. Each table meld has a slot of its own, in the table's order, which is the order the lay-off
and swap ids number melds in. ``layout(players, table_slots)`` names every slice,
``meld_slot_layout(players)`` the parts of a meld's slot; ``docs/rl.md`` lists them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from rummy_core.engine.cards import CARD_CODES
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.melds import RUN, SET
from rummy_core.engine.state import DRAW, HAND_OVER, MATCH_OVER, PLAY, Meld
from rummy_core.engine.view import PlayerView
from rummy_core.env.actions import Pending

PHASES = (DRAW, PLAY, HAND_OVER, MATCH_OVER)
KINDS = (SET, RUN)
UNKNOWN = -1
"""A pile card that landed face down."""
TURN_SCALE = 50
"""Turns taken read as a fraction of this many (more read as 1)."""
HAND_SCALE = 20
"""The hand number reads as a fraction of this many (more read as 1)."""
REFILL_SCALE = 4
"""Refills of the stock read as a fraction of this many (more read as 1)."""
DEFAULT_SCORE_SCALE = 500
"""Scores read as a fraction of this where the ruleset has no target (clipped to -1..1)."""

Vector = npt.NDArray[np.float32]


def meld_slot_layout(players: int) -> list[tuple[str, int]]:
    """One table meld's slot in the observation, in order, each as (name, length)."""
    return [("cards", CARD_CODES), ("stands_for", CARD_CODES), ("owner", players), ("kind", 2)]


def layout(players: int, table_slots: int) -> list[tuple[str, int]]:
    """The observation's slices in order, each as (name, length); ``table_slots`` is the most
    melds the table can hold (``ActionCodec.table_slots``)."""
    n, c = players, CARD_CODES
    slot = sum(size for _, size in meld_slot_layout(players))
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
        ("table_melds", table_slots * slot),
    ]


def offsets(players: int, table_slots: int) -> dict[str, tuple[int, int]]:
    """Each slice of ``layout(players, table_slots)`` by name, as (start, length)."""
    found: dict[str, tuple[int, int]] = {}
    start = 0
    for name, size in layout(players, table_slots):
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
    """Builds the observation arrays of one variant's seats.

    Every entry lies in 0..1 (the scores in -1..1, ``low`` and ``high``): a card slice holds,
    per card code, the share of that code's copies in the deck (so 1 for a card of a one-pack
    deck), sizes are shares of the deck, and counts are read against the scales above.
    """

    def __init__(self, hooks: Hooks, table_slots: int) -> None:
        self.players = players = hooks.ruleset.options.players
        self.table_slots = table_slots
        self.slices = offsets(players, table_slots)
        self.size = sum(size for _, size in layout(players, table_slots))
        self.slot_size = sum(size for _, size in meld_slot_layout(players))
        copies = Counter(hooks.deck)
        self._share = [1.0 / copies.get(code, 1) for code in range(CARD_CODES)]
        self._deck_size = float(len(hooks.deck))
        target = getattr(hooks.ruleset.options, "target", None)
        self._score_scale = float(target or DEFAULT_SCORE_SCALE)
        self.low: Vector = np.zeros(self.size, dtype=np.float32)
        """The least value of each entry."""
        start, size = self.slices["scores"]
        self.low[start : start + size] = -1.0
        self.high: Vector = np.ones(self.size, dtype=np.float32)
        """The greatest value of each entry."""
        self._tables: dict[int, tuple[tuple[Meld, ...], list[int], list[float]]] = {}

    def encode(self, memory: SeatMemory, view: PlayerView, pending: Pending) -> Vector:
        """The observation of ``view.seat``: the view, its memory, and its lay-down under way."""
        # Every entry is gathered as an index and a value, and the array is summed from them in
        # one call: writing a numpy array one entry at a time cost most of an observation.
        n, me, s = self.players, view.seat, self.slices
        at, values = self._table_entries(view)
        out = _Entries(list(at), list(values), self._share)
        out.cards(s["hand"][0], view.hand)
        out.cards(s["drawn_this_turn"][0], view.drawn)
        out.cards(s["selected"][0], pending.selected)
        out.cards(s["staged"][0], [c for key in pending.staged for c in key[0]])
        out.cards(s["pile_known"][0], [c for c in memory.pile if c != UNKNOWN])
        if view.top_discard is not None:
            out.cards(s["pile_top"][0], (view.top_discard,))
        for _, shown in view.on_show:
            out.cards(s["on_show"][0], shown)
        for seat, seen in enumerate(memory.taken):
            if seat != me and seen:
                row = (seat - me) % n - 1
                out.cards(s["seen_taken"][0] + row * CARD_CODES, list(seen.elements()))
        deck, scale = self._deck_size, self._score_scale
        out.per_seat(s["hand_sizes"][0], me, [size / deck for size in view.hand_sizes])
        out.per_seat(s["opened"][0], me, [float(opened) for opened in view.opened])
        scores = [min(1.0, max(-1.0, score / scale)) for score in view.scores]
        out.per_seat(s["scores"][0], me, scores)
        turns = [min(1.0, t / TURN_SCALE) for t in view.turns_taken]
        out.per_seat(s["turns_taken"][0], me, turns)
        out.at += (
            s["turn"][0] + (view.turn - me) % n,
            s["phase"][0] + PHASES.index(view.phase),
            s["stock_size"][0],
            s["discard_size"][0],
            s["discard_face_down"][0],
            s["hand_number"][0],
            s["refills"][0],
        )
        out.values += (
            1.0,
            1.0,
            view.stock_size / deck,
            view.discard_size / deck,
            float(view.discard_face_down),
            min(1.0, view.hand_number / HAND_SCALE),
            min(1.0, view.refills / REFILL_SCALE),
        )
        summed = np.bincount(out.at, weights=out.values, minlength=self.size)
        return summed.astype(np.float32)

    def _table_entries(self, view: PlayerView) -> tuple[list[int], list[float]]:
        """The entries the table gives ``view.seat``: its cards by owner, and a slot per meld.
        Kept per seat while the table stays as it is, which is most steps (a draw, a discard)."""
        me, table = view.seat, view.table
        kept = self._tables.get(me)
        if kept is not None and kept[0] == table:
            return kept[1], kept[2]
        n = self.players
        out = _Entries([], [], self._share)
        by_owner = self.slices["table_by_owner"][0]
        for meld in table:
            out.cards(by_owner + (meld.owner - me) % n * CARD_CODES, meld.cards)
        # One slot per table meld, in table order: the meld ``m`` of the lay-off and swap ids.
        start = self.slices["table_melds"][0]
        for meld in table[: self.table_slots]:
            out.cards(start, meld.cards)
            pairs = zip(meld.cards, meld.reps, strict=True)
            out.cards(start + CARD_CODES, [rep for code, rep in pairs if code != rep and rep >= 0])
            out.at.append(start + 2 * CARD_CODES + (meld.owner - me) % n)
            out.values.append(1.0)
            if meld.kind in KINDS:
                out.at.append(start + 2 * CARD_CODES + n + KINDS.index(meld.kind))
                out.values.append(1.0)
            start += self.slot_size
        self._tables[me] = (table, out.at, out.values)
        return out.at, out.values


class _Entries:
    """An observation's entries as they are gathered: indices, and the value at each."""

    __slots__ = ("at", "share", "values")

    def __init__(self, at: list[int], values: list[float], share: list[float]) -> None:
        self.at = at
        self.values = values
        self.share = share

    def cards(self, start: int, codes: Iterable[int]) -> None:
        """Each card of ``codes`` at ``start`` plus its code, as its share of the deck's copies."""
        at, values, share = self.at, self.values, self.share
        for code in codes:
            at.append(start + code)
            values.append(share[code])

    def per_seat(self, start: int, me: int, seat_values: Sequence[float]) -> None:
        """One value per seat from ``start``, the observer's first."""
        n = len(seat_values)
        for seat, value in enumerate(seat_values):
            self.at.append(start + (seat - me) % n)
            self.values.append(value)
