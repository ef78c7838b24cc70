"""The score sheet's words: what the cards each seat put on the table are worth, and why each
seat's points for the hand are what they are.

The reasons are read off the numbers and the engine's public answers (card values, the hand
bonus, who opened, who put each card on the table), so no ruleset is named here: a winner's
points that are the others' cards doubled say "doubled", a hand that counts against its
holder says so, and a score that is none of these is given as the rules' own figure.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_core.engine import Game
from rummy_core.state import State
from rummy_core.uitext import _, ngettext


def table_credit(state: State, seat: int, values: tuple[int, ...]) -> int:
    """What the cards ``seat`` put on the table are worth."""
    return sum(
        values[code]
        for meld in state.table
        for code, owner in zip(meld.cards, meld.credit, strict=True)
        if owner == seat
    )


def reasons(game: Game, names: Sequence[str]) -> list[str]:
    """One sentence a player on why the hand's points are what they are; ``names`` names every
    seat."""
    st = game.state
    hooks = game.hooks
    values = hooks.card_values
    outcome = st.outcome
    points = list(outcome.hand_scores) if outcome else [0] * st.players
    out = outcome.went_out if outcome else None
    left = [sum(values[c] for c in hand) for hand in st.hands]
    opening = any(game.opening_minimum(seat) > 0 for seat in range(st.players))
    bonus = out is not None and game.ask(lambda copy: hooks.hand_bonus(copy, out))
    found = []
    for seat, name in enumerate(names):
        p, v = points[seat], left[seat]
        credit = table_credit(st, seat, values)
        others = sum(left) - v
        if seat == out:
            face_down = st.discard_face_down
            if p == 2 * others and others:
                why = _went_out(bonus, face_down, "doubled", others=others)
            elif p == others and others:
                why = _went_out(bonus, face_down, "others")
            elif p == credit - v:
                why = _went_out(bonus, face_down, "table", credit=credit)
            else:
                why = _went_out(bonus, face_down, "points", points=p)
        elif opening and not st.opened(seat) and p not in (v, -v, 0):
            why = ngettext(
                "never opened: %(count)s point", "never opened: %(count)s points", abs(p), count=p
            )
        elif p == credit - v and credit:
            why = _("%(credit)s on the table, less %(left)s in hand", credit=credit, left=v)
        elif p == v:
            why = _("the cards left in hand")
        elif p == -v and v:
            why = _("the cards left in hand count against them")
        elif p == 0 and out is not None:
            why = _("scores nothing: the points go to %(name)s", name=names[out])
        else:
            why = ngettext("%(count)s point", "%(count)s points", abs(p), count=p)
        found.append(_("%(name)s: %(why)s.", name=name, why=why))
    return found


def _went_out(all_at_once: bool, face_down: bool, reason: str, **numbers: int) -> str:
    """Why the player who went out scored what they did: how they went out, then the sum.

    Each way of going out is its own sentence, so that no language has to glue pieces.
    """
    how = (
        _("went out all at once")
        if all_at_once and not face_down
        else _("went out all at once, closing with a face-down discard that counts for nobody")
        if all_at_once
        else _("went out, closing with a face-down discard that counts for nobody")
        if face_down
        else _("went out")
    )
    if reason == "doubled":
        return _("%(how)s: the others' cards, %(others)s, doubled", how=how, **numbers)
    if reason == "others":
        return _("%(how)s: the others' cards", how=how)
    if reason == "table":
        return _("%(how)s: %(credit)s on the table", how=how, **numbers)
    points = numbers["points"]
    return ngettext(
        "%(how)s: %(count)s point", "%(how)s: %(count)s points", abs(points), how=how, count=points
    )
