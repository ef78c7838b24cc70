"""The game's words in the current language (the ``rummy`` domain): cards, suits, ranks, and
the places a card is drawn from.

A message names a card by the ``card`` parameter, which holds its code (``"7H"``): English shows
the code, as the player types it; the other languages show the card's full name
(``"hjartasjöa"``, ``"kőr hetes"``, ``"sette di cuori"``). A ``source`` parameter holds a draw
source's id (``"stock"``) and is shown by its name (``"stokkur"``).
"""

from __future__ import annotations

from rummy_core.i18n.catalogs import N_, RUMMY, current_language, pN_

CARD_CODES: tuple[str, ...] = (
    pN_("card", "AC"),
    pN_("card", "2C"),
    pN_("card", "3C"),
    pN_("card", "4C"),
    pN_("card", "5C"),
    pN_("card", "6C"),
    pN_("card", "7C"),
    pN_("card", "8C"),
    pN_("card", "9C"),
    pN_("card", "10C"),
    pN_("card", "JC"),
    pN_("card", "QC"),
    pN_("card", "KC"),
    pN_("card", "AD"),
    pN_("card", "2D"),
    pN_("card", "3D"),
    pN_("card", "4D"),
    pN_("card", "5D"),
    pN_("card", "6D"),
    pN_("card", "7D"),
    pN_("card", "8D"),
    pN_("card", "9D"),
    pN_("card", "10D"),
    pN_("card", "JD"),
    pN_("card", "QD"),
    pN_("card", "KD"),
    pN_("card", "AH"),
    pN_("card", "2H"),
    pN_("card", "3H"),
    pN_("card", "4H"),
    pN_("card", "5H"),
    pN_("card", "6H"),
    pN_("card", "7H"),
    pN_("card", "8H"),
    pN_("card", "9H"),
    pN_("card", "10H"),
    pN_("card", "JH"),
    pN_("card", "QH"),
    pN_("card", "KH"),
    pN_("card", "AS"),
    pN_("card", "2S"),
    pN_("card", "3S"),
    pN_("card", "4S"),
    pN_("card", "5S"),
    pN_("card", "6S"),
    pN_("card", "7S"),
    pN_("card", "8S"),
    pN_("card", "9S"),
    pN_("card", "10S"),
    pN_("card", "JS"),
    pN_("card", "QS"),
    pN_("card", "KS"),
    pN_("card", "JK"),
)
"""Every card's code, each marked for translation in the context ``card``."""

_SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
_RANK_NAMES = (
    "",
    N_("ace"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("jack"),
    N_("queen"),
    N_("king"),
)


_SOURCE_NAMES = {
    "stock": pN_("draw source", "stock"),
    "discard": pN_("draw source", "discard"),
    "cut": pN_("draw source", "cut"),
}


def source_label(source: str, lang: str | None = None) -> str:
    """The draw source ``source`` (``"stock"``, ``"discard"``, ``"cut"``) by its name in ``lang``.

    A plugin's own source is shown by its id.
    """
    name = _SOURCE_NAMES.get(source)
    if name is None:
        return source
    return RUMMY.translations(lang or current_language()).pgettext("draw source", name)


def card_label(code: str, lang: str | None = None) -> str:
    """The card ``code`` as a message names it in ``lang`` (default: the current language).

    Text that is not a card's code is returned as it is.
    """
    return RUMMY.translations(lang or current_language()).pgettext("card", code)


def suit_name(suit: int, lang: str | None = None) -> str:
    """The name of ``suit`` (0 clubs, 1 diamonds, 2 hearts, 3 spades) in the language."""
    return RUMMY.translate(lang or current_language(), _SUIT_NAMES[suit])


def rank_name(rank: int, lang: str | None = None) -> str:
    """The name of ``rank`` (1 ace .. 13 king) in the language."""
    return RUMMY.translate(lang or current_language(), _RANK_NAMES[rank])
