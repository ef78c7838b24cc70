"""The small panels of the table as text: whose turn it is, the players, the piles.

Each is drawn from the human's view and the engine's generic answers (draw sources, the opening
minimum, the legal actions), so it reads the same for every ruleset.
"""

from __future__ import annotations

from rich.text import Text

from rummy_core.actions import Draw
from rummy_core.bots.levels import level_word
from rummy_core.errors import RuleError
from rummy_core.state import DRAW
from rummy_core.tui.session import Session
from rummy_core.tui.widgets import card_text
from rummy_core.tui.words import plural

KEY_STYLE = "#ffd75f"
"""The colour of a key hint."""

DRAW_KEYS = {"stock": "D stock", "discard": "T discard pile"}
"""The key hint of each draw source; the cards on show are drawn with C."""


def status_text(s: Session, keys: list[str]) -> Text:
    """The top line: the hand, and who is to do what, with the keys usable now (``keys``)."""
    st = s.game.state
    head = Text(f"Hand {st.hand_number} · ", style="bold")
    mine = f"bold {KEY_STYLE}"
    if s.cut_to_choose is not None:
        head.append("Your turn: cut the deck before the deal (ruling H12).", style=mine)
    elif s.my_turn and st.phase == DRAW:
        choices = ", ".join(
            DRAW_KEYS.get(src) or f"C {s.game.hooks.shows.get(src, src)}"
            for src in s.draw_sources()
        )
        head.append(f"Your turn: draw ({choices}).", style=mine)
    elif s.my_turn and st.drew is None and keys:
        # Hungarian's first player starts by discarding only (ruling H2).
        head.append(f"Your turn, no draw this time: {', '.join(keys)}.", style=mine)
    elif s.my_turn:
        head.append(f"Your turn: {', '.join(keys)}.", style=mine)
    elif s.playing:
        head.append(f"{s.names[st.turn]} is playing…")
    else:
        head.append("The hand is over.")
    return head


def players_text(s: Session) -> Text:
    """One line a player: the turn marker, name and strength, score (the leader's in green),
    cards in hand, and whether they have opened where an opening is needed."""
    st = s.game.state
    view = s.view
    opening = s.game.opening_minimum(s.human) > 0
    leaders = set(s.leaders()) if any(st.scores) else set()
    running = s.running_scores()
    text = Text()
    for seat, name in enumerate(s.names):
        if seat:
            text.append("\n")
        turn = seat == st.turn and s.playing
        text.append("▶ " if turn else "  ", style=f"bold {KEY_STYLE}")
        who = name if seat == s.human else f"{name} {level_word(s.seats[seat])}"
        text.append(f"{who:<12} ", style="bold" if turn else "")
        lead = "bold #98c379" if seat in leaders else ""
        text.append(f"{view.scores[seat]:>4} pts", style=lead)
        text.append(f" {plural(view.hand_sizes[seat], 'card'):>8}")
        if running is not None:
            # The hand so far (R11): the table's cards, less your own hand for you.
            text.append(f"{running[seat]:+5d}", style="dim")
        if opening and view.opened[seat]:
            text.append(" opened", style="dim")
    return text


def stock_text(s: Session) -> Text:
    """The stock: its size, and the key when it can be drawn from."""
    text = Text(plural(s.view.stock_size, "card"))
    if "stock" in s.draw_sources():
        text.append("\n[D] draw", style=KEY_STYLE)
    return text


def discard_text(s: Session) -> Text:
    """The discard pile: its top card (or face down), its size, and how much a draw takes."""
    view = s.view
    text = Text()
    if view.discard_face_down:
        text.append("▒▒ down", style="dim")
    elif view.top_discard is not None:
        text.append_text(card_text(view.top_discard))
    else:
        text.append("empty", style="dim")
    text.append(f"\n{view.discard_size} in pile")
    if "discard" in s.draw_sources():
        text.append("\n[T] take", style=KEY_STYLE)
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
    for label, cards in s.view.on_show:
        if text:
            text.append("\n")
        text.append(f"{s.game.hooks.shows.get(label, label)}\n", style="dim")
        for card in cards:
            text.append(card_text(card))
        if label in sources:
            text.append("\n[C] take it", style=KEY_STYLE)
    return text


def shown_source(s: Session) -> str | None:
    """The label of the cards on show that the C key and a click draw: the first the rules open
    to the player now, else the first on show."""
    labels = [label for label, _ in s.view.on_show]
    open_now = [label for label in labels if label in s.draw_sources()]
    chosen = open_now or labels
    return chosen[0] if chosen else None
