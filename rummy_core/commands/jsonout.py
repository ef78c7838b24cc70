"""``--json PATH``, the same on every command: JSON in a file, or on stdout for ``-``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from pydantic_core import to_jsonable_python

F = TypeVar("F", bound=Callable[..., Any])


def json_option(help_text: str) -> Callable[[F], F]:
    """The ``--json PATH`` option of a command; ``help_text`` is its help, a msgid marked with
    ``N_`` (a whole sentence per command, so each language can word it)."""
    return click.option(
        "--json",
        "json_path",
        type=click.Path(path_type=Path, dir_okay=False, allow_dash=True),
        default=None,
        metavar="PATH",
        help=help_text,
    )


def to_stdout(path: Path | None) -> bool:
    """Whether ``--json`` asked for stdout, so the text report is left out."""
    return path is not None and str(path) == "-"


def write_json(data: Any, path: Path | None) -> None:
    """Write ``data`` to ``path``; nothing when ``path`` is None.

    Values JSON has no form for (an option's model, a tuple) are written as pydantic would.
    """
    if path is None:
        return
    text = json.dumps(data, indent=2, ensure_ascii=False, default=to_jsonable_python) + "\n"
    if to_stdout(path):
        click.echo(text, nl=False)
    else:
        path.write_text(text, encoding="utf-8")
