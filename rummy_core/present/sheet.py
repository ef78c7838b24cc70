"""The score sheet's words: why each seat's points for the hand are what they are.

The rules that scored the hand say it, item by item (``rummy_score_lines``), so nothing here
names a ruleset or reads a rule off the numbers; a house rule's own scoring reads the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_core.engine.game import Game
from rummy_core.engine.scorelines import ScoreLine
from rummy_core.i18n.uitext import _, ngettext


def score_lines(game: Game) -> list[list[ScoreLine]]:
    """Each seat's items for the hand just ended, as the rules give them (``rummy_score_lines``;
    ``Hooks`` asks a plugin on a copy); no items before a hand has ended."""
    st = game.state
    outcome = st.outcome
    if outcome is None:
        return [[] for _ in range(st.players)]
    hooks = game.hooks
    out = outcome.went_out
    bonus = out is not None and hooks.hand_bonus(st, out)
    return hooks.score_lines(st, out, outcome.reason, bonus)


def leftover_worth(game: Game) -> list[int]:
    """What each seat's cards left in hand count for, as the rules count them
    (``rummy_leftover_value``): the score sheet's "Worth"."""
    st = game.state
    return [game.hooks.leftover_value(st, seat) for seat in range(st.players)]


def why(items: Sequence[str], points: int) -> str:
    """One seat's items, each already in words, as one clause; a seat with no items scored its
    ``points`` (0) with nothing to say about them."""
    if not items:
        return ngettext("%(count)s point", "%(count)s points", abs(points), count=points)
    return "; ".join(items)


def reasons(game: Game, names: Sequence[str]) -> list[str]:
    """One sentence a player on why the hand's points are what they are; ``names`` names every
    seat."""
    outcome = game.state.outcome
    points = outcome.hand_scores if outcome else (0,) * game.state.players
    return [
        _("%(name)s: %(why)s.", name=name, why=why([i.render() for i in items], points[seat]))
        for seat, (name, items) in enumerate(zip(names, score_lines(game), strict=True))
    ]
