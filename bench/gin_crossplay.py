"""Our bots against OpenSpiel's simple gin rummy bot, on the same deals from both seats (#37).

Each deal is played twice through the mirror (``openspiel_mirror.py``: our rules and
OpenSpiel's in lockstep, every decision compared), our bot in seat 0 (the non-dealer, OpenSpiel's
player 0) and then in seat 1, OpenSpiel's ``make_simple_gin_rummy_bot`` in the other seat
(``restart``ed every hand). The hand is scored by our rules, which are OpenSpiel's except where
docs/rulings.md says otherwise (G9: the defender's melds count at their best arrangement; the
simple bot lays its best too). A hand OpenSpiel ends at its 50th upcard drawn (G15) counts as
void. Printed per bot: hands won, lost and tied (void hands and equal counts), the win rate
(a tie counts half) with its 95% Wilson interval, and net points a hand with its standard error
(from the per-deal means, as the two hands of a deal share its cards).

Run: ``python bench/gin_crossplay.py [--bots greedy,expert] [--hands 2000] [--jobs 1]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from openspiel_mirror import Mirror, Tally, bot_seat, os_bot_seat, os_game, play_hand

from rummy_core.bots import make_bot
from rummy_core.bots.base import Bot
from rummy_core.compare.stats import wilson
from rummy_core.engine.setup import Variant, build_hooks

FIRST_DEAL = 1_000_000
"""Deals of their own, apart from the cross-check's seeds 0, 1, 2, ..."""


def deal_margins(ours: str, deals: list[int]) -> list[tuple[float, float]]:
    """Our bot's margin (its points less the simple bot's) in each deal, from seat 0 then 1."""
    hooks = build_hooks(Variant.parse("gin"), 2)
    game = os_game()
    params = game.get_parameters()
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

    simple = [pyspiel.make_simple_gin_rummy_bot(params, p) for p in (0, 1)]
    found = []
    for deal in deals:
        margins = []
        for seat in (0, 1):
            for each in simple:
                each.restart()
            bots: list[Bot | None] = [None, None]
            bots[seat] = make_bot(ours, 2 * deal + seat)
            mirror = Mirror(deal, hooks, game, Tally(), bots)
            seats = [os_bot_seat(simple), os_bot_seat(simple)]
            seats[seat] = bot_seat
            play_hand(mirror, seats)
            outcome = mirror.game.state.outcome
            scores = (0, 0) if mirror.os_over or outcome is None else outcome.hand_scores
            margins.append(float(scores[seat] - scores[1 - seat]))
        found.append((margins[0], margins[1]))
    return found


def measure(ours: str, hands: int, jobs: int) -> dict[str, float]:
    """``hands`` hands (two a deal) of ``ours`` against the simple bot: counts and figures."""
    deals = [FIRST_DEAL + i for i in range((hands + 1) // 2)]
    chunks = [deals[i::jobs] for i in range(jobs)]
    start = time.perf_counter()
    if jobs == 1:
        pairs = deal_margins(ours, deals)
    else:
        with ProcessPoolExecutor(jobs) as pool:
            pairs = [p for part in pool.map(deal_margins, repeat(ours), chunks) for p in part]
    margins = [m for pair in pairs for m in pair]
    wins, losses = sum(m > 0 for m in margins), sum(m < 0 for m in margins)
    ties = len(margins) - wins - losses
    low, high = wilson(wins + ties / 2, len(margins))
    per_deal = [sum(pair) / 2 for pair in pairs]
    return {
        "hands": len(margins),
        "wins": wins,
        "losses": losses,
        "ties": ties,
        "win_rate": (wins + ties / 2) / len(margins),
        "low": low,
        "high": high,
        "decisive": wins / max(1, wins + losses),
        "net": statistics.fmean(margins),
        "se": statistics.stdev(per_deal) / len(per_deal) ** 0.5,
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    """Print one line per bot of ours."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bots", default="greedy,expert")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print(f"gin, single hands against OpenSpiel's simple bot, {args.hands:,} hands a bot:")
    for ours in args.bots.split(","):
        row = measure(ours, args.hands, args.jobs)
        print(
            f"  {ours}: won {row['wins']:.0f}, lost {row['losses']:.0f}, tied {row['ties']:.0f}:"
            f" win rate {row['win_rate']:.1%} ({row['low']:.1%} to {row['high']:.1%}),"
            f" {row['decisive']:.1%} of hands decided; net {row['net']:+.2f} points a hand"
            f" (SE {row['se']:.2f}); {row['seconds']:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
