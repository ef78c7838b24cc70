"""Points a hand between two bots: how often each wins a single hand, and by how much.

A duel (``rummy duel``) counts wins; in a match to a target what adds up is points. For each
deal, played twice with the seats swapped (as in a duel), this plays one hand of ``--ruleset``
and takes A's margin: its hand score less B's (reversed where low scores win). It prints the
hands A won and lost, its mean points in each, the net mean a hand with its spread and the
standard error over deals. With ``--later K`` the hand measured is the match's hand K + 1: two
greedy bots play the K hands before it, so the scores stand as they would in a match. With
``--paired C``, C plays A's seats against B on the same deals too, and the difference of A's and
C's net a hand is taken deal for deal, which cancels most of the luck of the cards.

Run: ``python bench/margins.py A B [--ruleset classic] [--deals 150] [--later K] [--paired C]
[--jobs 2]``, for example ``python bench/margins.py expert expert:two_ways=12,feeding=2`` or
``... expert:recheck=32 greedy --paired expert``.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat

from rummy_core.bots.greedy import GreedyBot
from rummy_core.commands.duel import DEALS_PER_SEED, deal_games
from rummy_core.engine.state import MATCH_OVER
from rummy_core.match import Match


def deal_margins(a: str, b: str, variant: str, deal: int, later: int = 0) -> tuple[float, float]:
    """A's margin in the hand of ``deal``, from seat 0 and then from seat 1 (after ``later``
    hands between greedy bots, which A and B do not see)."""
    margins = []
    for a_seat, game, bots in deal_games(a, b, variant, deal):
        match = Match(game, bots)
        for _ in range(later):
            Match(game, [GreedyBot(deal + seat) for seat in range(2)]).play_hand()
            if game.state.phase == MATCH_OVER:
                raise RuntimeError(f"deal {deal}: the match ended before hand {later + 1}")
            match.deal_next()
        match.play_hand()
        assert game.state.outcome is not None
        sign = -1 if game.hooks.ruleset.low_score_wins else 1
        scores = game.state.outcome.hand_scores
        margins.append(sign * (scores[a_seat] - scores[1 - a_seat]))
    return margins[0], margins[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--later", type=int, default=0, help="greedy hands played first")
    parser.add_argument("--paired", metavar="C", help="also C against B, compared deal for deal")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    deals = [args.seed * DEALS_PER_SEED + i for i in range(args.deals)]
    with ProcessPoolExecutor(args.jobs) as pool:
        nets: list[list[float]] = []
        for a in [args.a, args.paired] if args.paired else [args.a]:
            pairs = list(
                pool.map(
                    deal_margins,
                    repeat(a),
                    repeat(args.b),
                    repeat(args.ruleset),
                    deals,
                    repeat(args.later),
                )
            )
            report(a, args, pairs)
            nets.append([sum(pair) / 2 for pair in pairs])
    if args.paired:
        gains = [x - y for x, y in zip(*nets, strict=True)]
        print(
            f"{args.a} less {args.paired}, deal for deal: {statistics.fmean(gains):+.2f} points a"
            f" hand, standard error {statistics.stdev(gains) / len(gains) ** 0.5:.2f}"
            f" ({sum(g != 0 for g in gains)} of {len(gains)} deals differ)"
        )


def report(a: str, args: argparse.Namespace, pairs: list[tuple[float, float]]) -> None:
    """Print A's hands won and lost against B, and its net a hand."""
    margins = [m for pair in pairs for m in pair]
    won = [m for m in margins if m > 0]
    lost = [-m for m in margins if m < 0]
    per_deal = [sum(pair) / 2 for pair in pairs]
    print(
        f"{a} vs {args.b}, {args.ruleset}, {len(margins)} hands"
        f"{f' (hand {args.later + 1} of each match)' if args.later else ''}: won {len(won)} "
        f"(mean {statistics.fmean(won or [0]):.2f} points), lost {len(lost)} "
        f"(mean {statistics.fmean(lost or [0]):.2f}); net {statistics.fmean(margins):+.2f} a "
        f"hand, spread {statistics.pstdev(margins):.1f}, standard error "
        f"{statistics.stdev(per_deal) / len(per_deal) ** 0.5:.2f}"
    )


if __name__ == "__main__":
    main()
