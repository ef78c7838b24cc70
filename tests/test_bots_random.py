"""The random bot's own shuffle is ``random.shuffle``: the same permutation from the same draws."""

from __future__ import annotations

from random import Random

from hypothesis import given
from hypothesis import strategies as st

from rummy_core.bots.base import shuffle


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=300))
def test_shuffle_is_random_shuffle(seed: int, size: int) -> None:
    ours, theirs = list(range(size)), list(range(size))
    mine, reference = Random(seed), Random(seed)
    shuffle(mine, ours)
    reference.shuffle(theirs)
    assert ours == theirs
    # The generators are left in the same state, so the bot's later choices are the same too.
    assert mine.random() == reference.random()
