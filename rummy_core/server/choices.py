"""What a seat's selected cards could do, for the browser table: the melds they make, the table
melds they fit, and the natural melds the hand already holds (the stripes under the cards).

The table's page never guesses at the rules: it asks, and the server answers with the legal
actions, each described as the table would look after it (so a wild's reading can be chosen).
Only the asking seat's own hand and the public table are read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rummy_core.engine.actions import Action, LayOff, MeldDown, Swap
from rummy_core.engine.cards import card_name, parse_card
from rummy_core.engine.errors import RuleError
from rummy_core.engine.game import Game
from rummy_core.engine.plays import new_melds, opening_points
from rummy_core.engine.state import PLAY
from rummy_core.formats.actions import action_json
from rummy_core.i18n.uitext import UI
from rummy_core.present.plays import (
    describe_choice,
    distinct_legal,
    held_melds,
    lay_off_plays,
    meld_plays,
    swap_plays,
)

MAX_SELECTED = 16
"""The most cards one question may name (a lay-down is rarely more; the search stays short)."""


@dataclass(frozen=True)
class Choice:
    """One legal play of the selected cards: its kind, the table meld it goes to (a lay-off or
    a swap), the action as JSON, and the melds it touches as they would read afterwards."""

    kind: str
    meld: int | None
    action: dict[str, Any]
    label: str


@dataclass(frozen=True)
class Selection:
    """What a seat's selected cards can do: the natural melds its hand holds (``held``), and
    each legal play of exactly those cards."""

    held: list[list[str]]
    plays: list[Choice]
    opening: tuple[int, int] | None = None
    """While the seat has still to open: what its selection would be worth toward the opening
    at best, and what the opening needs; None when no opening is needed now."""
    complete: bool = True
    """False when the cards split into more lay-downs than were searched (``Splits``): the
    plays listed are some of them, and the player may type the one meant."""


def selection(game: Game, seat: int, names: Sequence[str]) -> Selection:
    """The legal plays of ``seat`` with exactly the cards ``names`` (all from its own hand), in
    the current language; ``not_in_hand`` for a card the seat does not hold."""
    hand = game.state.hands[seat]
    try:
        cards = [parse_card(n) for n in names]
    except RuleError:
        cards = []
    if Counter(cards) - Counter(hand) or len(cards) > MAX_SELECTED:
        raise RuleError(
            "not_in_hand",
            "Ask only about cards in your own hand.",
            domain=UI.name,
            cards=" ".join(names),
        )
    rules = game.hooks.meld_rules
    held = [[card_name(c) for c in m.cards] for m in held_melds(hand, rules)]
    plays: list[Choice] = []
    opening = None
    complete = True
    if cards and game.current_player() == seat and game.state.phase == PLAY:
        lay_downs, complete = meld_plays(cards, rules)
        plays += _plays(game, seat, "meld", None, lay_downs)
        for index in range(len(game.state.table)):
            plays += _plays(game, seat, "lay_off", index, lay_off_plays(game, index, cards))
            if len(cards) == 1:
                plays += _plays(game, seat, "swap", index, swap_plays(game, index, cards[0]))
        opening = _opening(game, seat, lay_downs)
    return Selection(held, plays, opening, complete)


def _opening(game: Game, seat: int, lay_downs: Sequence[MeldDown]) -> tuple[int, int] | None:
    """The most the selected cards' lay-downs are worth toward the opening the seat still needs
    (0 when they make no meld), and what it needs; None when it needs none."""
    state = game.state
    needed = game.opening_minimum(seat)
    if state.opened(seat) or needed <= 0:
        return None
    hooks = game.hooks
    worth = [
        opening_points(hooks, state, new_melds(seat, action, hooks.meld_rules))
        for action in lay_downs
    ]
    return max(worth, default=0), needed


def _plays(
    game: Game, seat: int, kind: str, meld: int | None, actions: Sequence[Action]
) -> list[Choice]:
    return [
        Choice(
            kind,
            meld if isinstance(action, LayOff | Swap) else None,
            action_json(action, game.hooks),
            describe_choice(game, seat, action),
        )
        for action in distinct_legal(game, seat, actions)
    ]
