"""The same seeds play the same games: digests of bot games, pinned.

The values were taken before the match service, the journal and the new layout replaced the
loops of every front end (issue: one match, one journal, one way to show it), and are the same
after, on pure Python and on the compiled build. Gin's were taken before the work on greedy
gin's speed (issue #37), which kept them. A change that means to change games (a rule, a
bot's choice) changes them in the same commit and says why; ``bench/digests.py`` prints them.
"""

from __future__ import annotations

import pytest

from rummy_core.testing import games_digest

PINNED = [
    ("classic", 2, 12, ("greedy", "random"), "defccbe03c5d66bc"),
    ("classic+knock", 3, 12, ("greedy", "random"), "2016ae723e0a972b"),
    ("riverside", 3, 12, ("greedy", "random"), "8cdae13cfaa13469"),
    ("hungarian", 2, 12, ("greedy", "random"), "ab9d02f2161cd79f"),
    ("hungarian+two-jokers-per-meld", 4, 12, ("greedy", "random"), "c3123db5627e7f67"),
    ("classic", 2, 1, ("expert:playouts=4", "greedy"), "db5824de43bce7ae"),
    ("gin", 2, 12, ("greedy", "random"), "400e0d1ae77b2ae5"),
    ("gin:target=100", 2, 4, ("greedy",), "193f93fc1255d510"),
]


@pytest.mark.parametrize(("variant", "players", "matches", "bots", "expected"), PINNED)
def test_the_same_seeds_play_the_same_games(
    variant: str, players: int, matches: int, bots: tuple[str, ...], expected: str
) -> None:
    assert games_digest(variant, players, matches, bots) == expected
