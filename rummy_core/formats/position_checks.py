"""The checks that make a loaded position one a game could have reached.

``load_position`` reads the fields; these checks refuse what no play leads to (a negative turn
count, a drawn card that is nowhere, a cut card in a ruleset without a cut, a match that should
already have ended), so that a bad file is refused when it is read, not a hundred actions later.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from rummy_core.engine.action_kinds import ENGINE_PHASES
from rummy_core.engine.actions import DISCARD, STOCK
from rummy_core.engine.cards import card_name
from rummy_core.engine.errors import RuleError
from rummy_core.engine.hooks import ENGINE_DEFAULTS, Hooks
from rummy_core.engine.state import (
    DRAW,
    HAND_OVER,
    MATCH_OVER,
    PLAY,
    REASONS,
    Outcome,
    Reason,
    State,
)
from rummy_core.formats.jsonfile import MAX_DEPTH, json_depth

LIVE = (DRAW, PLAY)


def bad(message: str, field: str, **params: Any) -> RuleError:
    """The refusal of a position, naming the field that is wrong.

    ``message`` is a msgid of the ``rummy`` domain that begins with ``field %(field)s:``.
    """
    return RuleError("bad_position", message, field=field, **params)


def check_counts(st: State) -> None:
    """Counts that cannot be negative, and per-seat lists of the right length."""
    n = st.players
    if any(t < 0 for t in st.turns_taken):
        raise bad(
            "field %(field)s: turns are counted from 0, not %(value)s.",
            "turns_taken",
            value=min(st.turns_taken),
        )
    if st.hand_turns < 0:
        raise bad(
            "field %(field)s: turns are counted from 0, not %(value)s.",
            "hand_turns",
            value=st.hand_turns,
        )
    for seat, first in enumerate(st.first_play_turn):
        if first is not None and not -1 <= first <= st.turns_taken[seat]:
            raise bad(
                "field %(field)s: seat %(seat)s has taken %(turns)s turns, so it first played at"
                " turn -1 (earlier) to %(turns)s, not %(value)s.",
                "first_play_turn",
                seat=seat,
                turns=st.turns_taken[seat],
                value=first,
            )
    for number, scores in enumerate(st.hand_history):
        if len(scores) != n:
            raise bad(
                "field %(field)s: hand %(hand)s has %(scores)s scores, not %(players)s.",
                "hand_history",
                hand=number + 1,
                scores=len(scores),
                players=n,
            )
    for seat in st.winners:
        if not 0 <= seat < n:
            raise bad(
                "field %(field)s: seat %(seat)s does not exist (seats go 0 to %(last)s).",
                "winners",
                seat=seat,
                last=n - 1,
            )
    if len(set(st.winners)) != len(st.winners):
        raise bad("field %(field)s: a seat is named twice.", "winners")
    if st.winners and st.phase != MATCH_OVER:
        raise bad("field %(field)s: only a match that is over has winners.", "winners")


def check_free_data(name: str, value: Any) -> None:
    """A field of free-form data (``extra``, ``outcome``) that does not nest without end."""
    if json_depth(value) > MAX_DEPTH:
        raise bad(
            "field %(field)s: it nests lists and objects more than %(depth)s deep.",
            name,
            depth=MAX_DEPTH,
        )


def read_outcome(data: dict[str, Any] | None, st: State) -> Outcome | None:
    """The outcome of an ended hand: who went out (a seat or null), why, one score per seat.

    Left out, ``reason`` is ``out`` when someone went out and ``stock`` otherwise, and
    ``hand_number`` the position's.
    """
    if data is None:
        return None
    n = st.players
    went_out = data.get("went_out")
    if went_out is not None and not (type(went_out) is int and 0 <= went_out < n):
        raise bad(
            "field %(field)s: went_out must be null or a seat from 0 to %(last)s.",
            "outcome.went_out",
            last=n - 1,
        )
    scores = data.get("hand_scores")
    if not (isinstance(scores, list) and len(scores) == n and all(type(s) is int for s in scores)):
        raise bad(
            "field %(field)s: hand_scores must be a list of %(players)s whole numbers.",
            "outcome.hand_scores",
            players=n,
        )
    reason = data.get("reason", "stock" if went_out is None else "out")
    if reason not in REASONS:
        raise bad(
            "field %(field)s: reason must be one of %(reasons)s.",
            "outcome.reason",
            reasons=", ".join(REASONS),
        )
    number = data.get("hand_number", st.hand_number)
    if type(number) is not int:
        raise bad("field %(field)s: hand_number must be a whole number.", "outcome.hand_number")
    return Outcome(went_out, cast(Reason, reason), tuple(scores), number)


def check_this_turn(st: State, hooks: Hooks) -> None:
    """What the player to move did this turn fits the phase, their hand and the table."""
    turn = "this_turn"
    # An ended hand keeps what its last turn did (the engine clears it as the next turn starts).
    if st.phase == DRAW and (st.drew is not None or st.drawn or st.plays):
        raise bad(
            "field %(field)s: the player to move has not drawn yet, so nothing was drawn or"
            " played.",
            turn,
        )
    # The cards on show are drawn by their label, and may have been drawn already.
    known = {STOCK, DISCARD, *hooks.shows}
    if st.phase in LIVE:
        known.update(_offered_sources(st, hooks))
    for name, sources in (("drew", [st.drew]), ("refused_sources", st.refused_sources)):
        for source in sources:
            if source is not None and source not in known:
                raise bad(
                    "field %(field)s: %(place)r is not a place to draw from (these rules have:"
                    " %(places)s).",
                    f"{turn}.{name}",
                    place=source,
                    places=", ".join(sorted(known)),
                )
    if st.drawn and st.phase == PLAY:
        around = Counter(st.hands[st.turn])
        for meld in st.table:
            around.update(meld.cards)
        missing = Counter(st.drawn) - around
        if missing:
            names = ", ".join(card_name(c) for c in sorted(missing.elements()))
            raise bad(
                "field %(field)s: %(cards)s was drawn this turn but is neither in the hand of seat"
                " %(seat)s nor on the table.",
                f"{turn}.drawn",
                cards=names,
                seat=st.turn,
            )


def _offered_sources(st: State, hooks: Hooks) -> list[str]:
    probe = st.clone()
    probe.phase = DRAW
    return [s for s in hooks.draw_sources(probe, probe.turn) if isinstance(s, str)]


def check_rules_fit(st: State, hooks: Hooks) -> None:
    """Things only some rules allow: cards on show, a face-down discard, a match going on."""
    implementers = hooks.implementers()
    if st.phase not in ENGINE_PHASES and hooks.action_kinds.waiting_in(st.phase) is None:
        raise bad(
            "field %(field)s: no deal waits for a choice %(phase)r in these rules (%(ruleset)s).",
            "phase",
            phase=st.phase,
            ruleset=hooks.ruleset.name,
        )
    for label in st.on_show:
        if label not in hooks.shows:
            raise bad(
                "field %(field)s: nothing in these rules (%(ruleset)s) puts cards on show as"
                " %(label)r.",
                f"on_show.{label}",
                ruleset=hooks.ruleset.name,
                label=label,
            )
    face_down_rule = any(
        "rummy_discard_face_down" in hooks_of
        for plugin, hooks_of in implementers.items()
        if plugin != ENGINE_DEFAULTS
    )
    if st.discard_face_down and st.phase in LIVE and not face_down_rule:
        raise bad(
            "field %(field)s: nothing in these rules lays a discard face down (%(ruleset)s).",
            "discard_face_down",
            ruleset=hooks.ruleset.name,
        )
    if st.discard_face_down and not st.discard:
        raise bad(
            "field %(field)s: the discard pile is empty, so no discard is face down.",
            "discard_face_down",
        )
    # At hand 1 the scores are where a position chooses to start (a handicap, or the end of a
    # match set up to be tested); from hand 2 on, the earlier hands were played by these rules.
    if st.phase in LIVE and st.hand_number > 1:
        ended = st.clone()
        ended.hand_number -= 1
        ended.phase = HAND_OVER
        if hooks.match_over(ended):
            raise bad(
                "field %(field)s: with these scores (%(scores)s) after hand %(hand)s, the match"
                " is over: no hand is played after it.",
                "scores",
                scores=", ".join(map(str, st.scores)),
                hand=ended.hand_number,
            )
