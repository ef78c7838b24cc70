"""The cut before the deal (Hungarian Römi, ruling H12) as the terminal games ask a person for it.

The cut is the ruleset's own kind of action (``rummy_register_actions``): a deal that waits for it
is in the phase ``"cut"`` (``rummy_deal_wait``), and the cut is written ``{"type": "cut", "depth":
N | null}``, as the browser table sends it. Front ends build it through the game's own kind of
action, so they need no ruleset's code.
"""

from __future__ import annotations

from typing import Final

from rummy_core.engine.actions import Action
from rummy_core.engine.game import Game

CUT: Final = "cut"
"""The phase of a deal waiting for a person's cut, and the type of the action that cuts."""


def cut_to_choose(game: Game, seat: int) -> int | None:
    """The deck's size when ``seat`` is to cut it before the deal, else None."""
    st = game.state
    return len(st.stock) if st.phase == CUT and st.turn == seat else None


def cut_action(game: Game, depth: int | None) -> Action:
    """The cut of ``depth`` cards from the top (None: anywhere) in ``game``'s own terms.

    The depth is not checked here: the game refuses one that leaves no card above or below the
    cut with the rules' own words (``bad_cut``).
    """
    kind = game.hooks.action_kinds[CUT]
    action: Action = kind.to_action(kind.model.model_construct(depth=depth))
    return action
