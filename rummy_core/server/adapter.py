"""Every call the server makes into the engine, in one place.

The rest of the server treats a game as an opaque ``Game`` and engine events as opaque values:
it asks this module for a seat's view, for the events as a seat may see them (derived from each
kind's declaration of its secret fields, ``rummy_core.engine.events.seen_by``), and for the JSON it
stores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy_core.bots import Bot, make_bot
from rummy_core.engine.cards import card_name
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game
from rummy_core.engine.registry import find_ruleset
from rummy_core.engine.setup import Variant, first_dealer, game_from_position, new_game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER
from rummy_core.formats.actions import parse_action
from rummy_core.formats.events import EventModel, event_model
from rummy_core.formats.position import dump_position
from rummy_core.formats.view import PublicView, SeatView, view_of
from rummy_core.formats.view import public_view as spectator_view
from rummy_core.present.describe import EventLine, describe
from rummy_core.present.sheet import score_lines
from rummy_core.present.status import seat_statuses
from rummy_core.server.protocol import HandSheet, ScoreItem

__all__ = [
    "Bot",
    "Event",
    "Game",
    "RuleError",
    "bot",
    "current_seat",
    "event_lines",
    "events_for",
    "hand_number",
    "hand_over",
    "hand_sheet",
    "match_over",
    "parse",
    "phase",
    "player_range",
    "position",
    "public_view",
    "restore",
    "seat_status",
    "seat_view",
    "start",
    "variant_label",
]


def variant_label(text: str) -> str:
    """The variant string, checked for form and written back in its usual spelling."""
    return Variant.parse(text).label()


def player_range(text: str) -> tuple[int, int]:
    """How many players the variant's ruleset seats, lowest and highest."""
    options = find_ruleset(Variant.parse(text).ruleset).Options
    return options.min_players, options.max_players


def start(variant: str, players: int, seed: int, people: Sequence[int]) -> tuple[Game, int]:
    """A new match, dealt, with its first dealer (drawn from the seed, as ``rummy play`` does).

    ``people`` are the seats where people sit: a person who is to cut the deck (ruling H12)
    chooses how deep, where a bot's cut is made at once.
    """
    dealer = first_dealer(seed, players)
    game = new_game(variant, players=players, seed=seed, dealer=dealer, choosers=people)
    return game, dealer


def restore(variant: str, stored: dict[str, Any], seed: int, people: Sequence[int]) -> Game:
    """A match continued from a stored position (same seed, so later deals are the same)."""
    return game_from_position(variant, stored, seed, choosers=people)


def position(game: Game) -> dict[str, Any]:
    """The complete state of ``game`` as JSON, for the database only (it holds every hand)."""
    return dump_position(game.state)


def parse(data: object, game: Game) -> Any:
    """An engine action from a client's JSON; ``bad_action`` or ``unknown_card`` if malformed."""
    return parse_action(data, game.hooks)


def current_seat(game: Game) -> int | None:
    """The seat to act, or None when the hand or the match is over."""
    return game.current_player()


def phase(game: Game) -> str:
    """``draw``, ``play``, ``hand_over`` or ``match_over``."""
    return game.state.phase


def hand_over(game: Game) -> bool:
    """Whether the hand is over and the match goes on (the next hand can be dealt)."""
    return game.state.phase == HAND_OVER


def match_over(game: Game) -> bool:
    """Whether the match is over."""
    return game.state.phase == MATCH_OVER


def hand_number(game: Game) -> int:
    """The number of the hand being played (or just ended)."""
    return game.state.hand_number


def seat_view(game: Game, seat: int) -> SeatView:
    """What ``seat`` may see now, with the actions open to it."""
    return view_of(game, seat)


def public_view(game: Game) -> PublicView:
    """What anyone may see: the fields ``PlayerView`` does not mark as a seat's own (``MINE``),
    built from the public state (no seat's hand or legal actions is looked at)."""
    return spectator_view(game)


def hand_sheet(game: Game) -> HandSheet | None:
    """What the score sheet shows, once the hand is over (None while it is played), with the
    rules' items in the current language.

    The terminal game's sheet reads the same: the hands as they were left, the cards' values,
    and why each seat scored what it did, as the rules say it (``rummy_score_lines``).
    """
    st = game.state
    if st.phase not in (HAND_OVER, MATCH_OVER):
        return None
    values = game.hooks.card_values
    return HandSheet(
        leftover=[[card_name(c) for c in hand] for hand in st.hands],
        worth=[sum(values[c] for c in hand) for hand in st.hands],
        why=[
            [
                ScoreItem(code=i.code, message=i.render(), params=dict(i.params), points=i.points)
                for i in items
            ]
            for items in score_lines(game)
        ],
    )


def seat_status(game: Game) -> list[str]:
    """The words a seat's status uses under the game's rules (``opened`` where there is an
    opening)."""
    return seat_statuses(game)


def events_for(events: Sequence[Event], seat: int | None) -> list[EventModel]:
    """The events as ``seat`` may see them (None: a spectator, who sees no hand)."""
    return [event_model(event, seat) for event in events]


def event_lines(
    game: Game, events: Sequence[Event], seat: int | None, names: Sequence[str]
) -> list[EventLine]:
    """Each event's sentence as ``seat`` may read it (None: a spectator): built from the event
    as that seat sees it (``seen_by``), so it names no card the seat may not see; ``names``
    and what the rules call the cards on show are in the current language."""
    shows = game.hooks.shown_names()
    return [describe(event, seat, names, shows) for event in events]


def bot(name: str, seed: int) -> Bot:
    """A bot by name; ``unknown_bot`` lists the others."""
    return make_bot(name, seed)
