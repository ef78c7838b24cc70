"""Our bots against the peers' gin bots, on the same deals from both seats (issue #37).

The peers' bots are OpenSpiel's simple gin rummy bot (``make_simple_gin_rummy_bot``,
``restart``ed every hand) and RLCard's novice rule agent (``GinRummyNoviceRuleAgent``: gin, else
knock, as soon as it may; else discard a card that leaves the least deadwood; draws at random).
Each deal is played twice through the mirror (``openspiel_mirror.py``: our rules and OpenSpiel's
in lockstep, every decision compared), our bot in seat 0 (the non-dealer, OpenSpiel's player 0)
and then in seat 1. The hand is scored by our rules, which are OpenSpiel's except where
docs/rulings.md says otherwise (G9: the defender's melds count at their best arrangement; the
simple bot lays its best too). A hand OpenSpiel ends at its 50th upcard drawn (G15) counts as
void. RLCard's agent plays our rules through an adapter: its actions are offered as RLCard ids
(the upcard's pass as its draw, the wall's pass as its dead hand), a knock or gin lays the best
melds of the cards kept, and it lays nothing off (RLCard's game has no lay-offs; OpenSpiel's bot
never lays off either). Printed per pairing: hands won, lost and tied (void hands and equal
counts), the win rate (a tie counts half) with its 95% Wilson interval, the share of the decided
hands won, and net points a hand with its standard error (from the per-deal means, as the two
hands of a deal share its cards).

Every deal prints a line as it finishes (our margin from each seat, and the figures so far), so a
run cut short still reports. A bot may be given options as ``rummy duel`` spells them
(``expert:veto=0.15,particles=500``). Run: ``python bench/gin_crossplay.py [--bots greedy,expert]
[--against simple,rlcard] [--hands 2000] [--jobs 1] [--first 1000000]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import numpy
import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
from openspiel_mirror import (
    KNOCK,
    Mirror,
    Tally,
    bot_seat,
    os_bot_seat,
    os_game,
    play_hand,
)
from rummy_rulesets.gin import GIN_MELDS, Pass, at_wall, is_defender
from rummy_rulesets.knocking import Knock

from rummy_core.bots.base import Bot
from rummy_core.commands.duel import bot_from_spec
from rummy_core.compare.stats import wilson
from rummy_core.engine.actions import STOCK, Action, Discard, Draw, MeldDown, NewMeld
from rummy_core.engine.defaults import PIP_VALUES
from rummy_core.engine.setup import Variant, build_hooks
from rummy_core.engine.state import PLAY
from rummy_core.solver import solver_for

FIRST_DEAL = 1_000_000
"""Deals of their own, apart from the cross-check's seeds 0, 1, 2, ..."""

PEERS = {"simple": "OpenSpiel's simple bot", "rlcard": "RLCard's novice rule agent"}

# RLCard's action ids (rlcard/games/gin_rummy/utils/action_event.py).
DRAW_CARD, PICK_UP, DEAD_HAND, GIN, DISCARD_BASE, KNOCK_BASE = 2, 3, 4, 5, 6, 58


def to_rlcard(code: int) -> int:
    """Our card code (suits C D H S) as RLCard's (suits S H D C)."""
    return (3 - code // 13) * 13 + code % 13


def rlcard_seat(mirror: Mirror, seat: int) -> None:
    """RLCard's novice rule agent's next piece of a turn, offered our legal actions as its ids."""
    from rlcard.models.gin_rummy_rule_models import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
        GinRummyNoviceRuleAgent,
    )

    state = mirror.game.state
    if state.phase == PLAY and is_defender(state, seat):
        mirror.sync()
        mirror.play(seat, Pass())  # RLCard's game has no lay-offs
        return
    mid_turn = mirror.mid_turn
    allowed = [] if mid_turn else mirror.sync()
    offered: dict[int, list[Action]] = {}
    for action in allowed:
        if isinstance(action, Draw):
            offered[DRAW_CARD if action.source == STOCK else PICK_UP] = [action]
        elif isinstance(action, Pass):
            offered[DEAD_HAND if at_wall(state) else DRAW_CARD] = [action]
        elif isinstance(action, Discard):
            offered[DISCARD_BASE + to_rlcard(action.card)] = [action]
    if state.phase == PLAY and (mid_turn or KNOCK in {mirror.image(a) for a in allowed}):
        limit = mirror.game.hooks.ruleset.knock_limit(state)
        hand = state.hands[seat]
        for card in sorted(set(hand)):
            kept = list(hand)
            kept.remove(card)
            best = solver_for(GIN_MELDS, PIP_VALUES).best(kept)
            if best.deadwood_value <= limit:
                plan: list[Action] = [MeldDown((NewMeld.of(m[0]),)) for m in best.melds]
                plan.append(Knock(card))
                offered.setdefault(
                    GIN if best.deadwood_value == 0 else KNOCK_BASE + to_rlcard(card), plan
                )
    planes = numpy.zeros((5, 52))
    for card in state.hands[seat]:
        planes[0][to_rlcard(card)] = 1
    view = {"legal_actions": OrderedDict.fromkeys(offered), "obs": planes}
    choice = GinRummyNoviceRuleAgent.step(view)
    for action in offered[int(choice)]:
        mirror.play(seat, action)


