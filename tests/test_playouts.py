"""Random legal playouts of every installed ruleset, checking the engine's invariants throughout.

After every action: cards are conserved, no view or event shows hidden cards, the position
survives a JSON round trip; refused actions change nothing; and every hand ends.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_core.engine.registry import rulesets
from rummy_core.engine.state import HAND_OVER, MATCH_OVER
from rummy_core.testing import conformance_run


@pytest.mark.parametrize("ruleset", list(rulesets()))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31), extra_players=st.integers(0, 2))
def test_random_hands_keep_every_invariant_and_end(
    ruleset: str, seed: int, extra_players: int
) -> None:
    cls = rulesets()[ruleset]
    players = min(cls.Options.min_players + extra_players, cls.Options.max_players)
    (final,) = conformance_run(ruleset, players=players, seeds=[seed])
    assert final.phase in (HAND_OVER, MATCH_OVER)
    assert final.outcome is not None and len(final.outcome.hand_scores) == players
