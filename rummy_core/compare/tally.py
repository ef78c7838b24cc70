"""One hand's figures, and a variant's running tally of them (mergeable in any order)."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from rummy_core.compare.stats import Histogram, Moments

REASONS = ("out", "stock", "capped")
"""How a hand ends: someone went out (or closed), the stock ran out, or the turn cap (A1)."""


@dataclass(frozen=True)
class HandFigures:
    """What one hand showed. Written as one line of ``--records`` (``seconds`` is not exact)."""

    variant: str
    unit: int
    """The hand's index in the study (or its match's, with ``--matches``)."""
    hand_number: int
    seed: int
    """The game seed: with the variant, players and bots, it replays the hand."""
    dealer: int
    first_player: int
    turns: int
    reason: str
    went_out: int | None
    winner: int | None
    """Who went out; else the one best hand score; None when the best is shared."""
    hand_scores: tuple[int, ...]
    melds: int
    lay_offs: int
    swaps: int
    wilds: int
    """Cards on the table at the end of the hand that stand for another card."""
    jokers: int
    """Of ``wilds``, how many are jokers (the rest are wild 2s and the like)."""
    bonus: bool
    seconds: float

    def as_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict."""
        found = asdict(self)
        found["hand_scores"] = list(self.hand_scores)
        return found


@dataclass
class Tally:
    """Everything a variant's hands (and matches) add up to so far."""

    players: int
    hands: int = 0
    turns: Histogram = field(default_factory=Histogram)
    ended: Counter[str] = field(default_factory=Counter)
    wins: list[int] = field(default_factory=list)
    first_edge: Moments = field(default_factory=Moments)
    """Per hand: players - 1 when seat 0 won, -1 when another seat did, 0 when nobody did.

    Its mean over ``players - 1`` is seat 0's win rate minus the mean win rate of the others,
    kept in integers so that it sums exactly like every other figure.
    """
    points: list[Moments] = field(default_factory=list)
    melds: Moments = field(default_factory=Moments)
    lay_offs: Moments = field(default_factory=Moments)
    swaps: Moments = field(default_factory=Moments)
    wilds: Moments = field(default_factory=Moments)
    jokers: Moments = field(default_factory=Moments)
    with_wild: int = 0
    bonus: int = 0
    matches: int = 0
    unfinished: int = 0
    hands_per_match: Histogram = field(default_factory=Histogram)
    match_wins: list[int] = field(default_factory=list)
    seconds: float = 0.0
    """Time spent playing; the one figure that is not reproducible."""

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.players
        self.points = self.points or [Moments() for _ in range(self.players)]
        self.match_wins = self.match_wins or [0] * self.players

    def add_hand(self, hand: HandFigures) -> None:
        """Count one finished hand."""
        self.hands += 1
        self.turns.add(hand.turns)
        self.ended[hand.reason] += 1
        if hand.winner is not None:
            self.wins[hand.winner] += 1
        self.first_edge.add(
            0 if hand.winner is None else self.players - 1 if hand.winner == 0 else -1
        )
        for seat, score in enumerate(hand.hand_scores):
            self.points[seat].add(score)
        self.melds.add(hand.melds)
        self.lay_offs.add(hand.lay_offs)
        self.swaps.add(hand.swaps)
        self.wilds.add(hand.wilds)
        self.jokers.add(hand.jokers)
        self.with_wild += hand.wilds > 0
        self.bonus += hand.bonus
        self.seconds += hand.seconds

    def add_match(self, hands: int, winners: list[int], finished: bool) -> None:
        """Count one match of ``hands`` hands (``finished``: it reached a result)."""
        self.matches += 1
        if not finished:
            self.unfinished += 1
            return
        self.hands_per_match.add(hands)
        for seat in winners:
            self.match_wins[seat] += 1

    def merge(self, other: Tally) -> None:
        """Add another tally of the same variant (a block played elsewhere)."""
        self.hands += other.hands
        self.turns.merge(other.turns)
        self.ended.update(other.ended)
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        for mine, theirs in zip(self.points, other.points, strict=True):
            mine.merge(theirs)
        for name in ("first_edge", "melds", "lay_offs", "swaps", "wilds", "jokers"):
            getattr(self, name).merge(getattr(other, name))
        self.with_wild += other.with_wild
        self.bonus += other.bonus
        self.matches += other.matches
        self.unfinished += other.unfinished
        self.hands_per_match.merge(other.hands_per_match)
        self.match_wins = [a + b for a, b in zip(self.match_wins, other.match_wins, strict=True)]
        self.seconds += other.seconds
