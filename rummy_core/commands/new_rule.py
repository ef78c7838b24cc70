"""``rummy new-house-rule NAME``: a ready package for a new house rule, which passes its own tests.

The files come from the templates shipped in ``rummy_core/templates/house-rule``: a pyproject with
the entry point, the rule's module, a scenario file (package data, so ``rummy check NAME`` finds
it once installed) and its tests, which use ``rummy_core.testing``.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from string import Template

import click

from rummy_core import __version__
from rummy_core.commands.clicklang import LangCommand
from rummy_core.engine.errors import RuleError
from rummy_core.engine.registry import house_rules
from rummy_core.i18n.languages import N_, _

NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
"""What a house rule's name looks like: lower-case words joined by hyphens (``long-runs``)."""


def skeleton(name: str, summary: str) -> dict[str, str]:
    """The files of the package for house rule ``name``, by path inside the package folder."""
    if not NAME.fullmatch(name):
        raise RuleError(
            "bad_house_rule_name",
            "%(name)r is not a house rule name: use lower-case words joined by hyphens, like"
            " long-runs.",
            name=name,
        )
    module = "rummy_hr_" + name.replace("-", "_")
    values = {
        "name": name,
        "dist": f"rummy-hr-{name}",
        "module": module,
        "cls": "".join(part.capitalize() for part in name.split("-")),
        "summary": summary.replace('"', "'"),
        "rummy_version": __version__,
    }
    templates = files("rummy_core").joinpath("templates", "house-rule")
    layout = {
        "pyproject.toml": "pyproject.toml.tmpl",
        "README.md": "README.md.tmpl",
        f"{module}/__init__.py": "module.py.tmpl",
        f"{module}/py.typed": None,
        f"{module}/scenarios/{name}.json": "scenario.json.tmpl",
        "tests/conftest.py": "conftest.py.tmpl",
        f"tests/test_{module.removeprefix('rummy_hr_')}.py": "test_rule.py.tmpl",
    }
    return {
        path: ""
        if template is None
        else Template(templates.joinpath(template).read_text(encoding="utf-8")).substitute(values)
        for path, template in layout.items()
    }


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
    "--summary",
    default="Classic: runs need at least four cards (option min_run).",
    show_default=True,
    help=N_("The one line `rummy house-rules` shows."),
)
def new_house_rule(name: str, folder: Path | None, summary: str) -> None:
    """``rummy new-house-rule``: a package for a new house rule."""
    target = folder or Path(f"rummy-hr-{name}")
    if name in house_rules():
        raise RuleError(
            "house_rule_exists", "A house rule %(name)r is already installed.", name=name
        )
    if target.exists() and any(target.iterdir()):
        raise click.UsageError(_("%(folder)s already exists and is not empty.", folder=target))
    for path, text in skeleton(name, summary).items():
        out = target / path
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    click.echo(_("wrote the house rule %(name)r in %(folder)s", name=name, folder=target))
    click.echo(
        _(
            "next: pip install -e '%(folder)s[test]', then pytest %(folder)s and rummy check"
            " %(name)s",
            folder=target,
            name=name,
        )
    )
