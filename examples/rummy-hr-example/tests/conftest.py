"""The variant every fixture of rummy_core.testing plays here (rummy_game, rummy_position,
rummy_conformance): pytest loads those fixtures itself once rummy-core is installed."""

import pytest


@pytest.fixture
def rummy_variant() -> str:
    return "classic+deuces-wild"
