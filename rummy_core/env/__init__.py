"""Every variant as a reinforcement-learning environment (the ``rl`` extra: ``rummy-core[rl]``).

``aec_env("riverside+three-of-a-kind", players=3, seed=1)`` is a PettingZoo AEC environment;
``gym_env("classic", opponents="greedy")`` a Gymnasium one, one seat against bots. Actions are a
fixed ``Discrete(N)`` per variant with an ``action_mask`` (``rummy_core.env.actions``),
observations a flat array built from the seat's view (``rummy_core.env.observe``). See
``docs/rl.md``.

Importing the package registers ``rummy/classic-v0``, ``rummy/riverside-v0`` and
``rummy/hungarian-v0`` with Gymnasium (``gymnasium.make("rummy/classic-v0", players=3)``): by
module path, so nothing more is imported until an environment is made.
"""

from __future__ import annotations

from rummy_core.engine.errors import RuleError
from rummy_core.extras import require_extra

try:
    require_extra("rl")
except RuleError as refusal:
    # An import fails with an ImportError, whatever the reason: the refusal's words go with it.
    raise ImportError(str(refusal)) from None

import gymnasium

from rummy_core.env.actions import ActionCodec, Block, Pending
from rummy_core.env.aec import RummyAEC, aec_env
from rummy_core.env.gym import RummyGym, gym_env
from rummy_core.env.observe import Encoder, SeatMemory, layout
from rummy_core.env.session import Session, hand_rewards, match_rewards

for _ruleset in ("classic", "riverside", "hungarian", "gin"):
    gymnasium.register(
        id=f"rummy/{_ruleset}-v0",
        entry_point="rummy_core.env.gym:RummyGym",
        kwargs={"variant": _ruleset},
    )

__all__ = [
    "ActionCodec",
    "Block",
    "Encoder",
    "Pending",
    "RummyAEC",
    "RummyGym",
    "SeatMemory",
    "Session",
    "aec_env",
    "gym_env",
    "hand_rewards",
    "layout",
    "match_rewards",
]
