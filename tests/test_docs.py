"""The docs match the code: every hook is documented, and every shipped ruleset has a page."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_core.hooks import hook_names
from rummy_core.registry import rulesets

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.mark.parametrize("hook", hook_names())
def test_every_hook_is_documented(hook: str) -> None:
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    assert f"### `{hook}`" in text, f"{hook} has no section in docs/hooks.md"


def test_no_documented_hook_is_missing_from_the_spec() -> None:
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    documented = {line[5:-1] for line in text.splitlines() if line.startswith("### `rummy_")}
    assert documented == set(hook_names())


@pytest.mark.parametrize("name", list(rulesets()))
def test_every_ruleset_has_a_page(name: str) -> None:
    assert (DOCS / f"{name}.md").is_file(), f"docs/{name}.md is missing"


def test_readme_examples_run() -> None:
    import doctest

    result = doctest.testfile(str(DOCS.parent / "README.md"), module_relative=False)
    assert result.attempted > 0 and result.failed == 0
