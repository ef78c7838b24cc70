"""The journal of a match: every change as an entry, in the one format that saves and the
server's database both hold, and the one way an entry is played again.

An entry is an action by a seat, the deal of the next hand, a seat handed to a bot (which
cuts as a bot from then on, ruling H12), or a seat handed back to a person (who cuts by hand
again). Played from the match's seed (or its starting
position) the entries give the match again exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from rummy_core.engine.actions import Action
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game
from rummy_core.formats.actions import action_json, parse_action

# ``Final``: the compiled build reads the value itself, not the module's globals.
ACTION: Final = "action"
NEXT_HAND: Final = "next_hand"
HAND_TO_BOT: Final = "hand_to_bot"
HAND_TO_PERSON: Final = "hand_to_person"


@dataclass(frozen=True, slots=True)
class Entry:
    """One change of a match.

    ``seat`` is the seat that acted (``action``), was handed to a bot (``hand_to_bot``) or back
    to a person (``hand_to_person``), None for a deal; ``action`` is the action as JSON, None
    for the other kinds.
    """

    kind: str
    seat: int | None = None
    action: dict[str, Any] | None = None


def action_entry(game: Game, seat: int, action: Action) -> Entry:
    """The entry of ``action`` by ``seat``, written in the game's own terms (plugin actions too)."""
    return Entry(ACTION, seat, action_json(action, game.hooks))


def play_entry(game: Game, entry: Entry) -> list[Event]:
    """Make the change ``entry`` records; ``RuleError`` (nothing changed) if the game refuses it."""
    if entry.kind == ACTION:
        assert entry.seat is not None and entry.action is not None
        return game.apply(entry.seat, parse_action(entry.action, game.hooks))
    if entry.kind == NEXT_HAND:
        return game.next_hand()
    assert entry.seat is not None
    if entry.kind == HAND_TO_PERSON:
        game.choosers = game.choosers | {entry.seat}
        return []
    assert entry.kind == HAND_TO_BOT
    game.choosers = game.choosers - {entry.seat}
    return []
