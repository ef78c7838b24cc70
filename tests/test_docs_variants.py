"""Every combination of ruleset, options and house rules that a page names is set up as the page
says: built when it is only named, refused with the code the page gives when it says
"`...` is refused with `code`" (issue: docs promised combinations the engine refuses)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from rummy_core.engine.errors import RuleError
from rummy_core.engine.plugin import HouseRule
from rummy_core.engine.registry import rulesets
from rummy_core.engine.setup import Variant, build_hooks

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PAGES += sorted((ROOT / "rulesets" / "guides").glob("*.md"))
EXAMPLE = ROOT / "examples" / "rummy-hr-example" / "rummy_hr_example" / "__init__.py"
SPAN = re.compile(r"`([a-z][a-z0-9_-]*[:+][^`\s]*)`(\s+is\s+refused\s+with\s+`([a-z_]+)`)?")


def named_variants() -> list[tuple[str, str, str | None]]:
    """Each variant string a page names (a ruleset with options or house rules), where it is,
    and the refusal the page promises for it, if any."""
    names = set(rulesets())
    found: dict[tuple[str, str | None], str] = {}
    for page in PAGES:
        text = " ".join(page.read_text(encoding="utf-8").split())
        for match in SPAN.finditer(text):
            variant, code = match.group(1), match.group(3)
            if variant.partition(":")[0].partition("+")[0] in names:
                found.setdefault((variant, code), page.name)
    return [(variant, page, code) for (variant, code), page in sorted(found.items())]


VARIANTS = named_variants()


def example_rules() -> list[type[HouseRule]]:
    """The house rule the writing guide builds (``deuces-wild``), from its example package."""
    spec = importlib.util.spec_from_file_location("rummy_hr_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [module.DeucesWild]


def test_the_pages_name_combinations_and_refusals() -> None:
    # The scan finds what it is for: the refused combinations of the house-rules page.
    refused = {variant for variant, _, code in VARIANTS if code}
    assert {
        "hungarian:ace=low-high+ace-low-high",
        "hungarian:opening=45+opening-40",
        "classic+deuces-wild:per_meld=9",
    } <= refused
    assert len(VARIANTS) >= 10


@pytest.mark.parametrize(("variant", "page", "code"), VARIANTS)
def test_a_named_combination_is_set_up_as_the_page_says(
    variant: str, page: str, code: str | None
) -> None:
    parsed = Variant.parse(variant)
    players = parsed.options.get("players", 2)
    local = example_rules()
    if code is None:
        build_hooks(parsed, players, local_rules=local)
        return
    with pytest.raises(RuleError) as refused:
        build_hooks(parsed, players, local_rules=local)
    assert refused.value.code == code, f"{page}: {variant} refused with {refused.value.code}"
