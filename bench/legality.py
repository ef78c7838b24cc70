"""Where legality checks go, and how fast random play is, per ruleset.

Random-bot hands per second (``Match.play_hand``, two random bots) and PettingZoo steps per
second (random masked ids, the mask built every step), CPU time, pinned to one core. With
``--profile``, also the legality questions of each workload by kind of action (``Game.is_legal``,
``Game.check`` and the move generator's ``Game.legal``, each answer), and how many actions were
run on a clone (``Game._run``: the trial runs and the moves), with cProfile's top functions.

Run: ``python bench/legality.py [--seconds S] [--profile]``; compare runs of the same machine.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from env_bench import random_episodes

from bench import pin_to_one_core
from rummy_core.bots import make_bot
from rummy_core.engine.actions import Action
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game
from rummy_core.engine.legality import Reader
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.engine.state import State
from rummy_core.match import Match

RULESETS = ("classic", "riverside", "hungarian")


def random_hands(variant: str) -> Callable[[int], int]:
    """One two-player hand of random bots per call; its engine actions."""
    hooks = build_hooks(Variant.parse(variant), 2)

    def play(index: int) -> int:
        game = new_game(hooks=hooks, seed=index)
        Match(game, [make_bot("random", 2 * index), make_bot("random", 2 * index + 1)]).play_hand()
        return 1

    return play


def rate(run: Callable[[int], int], seconds: float) -> float:
    """Units ``run`` returns per CPU second, over whole calls."""
    done = calls = 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds:
        done += run(calls)
        calls += 1
    return done / spent


def profile(name: str, run: Callable[[int], int], calls: int) -> None:
    """``run`` ``calls`` times under cProfile, counting legality questions by kind and runs."""
    asked: Counter[str] = Counter()
    trials: Counter[str] = Counter()
    accepts, trial = Game._accepts, Game._run

    def counted_accepts(game: Game, reader: Reader | None, action: Action) -> bool:
        asked[type(action).__name__] += 1
        return accepts(game, reader, action)

    def counted_run(
        game: Game, old: State, seat: int, action: Action, events: list[Event]
    ) -> State:
        trials[type(action).__name__] += 1
        return trial(game, old, seat, action, events)

    Game._accepts = counted_accepts  # type: ignore[assignment, method-assign]
    Game._run = counted_run  # type: ignore[assignment, method-assign]
    profiler = cProfile.Profile()
    try:
        profiler.runcall(lambda: sum(run(i) for i in range(calls)))
    finally:
        Game._accepts, Game._run = accepts, trial  # type: ignore[method-assign]
    total = sum(asked.values())
    print(f"\n== {name}: legality asked {total}, runs {sum(trials.values())} (incl. the moves)")
    for kind, count in asked.most_common():
        print(f"   {kind:12} asked {count:7} ({count / total:4.0%})  runs {trials[kind]}")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(18)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    print(pin_to_one_core())
    for variant in RULESETS:
        hands = rate(random_hands(variant), args.seconds)
        steps = rate(random_episodes(variant), args.seconds)
        print(f"{variant:10} random-bot hands/s {hands:8.1f}   env steps/s {steps:9.1f}")
    if args.profile:
        for variant in RULESETS:
            profile(f"{variant} random-bot hands", random_hands(variant), 40)
            profile(f"{variant} env episodes", random_episodes(variant), 20)


if __name__ == "__main__":
    main()
