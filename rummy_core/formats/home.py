"""The folder where the program keeps the player's files: saves and crash reports."""

from __future__ import annotations

import os
from pathlib import Path


def rummy_home() -> Path:
    """``RUMMY_HOME`` if set, else ``~/.rummy``."""
    chosen = os.environ.get("RUMMY_HOME")
    return Path(chosen) if chosen else Path.home() / ".rummy"
