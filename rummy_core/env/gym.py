"""The Gymnasium single-agent environment: one seat learns, bots or policies play the others.

The bots (``rummy_core.bots``, by name: ``"random"``, ``"greedy"``, ``"expert"``) see only their
seats' views and events, as in any game. An opponent may also be any callable policy (a frozen
copy of the learner, for self-play): it is called with its seat's observation dict and info, as
the learner gets them, and returns an action id. Observations, masks and rewards are the AEC
environment's for the learning seat. An id that is not legal is refused: the game does not
change, the reward is 0 and ``info["refused"]`` says why (``max_steps`` ends an episode of
refusals).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from random import Random
from typing import Any, TypeAlias

import gymnasium
import numpy as np
from gymnasium import spaces

from rummy_core.bots import Bot, make_bot
from rummy_core.engine.errors import RuleError
from rummy_core.engine.setup import Variant
from rummy_core.env.actions import Laydown, TakeBackIds
from rummy_core.env.aec import DEFAULT_MAX_STEPS, observation_space
from rummy_core.env.session import Reward, Session, variant_hooks

Observation = dict[str, Any]
"""``observation`` and ``action_mask``, numpy arrays."""
Policy: TypeAlias = Callable[[Observation, dict[str, Any]], int | np.integer[Any]]
"""An opponent that is not a bot: its seat's observation dict and info in, an action id out."""
Opponent: TypeAlias = str | Policy
"""A bot's name or a policy."""


class RummyGym(gymnasium.Env[Observation, np.int64]):
    """One seat of a variant against bots (build it with ``gym_env``)."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 (Gymnasium's name for it)

    def __init__(
        self,
        variant: str | Variant = "classic",
        players: int | None = None,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "greedy",
        reward: Reward = "hand",
        max_steps: int = DEFAULT_MAX_STEPS,
        laydown: Laydown | None = None,
        take_back: TakeBackIds = "escape",
    ) -> None:
        self.session = Session(variant_hooks(variant, players), reward, laydown, take_back)
        count = self.session.players
        if not 0 <= seat < count:
            raise RuleError(
                "bad_seat", "Seat %(seat)s is not one of 0..%(last)s.", seat=seat, last=count - 1
            )
        names: list[Opponent] = (
            [opponents] * (count - 1)
            if isinstance(opponents, str) or callable(opponents)
            else list(opponents)
        )
        if len(names) != count - 1:
            raise RuleError(
                "bad_opponents",
                "%(players)s players need %(needed)s opponents, not %(opponents)s.",
                opponents=len(names),
                players=count,
                needed=count - 1,
            )
        for name in names:
            if isinstance(name, str):
                make_bot(name)  # an unknown name is refused now, not at the first reset
        self.seat = seat
        self.opponents = names
        self.max_steps = max_steps
        self.observation_space = observation_space(self.session)
        self.action_space = spaces.Discrete(self.session.codec.size)
        self._steps = 0
        self._policies: dict[int, Policy] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31 - 1))
        others = [s for s in range(self.session.players) if s != self.seat]
        self._policies = {
            s: name for s, name in zip(others, self.opponents, strict=True) if callable(name)
        }
        bots: list[Bot | None] = [None] * self.session.players
        for s, name in zip(others, self.opponents, strict=True):
            if isinstance(name, str):
                bots[s] = make_bot(name, game_seed + s)
        self._steps = 0
        self.session.start(game_seed, bots)
        self._play_bots()
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        session = self.session
        self._steps += 1
        info = self._info()
        try:
            session.step(self.seat, int(action))
        except RuleError as exc:
            # Gymnasium's contract is a step that always returns: the id is refused, the game is
            # unchanged, and the refusal is in the info.
            info["refused"] = exc.to_dict()
            reward = 0.0
        else:
            reward = session.rewards[self.seat] + self._play_bots()
            info = self._info()
        truncated = not session.done and self._steps >= self.max_steps
        return self._observe(), reward, session.done, truncated, info

    def _play_bots(self) -> float:
        """Let the bots and policies play until the learning seat is to act (the match has told
        the bots what happened).

        Returns the learning seat's reward from their moves (an opponent can end the hand).
        """
        session = self.session
        reward = 0.0
        while (seat := session.current()) is not None and seat != self.seat:
            policy = self._policies.get(seat)
            if policy is None:
                session.apply(seat, session.match.choose(seat))
            else:
                seen = {"observation": session.observation(seat), "action_mask": session.mask(seat)}
                session.step(seat, int(policy(seen, {"view": session.views[seat]})))
            reward += session.rewards[self.seat]
        return reward

    def _observe(self) -> Observation:
        return {
            "observation": self.session.observation(self.seat),
            "action_mask": self.session.mask(self.seat),
        }

    def _info(self) -> dict[str, Any]:
        return {"view": self.session.views[self.seat]}

    def clone(self) -> RummyGym:
        """An independent copy (the game, the bots, the policies and the random generator):
        playing on either never changes the other, and both continue alike."""
        return copy.deepcopy(self)

    def resample(self, rng: Random) -> RummyGym:
        """A copy whose hidden cards are re-dealt as the learning seat could imagine them
        (``Session.resample``: on its own turn or a rival's)."""
        session = self.session
        return copy.deepcopy(self, {id(session): session.resample(self.seat, rng)})

    def info_state(self) -> str:
        """What the learning seat knows, as text (``Session.info_state``)."""
        return self.session.info_state(self.seat)

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The current action mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self.session.mask(self.seat)


def gym_env(
    variant: str | Variant = "classic",
    players: int | None = None,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] = "greedy",
    reward: Reward = "hand",
    max_steps: int = DEFAULT_MAX_STEPS,
    laydown: Laydown | None = None,
    take_back: TakeBackIds = "escape",
) -> RummyGym:
    """A Gymnasium environment: ``seat`` of ``variant`` against the bots or policies in
    ``opponents``.

    ``opponents`` is one opponent for every other seat or one per other seat, in seat order: a
    bot's name, or a ``Policy`` called with its seat's observation dict and info. ``laydown``
    and ``take_back`` shape the action space, as for ``aec_env``.
    """
    return RummyGym(variant, players, seat, opponents, reward, max_steps, laydown, take_back)
