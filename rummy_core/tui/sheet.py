"""The score sheet's contents: each player's leftover cards and their worth, the points of the
hand with the reason for them, and the earlier hands.

The reasons are read off the numbers and the engine's public answers (card values, the hand
bonus, who opened, who put each card on the table), so no ruleset is named here: a winner's
points that are the others' cards doubled say "doubled", a hand that counts against its
holder says so, and a score that is none of these is given as the rules' own figure.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from rummy_core.state import State
from rummy_core.tui.plays import card_label, sort_hand
from rummy_core.tui.session import Session
from rummy_core.uitext import _, join_names, ngettext


def table_credit(state: State, seat: int, values: tuple[int, ...]) -> int:
    """What the cards ``seat`` put on the table are worth."""
    return sum(
        values[code]
        for meld in state.table
        for code, owner in zip(meld.cards, meld.credit, strict=True)
        if owner == seat
    )


def reasons(s: Session) -> list[str]:
    """One sentence a player on why the hand's points are what they are."""
    st = s.game.state
    hooks = s.game.hooks
    values = hooks.card_values
    outcome = st.outcome
    points = list(outcome.hand_scores) if outcome else [0] * st.players
    out = outcome.went_out if outcome else None
    left = [sum(values[c] for c in hand) for hand in st.hands]
    opening = any(s.game.opening_minimum(seat) > 0 for seat in range(st.players))
    bonus = out is not None and s.game.ask(lambda copy: hooks.hand_bonus(copy, out))
    found = []
    for seat, name in enumerate(s.names):
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
            why = _("scores nothing: the points go to %(name)s", name=s.names[out])
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


def hand_table(s: Session) -> Table:
    """This hand, a row a player: the cards left, their worth, the points, the total."""
    st = s.game.state
    values = s.game.hooks.card_values
    points = st.outcome.hand_scores if st.outcome else (0,) * st.players
    grid = Table(box=None, padding=(0, 1), expand=False, show_edge=False)
    grid.add_column(_("Player"), no_wrap=True)
    grid.add_column(_("Left in hand"), overflow="fold", max_width=34)
    grid.add_column(_("Worth"), justify="right", no_wrap=True)
    grid.add_column(_("Points"), justify="right", no_wrap=True)
    grid.add_column(_("Total"), justify="right", no_wrap=True)
    for seat, name in enumerate(s.names):
        hand = sort_hand(st.hands[seat], by_rank=False)
        cards = " ".join(card_label(c) for c in hand) if hand else _("none")
        worth = sum(values[c] for c in hand)
        grid.add_row(name, cards, str(worth), str(points[seat]), Text(str(st.scores[seat])))
    return grid


def history_table(s: Session) -> Table | None:
    """The points of every hand so far, a row a hand, or None after the first hand."""
    st = s.game.state
    if len(st.hand_history) < 2:
        return None
    grid = Table(box=None, padding=(0, 1), show_edge=False)
    grid.add_column(_("Hand"), justify="right")
    for name in s.names:
        grid.add_column(name, justify="right", no_wrap=True)
    for number, hand in enumerate(st.hand_history, start=1):
        grid.add_row(str(number), *(str(p) for p in hand))
    grid.add_row(_("total"), *(str(p) for p in st.scores), style="bold")
    return grid


def leader_line(s: Session) -> str:
    """Who leads, and which way scores point."""
    leaders = join_names([s.names[w] for w in s.leaders()])
    hands = s.game.state.hand_number
    if s.low_score_wins():
        return ngettext(
            "Leading after %(count)s hand: %(names)s (low score wins).",
            "Leading after %(count)s hands: %(names)s (low score wins).",
            hands,
            names=leaders,
        )
    return ngettext(
        "Leading after %(count)s hand: %(names)s (high score wins).",
        "Leading after %(count)s hands: %(names)s (high score wins).",
        hands,
        names=leaders,
    )
