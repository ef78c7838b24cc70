"""The engine's working state: compact plain structures, cloned once per action.

Nothing here validates: validation happens when a position comes in from outside
(``rummy_core.models.position``). The engine never changes a ``State`` another object may hold:
each action works on ``clone()`` and the clone replaces the old state only when the action
succeeds, which is how a refused action changes nothing (ruling A2) and how take-back
(ruling A3) returns to an earlier state for free.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

CUT = "cut"
"""Phase: a person cuts the shuffled deck before the deal (ruling H12); the stock is the deck."""
DRAW = "draw"
"""Phase: the player to move must draw (or try another draw source)."""
PLAY = "play"
"""Phase: the player has drawn and may meld, lay off, swap, take back, and must discard."""
HAND_OVER = "hand_over"
"""Phase: the hand has ended and been scored; the next hand has not been dealt."""
MATCH_OVER = "match_over"
"""Phase: the match has a result."""


class Meld:
    """A meld on the table. Treated as immutable: a change builds a new ``Meld``.

    ``cards`` are in meld order, ``reps`` what each card stands for (see ``rummy_core.melds``),
    ``credit`` the seat that put each card down (a lay-off on a rival's meld is credited to the
    player who laid it off).
    """

    __slots__ = ("cards", "credit", "kind", "owner", "reps")

    def __init__(
        self,
        owner: int,
        kind: str,
        cards: tuple[int, ...],
        reps: tuple[int, ...],
        credit: tuple[int, ...],
    ) -> None:
        self.owner = owner
        self.kind = kind
        self.cards = cards
        self.reps = reps
        self.credit = credit

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Meld) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Meld(owner={self.owner}, kind={self.kind!r}, cards={self.cards}, reps={self.reps})"

    def _key(self) -> tuple[Any, ...]:
        return (self.owner, self.kind, self.cards, self.reps, self.credit)


Reason = Literal["out", "stock", "capped"]
REASONS: tuple[Reason, ...] = ("out", "stock", "capped")
"""Why a hand ends: someone went out, the stock ran out, or it reached the turn cap (A1)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a hand ended: who went out (None: nobody), why, and each seat's points for it."""

    went_out: int | None
    reason: Reason
    """``out``: ``went_out`` went out; ``stock``: the stock ran out; ``capped``: ruling A1."""
    hand_scores: tuple[int, ...]
    hand_number: int


class State:
    """Everything about a match in progress: the current hand and the match so far.

    Stock: the top card is the *last* element (drawing pops). Discard pile: bottom first, the top
    card last. Seats are 0..players-1, play goes up the seat numbers.
    """

    __slots__ = (
        "after_draw",
        "cut_card",
        "dealer",
        "discard",
        "discard_face_down",
        "drawn",
        "drew",
        "extra",
        "first_play_turn",
        "hand_history",
        "hand_number",
        "hand_turns",
        "hands",
        "outcome",
        "phase",
        "players",
        "plays",
        "refills",
        "refused_sources",
        "scores",
        "seed",
        "stock",
        "table",
        "turn",
        "turn_start",
        "turns_taken",
        "wilds_taken",
        "winners",
    )

    def __init__(self, players: int, seed: int) -> None:
        self.players = players
        self.seed = seed
        self.dealer = 0
        self.turn = 0
        self.phase = DRAW
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.discard_face_down = False
        self.table: list[Meld] = []
        self.turns_taken = [0] * players
        self.scores = [0] * players
        self.hand_number = 1
        self.refills = 0
        self.hand_turns = 0
        self.first_play_turn: list[int | None] = [None] * players
        """Per seat, the number of turns it had finished when it first put cards on the table."""
        self.cut_card: int | None = None
        # What the player to move has done this turn.
        self.drew: str | None = None
        """The source the player to move drew from this turn, if they have drawn."""
        self.drawn: list[int] = []
        """The cards that draw brought into the hand."""
        self.plays: list[str] = []
        """The kinds of play made this turn, in order: "meld", "lay_off", "swap"."""
        self.wilds_taken: list[int] = []
        """Wild cards taken into hand by swaps this turn and not yet put down again."""
        self.refused_sources: list[str] = []
        """Draw sources given back this turn, which cannot be tried again this turn."""
        self.turn_start: State | None = None
        """The state this turn started from, for take-back (A3); None: this state is a start."""
        self.after_draw: State | None = None
        """The state just after this turn's draw (A3); None: this state is it, or a start."""
        # The hand's end and the match.
        self.outcome: Outcome | None = None
        """How the last hand ended; None while it is played."""
        self.hand_history: list[list[int]] = []
        """Each finished hand's points per seat."""
        self.winners: list[int] = []
        self.extra: dict[str, Any] = {}
        """Ruleset-specific values; must hold only JSON-ready data (it is cloned and saved)."""

    def clone(self) -> State:
        """A copy that can be changed without touching this state (melds are shared: immutable)."""
        new = State.__new__(State)
        new.players = self.players
        new.seed = self.seed
        new.dealer = self.dealer
        new.turn = self.turn
        new.phase = self.phase
        new.hands = [list(hand) for hand in self.hands]
        new.stock = list(self.stock)
        new.discard = list(self.discard)
        new.discard_face_down = self.discard_face_down
        new.table = list(self.table)
        new.turns_taken = list(self.turns_taken)
        new.scores = list(self.scores)
        new.hand_number = self.hand_number
        new.refills = self.refills
        new.hand_turns = self.hand_turns
        new.first_play_turn = list(self.first_play_turn)
        new.cut_card = self.cut_card
        new.drew = self.drew
        new.drawn = list(self.drawn)
        new.plays = list(self.plays)
        new.wilds_taken = list(self.wilds_taken)
        new.refused_sources = list(self.refused_sources)
        # Earlier states of the turn are never changed, so they are shared, not copied.
        new.turn_start = self.turn_start
        new.after_draw = self.after_draw
        new.outcome = self.outcome
        new.hand_history = self.hand_history
        new.winners = list(self.winners)
        new.extra = _deep_copy_json(self.extra) if self.extra else {}
        return new

    def opened(self, seat: int) -> bool:
        """Whether ``seat`` has put any card on the table this hand."""
        return self.first_play_turn[seat] is not None

    def top_discard(self) -> int | None:
        """The top card of the discard pile, or None when the pile is empty."""
        return self.discard[-1] if self.discard else None

    def at_turn_start(self) -> bool:
        """Whether nothing has been done yet in the turn of the player to move."""
        return self.drew is None and not self.plays

    def start_of_turn(self) -> State | None:
        """The state this turn started from; None when a loaded position did not record it."""
        if self.turn_start is not None:
            return self.turn_start
        return self if self.at_turn_start() else None

    def state_after_draw(self) -> State | None:
        """The state just after this turn's draw (or its start, in a turn with no draw)."""
        if self.after_draw is not None:
            return self.after_draw
        return self if not self.plays else None

    def equals(self, other: State) -> bool:
        """Whether two states are the same in every field (for A2 checks and tests)."""
        for name in State.__slots__:
            mine, theirs = getattr(self, name), getattr(other, name)
            if isinstance(mine, State) and isinstance(theirs, State):
                if not mine.equals(theirs):
                    return False
            elif mine != theirs:
                return False
        return True


def _deep_copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep_copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy_json(v) for v in value]
    return value
