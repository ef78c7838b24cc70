"""The items of a seat's points for a hand, as the rules explain them (``rummy_score_lines``).

A score sheet shows why each seat scored what it did without inferring a rule from the numbers:
the rules that scored the hand say it, item by item ("rummy, doubled", "never opened: 100",
"closed face down"). Each item is a message id in its catalog with its params, translated where
it is shown, so a house rule's own scoring reads right in every language and every front end.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rummy_core.engine.errors import Message, render_message
from rummy_core.i18n.catalogs import RUMMY


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One item of a seat's points for a hand.

    ``code`` is stable (tests and front ends may key on it); ``message`` is a gettext msgid (or
    an ``N_plural`` pair chosen by the ``count`` param) in the catalog ``domain``, with named
    placeholders filled from ``params``; ``points`` is what the item adds to the seat's score for
    the hand (0 for an item that only says how), so a seat's items add up to its points.
    """

    code: str
    message: Message
    points: int
    domain: str = RUMMY.name
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, lang: str | None = None) -> str:
        """The item in ``lang`` (default: the current language)."""
        return render_message(self.message, self.params, self.domain, lang)
