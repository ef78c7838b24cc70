"""The .mo writer the scaffold uses: what it writes, the standard library's gettext reads."""

from __future__ import annotations

import gettext
import io

from rummy_core.i18n.mofile import mo_bytes


def test_gettext_reads_every_message_back() -> None:
    messages = {"Zebra %(x)s": "Sebrahestur %(x)s", "Ábót": "Viðbót", "Apple": "Epli"}
    catalog = gettext.GNUTranslations(
        io.BytesIO(mo_bytes(messages, "Content-Type: text/plain; charset=UTF-8\nLanguage: is\n"))
    )
    for msgid, text in messages.items():
        assert catalog.gettext(msgid) == text
    assert catalog.gettext("Not there") == "Not there"
    assert catalog.info()["language"] == "is"
