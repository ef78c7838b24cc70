"""The trend of a figure across a sweep: the slope of the figure against the swept option.

Pairwise tests say that ``opening=30`` and ``opening=60`` differ; a trend says that a figure
moves steadily with the option, with one test instead of one per pair. Each unit's slope comes
from its own hands in every value of the sweep (``rummy_core.compare.tally.TrendTally``), so the
deal's luck cancels out when the values share their deals; the mean slope has a 95% interval and
a t test, and the p-values are adjusted with Holm's method over the study's trend tests.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.compare.stats import Moments, cohen_h, paired_t
from rummy_core.compare.sweep import Sweep
from rummy_core.compare.tally import TrendTally


class Trend(BaseModel):
    """A figure's slope against the option a sweep varies."""

    model_config = ConfigDict(extra="forbid")

    sweep: str = Field(description="The sweep as written, hungarian:opening=30..60/10.")
    option: str
    values: list[int] = Field(description="The option's values, one per variant.")
    figure: str
    label: str
    units: int = Field(description="Units (hands or matches) with the figure in every value.")
    paired: bool = Field(description="Every unit was dealt the same cards at every value.")
    slope: float = Field(description="Change of the figure per 1 of the option.")
    low: float = Field(description="95% interval of the slope, low end.")
    high: float = Field(description="95% interval of the slope, high end.")
    change: float = Field(description="The slope over the sweep: slope * (highest - lowest value).")
    effect: float | None = Field(
        description="The change in standard deviations (Cohen's d; h for shares) between the"
        " fitted ends of the sweep; None: no spread to measure it in."
    )
    statistic: float = Field(description="t of the mean slope.")
    p_value: float
    p_holm: float = Field(description="p_value adjusted (Holm) over the study's trend tests.")
    significant: bool = Field(description="p_holm below alpha: a trend beyond chance.")


def trend_row(
    sweep: Sweep,
    tally: TrendTally,
    key: str,
    label: str,
    share: bool,
    conversion: float,
    per_value: Sequence[Moments],
) -> Trend:
    """One figure's trend, before the Holm adjustment (``p_holm`` is ``p_value`` until then).

    :param share: the figure is a share (0/1 observations): its effect is Cohen's h.
    :param conversion: from the tally's integers to the figure's unit (``scale``, ``factor``).
    :param per_value: the figure's observations at each value of the sweep, in order.
    """
    numbers = sweep.numbers or ()
    weights = tally.weights
    denominator = sum(w * x for w, x in zip(weights, numbers, strict=True))
    contrasts = tally.contrasts.get(key, Moments())
    to_slope = conversion / denominator
    low, high = contrasts.interval()
    slope = contrasts.mean * to_slope
    span = max(numbers) - min(numbers)
    result = paired_t(contrasts)
    return Trend(
        sweep=sweep.text,
        option=sweep.option,
        values=list(numbers),
        figure=key,
        label=label,
        units=contrasts.n,
        paired=tally.paired,
        slope=slope,
        low=low * to_slope,
        high=high * to_slope,
        change=slope * span,
        effect=_effect(slope, numbers, per_value, share, conversion),
        statistic=result.statistic,
        p_value=result.p_value,
        p_holm=result.p_value,
        significant=False,
    )


def _effect(
    slope: float, numbers: Sequence[int], per_value: Sequence[Moments], share: bool, to: float
) -> float | None:
    """The fitted change from the lowest value to the highest, on the scale of the pairwise
    tests."""
    middle = sum(numbers) / len(numbers)
    level = sum(m.mean for m in per_value) / len(per_value) * to
    first = level + slope * (min(numbers) - middle)
    last = level + slope * (max(numbers) - middle)
    if share:
        return cohen_h(min(1.0, max(0.0, last)), min(1.0, max(0.0, first)))
    spread = math.sqrt(sum(m.variance for m in per_value) / len(per_value)) * to
    if spread == 0:
        return 0.0 if slope == 0 else None
    return (last - first) / spread
