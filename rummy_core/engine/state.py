"""The engine's working state: compact plain structures, cloned once per action.

Nothing here validates: validation happens when a position comes in from outside
(``rummy_core.formats.position``). The engine never changes a ``State`` another object may hold:
each action works on ``clone()`` and the clone replaces the old state only when the action
succeeds, which is how a refused action changes nothing (ruling A2) and how take-back
(ruling A3) returns to an earlier state for free.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final, Literal

from mypy_extensions import mypyc_attr

# ``Final``: the compiled build reads the value itself, not the module's globals
# (docs/performance.md).
DRAW: Final = "draw"
"""Phase: the player to move must draw (or try another draw source)."""
PLAY: Final = "play"
"""Phase: the player has drawn and may meld, lay off, swap, take back, and must discard."""
HAND_OVER: Final = "hand_over"
"""Phase: the hand has ended and been scored; the next hand has not been dealt."""
MATCH_OVER: Final = "match_over"
"""Phase: the match has a result.

Besides these, a hand whose deal waits for a person's choice (``rummy_deal_wait``: Hungarian
Römi's cut) is in the phase named after the plugin's action that makes it, the shuffled deck as
its stock."""


# Plain Python classes in the compiled build, as before it compiled this module: the state alone
# is made native, for the engine's many reads of its fields.
@mypyc_attr(native_class=False)
class Meld:
    """A meld on the table. Treated as immutable: a change builds a new ``Meld``.

    ``cards`` are in meld order, ``reps`` what each card stands for (see
    ``rummy_core.engine.melds``), ``credit`` the seat that put each card down (a lay-off on a
    rival's meld is credited to the player who laid it off).
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


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Outcome:
    """How a hand ended: who went out (None: nobody), why, and each seat's points for it."""

    went_out: int | None
    reason: Reason
    """``out``: ``went_out`` went out; ``stock``: the stock ran out; ``capped``: ruling A1."""
    hand_scores: tuple[int, ...]
    hand_number: int


COPY_LIST = {"copy": "list"}
"""Field metadata: ``State.clone`` copies the list (other fields are shared: values, or objects
never changed in place)."""
COPY_LISTS = {"copy": "lists"}
"""Field metadata: ``State.clone`` copies the list and each list in it."""
COPY_DICT = {"copy": "dict"}
"""Field metadata: ``State.clone`` copies the dict (its values are shared: they are tuples)."""
COPY_JSON = {"copy": "json"}
"""Field metadata: ``State.clone`` copies the JSON data all the way down."""


# Serializable: a native class in the compiled build that copies and pickles as the Python class
# does (positions, sessions and tests copy states), and that ``clone`` makes without ``__init__``.
@mypyc_attr(serializable=True)
@dataclass(slots=True, eq=False, repr=False)
class State:
    """Everything about a match in progress: the current hand and the match so far.

    Stock: the top card is the *last* element (drawing pops). Discard pile: bottom first, the top
    card last. Seats are 0..players-1, play goes up the seat numbers.

    The fields below are the one declaration of the state: ``__slots__``, ``__init__`` and
    ``equals`` are derived from it, each field's copy rule given where it is declared (lists are
    copied, values and the earlier states of the turn shared). ``clone`` is written out by hand,
    to be compiled in the compiled build; ``tests/test_state.py`` holds it to those rules.
    """

    players: int
    seed: int
    dealer: int = field(init=False, default=0)
    turn: int = field(init=False, default=0)
    phase: str = field(init=False, default=DRAW)
    hands: list[list[int]] = field(init=False, metadata=COPY_LISTS)
    stock: list[int] = field(init=False, metadata=COPY_LIST)
    discard: list[int] = field(init=False, metadata=COPY_LIST)
    discard_face_down: bool = field(init=False, default=False)
    table: list[Meld] = field(init=False, metadata=COPY_LIST)
    """Melds are shared: they are immutable."""
    turns_taken: list[int] = field(init=False, metadata=COPY_LIST)
    scores: list[int] = field(init=False, metadata=COPY_LIST)
    hand_number: int = field(init=False, default=1)
    refills: int = field(init=False, default=0)
    hand_turns: int = field(init=False, default=0)
    first_play_turn: list[int | None] = field(init=False, metadata=COPY_LIST)
    """Per seat, the number of turns it had finished when it first put cards on the table."""
    on_show: dict[str, tuple[int, ...]] = field(init=False, metadata=COPY_DICT)
    """Cards lying face up beside the stock, seen by everyone, by a label the rules give (a
    Hungarian cut card is ``on_show["cut"]``). A label is also the draw source that takes them,
    where the rules let a player draw them. The rules replace an entry, never change it."""
    # What the player to move has done this turn.
    drew: str | None = field(init=False, default=None)
    """The source the player to move drew from this turn, if they have drawn."""
    drawn: list[int] = field(init=False, metadata=COPY_LIST)
    """The cards that draw brought into the hand."""
    plays: list[str] = field(init=False, metadata=COPY_LIST)
    """The kinds of play made this turn, in order: "meld", "lay_off", "swap"."""
    refused_sources: list[str] = field(init=False, metadata=COPY_LIST)
    """Draw sources given back this turn, which cannot be tried again this turn."""
    # Earlier states of the turn are never changed, so they are shared, not copied.
    turn_start: State | None = field(init=False, default=None)
    """The state this turn started from, for take-back (A3); None: this state is a start."""
    after_draw: State | None = field(init=False, default=None)
    """The state just after this turn's draw (A3); None: this state is it, or a start."""
    # The hand's end and the match.
    outcome: Outcome | None = field(init=False, default=None)
    """How the last hand ended; None while it is played."""
    hand_history: list[list[int]] = field(init=False)
    """Each finished hand's points per seat (replaced, never changed in place: shared)."""
    winners: list[int] = field(init=False, metadata=COPY_LIST)
    extra: dict[str, Any] = field(init=False, metadata=COPY_JSON)
    """The records a ruleset or house rule keeps itself (Hungarian's jokers to put down again, a
    knock): JSON-ready data only, as it is cloned and saved with positions."""

    def __post_init__(self) -> None:
        players = self.players
        self.hands = [[] for _ in range(players)]
        self.stock, self.discard, self.table = [], [], []
        self.turns_taken = [0] * players
        self.scores = [0] * players
        self.first_play_turn = [None] * players
        self.drawn, self.plays, self.refused_sources = [], [], []
        self.hand_history, self.winners, self.on_show, self.extra = [], [], {}, {}

    def clone(self) -> State:
        """A copy that can be changed without touching this state (see each field's rule)."""
        new: State = State.__new__(State)
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
        new.on_show = dict(self.on_show) if self.on_show else {}
        new.drew = self.drew
        new.drawn = list(self.drawn)
        new.plays = list(self.plays)
        new.refused_sources = list(self.refused_sources)
        new.turn_start = self.turn_start
        new.after_draw = self.after_draw
        new.outcome = self.outcome
        new.hand_history = self.hand_history
        new.winners = list(self.winners)
        new.extra = _deep_copy_json(self.extra) if self.extra else {}
        return new

    def places(self) -> list[Sequence[int]]:
        """Every place a card of the hand lies: the hands, the stock, the discard pile, each meld
        on the table and the cards on show. Card conservation is counted over these, and only
        these."""
        return [
            *self.hands,
            self.stock,
            self.discard,
            *(m.cards for m in self.table),
            *self.on_show.values(),
        ]

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
        for name in _FIELDS:
            mine, theirs = getattr(self, name), getattr(other, name)
            if isinstance(mine, State) and isinstance(theirs, State):
                if not mine.equals(theirs):
                    return False
            elif mine != theirs:
                return False
        return True


def _deep_copy_json(value: Any) -> Any:
    # The containers are copied and the values shared: the records are mostly counts and seats,
    # and a clone (every action, and every trial of one) copied them one call each.
    if isinstance(value, dict):
        copied = dict(value)
        for key, item in copied.items():
            if isinstance(item, _NESTED):
                copied[key] = _deep_copy_json(item)
        return copied
    if isinstance(value, list):
        return [_deep_copy_json(item) if isinstance(item, _NESTED) else item for item in value]
    return value


_NESTED = (dict, list)
"""The JSON values ``_deep_copy_json`` copies; the others (strings, numbers) are immutable."""


_FIELDS: Final = tuple(spec.name for spec in fields(State))
"""The names of the state's fields, in declaration order (the compiled class has no
``__slots__`` to read them from)."""