def deal_margins(ours: str, against: str, deals: list[int]) -> list[tuple[float, float]]:
    """Our bot's margin (its points less the peer's) in each deal, from seat 0 then 1."""
    hooks = build_hooks(Variant.parse("gin"), 2)
    game = os_game()
    params = game.get_parameters()
    simple = [pyspiel.make_simple_gin_rummy_bot(params, p) for p in (0, 1)]
    peer = os_bot_seat(simple) if against == "simple" else rlcard_seat
    found = []
    for deal in deals:
        margins = []
        for seat in (0, 1):
            for each in simple:
                each.restart()
            numpy.random.seed(2 * deal + seat)  # RLCard's agent draws with numpy's generator
            bots: list[Bot | None] = [None, None]
            bots[seat] = bot_from_spec(ours, 2 * deal + seat)
            mirror = Mirror(deal, hooks, game, Tally(), bots)
            seats = [peer, peer]
            seats[seat] = bot_seat
            play_hand(mirror, seats)
            outcome = mirror.game.state.outcome
            scores = (0, 0) if mirror.os_over or outcome is None else outcome.hand_scores
            margins.append(float(scores[seat] - scores[1 - seat]))
        found.append((margins[0], margins[1]))
    return found


def deal_lines(
    ours: str, against: str, deals: list[int], jobs: int
) -> Iterator[tuple[int, tuple[float, float]]]:
    """Each of ``deals`` with its two margins (``deal_margins``), as soon as it is played: in
    ``jobs`` processes, in the order they finish."""
    if jobs == 1:
        for deal in deals:
            yield deal, deal_margins(ours, against, [deal])[0]
        return
    with ProcessPoolExecutor(jobs) as pool:
        futures = {pool.submit(deal_margins, ours, against, [deal]): deal for deal in deals}
        for future in as_completed(futures):
            yield futures[future], future.result()[0]


def figures(pairs: list[tuple[float, float]]) -> dict[str, float]:
    """Counts and figures of the deals played so far, each deal's two margins a pair."""
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
        "se": statistics.stdev(per_deal) / len(per_deal) ** 0.5 if len(per_deal) > 1 else 0.0,
    }


def measure(
    ours: str,
    against: str,
    hands: int,
    jobs: int,
    first: int = FIRST_DEAL,
    each: Callable[[int, tuple[float, float], dict[str, float]], None] | None = None,
) -> dict[str, float]:
    """``hands`` hands (two a deal, deals ``first`` on) of ``ours`` against a peer's bot
    (``simple``: OpenSpiel's, ``rlcard``: RLCard's): counts and figures. ``each`` is told of
    every deal as it finishes, with the figures so far, so a run cut short still reports."""
    deals = [first + i for i in range((hands + 1) // 2)]
    start = time.perf_counter()
    pairs: list[tuple[float, float]] = []
    for deal, pair in deal_lines(ours, against, deals, jobs):
        pairs.append(pair)
        if each is not None:
            each(deal, pair, figures(pairs))
    return {**figures(pairs), "seconds": time.perf_counter() - start}


def deal_line(pairing: str, deal: int, pair: tuple[float, float], row: dict[str, float]) -> None:
    """Print one finished deal of ``pairing``: its two margins and the figures so far."""
    print(
        f"    {pairing}, deal {deal}: {pair[0]:+.0f} / {pair[1]:+.0f}; so far"
        f" {row['hands']:.0f} hands, won {row['wins']:.0f}, lost {row['losses']:.0f}, tied"
        f" {row['ties']:.0f}: {row['win_rate']:.1%}, net {row['net']:+.2f} (SE {row['se']:.2f})",
        flush=True,
    )


def bot_specs(text: str) -> list[str]:
    """The bots of ``--bots``: names apart by commas, an ``option=value`` after a comma going
    with the bot before it (``expert:veto=0.15,particles=500,greedy``: two bots)."""
    specs: list[str] = []
    for part in text.split(","):
        if "=" in part and ":" not in part and specs:
            specs[-1] += f",{part}"
        else:
            specs.append(part)
    return specs


def main() -> None:
    """Print a line per deal as it finishes, with the figures so far, then one per pairing of a
    bot of ours and a peer's."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bots", default="greedy,expert")
    parser.add_argument("--against", default="simple,rlcard")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--first", type=int, default=FIRST_DEAL, help="the first deal's number")
    args = parser.parse_args()
    print(f"gin, single hands on shared deals, {args.hands:,} hands a pairing:")
    for against in args.against.split(","):
        for ours in bot_specs(args.bots):
            pairing = f"{ours} vs {PEERS[against]}"
            each = partial(deal_line, pairing)
            row = measure(ours, against, args.hands, args.jobs, args.first, each)
            print(
                f"  {pairing}: won {row['wins']:.0f}, lost {row['losses']:.0f},"
                f" tied {row['ties']:.0f}: win rate {row['win_rate']:.1%} ({row['low']:.1%} to"
                f" {row['high']:.1%}), {row['decisive']:.1%} of the decided hands; net"
                f" {row['net']:+.2f} points a hand (SE {row['se']:.2f}); {row['seconds']:.0f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
