"""Key bindings whose descriptions are in the player's language.

Textual reads a class's ``BINDINGS`` when the class is made, at import, before ``--lang`` or the
environment has chosen a language. Each screen lists its keys with message ids (``N_``) instead,
and binds them, translated, when it is made.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding
from textual.dom import DOMNode

from rummy_core.i18n.uitext import _


def bind_keys(node: DOMNode, keys: Sequence[Binding]) -> None:
    """Bind ``keys`` on ``node`` with their descriptions translated into the current language."""
    for key in keys:
        node._bindings.bind(
            key.key,
            key.action,
            _(key.description) if key.description else "",
            show=key.show,
            key_display=key.key_display,
            priority=key.priority,
        )
