"""Crash reports: an error nobody expected ends the program with a short message and a report file.

The player sees one line and where the report is; the report holds what a maintainer needs (the
traceback, the versions, the command line), in ``crashes/`` of the player's rummy folder.
"""

from __future__ import annotations

import os
import platform
import sys
import traceback
from datetime import datetime
from pathlib import Path

from rummy_core import __version__
from rummy_core.formats.home import rummy_home
from rummy_core.i18n.languages import _


def crash_dir() -> Path:
    """Where crash reports are written (``crashes`` in ``rummy_home()``)."""
    return rummy_home() / "crashes"


def write_crash_report(error: BaseException, argv: list[str] | None = None) -> Path:
    """Write the report of ``error`` to a new file in ``crash_dir()`` and return its path."""
    now = datetime.now().astimezone()
    body = "".join(
        [
            f"rummy {__version__} crashed at {now.isoformat(timespec='seconds')}\n",
            f"command: {' '.join(argv if argv is not None else sys.argv)}\n",
            f"python: {sys.version.split()[0]} ({sys.executable})\n",
            f"platform: {platform.platform()}\n\n",
            *traceback.format_exception(error),
        ]
    )
    folder = crash_dir()
    stamp = now.strftime("%Y%m%d-%H%M%S")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        # A home that cannot be written to must not hide the crash itself.
        folder = Path(os.environ.get("TMPDIR", "/tmp"))
    path = folder / f"crash-{stamp}-{os.getpid()}.txt"
    path.write_text(body, encoding="utf-8")
    return path


def crash_message(error: BaseException, report: Path) -> str:
    """The few lines a player sees when the program crashes."""
    summary = f"{type(error).__name__}: {error}".splitlines()[0][:200]
    return _(
        "rummy stopped on an unexpected error (%(summary)s).\nA crash report is in %(report)s;"
        " please attach it when you report the problem.",
        summary=summary,
        report=report,
    )
