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
from rummy_core.tui.words import plural


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
            how = "went out all at once" if bonus else "went out"
            if st.discard_face_down:
                how += ", closing with a face-down discard that counts for nobody"
            if p == 2 * others and others:
                why = f"{how}: the others' cards, {others}, doubled"
            elif p == others and others:
                why = f"{how}: the others' cards"
            elif p == credit - v:
                why = f"{how}: {credit} on the table"
            else:
                why = f"{how}: {p} points"
        elif opening and not st.opened(seat) and p not in (v, -v, 0):
            why = f"never opened: {p} points"
        elif p == credit - v and credit:
            why = f"{credit} on the table, less {v} in hand"
        elif p == v:
            why = "the cards left in hand"
        elif p == -v and v:
            why = "the cards left in hand count against them"
        elif p == 0 and out is not None:
            why = f"scores nothing: the points go to {s.names[out]}"
        else:
            why = f"{p} points"
        found.append(f"{name}: {why}.")
    return found


def hand_table(s: Session) -> Table:
    """This hand, a row a player: the cards left, their worth, the points, the total."""
    st = s.game.state
    values = s.game.hooks.card_values
    points = st.outcome.hand_scores if st.outcome else (0,) * st.players
    grid = Table(box=None, padding=(0, 1), expand=False, show_edge=False)
    grid.add_column("Player", no_wrap=True)
    grid.add_column("Left in hand", overflow="fold", max_width=34)
    grid.add_column("Worth", justify="right", no_wrap=True)
    grid.add_column("Points", justify="right", no_wrap=True)
    grid.add_column("Total", justify="right", no_wrap=True)
    for seat, name in enumerate(s.names):
        hand = sort_hand(st.hands[seat], by_rank=False)
        cards = " ".join(card_label(c) for c in hand) if hand else "none"
        worth = sum(values[c] for c in hand)
        grid.add_row(name, cards, str(worth), str(points[seat]), Text(str(st.scores[seat])))
    return grid


def history_table(s: Session) -> Table | None:
    """The points of every hand so far, a row a hand, or None after the first hand."""
    st = s.game.state
    if len(st.hand_history) < 2:
        return None
    grid = Table(box=None, padding=(0, 1), show_edge=False)
    grid.add_column("Hand", justify="right")
    for name in s.names:
        grid.add_column(name, justify="right", no_wrap=True)
    for number, hand in enumerate(st.hand_history, start=1):
        grid.add_row(str(number), *(str(p) for p in hand))
    grid.add_row("total", *(str(p) for p in st.scores), style="bold")
    return grid


def leader_line(s: Session) -> str:
    """Who leads, and which way scores point."""
    leaders = " and ".join(s.names[w] for w in s.leaders())
    way = "low" if s.low_score_wins() else "high"
    hands = s.game.state.hand_number
    return f"Leading after {plural(hands, 'hand')}: {leaders} ({way} score wins)."
