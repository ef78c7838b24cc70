"""Environment steps per second with uniformly random masked actions, next to the peers.

Part of ``make bench``. Ours: the PettingZoo AEC environment of each ruleset (2 players, one
hand per episode, ``observe`` and the mask every step, as an agent loop does). RLCard's
``gin-rummy`` environment (``env.step`` on a random legal action, the state it returns included)
and OpenSpiel's ``gin_rummy`` (``observation_tensor`` and ``legal_actions`` every step) in the
same run when they can be imported (``bench/requirements-peers.txt``); a peer that cannot be is
shown as "not installed". Times are CPU time of this process, pinned to one core.

Each row also gives the steps of an episode on average (a hand, random masked actions): how
many decisions the action space asks for. Ours are shown with their default action space and,
for comparison, the one before the one-step lay-downs (``laydown="select"``,
``take_back="always"``).

Run: ``python bench/env_bench.py [--quick]``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from bench import pin_to_one_core
from rummy_core.env import aec_env

RULESETS = ("classic", "riverside", "hungarian", "gin", "classic+knock")
BEFORE: dict[str, Any] = {"laydown": "select", "take_back": "always"}
"""The action space before one-step lay-downs: cards selected one by one, every take-back."""

Rate = tuple[float, int, int]
"""Steps per CPU second, episodes played, steps taken."""


def steps_per_second(run_episode: Callable[[int], int], seconds: float) -> Rate:
    """Steps per CPU second over whole episodes, the episodes played and their steps."""
    steps = episodes = 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds:
        steps += run_episode(episodes)
        episodes += 1
    return steps / spent, episodes, steps


def random_episodes(variant: str, **space: Any) -> Callable[[int], int]:
    """Episodes of our 2-player AEC environment of ``variant``, random masked ids until the hand
    ends: one per call (seeded by its index), returning its steps. ``space``: ``aec_env``'s
    ``laydown`` and ``take_back``."""
    env = aec_env(variant, players=2, **space)
    rng = np.random.default_rng(0)

    def episode(index: int) -> int:
        env.reset(seed=index)
        steps = 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    return episode


def ours(variant: str, seconds: float, **space: Any) -> Rate:
    """Our AEC environment of ``variant``: random masked ids until the hand ends."""
    return steps_per_second(random_episodes(variant, **space), seconds)


def rlcard_env(seconds: float) -> Rate | None:
    """RLCard's gin rummy environment stepped with random legal actions."""
    try:
        import rlcard  # type: ignore[import-not-found]
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 0})
    rng = np.random.default_rng(0)

    def episode(_: int) -> int:
        state, _player = env.reset()
        steps = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[rng.integers(len(legal))])
            steps += 1
        return steps

    return steps_per_second(episode, seconds)


def openspiel_env(seconds: float) -> Rate | None:
    """OpenSpiel's gin rummy stepped with random legal actions, its observation tensor read."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = np.random.default_rng(0)

    def episode(_: int) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
                continue
            state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])
            steps += 1
        return steps

    return steps_per_second(episode, seconds)


def main() -> None:
    seconds = 2.0 if "--quick" in sys.argv else 10.0
    print(f"Environment steps per CPU second, random masked actions ({pin_to_one_core()})")
    rows: list[tuple[str, Rate | None]] = [
        (f"rummy_core.env aec_env({variant!r})", ours(variant, seconds)) for variant in RULESETS
    ]
    rows += [
        (f"  {variant}, select and take back always", ours(variant, seconds, **BEFORE))
        for variant in RULESETS[:3]
    ]
    rows.append(("RLCard gin-rummy env", rlcard_env(seconds)))
    rows.append(("OpenSpiel gin_rummy", openspiel_env(seconds)))
    for name, result in rows:
        if result is None:
            print(f"  {name:<45} not installed")
            continue
        rate, episodes, steps = result
        print(
            f"  {name:<45} {rate:>9,.0f} steps/s  {steps / episodes:6.1f} steps/episode"
            f"  ({episodes} episodes)"
        )


if __name__ == "__main__":
    main()
