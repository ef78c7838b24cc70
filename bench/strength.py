"""The expert bot's strength against its thinking time: playouts per decision against win rate.

For each budget in ``--playouts``, a duel of ``expert:playouts=N`` against the greedy bot
(``rummy_core.duel``: every deal played from both seats) gives the win rate and its 95% Wilson
interval, and a run of expert decisions against the greedy bot (``bench.py``'s ``our_expert``)
gives the median CPU milliseconds per decision, one core. The results go to a JSON file and a
plot (PNG) of win rate against playouts, the interval as error bars, each point labelled with
its milliseconds per decision.

Run: ``python bench/strength.py [--ruleset classic:target=null] [--games 200] [--jobs 2]
[--playouts 1,4,8,16,32,64] [--out bench/results/strength-classic.json]
[--plot docs/expert-strength.png]``.
Single hands are the default: a whole match per game costs some twenty times as much.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bench import our_expert
from rummy_core.duel import duel


def measure(variant: str, playouts: list[int], games: int, jobs: int) -> list[dict[str, Any]]:
    """One row per budget: the duel's result as JSON, with ``playouts`` and ``ms``."""
    rows = []
    for count in playouts:
        expert = f"expert:playouts={count}"
        result = duel(expert, "greedy", variant, games, seed=1, jobs=jobs)
        row = {**result.as_json(), "playouts": count, "ms": our_expert(variant, 200, expert)[0]}
        print(
            f"{count:3d} playouts: {row['ms']:6.1f} ms/decision, win rate "
            f"{row['win_rate']:.1%} ({row['ci95'][0]:.1%} to {row['ci95'][1]:.1%}) "
            f"over {row['games']} games",
            flush=True,
        )
        rows.append(row)
    return rows


def plot(rows: list[dict[str, Any]], variant: str, path: Path) -> None:
    """Win rate against playouts, with the 95% intervals and each budget's ms per decision."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [row["playouts"] for row in rows]
    rates = [100 * row["win_rate"] for row in rows]
    low = [100 * (row["win_rate"] - row["ci95"][0]) for row in rows]
    high = [100 * (row["ci95"][1] - row["win_rate"]) for row in rows]
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=120)
    ax.errorbar(xs, rates, yerr=[low, high], fmt="o-", capsize=4, color="#1f6f43")
    for x, y, row in zip(xs, rates, rows, strict=True):
        ax.annotate(
            f"{row['ms']:.0f} ms", (x, y), textcoords="offset points", xytext=(6, -14), fontsize=8
        )
    ax.axhline(50, color="grey", linewidth=0.8, linestyle=":")
    ax.set_xscale("log", base=2)
    ax.set_xticks(xs)
    ax.set_xticklabels([str(x) for x in xs])
    ax.set_xlabel("playouts per decision (label: median CPU ms per decision, one core)")
    ax.set_ylabel("expert's win rate against greedy (%)")
    games = rows[0]["games"] if rows else 0
    ax.set_title(f"Expert vs greedy, {variant}, {games} games per point, 95% intervals")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="classic:target=null")
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
