"""MaskablePPO (sb3-contrib) on the Gymnasium environment: one seat of classic Rummy, 2 players.

A standard learner, unchanged: an MLP policy over the flat observation, the action mask from the
environment's ``action_masks()``. It trains against the random bot first, then against the
greedy bot, and measures the win rate against the greedy bot on the same evaluation deals as it
goes (a hand is won when its reward is positive: the seat went out, or knocked and won).

Needs the ``rl-train`` extra (PyTorch, stable-baselines3, sb3-contrib), which ``make test`` does
not install:

    pip install -e '.[rl-train]'
    python examples/rl/maskable_ppo.py --plot docs/rl-maskable-ppo.png

The defaults took 986 CPU seconds on one thread here (``docs/rl.md`` has the run's figures). It
prints each evaluation and, at the end, the win rate against the greedy bot over 400 new deals
with its 95% interval.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from rummy_core.env import gym_env

REWARD_SCALE = 0.01
"""Hand rewards are card points, tens at a time: scaled to about one for PPO's value function."""


class FlatObservation(gymnasium.ObservationWrapper[Any, Any, Any]):
    """The observation array alone (the mask reaches MaskablePPO through ``action_masks``), and
    rewards scaled by ``REWARD_SCALE``."""

    def __init__(self, env: gymnasium.Env[Any, Any]) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]

    def observation(self, observation: dict[str, Any]) -> Any:
        return observation["observation"]

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, done, truncated, info = super().step(action)
        return obs, float(reward) * REWARD_SCALE, done, truncated, info

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The mask of the wrapped environment."""
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined,no-any-return]


def make_env(opponent: str, variant: str) -> FlatObservation:
    return FlatObservation(gym_env(variant, players=2, opponents=opponent))


@dataclass
class Wins:
    """Hands won, lost and drawn (no one went out) on the evaluation deals."""

    won: int = 0
    lost: int = 0
    drawn: int = 0
    points: list[float] = field(default_factory=list)

    @property
    def hands(self) -> int:
        return self.won + self.lost + self.drawn

    def interval(self) -> tuple[float, float, float]:
        """The win rate and its 95% Wilson interval."""
        n, z = self.hands, 1.96
        p = self.won / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return p, max(0.0, centre - half), min(1.0, centre + half)


def evaluate(model: MaskablePPO, variant: str, hands: int, opponent: str = "greedy") -> Wins:
    """The policy (its most likely legal action) against ``opponent`` on deals 10**6 + i."""
    env = make_env(opponent, variant)
    wins = Wins()
    for hand in range(hands):
        obs, _ = env.reset(seed=10**6 + hand)
        total, done, truncated = 0.0, False, False
        while not (done or truncated):
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, truncated, _ = env.step(int(action))
            total += reward
        wins.points.append(total / REWARD_SCALE)
        if total > 0:
            wins.won += 1
        elif total < 0:
            wins.lost += 1
        else:
            wins.drawn += 1
    return wins


Point = tuple[int, float, float, float, float]
"""Training steps, the win rate against the greedy bot, its 95% interval, the mean hand reward."""


class Curve(BaseCallback):
    """Every ``every`` steps: the win rate against the greedy bot on the evaluation deals."""

    def __init__(self, variant: str, every: int, hands: int) -> None:
        super().__init__()
        self.variant, self.every, self.hands = variant, every, hands
        self.points: list[Point] = []
        self._next = every

    def _on_step(self) -> bool:
        if self.num_timesteps >= self._next:
            self._next += self.every
            self.record()
        return True

    def record(self) -> None:
        wins = evaluate(self.model, self.variant, self.hands)  # type: ignore[arg-type]
        rate, low, high = wins.interval()
        steps, points = self.num_timesteps, float(np.mean(wins.points))
        self.points.append((steps, rate, low, high, points))
        print(
            f"{steps:>8} steps: won {wins.won}/{wins.hands} against greedy "
            f"({rate:.0%}, 95% {low:.0%}-{high:.0%}), mean {points:+.1f} points",
            flush=True,
        )


def plot(points: list[Point], switch: int, path: str) -> None:
    """The win rate and the mean hand reward against the greedy bot as training goes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps, rate, low, high, reward = (np.array(column) for column in zip(*points, strict=True))
    fig, (wins, hands) = plt.subplots(1, 2, figsize=(10, 4))
    wins.fill_between(steps, low, high, alpha=0.25, label="95% interval")
    wins.plot(steps, rate, marker="o", label="hands won")
    wins.set_ylim(0, 0.5)
    wins.set_ylabel("hands won against greedy")
    hands.plot(steps, reward, marker="o", color="tab:green")
    hands.axhline(0, color="grey", linewidth=0.8)
    hands.set_ylabel("mean hand reward against greedy (points)")
    for ax in (wins, hands):
        ax.axvline(switch, color="grey", linestyle="--", label="opponent: random, then greedy")
        ax.set_xlabel("training steps of the learning seat (thousands)")
        ax.xaxis.set_major_formatter(lambda value, _: f"{value / 1000:.0f}")
    wins.legend(loc="upper left")
    fig.suptitle("MaskablePPO, classic Rummy, 2 players: the same 100 deals at each point")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--random-steps", type=int, default=50_000)
    parser.add_argument("--greedy-steps", type=int, default=150_000)
    parser.add_argument("--every", type=int, default=25_000)
    parser.add_argument("--eval-hands", type=int, default=100)
    parser.add_argument("--final-hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default=None)
    parser.add_argument("--save", default=None, help="where to save the trained model (.zip)")
    args = parser.parse_args()
    torch.set_num_threads(1)
    started = time.process_time()

    model = MaskablePPO(
        "MlpPolicy",
        make_env("random", args.variant),
        n_steps=2048,
        batch_size=256,
        learning_rate=3e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        verbose=0,
    )
    curve = Curve(args.variant, args.every, args.eval_hands)
    curve.init_callback(model)
    curve.record()
    model.learn(args.random_steps, callback=curve)
    switch = model.num_timesteps
    model.set_env(make_env("greedy", args.variant))
    model.learn(args.greedy_steps, callback=curve, reset_num_timesteps=False)

    final = evaluate(model, args.variant, args.final_hands)
    rate, low, high = final.interval()
    print(
        f"final: won {final.won}, lost {final.lost}, drawn {final.drawn} of {final.hands} hands "
        f"against greedy: {rate:.1%} (95% {low:.1%}-{high:.1%}), "
        f"mean {np.mean(final.points):+.1f} points; {time.process_time() - started:.0f} s CPU"
    )
    if args.plot:
        plot(curve.points, switch, args.plot)
    if args.save:
        model.save(args.save)


if __name__ == "__main__":
    main()
