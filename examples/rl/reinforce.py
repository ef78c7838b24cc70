"""REINFORCE with a linear policy, numpy alone: one seat of classic Rummy against the random bot.

The policy scores each legal action id by a few features read from the action's meaning
(``ActionCodec.fields``) and the seat's hand in the observation, and picks by softmax over the
masked-in ids. Each episode is one hand; the return is the hand reward of ``rummy_core.env``
(the hand score difference). Training is plain REINFORCE with a running-mean baseline.

Run: ``python examples/rl/reinforce.py [--episodes 3000] [--plot examples/rl/learning-curve.png]``
(about three minutes for 3,000 hands on one core). It prints the mean reward of the untrained
policy (uniform: the random bot's own play) and of the trained one on the same evaluation deals.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from rummy_core.engine.defaults import PIP_VALUES
from rummy_core.env import gym_env
from rummy_core.env.gym import RummyGym

FEATURES = (
    "draw_stock",
    "draw_discard",
    "discard",
    "discard_value",
    "discard_paired",
    "discard_neighbour",
    "select",
    "meld",
    "lay_off",
    "take_back",
)
REWARD_SCALE = 0.01
"""Hand rewards are card points, tens at a time: scaled down so the step size means the same."""

Floats = npt.NDArray[np.float64]


def features(env: RummyGym, obs: dict[str, Any], ids: npt.NDArray[np.intp]) -> Floats:
    """One row of ``FEATURES`` per legal id."""
    codec = env.session.codec
    start, size = env.session.encoder.slices["hand"]
    hand = obs["observation"][start : start + size]
    rows = np.zeros((len(ids), len(FEATURES)))
    for row, action_id in enumerate(ids):
        f = codec.fields(int(action_id))
        kind = f["kind"]
        if kind == "draw":
            rows[row, 0 if f["source"] == "stock" else 1] = 1.0
        elif kind == "discard":
            card = f["card"]
            rank, suit = card % 13, card // 13
            same_rank = hand[rank:52:13].sum() - 1
            neighbours = sum(hand[suit * 13 + r] for r in (rank - 1, rank + 1) if 0 <= r < 13)
            rows[row, 2:6] = (
                1.0,
                PIP_VALUES[card] / 10,
                float(same_rank > 0),
                float(neighbours > 0),
            )
        elif kind == "select":
            rows[row, 6] = 1.0
        elif kind in ("stage", "lay_down"):
            rows[row, 7] = 1.0
        elif kind == "lay_off":
            rows[row, 8] = 1.0
        elif kind == "take_back":
            rows[row, 9] = 1.0
    return rows


def policy(theta: Floats, phi: Floats) -> Floats:
    """Softmax probabilities of the legal ids."""
    logits = phi @ theta
    logits -= logits.max()
    weights = np.exp(logits)
    return weights / weights.sum()  # type: ignore[no-any-return]


def play(
    env: RummyGym, theta: Floats, seed: int, rng: np.random.Generator, learn: bool
) -> tuple[float, Floats]:
    """One hand; its return and (if ``learn``) the summed score-function gradient."""
    obs, _ = env.reset(seed=seed)
    grad = np.zeros_like(theta)
    total = 0.0
    done = truncated = False
    while not (done or truncated):
        ids = np.flatnonzero(obs["action_mask"])
        phi = features(env, obs, ids)
        probs = policy(theta, phi)
        pick = int(rng.choice(len(ids), p=probs))
        if learn:
            grad += phi[pick] - probs @ phi
        obs, reward, done, truncated, _ = env.step(int(ids[pick]))
        total += float(reward)
    return total, grad


@dataclass
class Run:
    """What a training run measured."""

    theta: Floats
    curve: list[float] = field(default_factory=list)
    """Mean reward of each block of training episodes."""
    before: float = 0.0
    after: float = 0.0


def evaluate(env: RummyGym, theta: Floats, seeds: range) -> float:
    """Mean reward over fixed deals (the same for every policy compared)."""
    rng = np.random.default_rng(12345)
    return float(np.mean([play(env, theta, s, rng, learn=False)[0] for s in seeds]))


def train(
    episodes: int = 3000, block: int = 100, step: float = 0.05, evals: int = 200, seed: int = 0
) -> Run:
    """Train against the random bot; evaluate before and after on the same deals."""
    env = gym_env("classic", players=2, opponents="random")
    rng = np.random.default_rng(seed)
    run = Run(theta=np.zeros(len(FEATURES)))
    eval_seeds = range(1_000_000, 1_000_000 + evals)
    run.before = evaluate(env, run.theta, eval_seeds)
    baseline = 0.0
    returns: list[float] = []
    for episode in range(episodes):
        ret, grad = play(env, run.theta, seed * 100_000 + episode, rng, learn=True)
        scaled = ret * REWARD_SCALE
        run.theta += step * (scaled - baseline) * grad
        baseline += 0.05 * (scaled - baseline)
        returns.append(ret)
        if len(returns) == block:
            run.curve.append(float(np.mean(returns)))
            returns = []
    run.after = evaluate(env, run.theta, eval_seeds)
    return run


def plot(run: Run, block: int, path: str) -> None:
    """The learning curve, with the untrained policy's level (the random bot's play)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    x = [(i + 1) * block for i in range(len(run.curve))]
    ax.plot(x, run.curve, marker="o", label=f"training (mean of each {block} hands)")
    ax.axhline(
        run.before, color="grey", linestyle="--", label=f"untrained = random: {run.before:.1f}"
    )
    ax.axhline(
        run.after, color="green", linestyle=":", label=f"trained, evaluated: {run.after:.1f}"
    )
    ax.axhline(0, color="black", linewidth=0.5)
    ax.set_xlabel("hands played")
    ax.set_ylabel("hand reward vs the random bot (points)")
    ax.set_title("REINFORCE, linear policy, classic Rummy, 2 players")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--block", type=int, default=100)
    parser.add_argument("--plot", default=None, help="write the learning curve to this PNG")
    args = parser.parse_args()
    run = train(episodes=args.episodes, block=args.block)
    print(f"mean hand reward vs random, untrained (uniform) policy: {run.before:.2f}")
    print(f"mean hand reward vs random, trained policy:             {run.after:.2f}")
    print("weights:", ", ".join(f"{n}={w:+.2f}" for n, w in zip(FEATURES, run.theta, strict=True)))
    if args.plot:
        plot(run, args.block, args.plot)
        print(f"learning curve: {args.plot}")


if __name__ == "__main__":
    main()
