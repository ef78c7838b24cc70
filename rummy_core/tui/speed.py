"""How long the table waits between two actions of the computer players."""

from __future__ import annotations

PAUSES = {"normal": 0.6, "fast": 0.15}
"""Each speed's pause in seconds: normal lets you follow every move; fast plays a round of three
bots (some nine actions) in about a second and a half."""


def speed_of(pause: float) -> str:
    """The speed a pause is, or the pause itself in seconds when it is none of the three."""
    return next((name for name, p in PAUSES.items() if p == pause), f"{pause:g} s")


def next_speed(pause: float) -> float:
    """The pause of the next speed in the cycle of speeds (F at the table)."""
    names = list(PAUSES)
    current = speed_of(pause)
    at = names.index(current) if current in names else -1
    return PAUSES[names[(at + 1) % len(names)]]
