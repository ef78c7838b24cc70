"""The distribution's name and its extras: what a command says when an extra is not installed.

The default install is the engine, the rulesets, the command line and the games in the terminal;
the rest comes as extras (``pyproject.toml``): ``plot``, ``server``, ``postgresql``, ``rl``,
``ray``, ``testing`` and ``all``. A command that needs one checks it before it starts work, with
``require_extra``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Final

from rummy_core.engine.errors import RuleError

DISTRIBUTION: Final = "rummy-core"
"""The name to ``pip install``: ``rummy`` on the package index is an unrelated game."""

EXTRA_MODULES: Final = {
    "plot": ("matplotlib",),
    "server": ("starlette", "uvicorn", "websockets", "sqlalchemy", "markdown_it", "segno"),
    "postgresql": ("psycopg",),
    "rl": ("gymnasium", "pettingzoo", "numpy"),
    "ray": ("ray",),
    "testing": ("pytest",),
}
"""The modules each extra brings that the package imports (checked by the install tests)."""


def install_command(extra: str) -> str:
    """The shell command that installs ``extra``: ``pip install 'rummy-core[plot]'``."""
    return f"pip install '{DISTRIBUTION}[{extra}]'"


def missing_extra(extra: str, module: str | None) -> RuleError:
    """The refusal (``missing_extra``) when ``module`` of ``extra`` cannot be imported."""
    return RuleError(
        "missing_extra",
        "This needs the %(extra)s extra, and %(module)s is not installed: %(command)s",
        extra=extra,
        module=module or extra,
        command=install_command(extra),
    )


def require_extra(extra: str) -> None:
    """Refuse with ``missing_extra`` unless every module of ``extra`` imports."""
    for module in EXTRA_MODULES[extra]:
        try:
            import_module(module)
        except ImportError as exc:
            raise missing_extra(extra, exc.name or module) from None
