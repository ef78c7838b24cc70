"""The engine's door: an action built in Python is checked as one read from JSON would be.

Card codes are ints in range, meld numbers and depths ints, ends ``"low"``/``"high"``; anything
else is refused with ``bad_action`` before a rule is asked, so a bad value can never reach the
state (``Discard(float(code))`` would otherwise be held as a card).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rummy_core.engine.actions import Discard, Draw, LayOff, MeldDown, NewMeld, Swap
from rummy_core.engine.cards import CARD_CODES
from rummy_core.engine.errors import RuleError
from rummy_core.i18n.languages import N_, _


def _bad(what: str, value: Any) -> RuleError:
    # ``what`` is a msgid: the rule the value breaks (extracted through the `_bad` keyword, or
    # marked with N_ where it is passed on). The refusal shows it in the language of the moment.
    return RuleError(
        "bad_action",
        "That is not a valid action: %(problems)s.",
        problems=_("%(rule)s, not %(value)r", rule=_(what), value=value),
    )


def _code(value: Any, what: str = N_("a card is a card code from 0 to 52")) -> None:
    if type(value) is not int or not 0 <= value < CARD_CODES:
        raise _bad(what, value)


def _codes(values: Iterable[Any]) -> None:
    if not isinstance(values, tuple):
        raise _bad("the cards are a tuple of card codes", values)
    for value in values:
        _code(value)


def _declared(values: Any, size: int) -> None:
    if not isinstance(values, tuple) or len(values) != size:
        raise _bad("one declaration (or None) per card", values)
    for value in values:
        # A declaration is a card code, or -rank for a rank only (a wild in a set).
        if value is not None and (type(value) is not int or not -13 <= value < CARD_CODES):
            raise _bad("a declaration is a card code, -rank, or None", value)


def _index(value: Any, what: str) -> None:
    if type(value) is not int or value < 0:
        raise _bad(what, value)


def check_action(action: object) -> None:
    """Refuse a built-in action whose fields are not what its type says (``bad_action``)."""
    # The fields are read as whatever they hold, not as their types declare: checking that is
    # the point here, and the compiled build would otherwise raise a TypeError on reading one.
    fields: Any = action
    if isinstance(action, Discard):
        _code(fields.card)
    elif isinstance(action, Draw):
        if not isinstance(fields.source, str):
            raise _bad("a draw source is a name", fields.source)
    elif isinstance(action, MeldDown):
        if not isinstance(fields.melds, tuple):
            raise _bad("the melds are a tuple", fields.melds)
        for meld in fields.melds:
            if not isinstance(meld, NewMeld):
                raise _bad("each meld is a NewMeld", meld)
            _codes(meld.cards)
            _declared(meld.declared, len(meld.cards))
    elif isinstance(action, LayOff):
        _index(fields.meld, N_("a meld number is a whole number from 0"))
        _codes(fields.cards)
        _declared(fields.declared, len(fields.cards))
        if fields.end not in (None, "low", "high"):
            raise _bad("the end is 'low', 'high' or None", fields.end)
    elif isinstance(action, Swap):
        _index(fields.meld, N_("a meld number is a whole number from 0"))
        _code(fields.card)
        if fields.wild is not None:
            _code(fields.wild)


def check_seat(seat: object, players: int) -> int:
    """``seat``, refused unless it is a whole number of this game (``bad_seat``)."""
    if type(seat) is not int or not 0 <= seat < players:
        raise RuleError(
            "bad_seat",
            "Seats go from 0 to %(last)s; %(seat)s is not one.",
            seat=repr(seat),
            last=players - 1,
        )
    return seat
