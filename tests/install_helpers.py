"""For the tests that install packages into a fresh venv: whether that can be done offline."""

from __future__ import annotations

from importlib.metadata import version
from importlib.util import find_spec


def builds_wheels_offline() -> bool:
    """Whether setuptools here builds a wheel with no download (70.1 has its own bdist_wheel)."""
    major, minor = (int(part) for part in version("setuptools").split(".")[:2])
    return find_spec("wheel") is not None or (major, minor) >= (70, 1)
