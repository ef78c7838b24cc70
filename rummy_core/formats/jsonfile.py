"""Reading JSON the program did not write itself, with bounds on its size and its nesting.

Every file the program reads (scenarios, game records, saves, study reports) goes through here:
a file of a hundred thousand ``[`` must be refused in one line, not end in a ``RecursionError``
in the parser or, later, in a copy of the state.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

MAX_BYTES = 32 * 1024 * 1024
"""The largest file read: a long match's save is well under a megabyte."""
MAX_DEPTH = 64
"""The deepest nesting of lists and objects accepted; the program's own files need about 12."""
MAX_DIGITS = 100
"""The longest whole number accepted: seeds and scores are far shorter, and Python refuses to
read one past 4,300 digits with a message about its own settings."""


class JsonLimitError(ValueError):
    """A JSON text is too large or nested too deeply to be read."""


def json_depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (a scalar is 0), counted without recursion.

    The count stops just past ``MAX_DEPTH``: the exact depth of a deeper value does not matter.
    """
    deepest = 0
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            return deepest
        pending.extend((child, depth) for child in children)
    return deepest


def check_depth(value: Any) -> None:
    """``JsonLimitError`` if ``value`` nests lists and objects deeper than ``MAX_DEPTH``."""
    if json_depth(value) > MAX_DEPTH:
        raise JsonLimitError(f"it nests lists and objects more than {MAX_DEPTH} deep")


def parse_json(text: str) -> Any:
    """The value of a JSON text; ``json.JSONDecodeError`` or ``JsonLimitError`` if refused."""
    if len(text) > MAX_BYTES:
        raise JsonLimitError(f"it is larger than {MAX_BYTES // (1024 * 1024)} MiB")
    try:
        value = json.loads(text, parse_int=_whole)
    except RecursionError:
        raise JsonLimitError(f"it nests lists and objects more than {MAX_DEPTH} deep") from None
    check_depth(value)
    return value


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise JsonLimitError(f"it holds a number of more than {MAX_DIGITS} digits")
    return int(digits)


def read_text(path: Path) -> str:
    """The UTF-8 text of the file at ``path``, at most ``MAX_BYTES`` long; ``OSError``, or
    ``ValueError`` for a text that is not UTF-8 or is too long, or for something that is not a
    file (a named pipe would wait for a writer forever)."""
    if path.exists() and not path.is_file():
        raise JsonLimitError("it is not a regular file")
    with path.open("rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise JsonLimitError(f"it is larger than {MAX_BYTES // (1024 * 1024)} MiB")
    return data.decode("utf-8")


def read_json(path: Path) -> Any:
    """The value of the JSON file at ``path``; ``OSError``, ``ValueError`` (bad JSON, a text that
    is not UTF-8, or one past the bounds) if it cannot be read."""
    return parse_json(read_text(path))
