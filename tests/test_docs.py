"""The docs match the code: every hook is documented, and every shipped ruleset has a page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rummy_core.engine.hooks import hook_names
from rummy_core.engine.registry import rulesets

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


def spec_signature(hook: str) -> str:
    """The hook's signature as the reference writes it, from ``hookspecs.py``."""
    import inspect

    from rummy_core.engine import hookspecs

    sig = inspect.signature(getattr(hookspecs, hook))
    params = ", ".join(f"{name}: {p.annotation}" for name, p in sig.parameters.items())
    return f"def {hook}({params}) -> {sig.return_annotation}"


def doc_section(hook: str) -> str:
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    start = text.index(f"### `{hook}`")
    end = text.find("\n##", start + 1)
    return text[start : end if end >= 0 else len(text)]


@pytest.mark.parametrize("hook", hook_names())
def test_every_documented_signature_and_parameter_is_the_specs(hook: str) -> None:
    import inspect

    from rummy_core.engine import hookspecs

    section = doc_section(hook)
    assert spec_signature(hook) in section, f"docs/hooks.md shows another signature of {hook}"
    docstring = inspect.getdoc(getattr(hookspecs, hook)) or ""
    for line in docstring.splitlines():
        if line.startswith(":param "):
            assert line in section, f"docs/hooks.md lacks {hook}'s line {line!r}"
    described = re.findall(r"^:param (\w+):", docstring, re.M)
    parameters = list(inspect.signature(getattr(hookspecs, hook)).parameters)
    assert described == parameters, f"{hook}'s :param: lines are not one per parameter, in order"
