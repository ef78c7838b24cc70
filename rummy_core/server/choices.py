"""What a seat's selected cards could do, for the browser table: the melds they make, the table
melds they fit, and the natural melds the hand already holds (the stripes under the cards).

The table's page never guesses at the rules: it asks, and the server answers with the legal
actions, each described as the table would look after it (so a wild's reading can be chosen).
Only the asking seat's own hand and the public table are read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummy_core.actions import Action, LayOff, Swap
from rummy_core.cards import card_name, parse_card
from rummy_core.engine import Game
from rummy_core.errors import RuleError
from rummy_core.models.actions import action_json
from rummy_core.present.plays import (
    describe_choice,
    distinct_legal,
    held_melds,
    lay_off_plays,
    meld_plays,
    swap_plays,
)
from rummy_core.server.protocol import Choices, Play
from rummy_core.state import PLAY
from rummy_core.uitext import UI

MAX_SELECTED = 16
"""The most cards one question may name (a lay-down is rarely more; the search stays short)."""


def choices(game: Game, seat: int, names: Sequence[str], state_id: int) -> Choices:
    """The legal plays of ``seat`` with exactly the cards ``names`` (all from its own hand)."""
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
    plays: list[Play] = []
    if cards and game.current_player() == seat and game.state.phase == PLAY:
        plays += _plays(game, seat, "meld", None, meld_plays(cards, rules))
        for index in range(len(game.state.table)):
            plays += _plays(game, seat, "lay_off", index, lay_off_plays(game, index, cards))
            if len(cards) == 1:
                plays += _plays(game, seat, "swap", index, swap_plays(game, index, cards[0]))
    return Choices(state_id=state_id, cards=list(names), held=held, plays=plays)


def _plays(
    game: Game, seat: int, kind: str, meld: int | None, actions: Sequence[Action]
) -> list[Play]:
    return [
        Play(
            kind=kind,
            meld=meld if isinstance(action, LayOff | Swap) else None,
            action=action_json(action, game.hooks),
            label=describe_choice(game, seat, action),
        )
        for action in distinct_legal(game, seat, actions)
    ]
