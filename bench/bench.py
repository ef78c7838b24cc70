"""The benchmark of ``make bench``: our hands per second, solver time and memory, next to the peers.

Measured in one process pinned to one core, the peers (OpenSpiel's ``gin_rummy``, RLCard's
``gin-rummy``; ``bench/requirements-peers.txt``) in the same run when they can be imported. Times
are CPU time of this process (``time.process_time``), so other programs on a busy machine do
not inflate them; wall-clock figures are the same on an idle one. A peer that cannot be imported
shows the issue's reference figure for this machine instead, marked ``(ref)``.

Workloads, each as close as the games allow:

- hands per second, greedy bot against itself, 2-player classic rummy single hands and gin
  single hands (the peers' own game, issue #37), one ``Hooks`` reused, a fresh game per hand;
  OpenSpiel's simple gin rummy bot against itself (a fresh ``new_initial_state()`` per hand);
  RLCard's novice rule agent against itself.
- hands and engine actions per second with uniformly random legal moves, per ruleset (gin
  included); OpenSpiel's random gin rummy (its player actions, chance nodes left out) and
  RLCard's environment steps with its random agent. A random classic hand is much longer than a
  random gin hand, so actions per second are the fairer comparison; gin against gin is like for
  like (about 110 player actions a random hand on both sides).
- solver microseconds per call on 10,000 random hands (``bench/solver_bench.py``'s hands):
  median and 99th percentile, first pass (empty memo) and second; OpenSpiel's ``min_deadwood``
  and RLCard's best meld clusters with their deadwood on 10-card hands. Classic hands are timed
  twice: ``best_arrangement`` (melds and deadwood, like RLCard's answer) and the value alone
  (``MeldSolver.deadwood``, like OpenSpiel's).
- the expert bot's CPU milliseconds per decision at its default budget, against the greedy bot.
- memory: the resident set of a fresh process after 1,000 and after 10,000 greedy hands, for each
  ruleset with 2 and 4 players.

- the same speed figures on the optional compiled build (``make compiled``: mypyc, see
  docs/performance.md), measured by its own interpreter in a child process on the same core,
  when ``--compiled PYTHON`` names that interpreter.

Run: ``python bench/bench.py [--quick] [--compiled .venv-compiled/bin/python]`` (``--quick``:
shorter runs, for a first look).
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from solver_bench import CLASSIC, HUNGARIAN, RIVERSIDE, _hands, _timings

from rummy_core.bots import make_bot
from rummy_core.commands.duel import bot_from_spec
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.match import Match
from rummy_core.solver import MeldSolver

REFERENCE: dict[str, Any] = {
    "openspiel_simple": 504.0,
    "openspiel_random": 398.0,
    "openspiel_actions": 32_900.0,
    "openspiel_solver": (1.7, 3.9),
    "rlcard_rule": 100.0,
    "rlcard_solver": (11.9, 46.8),
}
"""The issue's figures for this machine (one core, CPU time), shown when a peer cannot be
imported."""

BEFORE = {"riverside": 9_800, "hungarian": 5_600}
"""Random-move actions per second before the work on speed (the same machine kind, one core)."""

RULESETS = ("classic:target=null", "riverside", "hungarian")
"""The rulesets measured, as variants (single hands: a fresh game plays its first hand)."""


def pin_to_one_core() -> str:
    """Run on one core (the first this process may use); says which."""
    try:
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
    except (AttributeError, OSError):
        return "not pinned"
    return f"core {core}"


def per_second(play_one: Callable[[int], None], seconds: float) -> float:
    """Hands per CPU second: ``play_one(i)`` for i = 0, 1, ... until ``seconds`` have been spent."""
    played = 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds:
        play_one(played)
        played += 1
    return played / spent


# -- this project ----------------------------------------------------------------------------


def our_hands(variant: str, bot: str, seconds: float) -> float:
    """Two-player hands per second of ``variant`` with ``bot`` in both seats."""
    hooks = build_hooks(Variant.parse(variant), 2)

    def one(index: int) -> None:
        game = new_game(hooks=hooks, seed=index)
        Match(game, [make_bot(bot, 2 * index), make_bot(bot, 2 * index + 1)]).play_hand()

    return per_second(one, seconds)


def our_random(variant: str, seconds: float) -> tuple[float, float]:
    """Two-player hands and engine actions per second of ``variant``, random legal moves."""
    hooks = build_hooks(Variant.parse(variant), 2)
    hands = actions = 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds:
        game = new_game(hooks=hooks, seed=hands)
        Match(game, [make_bot("random", 2 * hands), make_bot("random", 2 * hands + 1)]).play_hand()
        actions += len(game.log)
        hands += 1
    return hands / spent, actions / spent


def our_expert(variant: str, decisions: int, expert: str = "expert") -> tuple[float, float]:
    """The expert's median and 90th-percentile milliseconds of CPU per decision against the
    greedy bot in 2-player hands of ``variant``: at its default budget, or as ``expert`` says
    (``expert:playouts=64``)."""
    hooks = build_hooks(Variant.parse(variant), 2)
    spent: list[float] = []
    deal = 0
    while len(spent) < decisions:
        game = new_game(hooks=hooks, seed=deal)
        match = Match(game, [bot_from_spec(expert, deal), make_bot("greedy", deal)])
        while not match.over and len(spent) < decisions:
            seat = game.current_player()
            assert seat is not None
            start = time.process_time()
            action = match.choose(seat)
            if seat == 0:
                spent.append((time.process_time() - start) * 1000)
            match.act(seat, action)
        deal += 1
    spent.sort()
    return statistics.median(spent), spent[int(len(spent) * 0.9)]


def our_solver(count: int) -> dict[str, tuple[float, float, float, float]]:
    """Per ruleset: median and p99 microseconds, first pass then second pass; for classic also
    the least deadwood value alone (``MeldSolver.deadwood`` of a fresh solver)."""
    rng = random.Random(2024)
    found = {}
    for name, (rules, values) in (
        ("classic", CLASSIC),
        ("hungarian", HUNGARIAN),
        ("riverside", RIVERSIDE),
    ):
        hands = _hands(name, count, rng)
        calls: list[tuple[str, Callable[[list[int]], object] | None]] = [(name, None)]
        if name == "classic":
            calls.append(("classic value", MeldSolver(rules, values).deadwood))
        for label, call in calls:
            passes = []
            for _ in range(2):
                spent = sorted(_timings(rules, values, hands, True, call))
                passes += [statistics.median(spent), spent[int(len(spent) * 0.99)]]
            found[label] = (passes[0], passes[1], passes[2], passes[3])
    return found


def memory_child(variant: str, players: int, hands: int) -> None:
    """In a fresh process: play greedy hands, print the resident set after 1,000 and at the end."""
    hooks = build_hooks(Variant.parse(variant), players)
    for index in range(hands):
        game = new_game(hooks=hooks, seed=index)
        Match(
            game, [make_bot("greedy", players * index + seat) for seat in range(players)]
        ).play_hand()
        if index + 1 in (1000, hands):
            print(index + 1, _status("VmRSS"), _status("VmHWM"), flush=True)


def _status(field: str) -> int:
    """A memory figure of this process from /proc, in kB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def our_memory(variant: str, players: int, hands: int) -> list[tuple[int, int, int]]:
    """(hands played, RSS kB, peak RSS kB) reported by a fresh process playing ``hands``."""
    out = subprocess.run(
        [sys.executable, __file__, "--memory-child", variant, str(players), str(hands)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    rows = [tuple(int(x) for x in line.split()) for line in out.splitlines() if line.strip()]
    return [(r[0], r[1], r[2]) for r in rows]


# -- the peers -------------------------------------------------------------------------------


def openspiel_hands(bot: str, seconds: float) -> tuple[float, float] | None:
    """OpenSpiel gin rummy hands and player actions (chance nodes left out) per second: its
    simple bot, or random legal moves."""
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(0)
    bots = (
        [pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), p) for p in (0, 1)]
        if bot == "simple"
        else []
    )

    actions = 0

    def one(_: int) -> None:
        nonlocal actions
        state = game.new_initial_state()
        for each in bots:
            each.restart()
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                actions += 1
                if bots:
                    action = bots[state.current_player()].step(state)
                else:
                    action = rng.choice(state.legal_actions())
            state.apply_action(action)

    start = time.process_time()
    hands = per_second(one, seconds)
    return hands, actions / (time.process_time() - start)


