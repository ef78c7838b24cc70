"""The small panels of the table as text: whose turn it is, the players, the piles.

Each is drawn from the human's view and the engine's generic answers (draw sources, the opening
minimum, the legal actions), so it reads the same for every ruleset.
"""

from __future__ import annotations

from rich.text import Text

from rummy_core.engine.actions import Draw
from rummy_core.engine.errors import RuleError
from rummy_core.engine.state import DRAW
from rummy_core.i18n.uitext import N_, _, ngettext
from rummy_core.present.status import OPENED, level_name, seat_statuses
from rummy_core.tui.session import Session
from rummy_core.tui.widgets import card_text

KEY_STYLE = "#ffd75f"
"""The colour of a key hint."""

DRAW_KEYS = {"stock": N_("D stock"), "discard": N_("T discard pile")}
"""The key hint of each draw source; the cards on show are drawn with C."""


def status_text(s: Session, keys: list[str]) -> Text:
    """The top line: the hand, and who is to do what, with the keys usable now (``keys``)."""
    st = s.game.state
    head = Text(_("Hand %(number)s · ", number=st.hand_number), style="bold")
    mine = f"bold {KEY_STYLE}"
    if s.cut_to_choose is not None:
        head.append(_("Your turn: cut the deck before the deal (ruling H12)."), style=mine)
    elif s.my_turn and st.phase == DRAW:
        shown = s.game.hooks.shown_names()
        choices = ", ".join(
            _(DRAW_KEYS[src]) if src in DRAW_KEYS else _("C %(thing)s", thing=shown.get(src, src))
            for src in s.draw_sources()
        )
        if not keys:
            head.append(_("Your turn: draw (%(keys)s).", keys=choices), style=mine)
        elif choices:
            # The rules offer something besides a draw (gin's pass on the upcard, at the wall).
            said = _(
                "Your turn: draw (%(keys)s) or %(others)s.", keys=choices, others=", ".join(keys)
            )
            head.append(said, style=mine)
        else:
            head.append(_("Your turn: %(keys)s.", keys=", ".join(keys)), style=mine)
    elif s.my_turn and st.drew is None and keys:
        # Hungarian's first player starts by discarding only (ruling H2).
        head.append(_("Your turn, no draw this time: %(keys)s.", keys=", ".join(keys)), style=mine)
    elif s.my_turn:
        head.append(_("Your turn: %(keys)s.", keys=", ".join(keys)), style=mine)
    elif s.playing and (stage := s.game.hooks.turn_stage(st)) is not None:
        # A stage the rules name (gin's defender laying off on the knock), as the table says it.
        head.append(_("%(name)s's turn (%(stage)s).", name=s.names[st.turn], stage=stage.render()))
    elif s.playing:
        head.append(_("%(name)s is playing…", name=s.names[st.turn]))
    else:
        head.append(_("The hand is over."))
    return head


def players_text(s: Session) -> Text:
    """One line a player: the turn marker, name and strength, score (the leader's in green),
    cards in hand, and whether they have opened where an opening is needed."""
    st = s.game.state
    view = s.view
    opening = OPENED in seat_statuses(s.game)
    leaders = set(s.leaders()) if any(st.scores) else set()
    running = s.running_scores()
    text = Text()
    whos = [
        name if seat == s.human else f"{name} {level_name(s.seats[seat])}"
        for seat, name in enumerate(s.names)
    ]
    # As wide as the longest name and strength, in whichever language, so the columns line up.
    width = max(12, *map(len, whos))
    for seat, who in enumerate(whos):
        if seat:
            text.append("\n")
        turn = seat == st.turn and s.playing
        text.append("▶ " if turn else "  ", style=f"bold {KEY_STYLE}")
        text.append(f"{who:<{width}} ", style="bold" if turn else "")
        lead = "bold #98c379" if seat in leaders else ""
        points = str(view.scores[seat]).rjust(4)
        text.append(_("%(points)s pts", points=points), style=lead)
        cards = ngettext("%(count)s card", "%(count)s cards", view.hand_sizes[seat])
        text.append(f" {cards:>8}")
        if running is not None:
            # The hand so far (R11): the table's cards, less your own hand for you.
            text.append(f"{running[seat]:+5d}", style="dim")
        if opening and view.opened[seat]:
            text.append(" " + _("opened"), style="dim")
    return text


def stock_text(s: Session) -> Text:
    """The stock: its size, and the key when it can be drawn from."""
    text = Text(ngettext("%(count)s card", "%(count)s cards", s.view.stock_size))
    if "stock" in s.draw_sources():
        text.append("\n" + _("[D] draw"), style=KEY_STYLE)
    return text


def discard_text(s: Session) -> Text:
    """The discard pile: its top card (or face down), its size, and how much a draw takes."""
    view = s.view
    text = Text()
    if view.discard_face_down:
        text.append("▒▒ " + _("down"), style="dim")
    elif view.top_discard is not None:
        text.append_text(card_text(view.top_discard))
    else:
        text.append(_("empty"), style="dim")
    # A number beside a word that does not agree with it, in every language shipped.
    text.append("\n" + _("%(size)s in pile", size=view.discard_size))
    if "discard" in s.draw_sources():
        text.append("\n" + _("[T] take"), style=KEY_STYLE)
        try:
            taking = len(s.game.preview(s.human, Draw("discard")).drawn)
        except RuleError:
            taking = 0
        if taking > 1:
            # Where the whole pile comes along (ruling R3), say how much of it.
            text.append(f" {taking}", style=KEY_STYLE)
    return text


def shown_text(s: Session) -> Text | None:
    """The cards the rules put on show beside the stock (a cut card, H2), each under its name,
    with the key that draws them where the rules allow it; None while nothing is on show."""
    if not s.view.on_show:
        return None
    text = Text()
    sources = s.draw_sources()
    shown = s.game.hooks.shown_names()
    for label, cards in s.view.on_show:
        if text:
            text.append("\n")
        text.append(f"{shown.get(label, label)}\n", style="dim")
        for card in cards:
            text.append(card_text(card))
        if label in sources:
            text.append("\n" + _("[C] take it"), style=KEY_STYLE)
    return text


def shown_source(s: Session) -> str | None:
    """The label of the cards on show that the C key and a click draw: the first the rules open
    to the player now, else the first on show."""
    labels = [label for label, _cards in s.view.on_show]
    sources = s.draw_sources()
    open_now = [label for label in labels if label in sources]
    chosen = open_now or labels
    return chosen[0] if chosen else None
