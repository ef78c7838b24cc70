"""Events as JSON: a union on ``type``, cards written out, as one seat may see them.

Each kind's JSON model is built from its engine dataclass (``rummy_core.engine.events``): the same
fields, with card codes written as names as the fields' ``Shown`` markers say, so a kind is declared
once. A game's union holds the built-in kinds and those its plugins' actions bring
(``ActionKind.events``); ``rummy schema`` writes it with every installed house rule's kinds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import MISSING, fields
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SerializeAsAny,
    create_model,
)

from rummy_core.engine.events import BUILT_IN, EVENT_KINDS, Event, seen_by
from rummy_core.formats.border import json_fields


class EventModel(BaseModel):
    """The base of every event's JSON model; ``type`` names the kind."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class _Form:
    """One kind's JSON model and the writers of its fields."""

    def __init__(self, kind: type[Event]) -> None:
        written = json_fields(kind, kind.__match_args__)
        definitions: dict[str, Any] = {"type": (Literal[kind.type], kind.type)}
        defaults = {f.name: f.default for f in fields(kind)}
        for field in written:
            default = defaults[field.name]
            if isinstance(default, tuple):
                default = list(default)
            definitions[field.name] = (field.json_type, ... if default is MISSING else default)
        self.writers = [(field.name, field.write) for field in written]
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
