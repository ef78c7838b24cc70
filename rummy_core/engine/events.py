"""What the engine says happened: one typed event per step of an action, in order.

Every kind of event is a slotted dataclass, registered by its JSON ``type`` with ``event_kind``.
A kind declares, once, which of its fields only one seat may see (``Secret``): ``seen_by`` derives
every seat's copy (and a spectator's, and a bot's) from that declaration, so no kind's redaction is
written by hand. The fields' annotations also say how each is written as JSON (``Card``, ``Cards``,
``MeldCards``, ``Reps``: ``rummy_core.engine.fields``); ``rummy_core.formats.events`` builds the
JSON models from them.

Events are values: nothing changes one after it is made (the same object goes to every seat that
may see it whole). Slotted dataclasses are used because they cost no more than a dict literal to
build, and the hot path builds thousands a second; a frozen dataclass costs five times as much.
A plugin's action brings its own kinds: it decorates them with ``event_kind`` and lists them in
its ``ActionKind.events``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, NamedTuple, TypeVar, get_args, get_type_hints

from rummy_core.engine.errors import Message, RuleError
from rummy_core.engine.fields import Card, Cards, MeldCards, Reps, Shown


class Secret(NamedTuple):
    """Fields of an event that only one seat sees, whenever a flag of the event is set."""

    fields: tuple[str, ...]
    """The fields others see as null."""
    when: str
    """The bool field that makes them secret (a stock draw, a face-down discard)."""
    owner: str = "seat"
    """The field naming the one seat that sees them."""


@dataclass(frozen=True, slots=True)
class EventWords:
    """How a plugin's own kind of event reads in a game's log, in the plugin's catalog ``domain``
    (``rummy_core.present.describe`` says every event with it; the built-in kinds are said there).

    ``mine`` is said to the seat that made the event, ``theirs`` to everyone else with the
    mover's name as ``%(name)s``; every other field of the event (as the reader may see it) is a
    param by its name, card fields as the cards' labels. ``count`` names the field that chooses
    the plural form when the messages are ``N_plural`` pairs. The event's ``seat`` field is the
    mover; a kind with no ``seat`` is said with ``theirs``, naming no one, to everyone. A kind
    declares them as a class attribute: ``words: ClassVar[EventWords] = EventWords(...)``.
    """

    mine: Message
    theirs: Message
    domain: str
    count: str | None = None


@dataclass(slots=True)
class Event:
    """The base of every kind of event; ``type`` is its JSON name."""

    type: ClassVar[str] = ""
    secret: ClassVar[Secret | None] = None
    """Which fields only one seat sees, if any."""
    __match_args__: ClassVar[tuple[str, ...]]
    """The fields in order (``dataclass`` writes it for each kind)."""


E = TypeVar("E", bound=Event)

EVENT_KINDS: dict[str, type[Event]] = {}
"""Every kind of event known to this process, by ``type``: the built-in kinds and those of the
plugins loaded so far."""

BUILT_IN: dict[str, type[Event]] = {}
"""The engine's own kinds of event, by ``type``."""


def event_kind(cls: type[E]) -> type[E]:
    """Register a kind of event by its ``type`` (a class decorator).

    ``event_clash`` when another class already has that ``type``.
    """
    known = EVENT_KINDS.get(cls.type)
    if not cls.type or (known is not None and known.__qualname__ != cls.__qualname__):
        raise RuleError(
            "event_clash",
            "The event type %(type)r of %(event)s is empty or already taken.",
            type=cls.type,
            event=cls.__qualname__,
        )
    EVENT_KINDS[cls.type] = cls
    return cls


def seen_by(event: E, seat: int | None) -> E:
    """``event`` as ``seat`` may see it (None: a spectator, who sees no hand at all).

    The fields its kind declares secret are null for everyone but their owner while the event's
    flag is set; any other event is returned as it is.
    """
    secret = event.secret
    if secret is None or not getattr(event, secret.when) or getattr(event, secret.owner) == seat:
        return event
    hidden = secret.fields
    cls = type(event)
    values = [None if name in hidden else getattr(event, name) for name in cls.__match_args__]
    return cls(*values)


def cards_in(event: Event) -> dict[str, tuple[int, ...]]:
    """The card codes ``event`` holds, by field (those marked ``Card``, ``Cards``, ``MeldCards``);
    a field that is null is left out."""
    found: dict[str, tuple[int, ...]] = {}
    for name, many in _card_fields(type(event)):
        value = getattr(event, name)
        if value is not None:
            found[name] = tuple(value) if many else (value,)
    return found


