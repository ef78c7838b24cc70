"""The hub's refusals of a request before it changes anything: no room for another table, a
wrong number of players, a stale or unstarted table, a seat that does not exist, a token that
is not the creator's. Each raises ``RuleError`` with a stable code and words from the ``ui``
catalog."""

from __future__ import annotations

from rummy_core.engine.errors import RuleError
from rummy_core.i18n.languages import N_plural
from rummy_core.i18n.uitext import UI
from rummy_core.server import games
from rummy_core.server.limits import Limits
from rummy_core.server.live import LiveTable
from rummy_core.server.store import token_matches


def check_room(tables: int, made_here: int, limits: Limits) -> None:
    """Refuse a new table past ``Limits.max_tables`` (``tables`` kept now, resting ones too),
    or past ``tables_per_address`` (``made_here``: those kept that the asking address made)."""
    if tables >= limits.max_tables:
        raise RuleError(
            "too_many_tables",
            N_plural(
                "This server has %(count)s table, as many as it keeps. Play at it, or ask"
                " its host to close it.",
                "This server has %(count)s tables, as many as it keeps. Play at one of"
                " them, or ask its host to close some.",
            ),
            domain=UI.name,
            count=tables,
        )
    if made_here >= limits.tables_per_address:
        raise RuleError(
            "too_many_tables",
            N_plural(
                "You have made %(count)s table, as many as one person may. Close it first.",
                "You have made %(count)s tables, as many as one person may. Close one first.",
            ),
            domain=UI.name,
            count=made_here,
        )


def check_players(variant: str, players: int) -> None:
    """Refuse a table of a number of players the variant's ruleset does not seat."""
    low, high = games.player_range(variant)
    if not low <= players <= high and low == high:
        raise RuleError(
            "bad_players",
            "%(variant)s is for %(low)s players, not %(players)s.",
            domain=UI.name,
            variant=variant,
            players=players,
            low=low,
        )
    if not low <= players <= high:
        raise RuleError(
            "bad_players",
            "%(variant)s is for %(low)s to %(high)s players, not %(players)s.",
            domain=UI.name,
            variant=variant,
            players=players,
            low=low,
            high=high,
        )


def check_current(table: LiveTable, seen: int) -> None:
    """Refuse a change at a table that has not started, or one chosen on an old state."""
    if not table.row.started:
        raise RuleError(
            "not_started",
            "The table waits for everyone to join, or for its host to start it.",
            domain=UI.name,
        )
    if seen != table.state_id:
        raise RuleError(
            "stale_state",
            "The table has moved on (state %(state_id)s, not %(seen)s): look again.",
            domain=UI.name,
            state_id=table.state_id,
            seen=seen,
        )


def check_seat(table: LiveTable, seat: int) -> None:
    """Refuse a seat the table does not have."""
    if not 0 <= seat < table.row.players:
        raise RuleError(
            "unknown_seat",
            "The table has seats 0 to %(last)s.",
            domain=UI.name,
            last=table.row.players - 1,
            seat=seat,
        )


def check_creator(table: LiveTable, creator_token: str) -> None:
    """Refuse a host's request made without the table's creator token."""
    if not token_matches(creator_token, table.row.creator_hash):
        raise RuleError(
            "bad_creator_token",
            "Only the table's creator may do that.",
            domain=UI.name,
        )
