"""The framework's fixtures (rummy_game, rummy_position, rummy_conformance), for this variant."""

import pytest

pytest_plugins = ["rummy_core.testing"]


@pytest.fixture
def rummy_variant() -> str:
    return "classic+deuces-wild"
