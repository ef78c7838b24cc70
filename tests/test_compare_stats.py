"""rummy compare's statistics: exact streaming sums, intervals, and tests of differences."""

from __future__ import annotations

import math
import statistics
from random import Random

from hypothesis import given
from hypothesis import strategies as st

from rummy_core.compare.stats import (
    Histogram,
    Moments,
    holm,
    student_t_two_sided,
    two_proportions,
    welch,
    wilson,
)

values = st.lists(st.integers(-500, 500), min_size=2, max_size=60)


def moments_of(data: list[int]) -> Moments:
    found = Moments()
    for value in data:
        found.add(value)
    return found


@given(values)
def test_moments_match_the_textbook_mean_and_variance(data: list[int]) -> None:
    found = moments_of(data)
    assert math.isclose(found.mean, statistics.mean(data))
    assert math.isclose(found.variance, statistics.variance(data), abs_tol=1e-9)


@given(values, st.integers(1, 59))
def test_merging_in_any_order_gives_the_same_exact_sums(data: list[int], cut: int) -> None:
    # The reproducibility claim: blocks merged in any order give identical figures.
    first, second = moments_of(data[:cut]), moments_of(data[cut:])
    forward, backward = Moments(), Moments()
    forward.merge(first)
    forward.merge(second)
    backward.merge(second)
    backward.merge(first)
    assert forward == backward == moments_of(data)


@given(st.lists(st.integers(0, 300), min_size=1, max_size=80), st.sampled_from([0.5, 0.9, 0.1]))
def test_histogram_quantile_is_the_nearest_rank(data: list[int], q: float) -> None:
    hist = Histogram()
    for value in data:
        hist.add(value)
    ordered = sorted(data)
    assert hist.quantile(q) == ordered[max(1, math.ceil(q * len(data))) - 1]
    assert hist.moments() == moments_of(data)


def test_histogram_quantiles_of_a_small_example() -> None:
    hist = Histogram()
    for value in (1, 2, 3, 4):
        hist.add(value)
    assert (hist.quantile(0.5), hist.quantile(0.9)) == (2, 4)
    assert Histogram().quantile(0.5) == 0


def test_wilson_interval_known_values() -> None:
    low, high = wilson(0, 10)
    assert low == 0 and math.isclose(high, 0.2775, abs_tol=1e-4)
    low, high = wilson(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)


def test_student_t_matches_table_values() -> None:
    assert math.isclose(student_t_two_sided(2.228, 10), 0.05, abs_tol=2e-4)
    assert math.isclose(student_t_two_sided(12.706, 1), 0.05, abs_tol=2e-4)
    assert math.isclose(student_t_two_sided(1.96, 1e7), 0.05, abs_tol=2e-4)
    assert student_t_two_sided(0.0, 5) == 1.0


def test_welch_on_a_known_example() -> None:
    # Two samples with means 20 and 22, checked by hand: t = -2 / sqrt(10/10 + 10/10).
    a = moments_of([20 + d for d in (-5, -3, -1, 1, 3, 5, -4, 4, 0, 0)])
    b = moments_of([22 + d for d in (-5, -3, -1, 1, 3, 5, -4, 4, 0, 0)])
    result = welch(a, b)
    expected_t = -2 / math.sqrt(2 * a.variance / 10)
    assert math.isclose(result.statistic, expected_t)
    assert math.isclose(result.p_value, student_t_two_sided(expected_t, 18))


def test_welch_edge_cases() -> None:
    same = moments_of([3, 3, 3])
    assert welch(same, moments_of([3, 3])).p_value == 1.0
    assert welch(same, moments_of([4, 4])).p_value == 0.0
    assert welch(moments_of([1]), same).p_value == 1.0


def test_two_proportions_known_value() -> None:
    result = two_proportions(45, 100, 55, 100)
    assert math.isclose(result.statistic, -1.4142, abs_tol=1e-3)
    assert math.isclose(result.p_value, 0.1573, abs_tol=1e-3)
    assert two_proportions(0, 10, 0, 10).p_value == 1.0


def test_holm_adjustment_known_example() -> None:
    adjusted = holm([0.01, 0.04, 0.03, 0.005])
    assert [round(p, 6) for p in adjusted] == [0.03, 0.06, 0.06, 0.02]


def test_tests_flag_about_five_percent_of_equal_samples_and_find_a_real_shift() -> None:
    rng = Random(11)
    trials, false_alarms, found = 300, 0, 0
    for _ in range(trials):
        a = moments_of([rng.randint(0, 20) for _ in range(40)])
        b = moments_of([rng.randint(0, 20) for _ in range(40)])
        shifted = moments_of([rng.randint(5, 25) for _ in range(40)])
        false_alarms += welch(a, b).p_value < 0.05
        found += welch(a, shifted).p_value < 0.05
    assert 0.02 <= false_alarms / trials <= 0.09
    assert found / trials > 0.85  # power about 0.95 at this shift
    hits = sum(
        two_proportions(
            sum(rng.random() < 0.3 for _ in range(200)),
            200,
            sum(rng.random() < 0.3 for _ in range(200)),
            200,
        ).p_value
        < 0.05
        for _ in range(trials)
    )
    assert 0.02 <= hits / trials <= 0.09
