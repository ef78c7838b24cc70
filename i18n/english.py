"""Fill the English catalogs: the source strings are English, so each msgstr is its msgid.

``make i18n`` runs this after ``pybabel update``, so that English, like every shipped language,
has a complete catalog (tests/test_catalogs.py) without anyone copying strings by hand. A msgstr
already written is kept: English wording can be adjusted in the catalog without a code change.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po


def fill(path: Path) -> None:
    """Give every untranslated message of the English catalog at ``path`` its own text."""
    with path.open("rb") as stream:
        catalog = read_po(stream, locale="en")
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            if "fuzzy" in message.flags or not all(message.string):
                message.string = message.id
        elif "fuzzy" in message.flags or not message.string:
            message.string = message.id
        # A guess from an older message (a singular that became a plural) is replaced above.
        message.flags.discard("fuzzy")
    with path.open("wb") as stream:
        write_po(stream, catalog, width=100, omit_header=False)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        fill(Path(name))
