"""The expert bot's strength against its thinking time: playouts per decision against results.

For each budget in ``--playouts``, ``expert:playouts=N`` plays single hands against the greedy
bot (``margins.py``: every deal played from both seats). From the same hands come its win rate
(a hand won is one it ended ahead of the greedy bot on points; a tie counts half) with its 95%
Wilson interval, and its net points a hand with a 95% interval, which is what a match to a
target adds up. A run of expert decisions against the greedy bot (``bench.py``'s
``our_expert``) gives the median CPU milliseconds per decision, one core. The results go to a
JSON file and a plot (PNG): both against playouts, each point labelled with its milliseconds per
decision.

Run: ``python bench/strength.py [--ruleset classic] [--games 200] [--jobs 2]
[--playouts 1,4,8,16,32,64] [--out bench/results/strength-classic.json]
[--plot docs/expert-strength.png]``. ``--games`` counts hands, two a deal.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from pathlib import Path
from typing import Any

from margins import deal_margins

from bench import our_expert
from rummy_core.commands.duel import DEALS_PER_SEED
from rummy_core.compare.stats import wilson


def measure(variant: str, playouts: list[int], games: int, jobs: int) -> list[dict[str, Any]]:
    """One row per budget: hands won, lost and tied, the win rate, net points and ``ms``."""
    deals = [DEALS_PER_SEED + i for i in range((games + 1) // 2)]  # seed 1's deals
    rows = []
    for count in playouts:
        expert = f"expert:playouts={count}"
        with ProcessPoolExecutor(jobs) as pool:
            pairs = list(
                pool.map(deal_margins, repeat(expert), repeat("greedy"), repeat(variant), deals)
            )
        margins = [m for pair in pairs for m in pair]
        wins = sum(m > 0 for m in margins)
        ties = margins.count(0)
        low, high = wilson(wins + ties / 2, len(margins))
        per_deal = [sum(pair) / 2 for pair in pairs]
        row = {
            "expert": expert,
            "variant": variant,
            "hands": len(margins),
            "wins": wins,
            "losses": len(margins) - wins - ties,
            "ties": ties,
            "win_rate": (wins + ties / 2) / len(margins),
            "ci95": [low, high],
            "net_points": statistics.fmean(margins),
            "net_points_ci95": 1.96 * statistics.stdev(per_deal) / len(per_deal) ** 0.5,
            "playouts": count,
            "ms": our_expert(variant, 200, expert)[0],
        }
        print(
            f"{count:3d} playouts: {row['ms']:6.1f} ms/decision, win rate "
            f"{row['win_rate']:.1%} ({low:.1%} to {high:.1%}), net "
            f"{row['net_points']:+.2f} points a hand (+/- {row['net_points_ci95']:.2f}) over "
            f"{row['hands']} hands",
            flush=True,
        )
        rows.append(row)
    return rows


def plot(rows: list[dict[str, Any]], variant: str, path: Path) -> None:
    """Win rate and net points a hand against playouts, with 95% intervals and ms labels."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [row["playouts"] for row in rows]
    rates = [100 * row["win_rate"] for row in rows]
    below = [100 * (row["win_rate"] - row["ci95"][0]) for row in rows]
    above = [100 * (row["ci95"][1] - row["win_rate"]) for row in rows]
    points = [row["net_points"] for row in rows]
    spread = [row["net_points_ci95"] for row in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), dpi=120)
    left.errorbar(xs, rates, yerr=[below, above], fmt="o-", capsize=4, color="#1f6f43")
    left.axhline(50, color="grey", linewidth=0.8, linestyle=":")
    left.set_ylabel("hands won against greedy (%)")
    right.errorbar(xs, points, yerr=spread, fmt="o-", capsize=4, color="#8a3b12")
    right.axhline(0, color="grey", linewidth=0.8, linestyle=":")
    right.set_ylabel("net points a hand against greedy")
    for ax, ys in ((left, rates), (right, points)):
        for x, y, row in zip(xs, ys, rows, strict=True):
            ax.annotate(
                f"{row['ms']:.0f} ms",
                (x, y),
                textcoords="offset points",
                xytext=(6, -14),
                fontsize=8,
            )
        ax.set_xscale("log", base=2)
        ax.set_xticks(xs)
        ax.set_xticklabels([str(x) for x in xs])
        ax.set_xlabel("playouts per decision (label: median CPU ms a decision)")
        ax.grid(alpha=0.3)
    hands = rows[0]["hands"] if rows else 0
    fig.suptitle(f"Expert vs greedy, single hands of {variant}, {hands} per point, 95% intervals")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--playouts", default="1,4,8,16,32,64")
    parser.add_argument("--out", type=Path, default=Path("bench/results/strength-classic.json"))
    parser.add_argument("--plot", type=Path, default=Path("docs/expert-strength.png"))
    args = parser.parse_args(argv)
    playouts = [int(p) for p in args.playouts.split(",")]
    rows = measure(args.ruleset, playouts, args.games, args.jobs)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(rows, indent=2) + "\n")
    plot(rows, args.ruleset, args.plot)


if __name__ == "__main__":
    main(sys.argv[1:])
