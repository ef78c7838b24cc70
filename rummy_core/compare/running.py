"""Running a study: in this process, over local worker processes, or on a Ray cluster.

The work is cut into tasks (a block of units, played in every variant so that each unit can be
paired across variants), so a study stopped early has played as many units of each variant.
Blocks come back in task order whatever ran them, and every figure is an exact integer sum, so
the numbers do not depend on ``jobs`` or on where the study ran. Ctrl-C stops the workers and
keeps what was finished.
"""

from __future__ import annotations

import signal
import socket
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from rummy_core.compare.play import Block, Task, new_trends, play_block
from rummy_core.compare.spec import Study
from rummy_core.compare.tally import PairTally, Tally, TrendTally
from rummy_core.engine.errors import RuleError
from rummy_core.extras import require_extra
from rummy_core.i18n.languages import _

BLOCK_HANDS = 20
"""Units per task at most: small enough to spread and report progress, big enough to be cheap."""

CHECK_UNITS = {"hand": 10, "match": 3}
"""The first units of a study are also tallied apart, as its ``check``: a short run of the same
study gives exactly those figures, so a committed report can be re-checked in seconds."""


@dataclass
class Outcome:
    """A study's result: a tally per variant (in the study's order) and how it ran."""

    study: Study
    tallies: list[Tally]
    pairs: list[PairTally]
    """One per two variants, in ``itertools.combinations`` order."""
    trends: list[TrendTally]
    """One per sweep tested for a trend, in ``Study.trends`` order."""
    check: list[Tally]
    """The tallies of the first ``check_units`` units alone."""
    check_units: int
    interrupted: bool
    """Stopped by Ctrl-C: the tallies hold the blocks finished before."""
    seconds: float
    """Wall-clock time of the whole run."""
    jobs: int
    where: str
    """``"local"`` or ``"ray <address>"``."""
    stopped: bool = False
    """Stopped by its sequential rule (``run_study``'s ``enough``) before its last unit."""

    @property
    def hands(self) -> int:
        """Hands played, over all variants."""
        return sum(t.hands for t in self.tallies)


def check_units(study: Study) -> int:
    """How many first units make the study's ``check``."""
    return min(study.units, CHECK_UNITS[study.unit_name])


