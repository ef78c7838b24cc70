"""rummy compare --ray: the same study on a Ray instance gives the same figures as a local run.

The test starts a local Ray instance of its own (two CPUs, no dashboard) and stops it after. It
needs the ``ray`` extra (``pip install -e '.[dev,ray]'``, which ``make test`` does); without it
the test is skipped and says why.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rummy_core.compare import Study, build_report, run_study
from rummy_core.compare.play import Block

ray = pytest.importorskip("ray", reason="Ray is an optional extra: pip install -e '.[ray]'")

STUDY = Study(("classic:target=null", "riverside"), units=12, seed=33)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    except Exception as exc:  # pragma: no cover - depends on the machine
        pytest.skip(f"A local Ray instance could not start here: {exc}")
    yield
    ray.shutdown()


def figures_and_hands(ray_address: str | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    hands: list[dict[str, Any]] = []

    def keep(block: Block) -> None:
        hands.extend({**h.as_json(), "seconds": 0} for h in block.hands or ())

    outcome = run_study(STUDY, ray_address=ray_address, keep_hands=True, on_block=keep)
    return build_report(outcome).reproducible(), hands


def test_ray_run_is_identical_to_a_local_run(local_ray: None) -> None:
    on_ray, ray_hands = figures_and_hands("auto")
    local, local_hands = figures_and_hands(None)
    assert on_ray == local
    assert ray_hands == local_hands
    assert [v["hands"] for v in on_ray["variants"]] == [STUDY.units, STUDY.units]
