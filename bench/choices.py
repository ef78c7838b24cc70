"""What one ``choices`` question of the browser table costs when the selection holds every wild.

Riverside, the four 2s selected with 3 to 12 other cards (the most the server lets one question
name is 16): the time ``rummy_core.server.choices.selection`` takes, in CPU seconds, and how many
plays it offers. Run: ``python bench/choices.py``.
"""

from __future__ import annotations

import time

from rummy_core.engine.setup import game_from_position
from rummy_core.server.choices import selection

HAND = [
    "2C",
    "2D",
    "2H",
    "2S",
    "5H",
    "6H",
    "9S",
    "JD",
    "QC",
    "KH",
    "4C",
    "7D",
    "8S",
    "10S",
    "QS",
    "KD",
]


POSITION = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "phase": "play",
    "this_turn": {"drew": "stock"},
    "turns_taken": [3, 3],
    "hands": [HAND, ["9C", "4D"]],
    "discard": ["8C"],
}
"""Riverside, seat 0 to play holding ``HAND`` (the server's pong benchmark seats a client here)."""


def main() -> None:
    game = game_from_position("riverside", POSITION, 1)
    print("| selected | plays offered | CPU seconds |")
    print("|---|---|---|")
    for others in (3, 5, 7, 9, 12):
        start = time.process_time()
        found = selection(game, 0, HAND[: 4 + others])
        spent = time.process_time() - start
        print(f"| four 2s + {others} | {len(found.plays)} | {spent:.3f} |")


if __name__ == "__main__":
    main()
