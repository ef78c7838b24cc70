"""The screens at 80 x 24 and 120 x 40 compared with committed text snapshots, so that a box
that wraps, grows a row or hides the footer fails the suite. Fixed seeds, no timing."""

from __future__ import annotations

import pytest
from tui_screens import check_snapshot

from rummy_core.tui.app import RummyApp
from rummy_core.tui.screens import ScoreSheet
from rummy_core.tui.session import Session, Setup

SIZES = [(80, 24), (120, 40)]


def start(ruleset: str, opponents: int, seed: int) -> Session:
    return Session.start(Setup(ruleset=ruleset, bots=("greedy",) * opponents, seed=seed))


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(
    ("ruleset", "opponents", "seed"),
    [("classic", 3, 5), ("riverside", 1, 4), ("hungarian", 3, 5)],
)
async def test_the_table(ruleset: str, opponents: int, seed: int, size: tuple[int, int]) -> None:
    app = RummyApp(start(ruleset, opponents, seed), pause=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await check_snapshot(app, pilot, f"table-{ruleset}-{opponents + 1}p-{size[0]}x{size[1]}")


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_score_sheet_of_four_players(size: tuple[int, int]) -> None:
    # Discard the first card every turn until a bot goes out.
    app = RummyApp(start("classic", 3, 5), pause=0)
    async with app.run_test(size=size) as pilot:
        for _ in range(40):
            if isinstance(app.screen, ScoreSheet):
                break
            await pilot.press("d", "x")
            await pilot.pause()
        assert isinstance(app.screen, ScoreSheet)
        await check_snapshot(app, pilot, f"sheet-classic-4p-{size[0]}x{size[1]}")