def openspiel_solver(count: int) -> tuple[float, float] | None:
    """OpenSpiel's C++ minimum deadwood on random 10-card hands: median and p99 microseconds."""
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(2024)
    hands = [rng.sample(range(52), 10) for _ in range(count)]
    clock = time.thread_time_ns
    spent = []
    for hand in hands:
        start = clock()
        utils.min_deadwood(hand)
        spent.append((clock() - start) / 1000)
    spent.sort()
    return statistics.median(spent), spent[int(len(spent) * 0.99)]


def rlcard_hands(seconds: float) -> float | None:
    """RLCard gin rummy hands per second, its novice rule agent in both seats."""
    try:
        import rlcard  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from rlcard.models.gin_rummy_rule_models import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
            GinRummyNoviceRuleAgent,
        )
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 0})
    agent = GinRummyNoviceRuleAgent()
    env.set_agents([agent, agent])
    return per_second(lambda _: env.run(is_training=False), seconds)


def rlcard_steps(seconds: float) -> float | None:
    """RLCard gin rummy environment steps per second, a random agent in both seats."""
    try:
        import rlcard  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from rlcard.agents import RandomAgent  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 0})
    agent = RandomAgent(num_actions=env.num_actions)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(agent.step(state))
            steps += 1
    return steps / (time.process_time() - start)


