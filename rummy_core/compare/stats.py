"""Streaming statistics: exact integer sums that merge in any order, intervals and tests.

Everything a study aggregates per hand is an integer (turns, points, counts), so sums and sums of
squares are exact and their total does not depend on the order blocks arrive in: the same seed
gives the same figures whatever the number of jobs. Percentiles come from a histogram (turns and
hands per match are small integers), so memory stays flat however many hands are played.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@dataclass
class Moments:
    """Count, sum and sum of squares of integer observations."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        """Count one observation."""
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Moments) -> None:
        """Add another tally of the same quantity."""
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        """The sample mean (0 with no observations)."""
        return self.total / self.n if self.n else 0.0

    @property
    def variance(self) -> float:
        """The sample variance (n - 1 in the denominator; 0 below two observations)."""
        if self.n < 2:
            return 0.0
        # Exact integer arithmetic first: the float subtraction of two large sums would cancel.
        return (self.n * self.squares - self.total * self.total) / (self.n * (self.n - 1))

    @property
    def sd(self) -> float:
        """The sample standard deviation."""
        return math.sqrt(self.variance)

    def interval(self) -> tuple[float, float]:
        """A 95% confidence interval of the mean (normal approximation)."""
        if self.n < 2:
            return (self.mean, self.mean)
        half = Z95 * self.sd / math.sqrt(self.n)
        return (self.mean - half, self.mean + half)


@dataclass
class Histogram:
    """How often each integer value was seen: exact quantiles in bounded memory."""

    counts: Counter[int] = field(default_factory=Counter)

    def add(self, value: int) -> None:
        """Count one observation."""
        self.counts[value] += 1

    def merge(self, other: Histogram) -> None:
        """Add another histogram of the same quantity."""
        self.counts.update(other.counts)

    @classmethod
    def from_counts(cls, counts: Mapping[str, int]) -> Histogram:
        """A report's histogram (JSON keys are strings) back as a ``Histogram``."""
        return cls(Counter({int(value): count for value, count in counts.items()}))

    def at_most(self, value: float) -> int:
        """How many observations are at or below ``value``."""
        return sum(c for v, c in self.counts.items() if v <= value)

    def moments(self) -> Moments:
        """Count, sum and sum of squares of the observations."""
        found = Moments()
        for value, count in self.counts.items():
            found.n += count
            found.total += value * count
            found.squares += value * value * count
        return found

    def quantile(self, q: float) -> int:
        """The smallest value with at least ``q`` of the observations at or below it (0 if none).

        The nearest-rank definition: the median of 1, 2, 3, 4 is 2, its 90th percentile 4.
        """
        n = sum(self.counts.values())
        if n == 0:
            return 0
        rank = max(1, math.ceil(q * n))
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen >= rank:
                return value
        return max(self.counts)


