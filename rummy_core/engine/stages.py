"""A public word on the turn under way that its phase does not give (``rummy_turn_stage``).

A view says whose turn it is and whether they draw or play; some rules give a turn a stage of
its own that everyone at the table should be told of, such as gin's defender laying off on the
knocker's melds (ruling G9). The rules name it, so no front end reads a rule off the state, and
it is a message id in the plugin's catalog, translated where it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummy_core.engine.errors import Message, render_message
from rummy_core.i18n.catalogs import RUMMY


@dataclass(frozen=True, slots=True)
class TurnStage:
    """The stage of the turn under way: a stable ``code`` (what programs and tests key on;
    the views carry the words alone) and its words, ``message`` (a gettext msgid in the
    catalog ``domain``), as the turn line shows them ("laying off on the knock")."""

    code: str
    message: Message
    domain: str = RUMMY.name

    def render(self, lang: str | None = None) -> str:
        """The words in ``lang`` (default: the current language)."""
        return render_message(self.message, {}, self.domain, lang)
