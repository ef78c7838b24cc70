"""Every number option of the shipped rulesets and house rules has an upper bound (#39): a table
can never be set up to play forever (a race to a billion points) or to score past reason."""

from __future__ import annotations

import pytest

from rummy_core.engine.errors import RuleError
from rummy_core.engine.options import OPTION_LIMITS
from rummy_core.engine.registry import house_rules, rulesets
from rummy_core.engine.setup import new_game

BOUNDED = [
    ("classic:target={}", OPTION_LIMITS["target"]),
    ("classic:turn_cap={}", OPTION_LIMITS["turn_cap"]),
    ("riverside:target={}", OPTION_LIMITS["target"]),
    ("riverside:hand_cap={}", OPTION_LIMITS["hands"]),
    ("hungarian:hands={}", OPTION_LIMITS["hands"]),
    ("hungarian:opening={}", OPTION_LIMITS["points"]),
    ("classic+knock:limit={}", OPTION_LIMITS["points"]),
    ("classic+knock:undercut_bonus={}", OPTION_LIMITS["points"]),
    ("hungarian+opening-40:points={}", OPTION_LIMITS["points"]),
    ("riverside+pile-penalty:points={}", OPTION_LIMITS["points"]),
]


@pytest.mark.parametrize(("variant", "most"), BOUNDED)
def test_the_bound_is_taken_and_one_past_it_is_refused(variant: str, most: int) -> None:
    new_game(variant.format(most), seed=1)
    with pytest.raises(RuleError) as refused:
        new_game(variant.format(most + 1), seed=1)
    assert refused.value.code == "bad_options"
    assert f"less than or equal to {most}" in refused.value.message


def test_every_number_option_shipped_is_bounded() -> None:
    """A new option without a bound fails here (the list above names each one's test)."""
    plugins = [*rulesets().values(), *house_rules().values()]
    for plugin in plugins:
        for name, field in plugin.Options.model_fields.items():
            if field.annotation not in (int, int | None) or name == "players":
                continue
            bounds = [m for m in field.metadata if hasattr(m, "le")]
            assert bounds, f"{plugin.name}: option {name} has no upper bound"
    values = rulesets()["riverside"].Options.model_fields["card_values"].annotation
    for name, field in values.model_fields.items():  # type: ignore[union-attr]
        assert any(hasattr(m, "le") for m in field.metadata), f"card value {name}"
