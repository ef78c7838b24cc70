"""Seat edges: does a seat, the first player's above all, win more than its fair share?

Each seat's wins are tested against 1/players with the exact binomial test, over the units that
had one winner (a hand nobody won, a match shared, is no seat's win and nobody's loss). With
``--matches`` the test is over matches, whose seat 0 began the match: the hands of a match move
the deal round, so a hand's seat is not its position. Holm's method adjusts over every seat of
every variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.compare.stats import Moments, binomial, holm, wilson
from rummy_core.compare.tally import Tally


class SeatTest(BaseModel):
    """One seat's wins in one variant, against the fair share."""

    model_config = ConfigDict(extra="forbid")

    variant: str
    seat: int = Field(description="0 is the first to play (in a match: the one who began).")
    unit: Literal["hand", "match"]
    wins: int = Field(description="Units this seat won alone.")
    decided: int = Field(description="Units with one winner.")
    share: float = Field(description="wins / decided.")
    low: float = Field(description="95% Wilson interval, low end.")
    high: float = Field(description="95% Wilson interval, high end.")
    fair: float = Field(description="1 / players.")
    statistic: float = Field(description="The normal score of the count, for reading.")
    p_value: float = Field(description="Exact two-sided binomial test against the fair share.")
    p_holm: float = Field(description="p_value adjusted (Holm) over every seat test of the study.")
    significant: bool = Field(description="p_holm below alpha: an edge beyond chance.")


def seat_tests(
    names: Sequence[str], tallies: Sequence[Tally], matches: bool, alpha: float
) -> list[SeatTest]:
    """Every seat of every variant tested against the fair share; Holm over them all."""
    rows: list[SeatTest] = []
    for name, tally in zip(names, tallies, strict=True):
        key, source = ("sole_win", tally.match) if matches else ("win", tally.hand)
        wins = [source.get(f"{key}.seat{s}", Moments()).total for s in range(tally.players)]
        decided = sum(wins)
        fair = 1 / tally.players
        for seat, won in enumerate(wins):
            low, high = wilson(won, decided)
            result = binomial(won, decided, fair)
            rows.append(
                SeatTest(
                    variant=name,
                    seat=seat,
                    unit="match" if matches else "hand",
                    wins=won,
                    decided=decided,
                    share=won / decided if decided else 0.0,
                    low=low,
                    high=high,
                    fair=fair,
                    statistic=result.statistic,
                    p_value=result.p_value,
                    p_holm=result.p_value,
                    significant=False,
                )
            )
    adjusted = holm([r.p_value for r in rows])
    return [
        r.model_copy(update={"p_holm": p, "significant": p < alpha})
        for r, p in zip(rows, adjusted, strict=True)
    ]
