"""One-line messages for a file that cannot be read: which file, which field, what was expected."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from rummy_core.formats.jsonfile import JsonLimitError

_PLAIN = {
    "missing": "is missing",
    "extra_forbidden": "is not a field of this file",
}


def file_problem(source: str, exc: Exception) -> str:
    """What is wrong with the file ``source``, in one line (``exc`` from reading or validating)."""
    if isinstance(exc, ValidationError):
        return (
            f"{source}: "
            + "; ".join(_field_problem(e) for e in exc.errors()[:3])
            + (f" (and {exc.error_count() - 3} more)" if exc.error_count() > 3 else "")
        )
    if isinstance(exc, json.JSONDecodeError):
        return f"{source}: not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
    if isinstance(exc, UnicodeDecodeError):
        return f"{source}: not a text file (it is not UTF-8)"
    if isinstance(exc, JsonLimitError):
        return f"{source}: cannot be read: {exc}"
    if isinstance(exc, OSError):
        return f"{source}: cannot be read: {exc.strerror or exc}"
    return f"{source}: {exc}"


def _field_problem(error: Any) -> str:
    message = str(error["msg"]).removeprefix("Value error, ")
    if not error["loc"]:
        # A check of the whole file (fields that do not fit together): its message says it all.
        return message
    field = ".".join(str(part) for part in error["loc"])
    kind = error["type"]
    if kind in _PLAIN:
        return f"field {field} {_PLAIN[kind]}"
    return f"field {field}: {message[0].lower()}{message[1:]} (got {error['input']!r:.60})"
