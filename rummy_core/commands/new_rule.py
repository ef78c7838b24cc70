"""``rummy new-house-rule NAME``: a ready package for a new house rule, which passes its own tests.

The files come from the templates shipped in ``rummy_core/templates/house-rule``: a pyproject with
the entry points, the rule's module for the ruleset asked for, a scenario file and a catalog
(package data, so ``rummy check NAME`` finds it once installed and its messages pass their
translation check), its tests, which use ``rummy_core.testing``, and a CI workflow.
"""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path
from string import Template
from typing import Any

import click

from rummy_core import __version__
from rummy_core.commands.clicklang import LangCommand
from rummy_core.engine.errors import RuleError
from rummy_core.engine.registry import house_rules
from rummy_core.i18n.languages import N_, _
from rummy_core.i18n.mofile import mo_bytes

NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
"""What a house rule's name looks like: lower-case words joined by hyphens (``long-runs``)."""


START: dict[str, Any] = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "phase": "play",
    "this_turn": {"drew": "stock"},
    "hands": [["5H", "6H", "7H", "8H", "KS", "3C"], ["9C", "4D"]],
    "discard": ["8C"],
    "turns_taken": [3, 3],
}
"""The position the example rule's scenario and tests start from: the player to move holds a run
of four (5H-8H) and has drawn, past the first turns (Riverside and Hungarian meld only later)."""

EXAMPLES: dict[str, dict[str, Any]] = {
    "classic": START,
    "riverside": START,
    # Both have opened: H5's 51 points are behind them.
    "hungarian": {**START, "opened": [True, True]},
}
"""``START`` as each ruleset needs it, by the rulesets the scaffold writes a rule for."""


def skeleton(name: str, ruleset: str, summary: str | None = None) -> dict[str, str | bytes]:
    """The files of the package for house rule ``name`` of ``ruleset``, by path inside the
    package folder. The rule starts as a working example: runs of at least four cards."""
    if not NAME.fullmatch(name):
        raise RuleError(
            "bad_house_rule_name",
            "%(name)r is not a house rule name: use lower-case words joined by hyphens, like"
            " long-runs.",
            name=name,
        )
    module = "rummy_hr_" + name.replace("-", "_")
    summary = summary or f"{ruleset.capitalize()}: runs need at least four cards (option min_run)."
    option_help = "The fewest cards in a run."
    values = {
        "name": name,
        "dist": f"rummy-hr-{name}",
        "module": module,
        "cls": "".join(part.capitalize() for part in name.split("-")),
        "summary": summary.replace("\\", "").replace('"', "'"),
        "option_help": option_help,
        "ruleset": ruleset,
        "title": ruleset.capitalize(),
        "position": json.dumps(EXAMPLES[ruleset]),
        "start": _python_dict(EXAMPLES[ruleset]),
        "rummy_version": __version__,
    }
    templates = files("rummy_core").joinpath("templates", "house-rule")
    layout = {
        "pyproject.toml": "pyproject.toml.tmpl",
        "README.md": "README.md.tmpl",
        ".github/workflows/test.yml": "workflow.yml.tmpl",
        f"{module}/__init__.py": "module.py.tmpl",
        f"{module}/scenarios/{name}.json": "scenario.json.tmpl",
        f"{module}/locale/en/LC_MESSAGES/{module}.po": "messages.po.tmpl",
        "tests/conftest.py": "conftest.py.tmpl",
        f"tests/test_{module.removeprefix('rummy_hr_')}.py": "test_rule.py.tmpl",
    }
    made: dict[str, str | bytes] = {
        path: Template(templates.joinpath(template).read_text(encoding="utf-8")).substitute(values)
        for path, template in layout.items()
    }
    made[f"{module}/py.typed"] = ""
    # The catalog its messages are already in, so that its translation check passes from the
    # start: English, each message as itself (the author adds languages with pybabel).
    made[f"{module}/locale/en/LC_MESSAGES/{module}.mo"] = mo_bytes(
        {values["summary"]: values["summary"], option_help: option_help},
        "Content-Type: text/plain; charset=UTF-8\nLanguage: en\n",
    )
    return made


def _python_dict(values: dict[str, Any]) -> str:
    """``values`` as the literal a person would write, one key a line (the card names and
    words hold no quotes, so Python's repr with double quotes is the literal)."""
    lines = "".join(f'    "{key}": {value!r},\n'.replace("'", '"') for key, value in values.items())
    return "{\n" + lines + "}"


@click.command(
    name="new-house-rule",
    cls=LangCommand,
    help=N_(
        "Write a package for a new house rule NAME: entry point, module, scenario and tests.\n\n"
        "The rule starts as a working example to change; pip install -e the folder, then run"
        " pytest in it and rummy check NAME."
    ),
)
@click.argument("name")
@click.option(
    "--into",
    "folder",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help=N_("Folder to create (default ./rummy-hr-NAME)."),
)
@click.option(
    "--ruleset",
    type=click.Choice(sorted(EXAMPLES)),
    default="classic",
    show_default=True,
    help=N_("The ruleset the rule changes: the example rule and its tests are written for it."),
)
@click.option(
    "--summary",
    default=None,
    help=N_(
        "The one line `rummy house-rules` shows (default: the example's, 'Classic: runs need at"
        " least four cards (option min_run).')."
    ),
)
def new_house_rule(name: str, folder: Path | None, ruleset: str, summary: str | None) -> None:
    """``rummy new-house-rule``: a package for a new house rule."""
    target = folder or Path(f"rummy-hr-{name}")
    if name in house_rules():
        raise RuleError(
            "house_rule_exists", "A house rule %(name)r is already installed.", name=name
        )
    if target.exists() and any(target.iterdir()):
        raise click.UsageError(_("%(folder)s already exists and is not empty.", folder=target))
    for path, content in skeleton(name, ruleset, summary).items():
        out = target / path
        out.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            out.write_bytes(content)
        else:
            out.write_text(content, encoding="utf-8")
    click.echo(_("wrote the house rule %(name)r in %(folder)s", name=name, folder=target))
    click.echo(
        _(
            "next: pip install -e '%(folder)s[test]', then pytest %(folder)s and rummy check"
            " %(name)s",
            folder=target,
            name=name,
        )
    )
