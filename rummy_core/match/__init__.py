"""One match and its journal: what every front end drives (the terminal and plain games, the
server, the environments, duels, comparisons and simulations)."""

from rummy_core.match.journal import ACTION, HAND_TO_BOT, HAND_TO_PERSON, NEXT_HAND, Entry
from rummy_core.match.service import Match, Step

__all__ = ["ACTION", "HAND_TO_BOT", "HAND_TO_PERSON", "NEXT_HAND", "Entry", "Match", "Step"]
