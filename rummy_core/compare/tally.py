"""What a hand and a match showed, and a variant's running tally of them (mergeable in any order).

Every observation is an integer keyed by its figure (``turns``, ``win.seat0``, ``margin``...), so
a tally is a dict of exact ``Moments``: a proportion is the mean of a 0/1 observation. A pair of
variants keeps the same for the unit-by-unit differences between them, for the paired tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
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
    bots: tuple[str, ...]
    """The bot at each seat in this unit (they rotate when the study names different bots)."""
    dealer: int
    first_player: int
    turns: int
    reason: str
    went_out: int | None
    winner: int | None
    """Who went out; else the one best hand score; None when the best is shared."""
    hand_scores: tuple[int, ...]
    match_scores: tuple[int, ...]
    """The running match totals after this hand."""
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
        for key in ("bots", "hand_scores", "match_scores"):
            found[key] = list(found[key])
        return found


@dataclass(frozen=True)
class MatchFigures:
    """What one match showed, from its hands and its end."""

    hands: tuple[HandFigures, ...]
    finished: bool
    """It reached a result before ``--max-match-hands``."""
    winners: tuple[int, ...]
    low_score_wins: bool


def hand_values(hand: HandFigures) -> dict[str, int]:
    """A hand's observations, keyed by figure (0/1 for the proportions)."""
    players = len(hand.hand_scores)
    found = {
        "turns": hand.turns,
        **{f"ended.{r}": int(hand.reason == r) for r in REASONS},
        "ended.dull": int(hand.reason != "out" or hand.winner is None),
        **{f"win.seat{s}": int(hand.winner == s) for s in range(players)},
        "win.none": int(hand.winner is None),
        # players - 1 when seat 0 won, -1 when another did: its mean over players - 1 is seat 0's
        # win rate minus the others' mean, kept in integers like everything else.
        "first_edge": 0 if hand.winner is None else players - 1 if hand.winner == 0 else -1,
        **{f"points.seat{s}": score for s, score in enumerate(hand.hand_scores)},
        "melds": hand.melds,
        "lay_offs": hand.lay_offs,
        "wilds": hand.wilds,
        "jokers": hand.jokers,
        "swaps": hand.swaps,
        "hands_with_wild": int(hand.wilds > 0),
        "bonus": int(hand.bonus),
    }
    if len(set(hand.bots)) > 1:
        for name in sorted(set(hand.bots)):
            found[f"bot_win.{name}"] = int(
                hand.winner is not None and hand.bots[hand.winner] == name
            )
    return found


def match_values(match: MatchFigures) -> dict[str, int]:
    """A match's observations, keyed by figure; only ``unfinished`` for a match cut off."""
    found = {"unfinished": int(not match.finished)}
    if not match.finished:
        return found
    hands = match.hands
    players = len(hands[0].hand_scores)
    final = list(hands[-1].match_scores)
    ranked = sorted(final, reverse=not match.low_score_wins)
    margin = abs(ranked[0] - ranked[1])
    spread = abs(ranked[0]) + abs(ranked[1])
    found |= {
        "hands_per_match": len(hands),
        "turns_per_match": sum(h.turns for h in hands),
        **{f"match_win.seat{s}": int(s in match.winners) for s in range(players)},
        # Won alone: the seat edge's test counts the matches with one winner (a fair share of
        # shared wins is not 1/players).
        **{f"sole_win.seat{s}": int(match.winners == (s,)) for s in range(players)},
        "margin": margin,
        # Per mille, rounded: an integer like every other observation, and scale-free.
        "margin_share": round(1000 * margin / spread) if spread else 0,
    }
    leader = halftime_leader(hands, match.low_score_wins)
    if leader is not None:
        found["halftime_leader_won"] = int(leader in match.winners)
    bots = hands[0].bots
    if len(set(bots)) > 1:
        for name in sorted(set(bots)):
            found[f"bot_match_win.{name}"] = int(any(bots[s] == name for s in match.winners))
    return found


