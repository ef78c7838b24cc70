"""The expert bot's strength against its thinking time: playouts per decision against win rate.

For each budget in ``--playouts``, a duel of ``expert:playouts=N`` against the greedy bot
(``rummy_core.duel``: every deal played from both seats) gives the win rate and its 95% Wilson
interval, and a run of expert decisions against the greedy bot gives the median CPU milliseconds
per decision, one core. The results go to a JSON file and a plot (PNG) of win rate against
playouts, the interval as error bars, each point labelled with its milliseconds per decision.

Run: ``python bench/strength.py [--ruleset classic:target=null] [--games 200] [--jobs 2]
[--playouts 1,4,8,16,32,64] [--out bench/results/strength-classic.json]
[--plot docs/expert-strength.png]``.
Single hands are the default: a whole match per game costs some twenty times as much.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from rummy_core.bots import SeatHandle
from rummy_core.duel import bot_from_spec, duel
from rummy_core.setup import Variant, build_hooks, new_game
from rummy_core.simulate import tell
from rummy_core.state import HAND_OVER, MATCH_OVER


def decision_ms(expert: str, variant: str, decisions: int) -> float:
    """The median CPU milliseconds of ``expert``'s decisions against the greedy bot."""
    hooks = build_hooks(Variant.parse(variant), 2)
    spent: list[float] = []
    deal = 0
    while len(spent) < decisions:
        game = new_game(hooks=hooks, seed=deal)
        bots = [bot_from_spec(expert, deal), bot_from_spec("greedy", deal)]
        while game.state.phase not in (HAND_OVER, MATCH_OVER) and len(spent) < decisions:
            seat = game.current_player()
            assert seat is not None
            start = time.process_time()
            action = bots[seat].choose(SeatHandle(game, seat))
            if seat == 0:
                spent.append((time.process_time() - start) * 1000)
            tell(bots, game.apply(seat, action))
        deal += 1
    return statistics.median(spent)


def measure(variant: str, playouts: list[int], games: int, jobs: int) -> list[dict[str, Any]]:
    """One row per budget: the duel's result as JSON, with ``playouts`` and ``ms``."""
    rows = []
    for count in playouts:
        expert = f"expert:playouts={count}"
        result = duel(expert, "greedy", variant, games, seed=1, jobs=jobs)
        row = {**result.as_json(), "playouts": count, "ms": decision_ms(expert, variant, 200)}
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
