"""The soak: many hands of every ruleset, with every house rule that applies, by random and greedy
bots, checking after every action that no card is lost or made, after every hand that the scores
add up, and now and then that no view shows a hidden card. Not part of the test run:
``make soak HANDS=100000`` (hands per ruleset).

It prints, per ruleset, the hands played, the breaks found and the first few of them.
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from random import Random

from rummy_core.bots import make_bot
from rummy_core.engine.registry import house_rules, rulesets
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.engine.state import MATCH_OVER
from rummy_core.match import Match
from rummy_core.testing import all_cards, check_view_hides

BOTS = ("random", "greedy")
VIEW_EVERY = 97
"""One action in this many has every seat's view checked (the check deals the hidden cards
again, far slower than an action)."""
PLAYERS = {"classic": 2, "hungarian": 3, "riverside": 4}


def variants(ruleset: str) -> list[str]:
    """The ruleset alone and with each house rule that applies to it."""
    found = [ruleset]
    for name, cls in house_rules().items():
        if not cls.applies_to or ruleset in cls.applies_to:
            found.append(f"{ruleset}+{name}")
    return found


def soak(variant: str, bot: str, hands: int, seed: int) -> tuple[int, int, list[str]]:
    """Play ``hands`` hands of ``variant``; returns hands played, breaks, the first breaks."""
    ruleset = variant.partition("+")[0]
    players = PLAYERS.get(ruleset, 2)
    hooks = build_hooks(Variant.parse(variant), players)
    deck = Counter(hooks.deck)
    rng = Random(seed)
    played = breaks = actions = 0
    problems: list[str] = []
    match = 0
    while played < hands:
        match += 1
        game = new_game(hooks=hooks, seed=seed * 1_000_003 + match)
        table = Match(game, [make_bot(bot, seed=seed + s) for s in range(players)])
        while played < hands:
            try:
                before = list(game.state.scores)
                while not table.over:
                    table.bot_step()
                    actions += 1
                    assert all_cards(game.state) == deck, "cards were lost or made"
                    if actions % VIEW_EVERY == 0:
                        check_view_hides(game, rng.randrange(players), rng)
                st = game.state
                assert st.outcome is not None, "a hand ended without an outcome"
                added = [a - b for a, b in zip(st.scores, before, strict=True)]
                assert added == list(st.outcome.hand_scores), "the scores do not add up"
            except Exception as exc:  # a soak counts every kind of break
                breaks += 1
                if len(problems) < 3:
                    problems.append(
                        f"{variant} ({bot}, match {match}): {type(exc).__name__}: {exc}"
                    )
                played += 1
                break
            played += 1
            if game.state.phase == MATCH_OVER:
                break
            table.deal_next()
    return played, breaks, problems


def main() -> int:
    hands = int(os.environ.get("HANDS", "1000"))
    jobs = int(os.environ.get("JOBS", str(os.cpu_count() or 1)))
    work: list[tuple[str, str, str, int, int]] = []
    for ruleset in rulesets():
        names = variants(ruleset)
        units = [(v, b) for v in names for b in BOTS]
        for index, (variant, bot) in enumerate(units):
            share = hands // len(units) + (index < hands % len(units))
            if share:
                work.append((ruleset, variant, bot, share, index))
    start = time.perf_counter()
    totals: dict[str, list[int]] = {r: [0, 0] for r in rulesets()}
    shown: dict[str, list[str]] = {r: [] for r in rulesets()}
    with ProcessPoolExecutor(jobs) as pool:
        futures = [(r, pool.submit(soak, v, b, n, s)) for r, v, b, n, s in work]
        for ruleset, future in futures:
            played, breaks, problems = future.result()
            totals[ruleset][0] += played
            totals[ruleset][1] += breaks
            shown[ruleset] += problems
    seconds = time.perf_counter() - start
    print(f"soak: {hands} hands per ruleset, bots {', '.join(BOTS)}, every house rule, {jobs} jobs")
    for ruleset, (played, breaks) in totals.items():
        print(
            f"  {ruleset:10} {played:8} hands  {breaks} breaks  ({len(variants(ruleset))} variants)"
        )
        for problem in shown[ruleset][:5]:
            print(f"    {problem}")
    print(f"  {seconds:.0f} s")
    return 1 if any(b for _, b in totals.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