def rlcard_solver(count: int) -> tuple[float, float] | None:
    """RLCard's best meld clusters and their deadwood on random 10-card hands (microseconds)."""
    try:
        from rlcard.games.gin_rummy.utils import melding, utils  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    deck = utils.get_deck()
    rng = random.Random(2024)
    hands = [rng.sample(deck, 10) for _ in range(count)]
    clock = time.thread_time_ns
    spent = []
    for hand in hands:
        start = clock()
        clusters = melding.get_best_meld_clusters(hand)
        utils.get_deadwood_count(hand, clusters[0] if clusters else [])
        spent.append((clock() - start) / 1000)
    spent.sort()
    return statistics.median(spent), spent[int(len(spent) * 0.99)]


# -- the table -------------------------------------------------------------------------------


def _rate(value: float | None, reference: str | None = None) -> str:
    if value is None:
        return f"{REFERENCE[reference]:,.0f}/s (ref)" if reference else "-"
    return f"{value:,.0f}/s"


def _micros(value: tuple[float, float] | None, reference: str) -> str:
    if value is None:
        median, p99 = REFERENCE[reference]
        return f"{median:.1f} / {p99:.1f} us (ref)"
    return f"{value[0]:.1f} / {value[1]:.1f} us"


def _ratio(ours: float, theirs: float | None, reference: str) -> str:
    peer = theirs if theirs is not None else REFERENCE[reference]
    return f"{ours / peer:.2f}x"


def our_figures(seconds: float, solver_hands: int, decisions: int) -> dict[str, Any]:
    """This project's speed figures: greedy hands/s, random hands and actions/s per ruleset,
    solver microseconds, expert milliseconds per decision."""
    return {
        "greedy": our_hands("classic:target=null", "greedy", seconds),
        "gin_greedy": our_hands("gin", "greedy", seconds),
        "gin_random": our_random("gin", seconds),
        "random": {variant: our_random(variant, seconds) for variant in RULESETS},
        "solver": our_solver(solver_hands),
        "expert": {variant: our_expert(variant, decisions) for variant in RULESETS},
    }


