"""Digests of bot games, to show that a refactor keeps the same games from the same seeds.

Prints one SHA-256 per variant over every action and score of its matches (greedy and random
bots, and the expert in a few hands), and one over a small ``rummy compare`` study's JSON.
Run before and after a change that must not change behaviour: the lines must be equal.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from rummy_core.testing import games_digest

VARIANTS = {
    "classic": 2,
    "classic+knock": 3,
    "riverside": 3,
    "hungarian": 2,
    "hungarian+two-jokers-per-meld": 4,
}


def env_digest(variant: str, episodes: int) -> str:
    """The digest of Gymnasium episodes against greedy bots, random legal ids, from fixed seeds."""
    import numpy as np

    from rummy_core.env import gym_env

    digest = hashlib.sha256()
    env = gym_env(variant, players=2, opponents="greedy")
    for episode in range(episodes):
        rng = np.random.default_rng(episode)
        obs, _ = env.reset(seed=episode)
        done = truncated = False
        while not (done or truncated):
            legal = np.flatnonzero(obs["action_mask"])
            obs, reward, done, truncated, _ = env.step(int(rng.choice(legal)))
            digest.update(obs["observation"].tobytes() + repr(reward).encode())
    return digest.hexdigest()[:16]


def compare_digest() -> str:
    """The digest of a small ``rummy compare`` study's JSON, less its timings."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "study.json"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "rummy_core",
                "compare",
                "classic",
                "riverside",
                "--hands",
                "40",
                "--seed",
                "7",
                "--json",
                str(out),
            ],
            check=True,
            capture_output=True,
        )
        data = json.loads(out.read_text())
    return hashlib.sha256(json.dumps(untimed(data), sort_keys=True).encode()).hexdigest()[:16]


def untimed(data: object) -> object:
    """``data`` without its timings (``run``, and every figure of seconds or speed)."""
    if isinstance(data, dict):
        return {
            key: untimed(value)
            for key, value in data.items()
            if key != "run" and "seconds" not in key and "per_second" not in key
        }
    if isinstance(data, list):
        return [untimed(value) for value in data]
    return data


def main() -> None:
    for variant, players in VARIANTS.items():
        print(variant, "greedy/random", games_digest(variant, players, 12, ("greedy", "random")))
    print("classic expert", games_digest("classic", 2, 1, ("expert:playouts=4", "greedy")))
    for variant in ("classic", "hungarian", "riverside", "gin"):
        print(variant, "gym", env_digest(variant, 4))
    print("compare", compare_digest())


if __name__ == "__main__":
    main()