def halftime_leader(hands: tuple[HandFigures, ...], low_score_wins: bool) -> int | None:
    """The one leader on the scores after the first half of the hands (rounded down), if any."""
    if len(hands) < 2:
        return None
    scores = hands[len(hands) // 2 - 1].match_scores
    best = min(scores) if low_score_wins else max(scores)
    leaders = [s for s, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None


def _add(into: dict[str, Moments], values: dict[str, int]) -> None:
    for key, value in values.items():
        into.setdefault(key, Moments()).add(value)


def _merge(into: dict[str, Moments], other: dict[str, Moments]) -> None:
    for key, moments in other.items():
        into.setdefault(key, Moments()).merge(moments)


@dataclass
class Tally:
    """Everything a variant's hands (and matches) add up to so far."""

    players: int
    hands: int = 0
    matches: int = 0
    hand: dict[str, Moments] = field(default_factory=dict)
    """Per-hand observations by key."""
    match: dict[str, Moments] = field(default_factory=dict)
    """Per-match observations by key (the finished matches, but for ``unfinished``)."""
    turns: Histogram = field(default_factory=Histogram)
    stock_turns: Histogram = field(default_factory=Histogram)
    """The turns of the hands that ended with the stock run out (classic's spike at the end)."""
    hands_per_match: Histogram = field(default_factory=Histogram)
    turns_per_match: Histogram = field(default_factory=Histogram)
    margin_share: Histogram = field(default_factory=Histogram)
    seconds: float = 0.0
    """Time spent playing; the one figure that is not reproducible."""

    def add_hand(self, hand: HandFigures) -> None:
        """Count one finished hand."""
        self.hands += 1
        self.turns.add(hand.turns)
        if hand.reason == "stock":
            self.stock_turns.add(hand.turns)
        _add(self.hand, hand_values(hand))
        self.seconds += hand.seconds

    def add_match(self, match: MatchFigures) -> None:
        """Count one match (its hands are counted one by one with ``add_hand``)."""
        self.matches += 1
        values = match_values(match)
        _add(self.match, values)
        if match.finished:
            self.hands_per_match.add(values["hands_per_match"])
            self.turns_per_match.add(values["turns_per_match"])
            self.margin_share.add(values["margin_share"])

    def merge(self, other: Tally) -> None:
        """Add another tally of the same variant (a block played elsewhere)."""
        self.hands += other.hands
        self.matches += other.matches
        _merge(self.hand, other.hand)
        _merge(self.match, other.match)
        for name in ("turns", "stock_turns", "hands_per_match", "turns_per_match", "margin_share"):
            getattr(self, name).merge(getattr(other, name))
        self.seconds += other.seconds


@dataclass
class PairTally:
    """Unit-by-unit differences between two variants (a minus b), for the paired tests.

    Unit ``i`` of both is played from the same seed; when their first deals are the same cards
    (``same_deals == units``) the units are pairs, and a paired test uses that.
    """

    units: int = 0
    same_deals: int = 0
    diffs: dict[str, Moments] = field(default_factory=dict)
    """The difference a - b per unit, by figure key (present in both units)."""
    signs: dict[str, Counter[int]] = field(default_factory=dict)
    """How many units had a > b (+1) and a < b (-1), by figure key: the sign test's counts."""

    @property
    def paired(self) -> bool:
        """Every unit was dealt the same cards in both variants."""
        return self.units > 0 and self.same_deals == self.units

    def add(self, a: dict[str, int], b: dict[str, int], same_deal: bool) -> None:
        """Count one unit's observations in both variants."""
        self.units += 1
        self.same_deals += same_deal
        for key, value in a.items():
            if key in b:
                diff = value - b[key]
                self.diffs.setdefault(key, Moments()).add(diff)
                if diff:
                    self.signs.setdefault(key, Counter())[1 if diff > 0 else -1] += 1

    def merge(self, other: PairTally) -> None:
        """Add another pair tally of the same two variants."""
        self.units += other.units
        self.same_deals += other.same_deals
        _merge(self.diffs, other.diffs)
        for key, counts in other.signs.items():
            self.signs.setdefault(key, Counter()).update(counts)


def trend_weights(values: Sequence[int]) -> tuple[int, ...]:
    """Whole-number weights ``w`` of a least-squares slope against ``values``.

    ``w_k = K x_k - sum(x)``: for one unit's observations ``y_k`` at the ``K`` values ``x_k``,
    ``sum(w_k y_k) / sum(w_k x_k)`` is the slope of the line fitted to them, and both sums are
    integers, so a slope per unit is kept exactly like every other tally.
    """
    total = sum(values)
    return tuple(len(values) * x - total for x in values)


@dataclass
class TrendTally:
    """Each unit's slope of every figure against a swept option, as exact integer contrasts.

    The sweep's variants play unit ``i`` from one seed: the unit's contrast ``sum(w_k y_k)`` is
    its own slope (over ``sum(w_k x_k)``), a deal that is hard or easy in every variant cancels
    out of it, and the contrasts of the units are independent: their mean's t test is the test of
    the trend, paired on the same deals when the deals were the same.
    """

    weights: tuple[int, ...]
    units: int = 0
    same_deals: int = 0
    contrasts: dict[str, Moments] = field(default_factory=dict)
    """``sum(w_k y_k)`` per unit, by figure key (units where every variant has the figure)."""

    @property
    def paired(self) -> bool:
        """Every unit was dealt the same cards in all the sweep's variants."""
        return self.units > 0 and self.same_deals == self.units

    def add(self, values: Sequence[dict[str, int]], same_deal: bool) -> None:
        """Count one unit's observations in each of the sweep's variants, in order."""
        self.units += 1
        self.same_deals += same_deal
        for key in values[0]:
            if all(key in v for v in values):
                contrast = sum(w * v[key] for w, v in zip(self.weights, values, strict=True))
                self.contrasts.setdefault(key, Moments()).add(contrast)

    def merge(self, other: TrendTally) -> None:
        """Add another trend tally of the same sweep."""
        self.units += other.units
        self.same_deals += other.same_deals
        _merge(self.contrasts, other.contrasts)