def plan(study: Study) -> list[Task]:
    """The tasks of a study: blocks of units, with a block boundary after the check's units.

    A small study gets small blocks, so that a few jobs all get work. The block size depends on
    the study alone, never on ``jobs``: ``--records`` lists the hands in the same order however
    the study runs.
    """
    size = 1 if study.matches else max(1, min(BLOCK_HANDS, study.units // 8))
    cut = check_units(study)
    return [
        Task(start, min(start + size, stop))
        for begin, stop in ((0, cut), (cut, study.units))
        for start in range(begin, stop, size)
    ]


def run_study(
    study: Study,
    *,
    jobs: int = 1,
    ray_address: str | None = None,
    keep_hands: bool = False,
    on_block: Callable[[Block], None] | None = None,
    enough: Callable[[list[Tally]], bool] | None = None,
) -> Outcome:
    """Play ``study`` and add up its figures.

    :param jobs: local worker processes (1: play in this process); ignored with ``ray_address``.
    :param ray_address: run on Ray: an address ``ray.init`` accepts (``auto``, ``ray://host:port``)
        or ``local`` for a Ray instance on this machine; a Ray already initialised is used as is.
    :param keep_hands: hand each block's per-hand figures to ``on_block`` (for ``--records``).
    :param on_block: called in the calling process with each finished block, in task order.
    :param enough: a sequential rule: asked after each block with the tallies so far, and the
        study stops when it says so (``Outcome.stopped``). The blocks are merged in task order
        whatever ran them, so the rule stops at the same unit for any ``jobs``.
    """
    study.check()
    tasks = plan(study)
    tallies = [Tally(study.players) for _ in study.variants]
    check = [Tally(study.players) for _ in study.variants]
    pairs = [PairTally() for _ in combinations(study.variants, 2)]
    trends = new_trends(study)
    cut = check_units(study)
    if ray_address is not None:
        blocks, where = _ray_blocks(study, tasks, keep_hands, ray_address), f"ray {ray_address}"
    elif jobs > 1:
        blocks, where = _pool_blocks(study, tasks, keep_hands, jobs), "local"
    else:
        blocks, where = (play_block(study, task, keep_hands) for task in tasks), "local"
    started = time.perf_counter()
    interrupted = stopped = False
    try:
        for block in blocks:
            for mine, theirs in zip(tallies, block.tallies, strict=True):
                mine.merge(theirs)
            for pair, theirs_pair in zip(pairs, block.pairs, strict=True):
                pair.merge(theirs_pair)
            for trend, theirs_trend in zip(trends, block.trends, strict=True):
                trend.merge(theirs_trend)
            if block.task.stop <= cut:
                for mine, theirs in zip(check, block.tallies, strict=True):
                    mine.merge(theirs)
            if on_block is not None:
                on_block(block)
            if enough is not None and enough(tallies):
                stopped = True
                break
    except KeyboardInterrupt:
        interrupted = True
    finally:
        # Stops the workers (or cancels the Ray tasks) that are still running.
        close = getattr(blocks, "close", None)
        if close is not None:
            close()
    seconds = time.perf_counter() - started
    return Outcome(
        study, tallies, pairs, trends, check, cut, interrupted, seconds, jobs, where, stopped
    )


def _ignore_interrupt() -> None:
    # Ctrl-C goes to the whole process group: only the parent should act on it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play(args: tuple[Study, Task, bool]) -> Block:
    return play_block(*args)


def _pool_blocks(study: Study, tasks: list[Task], keep: bool, jobs: int) -> Iterator[Block]:
    # An executor, not ``multiprocessing.Pool``: terminating a pool kills workers that may hold
    # its result queue's lock, and its own join then waits for that lock forever (a failing hand
    # hung `compare --jobs 2` so). Stopped early, the executor drops the blocks not started and
    # lets the running ones finish: a block is a few seconds.
    pool = ProcessPoolExecutor(jobs, initializer=_ignore_interrupt)
    try:
        # map gives the results in task order; each task is already a block.
        yield from pool.map(_play, [(study, task, keep) for task in tasks])
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


RAY_CONNECT_SECONDS = 10.0
"""How long ``--ray HOST:PORT`` waits to reach the cluster before it gives up and says so."""


def check_reachable(address: str, seconds: float = RAY_CONNECT_SECONDS) -> None:
    """``ray_unreachable`` unless a cluster address (``host:port``, ``ray://host:port``) answers a
    connection within ``seconds``: Ray itself retries an unreachable address for minutes.

    An address without a port (``auto``) is left to Ray, which finds a cluster on this machine.
    """
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdecimal():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=seconds).close()
    except OSError as exc:
        reason = _("no answer") if isinstance(exc, TimeoutError) else exc.strerror or str(exc)
        raise RuleError(
            "ray_unreachable",
            "The Ray cluster at %(address)s cannot be reached within %(seconds)g s (%(reason)s).",
            address=address,
            seconds=seconds,
            reason=reason,
        ) from None


def _ray_blocks(study: Study, tasks: list[Task], keep: bool, address: str) -> Iterator[Block]:
    require_extra("ray")
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {"log_to_driver": False}
        if address == "local":
            options["include_dashboard"] = False
        else:
            check_reachable(address)
            options["address"] = address
        try:
            ray.init(**options)
        except ConnectionError as exc:
            # The port answered, but not as a Ray cluster (or the cluster went away).
            raise RuleError(
                "ray_unreachable",
                "No Ray cluster answers at %(address)s: %(problem)s",
                address=address,
                problem=str(exc),
            ) from None
    remote = ray.remote(play_block)
    # A window of tasks in flight keeps every CPU busy without queueing the whole study.
    cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
    window = max(2, 2 * int(cpus))
    pending: deque[Any] = deque()
    queue = iter(tasks)

    def submit() -> None:
        task = next(queue, None)
        if task is not None:
            pending.append(remote.remote(study, task, keep))

    try:
        for _ in range(window):
            submit()
        while pending:
            block: Block = ray.get(pending.popleft())
            submit()
            yield block
    finally:
        for ref in pending:
            ray.cancel(ref)
        if started_here:
            ray.shutdown()
