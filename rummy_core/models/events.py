"""Events as JSON: a union on ``type``, cards written out, as one seat may see them.

Each kind's JSON model is built from its engine dataclass (``rummy_core.events``): the same fields,
with card codes written as names as the fields' ``Shown`` markers say, so a kind is declared once.
A game's union holds the built-in kinds and those its plugins' actions bring
(``ActionKind.events``); ``rummy schema`` writes it with every installed house rule's kinds.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Sequence
from dataclasses import MISSING, fields
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    Literal,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SerializeAsAny,
    TypeAdapter,
    create_model,
)

from rummy_core.cards import card_name, meld_card_text
from rummy_core.events import BUILT_IN, EVENT_KINDS, Event, Shown, seen_by

Writer = Callable[[Any, Event], Any]
"""Writes one field's engine value as JSON, given the whole event (for ``MeldCards``)."""


class EventModel(BaseModel):
    """The base of every event's JSON model; ``type`` names the kind."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _names(cards: Iterable[int], _: Event) -> list[str]:
    return [card_name(c) for c in cards]


def _meld_cards(cards: Sequence[int], event: Event) -> list[str]:
    reps: Sequence[int] = getattr(event, "reps")  # noqa: B009 - MeldCards needs a reps field
    return [meld_card_text(c, r) for c, r in zip(cards, reps, strict=True)]


_SHOWN: dict[str, tuple[Any, Writer]] = {
    "card": (str, lambda code, _: card_name(code)),
    "cards": (list[str], _names),
    "meld_cards": (list[str], _meld_cards),
}


def _plain(value: Any, _: Event) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _field(hint: Any) -> tuple[Any, Writer] | None:
    """The JSON type of a field and how to write it; None for a field JSON leaves out."""
    origin = get_origin(hint)
    if origin is Annotated:
        base, *marks = get_args(hint)
        shown = next((m for m in marks if isinstance(m, Shown)), None)
        if shown is None:
            return _field(base)
        return None if shown.how == "unshown" else _SHOWN[shown.how]
    if origin in (Union, types.UnionType):
        parts = [_field(arg) for arg in get_args(hint)]
        written = [p for p in parts if p is not None]
        json_type: Any = Union[tuple(t for t, _ in written)]  # noqa: UP007 - built at run time
        write = next(w for t, w in written if t is not type(None))
        return json_type, lambda value, event: None if value is None else write(value, event)
    if origin is tuple:
        return list[get_args(hint)[0]], _plain  # type: ignore[misc]
    return hint, _plain


class _Form:
    """One kind's JSON model and the writers of its fields."""

    def __init__(self, kind: type[Event]) -> None:
        hints = get_type_hints(kind, include_extras=True)
        written: dict[str, tuple[Any, Writer]] = {}
        definitions: dict[str, Any] = {"type": (Literal[kind.type], kind.type)}
        defaults = {f.name: f.default for f in fields(kind)}
        for name in kind.__match_args__:
            found = _field(hints[name])
            if found is None:
                continue
            written[name] = found
            default = defaults[name]
            if isinstance(default, tuple):
                default = list(default)
            definitions[name] = (found[0], ... if default is MISSING else default)
        self.writers = [(name, write) for name, (_, write) in written.items()]
        self.model: type[EventModel] = create_model(
            kind.__name__,
            __base__=EventModel,
            __doc__=kind.__doc__,
            __module__=__name__,
            **definitions,
        )

    def write(self, event: Event) -> EventModel:
        values = {name: write(getattr(event, name), event) for name, write in self.writers}
        values["type"] = event.type
        return self.model.model_construct(**values)


def _form(kind: type[Event]) -> _Form:
    form = _FORMS.get(kind)
    if form is None:
        form = _FORMS[kind] = _Form(kind)
    return form


_FORMS: dict[type[Event], _Form] = {}


def model_class(kind: type[Event]) -> type[EventModel]:
    """The JSON model of one kind of event."""
    return _form(kind).model


def event_model(event: Event, seat: int | None) -> EventModel:
    """An engine event as ``seat`` may see it, as its JSON model (None: a spectator)."""
    seen = seen_by(event, seat)
    return _form(type(seen)).write(seen)


def event_json(event: Event, seat: int | None) -> dict[str, Any]:
    """An engine event as ``seat`` may see it, as JSON data."""
    return event_model(event, seat).model_dump()


def event_union(kinds: Iterable[type[Event]] = ()) -> Any:
    """The tagged union of the built-in kinds' JSON models and those of ``kinds``."""
    models = [model_class(k) for k in {**BUILT_IN, **{k.type: k for k in kinds}}.values()]
    return Annotated[Union[tuple(models)], Field(discriminator="type")]  # noqa: UP007


def _any_known(data: Any) -> Any:
    """A client's or a test's JSON event, read as the model of its kind (any kind loaded)."""
    if isinstance(data, EventModel) or not isinstance(data, dict):
        return data
    kind = EVENT_KINDS.get(str(data.get("type")))
    if kind is None:
        return data
    return model_class(kind).model_validate(data)


if TYPE_CHECKING:
    AnyEventModel = EventModel
else:
    AnyEventModel = Annotated[SerializeAsAny[EventModel], BeforeValidator(_any_known)]
"""Any event's model, of whichever kind (a field type for messages that carry events)."""

EVENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(event_union())
"""Reads and writes the built-in kinds' JSON."""
