"""The score sheet's tables: each player's leftover cards and their worth, the points of the
hand and the earlier hands, and who leads. The reasons for the points are
``rummy_core.present.sheet``'s."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from rummy_core.i18n.uitext import _, join_names, ngettext
from rummy_core.present.plays import card_label, sort_hand
from rummy_core.present.sheet import leftover_worth
from rummy_core.tui.session import Session


def hand_table(s: Session) -> Table:
    """This hand, a row a player: the cards left, their worth, the points, the total."""
    st = s.game.state
    worth = leftover_worth(s.game)
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
        grid.add_row(name, cards, str(worth[seat]), str(points[seat]), Text(str(st.scores[seat])))
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
