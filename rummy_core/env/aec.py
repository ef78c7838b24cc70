"""The PettingZoo AEC environment: every seat an agent, turns taken one at a time.

Agents are ``player_0`` .. ``player_{n-1}`` (the engine's seats). Each observation is a dict of
``observation`` (``rummy_core.env.observe``) and ``action_mask`` (``rummy_core.env.actions``);
each agent's ``info`` holds its raw ``PlayerView`` under ``"view"``.
"""

from __future__ import annotations

import copy
from random import Random
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from rummy_core.engine.cards import cards_text
from rummy_core.engine.errors import RuleError
from rummy_core.engine.setup import Variant
from rummy_core.env.actions import Laydown, TakeBackIds
from rummy_core.env.session import Reward, Session, variant_hooks

DEFAULT_MAX_STEPS = 5000
"""Steps after which an episode is cut short (truncated): melding and taking back can loop."""


def observation_space(session: Session) -> spaces.Dict:
    """The space of one agent's observation dict."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=session.encoder.low, high=session.encoder.high, dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(session.codec.size,), dtype=np.int8),
        }
    )


def agent_name(seat: int) -> str:
    """The agent name of a seat."""
    return f"player_{seat}"


class RummyAEC(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """A PettingZoo AEC environment of one variant (build it with ``aec_env``)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's name for it)
        "name": "rummy_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Variant = "classic",
        players: int | None = None,
        seed: int | None = None,
        reward: Reward = "hand",
        max_steps: int = DEFAULT_MAX_STEPS,
        laydown: Laydown | None = None,
        take_back: TakeBackIds = "escape",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.session = Session(variant_hooks(variant, players), reward, laydown, take_back)
        self.variant = variant if isinstance(variant, str) else variant.label()
        self.render_mode = render_mode
        self.max_steps = max_steps
        self._first_seed = seed
        self.possible_agents = [agent_name(s) for s in range(self.session.players)]
        space = observation_space(self.session)
        action = spaces.Discrete(self.session.codec.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self._seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        if seed is not None or not hasattr(self, "np_random"):
            self.np_random, _ = seeding.np_random(seed)
        self.session.start(int(self.np_random.integers(2**31 - 1)))
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._update_infos()
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        return {
            "observation": self.session.observation(seat),
            "action_mask": self.session.mask(seat),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise RuleError(
                "missing_action", "%(agent)s must give an action id, not None.", agent=agent
            )
        session = self.session
        session.step(self._seat[agent], int(action))
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: session.rewards[self._seat[name]] for name in self.agents}
        if session.done:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._update_infos()
        self._accumulate_rewards()
        self._select()

    def _select(self) -> None:
        seat = self.session.current()
        if seat is not None:
            self.agent_selection = agent_name(seat)
        elif self.agents:
            # The episode is over: each agent in turn takes its final (None) step.
            done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
            self.agent_selection = done[0] if done else self.agents[0]

    def _update_infos(self) -> None:
        views = self.session.views
        self.infos = {name: {"view": views[self._seat[name]]} for name in self.agents}

    def clone(self) -> RummyAEC:
        """An independent copy: playing on either never changes the other, and both continue
        alike given the same actions and seeds."""
        return copy.deepcopy(self)

    def resample(self, agent: str, rng: Random) -> RummyAEC:
        """A copy whose hidden cards are re-dealt as ``agent`` could imagine them
        (``Session.resample``: on its own turn or a rival's)."""
        session = self.session
        new: RummyAEC = copy.deepcopy(self, {id(session): session.resample(self._seat[agent], rng)})
        new._update_infos()  # the copied infos hold the true views of the other seats
        return new

    def info_state(self, agent: str) -> str:
        """What ``agent`` knows, as text (``Session.info_state``)."""
        return self.session.info_state(self._seat[agent])

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: what the seat to act sees, as text."""
        if self.render_mode != "ansi":
            return None
        view = self.session.views[self.session.game.state.turn]
        top = cards_text([view.top_discard]) if view.top_discard is not None else "-"
        lines = [
            f"{self.variant}: seat {view.seat} to act ({view.phase}), "
            f"stock {view.stock_size}, discard {top}",
            f"  hand: {cards_text(sorted(view.hand))}",
        ]
        lines += [f"  meld of seat {m.owner}: {cards_text(m.cards)}" for m in view.table]
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release: the environment holds no files or processes."""


def aec_env(
    variant: str | Variant = "classic",
    players: int | None = None,
    seed: int | None = None,
    reward: Reward = "hand",
    max_steps: int = DEFAULT_MAX_STEPS,
    laydown: Laydown | None = None,
    take_back: TakeBackIds = "escape",
    render_mode: str | None = None,
) -> RummyAEC:
    """A PettingZoo AEC environment of ``variant`` (``"riverside+three-of-a-kind"``, options too).

    ``seed`` fixes the first ``reset()``; ``reward`` is ``"hand"`` (an episode is a hand) or
    ``"match"`` (a whole match; see ``rummy_core.env.session``). ``laydown`` and ``take_back``
    shape the action space (``rummy_core.env.actions``): by default a variant without wilds lays
    each meld in one step, and taking back has an id only when nothing else is legal.
    """
    return RummyAEC(
        variant, players, seed, reward, max_steps, laydown, take_back, render_mode=render_mode
    )
