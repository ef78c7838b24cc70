"""A position: the complete state of a hand and its match, as JSON.

Cards are written as in ``rummy_core.engine.cards``; a wild on the table that stands for a card is
written ``2C=5S`` (or ``2C=7``, rank only, in a set). The stock is listed top card first, the
discard pile bottom first (its last card is the top). Cards a position places nowhere go below
the stock, shuffled by the seed. Fields a ruleset does not use may be left out.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rummy_core.engine.cards import card_name, meld_card_text, parse_card, parse_rank
from rummy_core.engine.errors import RuleError
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.melds import read_meld
from rummy_core.engine.state import DRAW, HAND_OVER, MATCH_OVER, PLAY, Meld, Outcome, State
from rummy_core.formats.invalid import file_problem
from rummy_core.formats.migrations import POSITION_VERSION, migrate_position
from rummy_core.formats.position_checks import (
    check_counts,
    check_free_data,
    check_rules_fit,
    check_this_turn,
    read_outcome,
)


class TableMeld(BaseModel):
    """A meld on the table: its owner, its cards in order, and who put each card down."""

    model_config = ConfigDict(extra="forbid")

    owner: int = Field(ge=0)
    cards: list[str] = Field(min_length=1, description="In order; a wild as 2C=5S or 2C=7.")
    credit: list[int] | None = Field(None, description="A seat per card; default: the owner.")


class ThisTurn(BaseModel):
    """What the player to move has done this turn (only needed mid-turn)."""

    model_config = ConfigDict(extra="forbid")

    drew: str | None = Field(None, description="The draw's source this turn, if drawn.")
    drawn: list[str] = Field(default_factory=list, description="The cards that draw brought.")
    plays: list[Literal["meld", "lay_off", "swap"]] = Field(default_factory=list)
    refused_sources: list[str] = Field(default_factory=list)
    start: Position | None = Field(
        None,
        description="The position this turn started from, which take-back returns to (A3, A5);"
        " needed mid-turn only.",
    )
    after_draw: Position | None = Field(
        None,
        description="The position just after this turn's draw, once cards were played this turn.",
    )


class Position(BaseModel):
    """The complete state of a hand and its match."""

    model_config = ConfigDict(extra="forbid")

    version: int = Field(
        POSITION_VERSION,
        description="The format: 2 (a file without it is of version 1, and is read as such).",
    )
    players: int = Field(ge=2)
    dealer: int = Field(0, ge=0)
    turn: int = Field(0, ge=0)
    phase: str = Field(
        "draw",
        description="'draw', 'play', 'hand_over', 'match_over', or the phase of a choice the"
        " deal waits for, named after the rules' action that makes it (a Hungarian 'cut').",
    )
    hands: list[list[str]]
    stock: list[str] | None = Field(None, description="Top card first; null: every unplaced card.")
    discard: list[str] = Field(default_factory=list, description="Bottom first; last is the top.")
    discard_face_down: bool = False
    table: list[TableMeld] = Field(default_factory=list)
    turns_taken: list[int] | None = None
    scores: list[int] | None = None
    hand_number: int = Field(1, ge=1)
    refills: int = Field(0, ge=0)
    hand_turns: int | None = Field(None, description="Turns played this hand; default: the sum.")
    opened: list[bool] | None = None
    first_play_turn: list[int | None] | None = Field(
        None, description="Per seat, its turns taken when it first put cards down (-1: earlier)."
    )
    on_show: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Cards face up beside the stock, by the label the rules give them"
        ' (a Hungarian cut card: {"cut": ["9C"]}).',
    )
    this_turn: ThisTurn = Field(default_factory=ThisTurn)
    hand_history: list[list[int]] = Field(default_factory=list)
    winners: list[int] = Field(default_factory=list)
    outcome: dict[str, Any] | None = None
    extra: dict[str, Any] = Field(default_factory=dict)


ThisTurn.model_rebuild()


def _bad(message: str, **params: Any) -> RuleError:
    # The message is a msgid of the `rummy` domain (extracted through the `_bad` keyword).
    return RuleError("bad_position", message, **params)


def _per_seat(values: list[Any] | None, players: int, default: Any, name: str) -> list[Any]:
    if values is None:
        return [default] * players
    if len(values) != players:
        raise _bad(
            "%(field)s has %(entries)s entries for %(players)s players.",
            field=name,
            entries=len(values),
            players=players,
        )
    return list(values)


def parse_meld_card(token: str) -> tuple[int, int | None]:
    """A meld card as written: ``5S``, or a wild and what it stands for, ``2C=5S``/``2C=7``."""
    left, eq, right = token.partition("=")
    code = parse_card(left)
    if not eq:
        return code, None
    right = right.strip()
    try:
        return code, parse_card(right)
    except RuleError:
        return code, -parse_rank(right)


def load_position(data: dict[str, Any] | Position, hooks: Hooks, seed: int = 0) -> State:
    """A validated working state from a position of any format version (``migrations``);
    ``bad_position`` says what is wrong."""
    if isinstance(data, dict):
        data = migrate_position(data)
    try:
        pos = data if isinstance(data, Position) else Position.model_validate(data)
    except ValidationError as exc:
        problems = file_problem("the position", exc)
        raise _bad("%(problems)s.", problems=problems) from None
    check_free_data("extra", pos.extra)
    check_free_data("outcome", pos.outcome)
    n = pos.players
    ruleset_options = hooks.ruleset.options
    if n != ruleset_options.players:
        raise _bad(
            "The position is for %(players)s players but the game for %(game_players)s.",
            players=n,
            game_players=ruleset_options.players,
        )
    if len(pos.hands) != n:
        raise _bad(
            "There are %(hands)s hands for %(players)s players.", hands=len(pos.hands), players=n
        )
    for name, seat in (("dealer", pos.dealer), ("turn", pos.turn)):
        if seat >= n:
            raise _bad(
                "%(field)s is seat %(seat)s, but seats go 0 to %(last)s.",
                field=name,
                seat=seat,
                last=n - 1,
            )
    st = State(n, seed)
    st.dealer, st.turn, st.phase = pos.dealer, pos.turn, pos.phase
    st.hands = [[parse_card(t) for t in hand] for hand in pos.hands]
    st.discard = [parse_card(t) for t in pos.discard]
    st.discard_face_down = pos.discard_face_down
    st.on_show = {
        label: tuple(parse_card(t) for t in cards) for label, cards in pos.on_show.items() if cards
    }
    st.table = [_table_meld(m, i, n, hooks) for i, m in enumerate(pos.table)]
    st.turns_taken = _per_seat(pos.turns_taken, n, 0, "turns_taken")
    st.scores = _per_seat(pos.scores, n, 0, "scores")
    st.hand_number, st.refills = pos.hand_number, pos.refills
    st.hand_turns = sum(st.turns_taken) if pos.hand_turns is None else pos.hand_turns
    if pos.first_play_turn is not None:
        st.first_play_turn = _per_seat(pos.first_play_turn, n, None, "first_play_turn")
    else:
        opened = _per_seat(pos.opened, n, None, "opened")
        if pos.opened is None:
            # Unstated: a seat that owns or added cards on the table has played before this turn.
            opened = [any(seat in m.credit for m in st.table) for seat in range(n)]
        st.first_play_turn = [-1 if o else None for o in opened]
    turn = pos.this_turn
    st.drew = turn.drew
    st.drawn = [parse_card(t) for t in turn.drawn]
    st.plays = list(turn.plays)
    st.refused_sources = list(turn.refused_sources)
    st.turn_start = _earlier(turn.start, "start", st, hooks, seed)
    after_draw = _earlier(turn.after_draw, "after_draw", st, hooks, seed)
    if after_draw is not None and st.turn_start is not None and after_draw.equals(st.turn_start):
        # A turn with no draw (a defender's lay-offs, G9; the starter's first turn, H2): the
        # engine keeps its start as the state after the draw too, one state for both.
        after_draw = st.turn_start
    elif after_draw is not None and after_draw.turn_start is None:
        after_draw.turn_start = st.turn_start
    st.after_draw = after_draw
    st.hand_history = [list(h) for h in pos.hand_history]
    st.winners = list(pos.winners)
    st.extra = dict(pos.extra)
    if st.phase == PLAY and st.drew is None and pos.this_turn.drawn:
        raise _bad("this_turn.drawn is given without this_turn.drew.")
    _fill_stock(st, pos.stock, hooks, seed)
    if st.phase in (DRAW, PLAY) and pos.outcome is not None:
        raise _bad("A hand in play has no outcome yet.")
    check_counts(st)
    st.outcome = read_outcome(pos.outcome, st)
    check_this_turn(st, hooks)
    check_rules_fit(st, hooks)
    if st.phase in (HAND_OVER, MATCH_OVER) and st.outcome is None:
        st.outcome = Outcome(None, "stock", (0,) * n, st.hand_number)
    return st


def _earlier(pos: Position | None, name: str, st: State, hooks: Hooks, seed: int) -> State | None:
    """An earlier state of the turn, checked to belong to the same turn of the same hand."""
    if pos is None:
        return None
    if st.phase not in (DRAW, PLAY):
        raise _bad("this_turn.%(field)s is given, but no turn is being played.", field=name)
    if pos.this_turn.start is not None or pos.this_turn.after_draw is not None:
        raise _bad("this_turn.%(field)s may not itself hold earlier states.", field=name)
    earlier = load_position(pos, hooks, seed)
    same = (earlier.turn, earlier.hand_number, earlier.turns_taken, earlier.dealer)
    if same != (st.turn, st.hand_number, st.turns_taken, st.dealer):
        raise _bad("this_turn.%(field)s is not from the turn being played.", field=name)
    return earlier


def _table_meld(m: TableMeld, index: int, players: int, hooks: Hooks) -> Meld:
    if m.owner >= players:
        raise _bad(
            "Meld %(meld)s belongs to seat %(seat)s, which does not exist.",
            meld=index,
            seat=m.owner,
        )
    pairs = [parse_meld_card(t) for t in m.cards]
    cards = tuple(c for c, _ in pairs)
    declared = tuple(d for _, d in pairs)
    found = read_meld(cards, declared, hooks.meld_rules)
    text = " ".join(m.cards)
    if not found:
        raise _bad(
            "Meld %(meld)s (%(cards)s) is not a meld under these rules.", meld=index, cards=text
        )
    if len(found) > 1:
        raise _bad(
            "Meld %(meld)s (%(cards)s) can be read more than one way: declare its wilds.",
            meld=index,
            cards=text,
        )
    credit = tuple(m.credit) if m.credit is not None else (m.owner,) * len(cards)
    if len(credit) != len(cards) or any(not 0 <= s < players for s in credit):
        raise _bad("Meld %(meld)s needs one existing seat per card in credit.", meld=index)
    ordered, reading = found[0]
    if ordered != cards:
        # Given in another order (ruling A4): each seat's credit follows its card.
        credit = tuple(credit[cards.index(c)] for c in ordered)
    return Meld(m.owner, reading.kind, ordered, reading.reps, credit)


def _fill_stock(st: State, stock: list[str] | None, hooks: Hooks, seed: int) -> None:
    deck = Counter(hooks.deck)
    placed: Counter[int] = Counter()
    for place in st.places():
        placed.update(place)  # the stock is still empty: it is filled here
    listed = [parse_card(t) for t in stock] if stock is not None else []
    placed.update(listed)
    extra = placed - deck
    if extra:
        names = ", ".join(f"{card_name(c)} x{n}" for c, n in sorted(extra.items()))
        raise _bad("More copies than the deck holds: %(cards)s.", cards=names)
    rest = sorted((deck - placed).elements())
    Random(f"{seed}/position").shuffle(rest)
    # The stock list is top card last; the listed cards are on top, in the order given.
    st.stock = rest + listed[::-1]


def dump_position(st: State) -> dict[str, Any]:
    """The JSON form of a working state (``load_position`` reads it back to an equal state)."""
    data = {"version": POSITION_VERSION, **_dump_one(st)}
    this_turn = data["this_turn"]
    if st.turn_start is not None:
        this_turn["start"] = _dump_one(st.turn_start)
    if st.after_draw is not None:
        # Its own start is the same as the outer one, and is written once.
        this_turn["after_draw"] = _dump_one(st.after_draw)
    return data


def _dump_one(st: State) -> dict[str, Any]:
    return {
        "players": st.players,
        "dealer": st.dealer,
        "turn": st.turn,
        "phase": st.phase,
        "hands": [[card_name(c) for c in hand] for hand in st.hands],
        "stock": [card_name(c) for c in reversed(st.stock)],
        "discard": [card_name(c) for c in st.discard],
        "discard_face_down": st.discard_face_down,
        "table": [
            {
                "owner": m.owner,
                "cards": [meld_card_text(c, r) for c, r in zip(m.cards, m.reps, strict=True)],
                "credit": list(m.credit),
            }
            for m in st.table
        ],
        "turns_taken": list(st.turns_taken),
        "scores": list(st.scores),
        "hand_number": st.hand_number,
        "refills": st.refills,
        "hand_turns": st.hand_turns,
        "first_play_turn": list(st.first_play_turn),
        "on_show": {label: [card_name(c) for c in cards] for label, cards in st.on_show.items()},
        "this_turn": {
            "drew": st.drew,
            "drawn": [card_name(c) for c in st.drawn],
            "plays": list(st.plays),
            "refused_sources": list(st.refused_sources),
        },
        "hand_history": [list(h) for h in st.hand_history],
        "winners": list(st.winners),
        "outcome": outcome_json(st.outcome),
        "extra": st.extra,
    }


def outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    """An outcome as a position writes it."""
    if outcome is None:
        return None
    return {
        "went_out": outcome.went_out,
        "reason": outcome.reason,
        "hand_scores": list(outcome.hand_scores),
        "hand_number": outcome.hand_number,
    }
