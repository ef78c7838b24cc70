"""Cards as small integers, and their written form.

The engine's hot path holds cards as ints: ``suit * 13 + (rank - 1)`` for the 52 suited cards
(suits in the order clubs, diamonds, hearts, spades; ranks 1 = ace to 13 = king) and ``JOKER``
(52) for a joker. Two identical cards of a two-pack deck are the same int: they are
interchangeable, so a hand is a multiset of ints.

Written form: rank then suit, ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` for 10) and ``C D H S``
(or ``♣ ♦ ♥ ♠``), case-insensitive; ``JK`` is a joker.

>>> parse_card("10h") == card(10, HEARTS)
True
>>> card_name(parse_card("♠q"))
'QS'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from rummy_core.engine.errors import RuleError

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
# ``Final``: the compiled build reads the value itself, not the module's globals
# (docs/performance.md).
JOKER: Final = 52
"""The joker's code; every joker of a deck is this same value."""
CARD_CODES: Final = 53
"""Size of a table indexed by card code (52 suited cards and the joker)."""

_RANK_BY_NAME = {name: rank for rank, name in enumerate(RANK_NAMES) if name}
_RANK_BY_NAME["T"] = 10
_SUIT_BY_NAME = {letter: i for i, letter in enumerate(SUIT_LETTERS)}
_SUIT_BY_NAME.update({symbol: i for i, symbol in enumerate(SUIT_SYMBOLS)})


def card(rank: int, suit: int) -> int:
    """The code of the suited card of ``rank`` (1 = ace .. 13 = king) and ``suit`` (0..3)."""
    return suit * 13 + rank - 1


def rank_of(code: int) -> int:
    """Rank of a suited card, 1 (ace) to 13 (king). Not meaningful for the joker."""
    return code % 13 + 1


def suit_of(code: int) -> int:
    """Suit of a suited card, 0 (clubs) to 3 (spades). Not meaningful for the joker."""
    return code // 13


def card_name(code: int) -> str:
    """The written form of a card: ``"10H"``, ``"AS"``, ``"JK"``."""
    if code == JOKER:
        return "JK"
    if not 0 <= code < JOKER:
        raise ValueError(f"not a card code: {code}")
    return RANK_NAMES[rank_of(code)] + SUIT_LETTERS[suit_of(code)]


def meld_card_text(code: int, rep: int) -> str:
    """A card of a meld as written: itself, or ``wild=card``/``wild=rank`` when used as a wild."""
    if code == rep:
        return card_name(code)
    if rep < 0:
        return f"{card_name(code)}={RANK_NAMES[-rep]}"
    return f"{card_name(code)}={card_name(rep)}"


def parse_rank(token: str) -> int:
    """Parse a rank alone (``"7"``, ``"q"``, ``"T"``); raises ``RuleError`` ``unknown_card``."""
    rank = _RANK_BY_NAME.get(token.strip().upper())
    if rank is None:
        raise RuleError("unknown_card", "%(token)r is not a rank", token=token)
    return rank


def parse_card(token: str) -> int:
    """Parse one card in either order of rank and suit; raises ``RuleError`` ``unknown_card``."""
    text = token.strip().upper()
    if text in ("JK", "JOKER"):
        return JOKER
    for rank_text, suit_text in ((text[:-1], text[-1:]), (text[1:], text[:1])):
        rank = _RANK_BY_NAME.get(rank_text)
        suit = _SUIT_BY_NAME.get(suit_text)
        if rank is not None and suit is not None:
            return card(rank, suit)
    raise RuleError("unknown_card", "%(token)r is not a card", token=token)


def parse_cards(tokens: Iterable[str] | str) -> list[int]:
    """Parse several cards, from a list of tokens or one string separated by spaces or commas."""
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    return [parse_card(token) for token in tokens]


def cards_text(codes: Iterable[int]) -> str:
    """Cards written out, separated by spaces."""
    return " ".join(card_name(code) for code in codes)


def standard_deck(packs: int = 1, jokers: int = 0) -> list[int]:
    """``packs`` full 52-card packs and ``jokers`` jokers, in code order."""
    return [code for _ in range(packs) for code in range(52)] + [JOKER] * jokers
