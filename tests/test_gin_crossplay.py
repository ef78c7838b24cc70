"""Cross-play on gin (issue #37): our bots against OpenSpiel's simple bot and RLCard's rule agent
through the mirror (bench/gin_crossplay.py), each deal from both seats."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")  # the peers extra: CPython 3.11 on x86-64 Linux only
pytest.importorskip("rlcard")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from gin_crossplay import deal_margins, measure, to_rlcard

from rummy_core.engine.cards import parse_card


def test_cards_map_to_rlcard() -> None:
    from rlcard.games.gin_rummy.utils import utils

    names = ("AS", "KC", "10D", "2H")
    assert [str(utils.card_from_card_id(to_rlcard(parse_card(c)))) for c in names] == [
        "AS",
        "KC",
        "TD",
        "2H",
    ]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("against", ["simple", "rlcard"])
def test_greedy_plays_the_peers_from_both_seats(against: str) -> None:
    pairs = deal_margins("greedy", against, list(range(10)))
    assert len(pairs) == 10
    # Hands are decided (a knock scores), not all void: both sides play to knock.
    assert sum(1 for pair in pairs for margin in pair if margin) >= 10


@pytest.mark.timeout(120)
def test_the_figures_count_every_hand() -> None:
    row = measure("greedy", "simple", 20, 1)
    assert row["hands"] == row["wins"] + row["losses"] + row["ties"] == 20
    assert row["low"] <= row["win_rate"] <= row["high"]


@pytest.mark.timeout(120)
def test_each_deal_is_told_as_it_finishes_with_the_figures_so_far() -> None:
    # A long run cut short still reports: every deal is told, with the figures of those played.
    seen: dict[int, tuple[float, float]] = {}
    counts: list[float] = []

    def each(deal: int, pair: tuple[float, float], so_far: dict[str, float]) -> None:
        seen[deal] = pair
        counts.append(so_far["hands"])

    row = measure("greedy", "simple", 6, 2, 0, each)
    assert seen == dict(zip([0, 1, 2], deal_margins("greedy", "simple", [0, 1, 2]), strict=True))
    assert counts == [2, 4, 6]
    assert row["hands"] == 6
