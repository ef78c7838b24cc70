"""The keys usable now, and the actions the rules bring with them (a knock, gin's pass), through
the engine's public API: the legal actions of the human's seat and the registered action kinds."""

from __future__ import annotations

from collections.abc import Sequence

from rummy_core.engine.actions import (
    Action,
    Discard,
    LayOff,
    MeldDown,
    PluginAction,
    Swap,
    TakeBack,
)
from rummy_core.engine.cards import parse_card
from rummy_core.engine.errors import RuleError
from rummy_core.engine.game import Game
from rummy_core.engine.moves import legal_actions, rule_action_candidates
from rummy_core.i18n.uitext import N_, _
from rummy_core.present.rule_actions import RuleAction, rule_actions
from rummy_core.tui.session import Session

PLAY_KEYS = (
    (MeldDown, N_("M meld")),
    (LayOff, N_("L lay off")),
    (Swap, N_("W swap")),
    (TakeBack, N_("B take back")),
    (Discard, N_("X discard")),
)
"""The hint of each built-in action of the play phase, in the order the hint lists them."""


def rule_keys(game: Game) -> dict[str, RuleAction]:
    """The actions the rules add that have a key (``rummy_core.present.rule_actions``), by key."""
    return {a.key: a for a in rule_actions(game.hooks) if a.key is not None}


def turn_keys(s: Session) -> list[str]:
    """The key hints of the human's play phase: only the kinds of action legal now."""
    if not s.my_turn:
        return []
    legal = legal_actions(s.game, s.human)
    kinds = {type(a) for a in legal}
    hints = [_(hint) for kind, hint in PLAY_KEYS if kind in kinds]
    legal_types = {a.type for a in legal if isinstance(a, PluginAction)}
    for rule in rule_actions(s.game.hooks):
        if rule.type in legal_types and rule.key is not None:
            hints.append(f"{rule.key.upper()} {rule.label.lower()}")
    return hints


def rule_action_tries(s: Session, name: str, cards: Sequence[int]) -> list[Action]:
    """The actions of the rules' kind ``name`` worth trying now with the selected ``cards``
    (all of them when none is selected): the legal ones, or else the others, so that the
    engine can say why they are refused."""
    kind = s.game.hooks.action_kinds[name]
    found: list[Action] = [
        a
        for a in rule_action_candidates(s.game, s.human)
        if a.type == name
        and (not cards or set(_cards_of(kind.to_model(a).model_dump())) <= set(cards))
    ]
    legal = [a for a in found if s.game.is_legal(s.human, a)]
    return legal or found


def _cards_of(fields: dict[str, object]) -> list[int]:
    """The cards an action's JSON form names (``"card": "KD"``, ``"cards": [...]``)."""
    found: list[int] = []
    for value in fields.values():
        texts = value if isinstance(value, list) else [value]
        for text in texts:
            if isinstance(text, str):
                try:
                    found.append(parse_card(text))
                except RuleError:
                    continue
    return found
