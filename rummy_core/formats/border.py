"""JSON models derived from the engine's typed values, field by field.

An engine value (an event, a seat's view) declares its fields once, with annotations that say
how each is written (``rummy_core.engine.fields``); ``json_fields`` turns them into the fields of a
pydantic model and the writers that fill it, so that no JSON model repeats an engine field list.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Sequence
from typing import Annotated, Any, NamedTuple, Union, get_args, get_origin, get_type_hints

from pydantic import Field

from rummy_core.engine.cards import card_name, meld_card_text
from rummy_core.engine.fields import Doc, Mine, Shown

Writer = Callable[[Any, Any], Any]
"""Writes one field's engine value as JSON, given the whole value (for ``MeldCards``)."""


def _names(cards: Iterable[int], _: Any) -> list[str]:
    return [card_name(c) for c in cards]


def _meld_cards(cards: Sequence[int], owner: Any) -> list[str]:
    reps: Sequence[int] = owner.reps
    return [meld_card_text(c, r) for c, r in zip(cards, reps, strict=True)]


def _plain(value: Any, _: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _on_show(shown: Sequence[tuple[str, Sequence[int]]], _: Any) -> dict[str, list[str]]:
    return {label: [card_name(c) for c in cards] for label, cards in shown}


WRITTEN: dict[str, tuple[Any, Writer]] = {
    "card": (str, lambda code, _: card_name(code)),
    "cards": (list[str], _names),
    "meld_cards": (list[str], _meld_cards),
    "on_show": (dict[str, list[str]], _on_show),
}
"""The JSON type and writer of each ``Shown`` marker (``rummy_core.formats.view`` adds melds)."""

CLASSES: dict[type, tuple[Any, Writer]] = {}
"""The JSON type and writer of engine classes that fields hold (an ``Outcome``)."""


class JsonField(NamedTuple):
    """One field of a derived model."""

    name: str
    json_type: Any
    """Its type, with its description (``Doc``) if it has one."""
    write: Writer
    mine: bool
    """Seen only by the seat whose view it is (``rummy_core.engine.fields.MINE``)."""


def json_fields(cls: type, names: Sequence[str]) -> list[JsonField]:
    """The JSON fields of ``cls``'s fields ``names``, in order; unshown ones are left out."""
    hints = get_type_hints(cls, include_extras=True)
    found = []
    for name in names:
        hint = hints[name]
        marks = _marks(hint)
        written = _field(hint)
        if written is None:
            continue
        docs = [Field(description=m.text) for m in marks if isinstance(m, Doc)]
        json_type = Annotated[(written[0], *docs)] if docs else written[0]
        mine = any(isinstance(m, Mine) for m in marks)
        found.append(JsonField(name, json_type, written[1], mine))
    return found


def _marks(hint: Any) -> tuple[Any, ...]:
    return tuple(getattr(hint, "__metadata__", ()))


def _field(hint: Any) -> tuple[Any, Writer] | None:
    """The JSON type of a field and how to write it; None for a field JSON leaves out."""
    origin = get_origin(hint)
    if origin is Annotated:
        base, *marks = get_args(hint)
        shown = next((m for m in marks if isinstance(m, Shown)), None)
        if shown is None:
            return _field(base)
        return None if shown.how == "unshown" else WRITTEN[shown.how]
    if origin in (Union, types.UnionType):
        parts = [_field(arg) for arg in get_args(hint)]
        written = [p for p in parts if p is not None]
        json_type: Any = Union[tuple(t for t, _ in written)]  # noqa: UP007 - built at run time
        write = next(w for t, w in written if t is not type(None))
        return json_type, lambda value, owner: None if value is None else write(value, owner)
    if origin is tuple:
        return list[get_args(hint)[0]], _plain  # type: ignore[misc]
    if hint in CLASSES:
        return CLASSES[hint]
    return hint, _plain
