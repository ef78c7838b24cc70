"""Every variant as a reinforcement-learning environment (the ``rl`` extra: ``rummy[rl]``).

``aec_env("riverside+three-of-a-kind", players=3, seed=1)`` is a PettingZoo AEC environment;
``gym_env("classic", opponents="greedy")`` a Gymnasium one, one seat against bots. Actions are a
fixed ``Discrete(N)`` per variant with an ``action_mask`` (``rummy_core.env.actions``),
observations a flat array built from the seat's view (``rummy_core.env.observe``). See
``docs/rl.md``.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on what is installed
    raise ImportError(
        f"rummy_core.env needs the rl extra ({exc.name} is missing): pip install 'rummy[rl]'"
    ) from exc

from rummy_core.env.actions import ActionCodec, Block, Pending
from rummy_core.env.aec import RummyAEC, aec_env
from rummy_core.env.gym import RummyGym, gym_env
from rummy_core.env.observe import Encoder, SeatMemory, layout
from rummy_core.env.session import Session, hand_rewards, match_rewards

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
