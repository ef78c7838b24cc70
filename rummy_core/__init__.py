"""rummy_core: a generic rummy turn engine whose every rule comes from pluggy plugins."""

from __future__ import annotations

__version__ = "0.1.0"
