"""Position files of every format this project has written, brought up to the current one.

A position names its format in ``version``; a file without one is from before versions were
written (1). Each step below turns one version into the next, so a file of any earlier version
loads: positions in scenarios, saved games' start and end, and the server's tables alike
(``load_position`` is their one door). A step never guesses: what it cannot carry over is refused
with ``bad_position``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from rummy_core.engine.cards import JOKER, parse_card
from rummy_core.engine.errors import RuleError

POSITION_VERSION: Final = 2
"""The format ``dump_position`` writes."""


def _cards_on_show(data: dict[str, Any]) -> dict[str, Any]:
    """1 to 2: the Hungarian cut card became a card on show under its label, and the jokers a
    swap took this turn became the Hungarian ruleset's own count of jokers owed (ruling H6)."""
    data = dict(data)
    cut = data.pop("cut_card", None)
    if cut is not None:
        data["on_show"] = {**data.get("on_show", {}), "cut": [cut]}
    turn = dict(data.get("this_turn") or {})
    taken = turn.pop("wilds_taken", None) or []
    if turn or "this_turn" in data:
        data["this_turn"] = turn
    # Only Hungarian read wilds_taken, and only its jokers (the one wild it has): the count is
    # what its rules keep now, under the key they keep it by.
    owed = sum(1 for card in taken if parse_card(str(card)) == JOKER)
    if owed:
        data["extra"] = {**data.get("extra", {}), "jokers_to_replay": owed}
    return data


STEPS: Final[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {1: _cards_on_show}
"""The step from each earlier version to the next."""


def migrate_position(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a position's JSON, of any version) in the current format, ``version`` included;
    the turn's earlier positions inside it (``this_turn.start``, ``after_draw``) with it."""
    version = data.get("version", 1)
    if type(version) is not int or not 1 <= version <= POSITION_VERSION:
        raise RuleError(
            "bad_position",
            "This position is of format version %(version)s; this program reads versions 1 to"
            " %(current)s (a newer program may have written it).",
            version=repr(version),
            current=POSITION_VERSION,
        )
    return {**_migrated(data, version), "version": POSITION_VERSION}


def _migrated(data: dict[str, Any], version: int) -> dict[str, Any]:
    # The turn's earlier positions are of their file's version, and carry none of their own.
    for step in range(version, POSITION_VERSION):
        data = STEPS[step](data)
    turn = data.get("this_turn")
    if isinstance(turn, dict):
        earlier = {
            key: _migrated(value, version)
            for key in ("start", "after_draw")
            if isinstance(value := turn.get(key), dict)
        }
        if earlier:
            data = {**data, "this_turn": {**turn, **earlier}}
    return data