def _card_fields(kind: type[Event]) -> tuple[tuple[str, bool], ...]:
    """The fields of ``kind`` that hold card codes, each with whether it holds several."""
    known = _CARD_FIELDS.get(kind)
    if known is not None:
        return known
    found = []
    for name, hint in get_type_hints(kind, include_extras=True).items():
        marks = [m for arg in (hint, *get_args(hint)) for m in getattr(arg, "__metadata__", ())]
        how = next((m.how for m in marks if isinstance(m, Shown)), None)
        if how in ("card", "cards", "meld_cards"):
            found.append((name, how != "card"))
    _CARD_FIELDS[kind] = tuple(found)
    return _CARD_FIELDS[kind]


_CARD_FIELDS: dict[type[Event], tuple[tuple[str, bool], ...]] = {}


def _built_in(cls: type[E]) -> type[E]:
    BUILT_IN[cls.type] = event_kind(cls)
    return cls


@_built_in
@dataclass(slots=True)
class CutOffered(Event):
    """The deck is shuffled and ``seat`` is to cut it (ruling H12): ``cards`` in the deck."""

    type: ClassVar[str] = "cut_offered"
    seat: int
    cards: int


@_built_in
@dataclass(slots=True)
class CutMade(Event):
    """``seat`` cut the deck ``depth`` cards from the top (null: anywhere); the deal follows."""

    type: ClassVar[str] = "cut"
    seat: int
    depth: int | None


@_built_in
@dataclass(slots=True)
class Dealt(Event):
    """A hand was dealt; ``seat`` is the dealer, ``sizes`` the cards each seat holds, ``upcard``
    the card turned up to start the discard pile (None where the deal turns none up)."""

    type: ClassVar[str] = "dealt"
    seat: int
    hand_number: int
    sizes: tuple[int, ...]
    upcard: Card | None = None


@_built_in
@dataclass(slots=True)
class Drew(Event):
    """A seat drew ``count`` cards from ``source``; ``top`` was the pile's top, for a pile draw.

    ``cards`` is null for the others when the draw is ``private`` (a stock card shows its back;
    of a pile taken whole only the top card was showing).
    """

    type: ClassVar[str] = "drew"
    secret: ClassVar[Secret | None] = Secret(("cards",), when="private")
    seat: int
    source: str
    cards: Cards | None
    count: int
    top: Card | None
    private: bool


@_built_in
@dataclass(slots=True)
class Melded(Event):
    """A seat laid down a new meld, now at index ``meld`` of the table."""

    type: ClassVar[str] = "melded"
    seat: int
    meld: int
    kind: str
    cards: MeldCards
    reps: Reps


@_built_in
@dataclass(slots=True)
class LaidOff(Event):
    """A seat added ``cards`` to the table's meld ``meld`` (``reps``: the whole meld's, after)."""

    type: ClassVar[str] = "laid_off"
    seat: int
    meld: int
    cards: Cards
    end: str | None
    reps: Reps


@_built_in
@dataclass(slots=True)
class Swapped(Event):
    """A seat put ``card`` in place of the wild ``wild`` on meld ``meld`` and took the wild."""

    type: ClassVar[str] = "swapped"
    seat: int
    meld: int
    card: Card
    wild: Card


@_built_in
@dataclass(slots=True)
class Discarded(Event):
    """A seat discarded ``card``; null for the others when it went ``face_down``."""

    type: ClassVar[str] = "discarded"
    secret: ClassVar[Secret | None] = Secret(("card",), when="face_down")
    seat: int
    card: Card | None
    face_down: bool


@_built_in
@dataclass(slots=True)
class Refilled(Event):
    """The stock was made again from the discard pile (``refills`` so far this hand)."""

    type: ClassVar[str] = "refilled"
    seat: int
    refills: int
    stock: int


@_built_in
@dataclass(slots=True)
class TookBack(Event):
    """A seat took back this turn's plays, and with ``draw`` its draw from ``source`` too.

    The ``cards`` given back go where they came from, as hidden as they were drawn: null for the
    others when the draw was ``private``.
    """

    type: ClassVar[str] = "took_back"
    secret: ClassVar[Secret | None] = Secret(("cards",), when="private")
    seat: int
    draw: bool
    source: str | None = None
    cards: Cards | None = ()
    private: bool = False


@_built_in
@dataclass(slots=True)
class HandEnded(Event):
    """The hand ended: ``seat`` went out (null: nobody), ``reason`` out, stock or capped (A1)."""

    type: ClassVar[str] = "hand_ended"
    seat: int | None
    reason: Literal["out", "stock", "capped"]
    hand_scores: tuple[int, ...]
    scores: tuple[int, ...]


@_built_in
@dataclass(slots=True)
class MatchEnded(Event):
    """The match is over; ``capped``: it reached the ruleset's limit of hands, not its target."""

    type: ClassVar[str] = "match_ended"
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    capped: bool = False