def wilson(count: float, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion ``count / n`` (good near 0 and 1, unlike Wald).

    ``count`` may hold halves (a duel's shared wins).
    """
    if n == 0:
        return (0.0, 0.0)
    p = count / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


Z80 = 0.8416212335729143
"""The one-sided 80% quantile of the standard normal distribution: a power of 80%."""


def half_width(share: float, n: int) -> float:
    """Half the width of the Wilson 95% interval of a share ``share`` seen in ``n`` units."""
    low, high = wilson(share * n, n)
    return (high - low) / 2


def units_for(share: float, width: float, most: int = 10**9) -> int:
    """The fewest units whose Wilson 95% interval around ``share`` is at most ``width`` either
    side (``most`` when even that many are not enough).

    The half-width shrinks as the units grow, so a bisection finds the first that is narrow
    enough; it is what a study needs to measure a share to within ``width``.
    """
    low, high = 1, most
    if half_width(share, high) > width:
        return most
    while low < high:
        middle = (low + high) // 2
        if half_width(share, middle) <= width:
            high = middle
        else:
            low = middle + 1
    return low


def units_to_tell(share: float, fair: float) -> int | None:
    """About how many units a study needs to tell a share ``share`` from ``fair``: a two-sided
    test at 5% finds it four times in five (a power of 80%); None when they are equal.

    The usual normal approximation for one proportion against a fixed one: 32% against a fair
    25% needs about 315 units.
    """
    if share == fair:
        return None
    spread = Z95 * math.sqrt(fair * (1 - fair)) + Z80 * math.sqrt(share * (1 - share))
    return math.ceil((spread / (share - fair)) ** 2)


TestName = Literal["welch_t", "two_proportion_z", "paired_t", "exact_sign", "binomial"]
"""Unpaired: Welch's t (means), the pooled two-proportion z (shares). Paired, unit by unit on the
same deals: the paired t (means) and the exact sign test, which is McNemar's exact test for 0/1
outcomes (shares). Against a fixed share: the exact binomial test."""


@dataclass(frozen=True)
class TestResult:
    """A two-sample test of a difference: the statistic and its two-sided p-value."""

    test: TestName
    statistic: float
    p_value: float


def welch(a: Moments, b: Moments) -> TestResult:
    """Welch's t test of the difference of two means (unequal variances)."""
    if a.n < 2 or b.n < 2:
        return TestResult("welch_t", 0.0, 1.0)
    va, vb = a.variance / a.n, b.variance / b.n
    diff = a.mean - b.mean
    if va + vb == 0:
        # Both samples constant: the difference is certain, or there is none.
        return TestResult("welch_t", 0.0, 1.0 if diff == 0 else 0.0)
    t = diff / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va * va / (a.n - 1) + vb * vb / (b.n - 1))
    return TestResult("welch_t", t, student_t_two_sided(t, df))


def two_proportions(count_a: int, n_a: int, count_b: int, n_b: int) -> TestResult:
    """The pooled two-proportion z test of ``count_a / n_a`` against ``count_b / n_b``."""
    if n_a == 0 or n_b == 0:
        return TestResult("two_proportion_z", 0.0, 1.0)
    pooled = (count_a + count_b) / (n_a + n_b)
    spread = pooled * (1 - pooled) * (1 / n_a + 1 / n_b)
    if spread == 0:
        return TestResult("two_proportion_z", 0.0, 1.0)
    z = (count_a / n_a - count_b / n_b) / math.sqrt(spread)
    return TestResult("two_proportion_z", z, math.erfc(abs(z) / math.sqrt(2)))


def paired_t(diffs: Moments) -> TestResult:
    """The paired t test: is the mean of the per-unit differences zero?"""
    if diffs.n < 2:
        return TestResult("paired_t", 0.0, 1.0)
    if diffs.variance == 0:
        # Every unit differs by the same amount: certain, or no difference at all.
        return TestResult("paired_t", 0.0, 1.0 if diffs.total == 0 else 0.0)
    t = diffs.mean / (diffs.sd / math.sqrt(diffs.n))
    return TestResult("paired_t", t, student_t_two_sided(t, diffs.n - 1))


def exact_sign(above: int, below: int) -> TestResult:
    """The two-sided exact sign test of ``above`` units with a > b against ``below`` with a < b.

    For 0/1 outcomes these are the discordant pairs, and this is McNemar's exact test. The
    statistic reported is the normal score of the split, for reading (the p-value is exact).
    """
    n = above + below
    if n == 0:
        return TestResult("exact_sign", 0.0, 1.0)
    # Exact integer sums of binomial coefficients: no float underflow until the last division.
    term = tail = 1
    for i in range(1, min(above, below) + 1):
        term = term * (n - i + 1) // i
        tail += term
    p = min(1.0, 2 * tail / (1 << n))
    return TestResult("exact_sign", (above - below) / math.sqrt(n), p)


def binomial(count: int, n: int, share: float) -> TestResult:
    """The exact two-sided binomial test of ``count`` of ``n`` against the share ``share``.

    The p-value adds up every outcome no more likely than the one seen (as R's ``binom.test``
    and scipy's ``binomtest`` do); the probabilities are summed from their logarithms, so it
    works for a study's many thousands of hands. The statistic is the normal score, for reading.
    """
    if n == 0:
        return TestResult("binomial", 0.0, 1.0)

    def log_pmf(k: int) -> float:
        return (
            math.lgamma(n + 1)
            - math.lgamma(k + 1)
            - math.lgamma(n - k + 1)
            + k * math.log(share)
            + (n - k) * math.log1p(-share)
        )

    seen = log_pmf(count)
    # The relative tolerance scipy uses, so that ties in probability count as ties.
    limit = seen + math.log1p(1e-7)
    p = sum(math.exp(v) for v in map(log_pmf, range(n + 1)) if v <= limit)
    z = (count - n * share) / math.sqrt(n * share * (1 - share))
    return TestResult("binomial", z, min(1.0, p))


def cohen_d(mean_a: float, var_a: float, mean_b: float, var_b: float) -> float | None:
    """The difference of two means in units of their pooled standard deviation (Cohen's d).

    None when both are constant: there is no spread to measure the difference in.
    """
    pooled = math.sqrt((var_a + var_b) / 2)
    if pooled == 0:
        return 0.0 if mean_a == mean_b else None
    return (mean_a - mean_b) / pooled


def cohen_h(p_a: float, p_b: float) -> float:
    """The difference of two shares on Cohen's arcsine scale (h): 0.2 small, 0.8 large, like d."""
    return 2 * math.asin(math.sqrt(p_a)) - 2 * math.asin(math.sqrt(p_b))


def holm(p_values: list[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values, in the order given (family-wise error control)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def student_t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom."""
    if not math.isfinite(t):
        return 0.0
    return _incomplete_beta(df / 2, 0.5, df / (df + t * t))


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    # The continued fraction converges fast only below the mean; use the symmetry otherwise.
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz's method)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 300):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return result
