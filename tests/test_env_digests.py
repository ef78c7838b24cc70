"""The same seeds play the same Gymnasium episodes: digests of episodes against the greedy bot,
pinned (``bench/digests.py`` prints them, as it does the bots' games of ``test_digests.py``).

They changed once on purpose, with the action space a learner gets (meld ids where a variant has
no wilds, take-back as an escape, the observation's table melds, bounded and normalised): classic
from 4111d07d4c8e26d8, Hungarian from 4ec2e0ac89a6e27e. A change meant to keep the environments'
behaviour (a faster mask) keeps them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from digests import env_digest

PINNED = [
    ("classic", "1e92ee1ca2e0f15d"),
    ("hungarian", "78d1677e43613fd2"),
    # Declared-wild lay-downs have ids here (env/declared.py); and gin, the peers' game.
    ("riverside", "bb85b0d08f84a4d5"),
    ("gin", "0935b1c01884ec76"),
]


@pytest.mark.parametrize(("variant", "expected"), PINNED)
def test_the_same_seeds_play_the_same_episodes(variant: str, expected: str) -> None:
    assert env_digest(variant, 4) == expected
