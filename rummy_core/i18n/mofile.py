"""A compiled gettext catalog (``.mo``) written from a few messages.

``rummy new-house-rule`` gives each new package a catalog its messages are already in, so that its
own ``assert_messages_translated`` passes before the author has run any tool. The standard
library reads ``.mo`` files but cannot write one; Babel can, but it is a development tool of
30 MB, and the format (GNU gettext's, unchanged since the 1990s) is a header and two tables.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping

MAGIC = 0x950412DE
"""The first word of every little-endian ``.mo`` file."""


def mo_bytes(messages: Mapping[str, str], header: str) -> bytes:
    """The ``.mo`` file of ``messages`` (msgid to translation) and the catalog's ``header`` (the
    translation of the empty msgid: ``Content-Type: text/plain; charset=UTF-8`` and the like)."""
    entries = sorted({"": header, **messages}.items())  # gettext looks msgids up by bisection
    ids = [key.encode() for key, _ in entries]
    strings = [value.encode() for _, value in entries]
    count = len(entries)
    tables = 7 * 4  # the header's seven words
    ids_start = tables + 2 * 8 * count  # after the two tables of (length, offset) pairs
    strings_start = ids_start + sum(len(i) + 1 for i in ids)
    id_table, string_table = [], []
    offset = ids_start
    for text in ids:
        id_table += [len(text), offset]
        offset += len(text) + 1
    offset = strings_start
    for text in strings:
        string_table += [len(text), offset]
        offset += len(text) + 1
    data = struct.pack("<7I", MAGIC, 0, count, tables, tables + 8 * count, 0, 0)
    data += struct.pack(f"<{4 * count}I", *id_table, *string_table)
    return data + b"".join(text + b"\0" for text in (*ids, *strings))
