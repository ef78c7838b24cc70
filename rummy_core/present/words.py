"""Cards in the sentences the player reads, written with suit symbols."""

from __future__ import annotations

import re

from rummy_core.engine.cards import parse_card
from rummy_core.engine.errors import RuleError
from rummy_core.present.plays import card_label

CARD_WORD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b|\bJK\b")
"""A card as the engine writes it in a sentence (``5H``, ``10D``, ``JK``)."""


def with_symbols(sentence: str) -> str:
    """An engine sentence with its cards written as on the table: ``5H`` becomes ``5♥``.

    Refusals name cards the way scenario files write them; on screen they should read like the
    cards the player sees. A wild's stand-in (``2C=5S``) is converted on both sides.
    """

    def symbol(match: re.Match[str]) -> str:
        try:
            return card_label(parse_card(match.group(0)))
        except RuleError:
            return match.group(0)

    return CARD_WORD.sub(symbol, sentence)
