"""New kinds of action, added by plugins through the registrar hook ``rummy_register_actions``.

The built-in actions (draw, meld, lay off, swap, discard, take back) are fixed; a plugin that
needs another (a knock, a bid) describes it with an ``ActionKind``: its JSON ``type``, its engine
form and JSON form and how to convert between them, how it changes the working state, and which
instances are worth trying when legal moves are listed. The engine applies it like a built-in
action: on a clone of the state, kept only if ``apply`` returns without raising, so a refused
plugin action changes nothing either (ruling A2).

A kind may also be the choice a deal waits for (Hungarian Römi's cut): ``before_deal`` marks it,
``rummy_deal_wait`` says when the deal waits for it, and its ``apply`` deals with
``game.deal_waiting``. While the deal waits, the hand's phase is the kind's name, so a saved
position says what it waits for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel

from rummy_core.engine.actions import Action, PluginAction
from rummy_core.engine.errors import Violation
from rummy_core.engine.events import BUILT_IN, EVENT_KINDS, Event
from rummy_core.engine.state import DRAW, HAND_OVER, MATCH_OVER, PLAY, Reason, State
from rummy_core.i18n.languages import RUMMY

A = TypeVar("A", bound=PluginAction)
M = TypeVar("M", bound=BaseModel)

BUILT_IN_TYPES = frozenset({"draw", "meld", "lay_off", "swap", "discard", "take_back"})
"""The JSON ``type`` of every built-in action: a plugin cannot take these names."""

ENGINE_PHASES = frozenset({DRAW, PLAY, HAND_OVER, MATCH_OVER})
"""The engine's own phases: a kind made before the deal, whose name is its phase, cannot take
these names."""


@dataclass(frozen=True)
class DealWait:
    """The answer of ``rummy_deal_wait``: the deal waits for ``seat``'s choice."""

    seat: int
    """The seat that chooses (a person's seat: for a bot's the deal is made at once)."""
    action: str
    """The name of the ``before_deal`` kind of action the seat chooses with; the hand's phase
    while the deal waits."""
    events: tuple[Event, ...] = ()
    """What the table is told when the deal starts waiting (the deck offered for the cut)."""
    made: tuple[Event, ...] = ()
    """What the table is told when no person sits there and the choice is made at once, as a
    bot makes it (a bot cut the deck anywhere), before the deal's own events."""


class GameSteps(Protocol):
    """What a plugin's action may use of the game (``rummy_core.engine.game.Game`` is one)."""

    @property
    def state(self) -> State:
        """A copy of the state before the action (``apply`` changes the working clone it is
        given; what a plugin does to this copy stays out of the game)."""
        ...

    def check_play(self, st: State, seat: int, action: Action) -> None:
        """Refuse a play made before the draw, or one ``rummy_action_violations`` forbids."""
        ...

    def discard_card(self, st: State, seat: int, card: int, events: list[Event]) -> None:
        """Move ``card`` from ``seat``'s hand to the discard pile, as a discard does."""
        ...

    def end_turn(self, st: State, seat: int, events: list[Event]) -> None:
        """End ``seat``'s turn: count it, then end the hand or pass the turn on."""
        ...

    def end_hand(
        self, st: State, went_out: int | None, reason: Reason, events: list[Event]
    ) -> None:
        """End the hand now and score it: ``went_out`` closed it (None: nobody), for ``reason``
        (``"out"``, ``"stock"`` or ``"capped"``)."""
        ...

    def deal_waiting(self, st: State, choice: int | None, events: list[Event]) -> None:
        """Deal the hand that waits for a choice (``rummy_deal_wait``), giving ``rummy_deal``
        the seat's ``choice``; the first turn begins."""
        ...


