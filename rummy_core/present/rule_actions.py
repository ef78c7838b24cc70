"""The actions a game's rules add (a knock, gin's pass) as every front end offers them: a label
in the player's language, a key, and whether the action takes the card selected.

The terminal games and the browser table give them the same key, so a player moving between
them finds each action where they left it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

from rummy_core.engine.errors import render_message
from rummy_core.engine.hooks import Hooks

TABLE_KEYS: Final = frozenset("dtcmlwxbsfq")
"""Letters the tables' own keys use (draw, take, cut card, meld, lay off, swap, discard, take
back, sort, speed, quit): a rule's action takes the first other letter of its name."""


@dataclass(frozen=True, slots=True)
class RuleAction:
    """One kind of action the rules add, as a front end offers it."""

    type: str
    """Its JSON ``type``."""
    label: str
    """What a button calls it, in the current language."""
    phrase: str
    """How the turn's sentence lists it among what is open ("knock"), in the current language."""
    key: str | None
    """Its key (a lowercase letter), or None when its name leaves no free letter."""
    card: bool
    """Whether it is made with one card (a knock's discard), or with none (a pass)."""


def rule_actions(hooks: Hooks) -> list[RuleAction]:
    """The kinds of action the game's plugins add that are made during a turn, in the order
    they were registered (a choice made before the deal, the cut, is asked for by itself)."""
    found: list[RuleAction] = []
    taken: set[str] = set()
    for name, kind in hooks.action_kinds.items():
        if kind.before_deal is not None:
            continue
        key = next(
            (ch for ch in name.lower() if ch.isalpha() and ch not in TABLE_KEYS | taken), None
        )
        if key is not None:
            taken.add(key)
        fields = [f.name for f in dataclasses.fields(kind.action)]
        label = render_message(kind.label, {}, kind.domain) if kind.label else name
        phrase = render_message(kind.phrase, {}, kind.domain) if kind.phrase else label.lower()
        found.append(RuleAction(name, label, phrase, key, fields == ["card"]))
    return found