def compiled_figures(
    python: str, seconds: float, solver_hands: int, decisions: int
) -> dict[str, Any] | None:
    """``our_figures`` measured on the optional compiled build (``make compiled``), by a child
    process of its interpreter on this core; None (with the reason) when it cannot run."""
    out = subprocess.run(
        [python, __file__, "--compiled-child", str(seconds), str(solver_hands), str(decisions)],
        capture_output=True,
        text=True,
    )
    if out.returncode:
        print(f"compiled build not measured: {out.stderr.strip()[-300:]}", file=sys.stderr)
        return None
    found: dict[str, Any] = json.loads(out.stdout)
    return found


def compiled_child(seconds: float, solver_hands: int, decisions: int) -> None:
    """In the compiled build's interpreter: print ``our_figures`` as JSON."""
    import rummy_core.engine.game

    if not str(rummy_core.engine.game.__file__).endswith(".so"):
        raise SystemExit(f"not the compiled build: {rummy_core.engine.game.__file__}")
    print(json.dumps(our_figures(seconds, solver_hands, decisions)))


def processor() -> str:
    """The processor's model name: the ratios to the peers differ from one model to another (the
    same compiled greedy gin hand was 1.97x OpenSpiel's on one machine of the project's kind and
    1.35x on another), so a table names the one it was measured on."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main() -> None:
    """Measure everything and print the table."""
    quick = "--quick" in sys.argv
    seconds = 3.0 if quick else 10.0
    solver_hands = 1000 if quick else 10_000
    memory_hands = 2000 if quick else 10_000
    decisions = 30 if quick else 150
    pinned = pin_to_one_core()
    print(
        f"Python {sys.version.split()[0]}, {processor()}, {pinned}, CPU time;"
        " peers in the same run."
    )
    rows: list[tuple[str, str, str, str, str, str]] = []
    mine = our_figures(seconds, solver_hands, decisions)
    python = sys.argv[sys.argv.index("--compiled") + 1] if "--compiled" in sys.argv else None
    built = compiled_figures(python, seconds, solver_hands, decisions) if python else None
    simple = openspiel_hands("simple", seconds)
    peer = simple and simple[0]
    rl_hands = rlcard_hands(seconds)
    for label, key, goal in (
        ("2-player classic", "greedy", ">= 1.5x OpenSpiel"),
        ("gin (the peers' game)", "gin_greedy", ">= OpenSpiel, compiled >= 2x"),
    ):
        ours, fast = mine[key], built and built[key]
        rows.append(
            (
                f"hands/s, {label}, greedy bot vs itself",
                f"{_rate(ours)} ({_ratio(ours, peer, 'openspiel_simple')})",
                f"{_rate(fast)} ({_ratio(fast, peer, 'openspiel_simple')})" if fast else "-",
                _rate(peer, "openspiel_simple") + " simple bot",
                _rate(rl_hands, "rlcard_rule") + " rule agent",
                goal,
            )
        )
    os_random = openspiel_hands("random", seconds)
    rl_steps = rlcard_steps(seconds)
    gin_hands, gin_actions = mine["gin_random"]
    fast_gin = built["gin_random"] if built else None
    os_actions = os_random and os_random[1]
    rows.append(
        (
            "hands/s, gin, random moves",
            _rate(gin_hands),
            _rate(fast_gin[0]) if fast_gin else "-",
            _rate(os_random and os_random[0], "openspiel_random"),
            "",
            "",
        )
    )
    rows.append(
        (
            "actions/s, gin, random moves",
            f"{_rate(gin_actions)} ({_ratio(gin_actions, os_actions, 'openspiel_actions')})",
            f"{_rate(fast_gin[1])} ({_ratio(fast_gin[1], os_actions, 'openspiel_actions')})"
            if fast_gin
            else "-",
            _rate(os_actions, "openspiel_actions"),
            f"{_rate(rl_steps)} env steps",
            "",
        )
    )
    for variant in RULESETS:
        name = variant.split(":")[0]
        hands, actions = mine["random"][variant]
        fast_hands, fast_actions = built["random"][variant] if built else (None, None)
        classic = name == "classic"
        rows.append(
            (
                f"hands/s, 2-player {name}, random moves",
                _rate(hands),
                _rate(fast_hands) if built else "-",
                _rate(os_random and os_random[0], "openspiel_random") if classic else "",
                "",
                "",
            )
        )
        peer_actions = os_random and os_random[1]
        versus = f" ({_ratio(actions, peer_actions, 'openspiel_actions')})" if classic else ""
        fast_versus = (
            f" ({_ratio(fast_actions, peer_actions, 'openspiel_actions')})"
            if classic and fast_actions
            else ""
        )
        rows.append(
            (
                f"actions/s, 2-player {name}, random moves",
                _rate(actions) + versus,
                _rate(fast_actions) + fast_versus if built else "-",
                _rate(peer_actions, "openspiel_actions") if classic else "",
                f"{_rate(rl_steps)} env steps" if classic else "",
                ">= 1.5x OpenSpiel" if classic else f">= 3x {BEFORE[name]:,}/s (before)",
            )
        )
    ours = mine["solver"]
    labels = {
        "classic": "10-card classic",
        "classic value": "10-card classic, value only",
        "hungarian": "15-card Hungarian, jokers",
        "riverside": "30-card Riverside, four 2s",
    }
    goals = {
        "classic": "p99 < 8",
        "classic value": "<= OpenSpiel, p99 < 8",
        "hungarian": "< 30 us",
        "riverside": "< 200 us",
    }
    # OpenSpiel's min_deadwood answers the value alone (the "value only" row is like for
    # like); RLCard's answer holds the melds, like best_arrangement's.
    openspiel = _micros(openspiel_solver(solver_hands), "openspiel_solver")
    rlcard = _micros(rlcard_solver(solver_hands), "rlcard_solver")

    def solver_cell(figures: tuple[float, float, float, float]) -> str:
        median, p99, warm_median, warm_p99 = figures
        return f"{median:.1f} / {p99:.1f} us (warm {warm_median:.1f} / {warm_p99:.1f})"

    for name, figures in ours.items():
        rows.append(
            (
                f"solver us/call median / p99, {labels[name]}",
                solver_cell(figures),
                solver_cell(built["solver"][name]) if built else "-",
                openspiel if name.startswith("classic") else "",
                rlcard if name == "classic" else "",
                goals[name],
            )
        )
    for variant in RULESETS:
        median, p90 = mine["expert"][variant]
        fast_expert = built["expert"][variant] if built else None
        rows.append(
            (
                f"expert ms/decision median / p90, {variant.split(':')[0]}",
                f"{median:.0f} / {p90:.0f} ms",
                f"{fast_expert[0]:.0f} / {fast_expert[1]:.0f} ms" if fast_expert else "-",
                "",
                "",
                "median < 100 ms",
            )
        )
    for variant in RULESETS:
        for players in (2, 4):
            memory = our_memory(variant, players, memory_hands)
            rss = ", ".join(f"{kb / 1024:.1f} MB after {n:,}" for n, kb, _ in memory)
            name = variant.split(":")[0]
            rows.append((f"RSS, {players}-player {name} greedy hands", rss, "", "", "", "flat"))
    _print(rows)


def _print(rows: list[tuple[str, str, str, str, str, str]]) -> None:
    header = (
        "measure",
        "this project (pure Python)",
        "compiled build (optional)",
        "OpenSpiel gin_rummy",
        "RLCard gin-rummy",
    )
    table = [(*header, "goal"), *rows]
    widths = [max(len(row[i]) for row in table) for i in range(6)]
    for index, row in enumerate(table):
        print(" | ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
        if index == 0:
            print("-+-".join("-" * width for width in widths))


if __name__ == "__main__":
    if len(sys.argv) > 4 and sys.argv[1] == "--memory-child":
        memory_child(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif len(sys.argv) > 4 and sys.argv[1] == "--compiled-child":
        compiled_child(float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
    else:
        main()