@dataclass(frozen=True)
class ActionKind(Generic[A, M]):
    """One kind of action a plugin adds to the game.

    ``apply(game, state, seat, action, events)`` works on the engine's clone of the state: it
    changes it, appends events (``rummy_core.engine.events`` kinds: the built-in ones, such as
    ``Discarded``, and the action's own, listed in ``events``), and raises ``RuleError`` (for
    example ``rummy_core.engine.game.refuse(...)``) to refuse the action, which then changes
    nothing. It may use the engine's public steps: ``game.check_play``, ``game.discard_card``,
    ``game.end_turn``, ``game.end_hand``, and for a kind made before the deal
    ``game.deal_waiting``.
    ``candidates(game, seat)`` yields the instances worth checking for the seat
    to move (they are each checked with ``Game.is_legal`` before being offered).
    """

    name: str
    """The JSON ``type`` of the action; it must not be a built-in one."""
    action: type[A]
    """The engine form: a frozen dataclass subclassing ``PluginAction``, its ``type`` the name."""
    model: type[M]
    """The JSON form: a pydantic model whose ``type`` field defaults to ``name``."""
    to_action: Callable[[M], A]
    """The engine form of a validated JSON model (raise ``RuleError`` for a bad card)."""
    to_model: Callable[[A], M]
    """The JSON model of an engine action (for logs, records and save files)."""
    apply: Callable[[GameSteps, State, int, A, list[Event]], None]
    """Make the action on the working state, or raise ``RuleError`` to refuse it."""
    candidates: Callable[[GameSteps, int], Iterable[A]]
    """The actions of this kind worth trying for ``seat`` now, legal or not."""
    events: tuple[type[Event], ...] = ()
    """The action's own kinds of event, each registered with ``rummy_core.engine.events.event_kind``
    (which fields are secret, and so how every seat sees them, is declared there)."""
    label: str = ""
    """What a button or a key hint calls the action ("Knock"), a msgid of ``domain``; empty: its
    ``name``."""
    phrase: str = ""
    """How the turn's sentence lists the action among what is open ("knock" in "Your turn: meld,
    knock."), a msgid of ``domain``: where a language's buttons name actions otherwise than such
    a list does (Hungarian's button "Kopogás", "kopogj" in the list); empty: ``label`` in lower
    case."""
    domain: str = RUMMY.name
    """The gettext domain of ``label``: the plugin's own."""
    before_deal: Violation | None = None
    """Set for the choice a deal waits for (a cut: ``rummy_deal_wait``), made before the cards
    are dealt in the phase named ``name``: the refusal of any other action while the deal waits
    (``cut_first``). None for an action made in a turn."""

    def problems(self) -> list[str]:
        """What is wrong with this description (empty when it is usable)."""
        found = []
        if self.name in BUILT_IN_TYPES:
            found.append(f"the action type {self.name!r} is built in")
        if self.before_deal is not None and self.name in ENGINE_PHASES:
            found.append(f"the action type {self.name!r} made before the deal is an engine phase")
        if not isinstance(self.before_deal, Violation | None):
            found.append(f"before_deal is {self.before_deal!r}, expected a Violation or None")
        if not (isinstance(self.action, type) and issubclass(self.action, PluginAction)):
            found.append(f"{self.action!r} is not a PluginAction subclass")
        elif getattr(self.action, "type", None) != self.name:
            found.append(f"{self.action.__name__}.type must be {self.name!r}")
        if not (isinstance(self.model, type) and issubclass(self.model, BaseModel)):
            found.append(f"{self.model!r} is not a pydantic model")
        else:
            field = self.model.model_fields.get("type")
            if field is None or field.default != self.name:
                found.append(f"{self.model.__name__}.type must default to {self.name!r}")
        for kind in self.events:
            if not (isinstance(kind, type) and issubclass(kind, Event)):
                found.append(f"{kind!r} is not a kind of event")
            elif kind.type in BUILT_IN or EVENT_KINDS.get(kind.type) is not kind:
                found.append(f"the event {kind.__name__} is not registered with event_kind")
        return found
