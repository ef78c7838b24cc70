"""The folder where the program keeps the player's files: saves, crash reports, the server's
database."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path


def rummy_home() -> Path:
    """``RUMMY_HOME`` if set; else ``~/.rummy`` where an earlier version made it (its saves stay
    where they are); else the system's own place for a program's data (``platformdirs``):
    ``~/.local/share/rummy`` on Linux, ``~/Library/Application Support/rummy`` on macOS,
    ``%LOCALAPPDATA%\\rummy`` on Windows."""
    chosen = os.environ.get("RUMMY_HOME")
    if chosen:
        return Path(chosen)
    old = Path.home() / ".rummy"
    return old if old.is_dir() else user_data_path("rummy", appauthor=False)
