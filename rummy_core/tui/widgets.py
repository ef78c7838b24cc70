"""The pieces of the table: your hand, the melds, the piles, the players.

Each widget draws what it is given and reports clicks as messages; the app decides what a click
means. Cards are cells five columns wide, so a click's column says which card it hit.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.events import Click, MouseDown, MouseMove, MouseUp
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from rummy_core.engine.cards import JOKER, suit_of
from rummy_core.engine.state import Meld
from rummy_core.i18n.uitext import _, deal_line_prefix, meld_kind_name
from rummy_core.present.plays import card_label, rep_label

CELL = 5
"""Columns per card in the hand."""
STRIPE_COLOURS = ("#e5c07b", "#61afef", "#98c379", "#c678dd", "#56b6c2", "#e06c75", "#d19a66")
"""One colour per meld held, in the order the melds are listed."""


def card_style(code: int, selected: bool = False) -> str:
    """The style of a card face: red or black on a light card, gold when selected."""
    if code == JOKER:
        ink = "bold #a000a0"
    elif suit_of(code) in (1, 2):
        ink = "bold #c00000"
    else:
        ink = "bold #101010"
    return f"{ink} on {'#ffd75f' if selected else '#e8e8e8'}"


def card_text(code: int, selected: bool = False) -> Text:
    """One card as a styled bit of text (``10♥``)."""
    return Text(card_label(code), style=card_style(code, selected))


def meld_text(meld: Meld) -> Text:
    """A meld's cards, each wild followed by what it stands for (``2♣=5♠``)."""
    text = Text()
    for i, (code, rep) in enumerate(zip(meld.cards, meld.reps, strict=True)):
        if i:
            text.append(" ")
        text.append_text(card_text(code))
        if code != rep:
            text.append(f"={rep_label(rep)}", style="bold #ffaf00")
    return text


class HandView(Widget, can_focus=False):
    """Your hand: cards in rows, a cursor, selected cards in gold, stripes for melds held."""

    class Changed(Message):
        """The cursor or the selection moved (by a click)."""

    class Dropped(Message):
        """A card was dragged and let go at ``screen_offset`` (on the pile, a meld, the hand)."""

        def __init__(self, card: int, spot: int, screen_x: int, screen_y: int) -> None:
            super().__init__()
            self.card = card
            self.spot = spot
            self.screen_x = screen_x
            self.screen_y = screen_y

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[int] = []
        self.cursor = 0
        self.selected: set[int] = set()
        self.lanes: list[list[int]] = []
        self.fresh: set[int] = set()
        self.grabbed: int | None = None
        """The spot of the card held down by the mouse, until it is let go."""
        self.dragging = False
        """Whether the held card has moved off its cell (a drag, not a click)."""

    def show(self, cards: list[int], lanes: list[list[int]], fresh: set[int]) -> None:
        """Show ``cards`` in this order; the selection follows the cards while the hand holds
        the same cards (a new sort), and is dropped when the hand changes."""
        if sorted(cards) != sorted(self.cards):
            self.selected = set()
        elif cards != self.cards:
            picked = [self.cards[i] for i in sorted(self.selected)]
            self.selected = set()
            for code in picked:
                self.selected.add(
                    next(i for i, c in enumerate(cards) if c == code and i not in self.selected)
                )
        self.cards = cards
        self.cursor = min(self.cursor, max(0, len(cards) - 1))
        self.lanes = lanes
        self.fresh = fresh
        self.refresh(layout=True)

    def move(self, step: int) -> None:
        """Move the cursor, wrapping round the hand."""
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self.refresh()

    def toggle(self, index: int | None = None) -> None:
        """Select or unselect the card under the cursor (or at ``index``)."""
        if not self.cards:
            return
        spot = self.cursor if index is None else index
        self.selected ^= {spot}
        self.refresh()

    def clear(self) -> None:
        """Unselect every card."""
        self.selected = set()
        self.refresh()

    def chosen(self) -> list[int]:
        """The selected cards, or the card under the cursor when none is selected."""
        if self.selected:
            return [self.cards[i] for i in sorted(self.selected)]
        return [self.cards[self.cursor]] if self.cards else []

    def selected_cards(self) -> list[int]:
        """The selected cards only."""
        return [self.cards[i] for i in sorted(self.selected)]

    def _per_row(self, width: int) -> int:
        return max(1, width // CELL)

    def _lines_per_row(self) -> int:
        return 2 + len(self.lanes)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        rows = max(1, -(-len(self.cards) // self._per_row(width)))
        return rows * self._lines_per_row()

    def render(self) -> Text:
        per_row = self._per_row(self.size.width)
        out = Text(no_wrap=True, overflow="crop")
        if not self.cards:
            out.append(_("No cards in hand."), style="dim")
            return out
        for start in range(0, len(self.cards), per_row):
            spots = range(start, min(start + per_row, len(self.cards)))
            for spot in spots:
                mark = "▼" if spot == self.cursor else ("•" if spot in self.fresh else " ")
                out.append(f"  {mark}  ", style="bold #ffd75f" if mark == "▼" else "#5fafff")
            out.append("\n")
            for spot in spots:
                code = self.cards[spot]
                face = card_label(code).rjust(3)
                style = card_style(code, spot in self.selected)
                if spot == self.cursor:
                    style += " underline"
                out.append(" ")
                out.append(f"{face}", style=style)
                out.append(" ")
            for lane in self.lanes:
                out.append("\n")
                for spot in spots:
                    number = lane[spot]
                    if number < 0:
                        out.append(" " * CELL)
                    else:
                        colour = STRIPE_COLOURS[number % len(STRIPE_COLOURS)]
                        out.append(" " + "▀" * 3 + " ", style=colour)
            if start + per_row < len(self.cards):
                out.append("\n")
        return out

    def spot_at(self, x: int, y: int) -> int | None:
        """The card at content offset (``x``, ``y``), if any."""
        per_row = self._per_row(self.size.width)
        spot = (y // self._lines_per_row()) * per_row + x // CELL
        if 0 <= x // CELL < per_row and 0 <= spot < len(self.cards):
            return spot
        return None

    def on_click(self, event: Click) -> None:
        if self.dragging:
            # The end of a drag is not a click on the card under it.
            self.dragging = False
            return
        offset = event.get_content_offset(self)
        spot = self.spot_at(offset.x, offset.y) if offset is not None else None
        if spot is not None:
            self.cursor = spot
            self.toggle(spot)
            self.post_message(self.Changed())

    def on_mouse_down(self, event: MouseDown) -> None:
        offset = event.get_content_offset(self)
        self.grabbed = self.spot_at(offset.x, offset.y) if offset is not None else None
        self.dragging = False
        if self.grabbed is not None:
            self.capture_mouse()

    def on_mouse_move(self, event: MouseMove) -> None:
        # While a card is held the mouse is captured, so every move is a move with it held.
        if self.grabbed is None:
            return
        offset = event.get_content_offset(self)
        if offset is None or self.spot_at(offset.x, offset.y) != self.grabbed:
            self.dragging = True

    def on_mouse_up(self, event: MouseUp) -> None:
        grabbed, self.grabbed = self.grabbed, None
        self.release_mouse()
        if grabbed is not None and self.dragging:
            x, y = event.screen_offset
            self.post_message(self.Dropped(self.cards[grabbed], grabbed, x, y))


class TableView(Widget, can_focus=False):
    """Every meld on the table, one a line, with its owner; legal targets glow."""

    class MeldClicked(Message):
        """A meld was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.melds: tuple[Meld, ...] = ()
        self.owners: list[str] = []
        self.glowing: set[int] = set()
        self.pointer: int | None = None

    def show(
        self,
        melds: Sequence[Meld],
        owners: list[str],
        glowing: set[int],
        pointer: int | None,
    ) -> None:
        """Show the melds; ``glowing`` ones are legal targets, ``pointer`` the one being chosen."""
        self.melds = tuple(melds)
        self.owners = owners
        self.glowing = glowing
        self.pointer = pointer
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self.melds))

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        if not self.melds:
            out.append(_("No melds on the table yet."), style="dim")
            return out
        # The columns are as wide as the longest owner and kind, in whichever language.
        kinds = [meld_kind_name(meld.kind) for meld in self.melds]
        owner_width = max(6, *(len(self.owners[meld.owner]) for meld in self.melds))
        kind_width = max(4, *map(len, kinds))
        for index, meld in enumerate(self.melds):
            if index:
                out.append("\n")
            line = Text()
            glow = index in self.glowing
            line.append("◆ " if glow else "  ", style="bold #ffd75f")
            owner = self.owners[meld.owner]
            line.append(f"{index + 1:>2} {owner:<{owner_width}} {kinds[index]:<{kind_width}} ")
            line.append_text(meld_text(meld))
            if index == self.pointer:
                line.stylize("reverse")
            elif glow:
                line.stylize("on #3a3a00")
            out.append_text(line)
        return out

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and 0 <= offset.y < len(self.melds):
            self.post_message(self.MeldClicked(offset.y))


class LogView(VerticalScroll, can_focus=False):
    """The game's log: every sentence in full, wrapped to the width, the newest at the bottom.

    It follows the newest line unless the player has scrolled back to read (PgUp, the wheel);
    scrolling to the bottom again follows once more.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static(id="log-text")

    def show(self, lines: Sequence[str]) -> None:
        """Show these sentences (the whole log so far)."""
        following = self.scroll_y >= self.max_scroll_y
        self.lines = list(lines)
        text = Text()
        deal = deal_line_prefix()
        for index, line in enumerate(self.lines):
            if index:
                text.append("\n")
            # A new hand's first line stands out, so earlier hands are easy to tell apart.
            text.append(line, style="bold" if deal and line.startswith(deal) else "")
        self.query_one("#log-text", Static).update(text)
        if following:
            self.call_after_refresh(self.scroll_end, animate=False)

    def page(self, step: int) -> None:
        """Scroll a page back (-1) or on (1)."""
        if step < 0:
            self.scroll_page_up(animate=False)
        else:
            self.scroll_page_down(animate=False)


class PileView(Static):
    """The stock, the discard pile or the cards on show; a click draws from it."""

    class Clicked(Message):
        """A pile was clicked."""

        def __init__(self, source: str) -> None:
            super().__init__()
            self.source = source

    def __init__(self, source: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.source = source

    def on_click(self, event: Click) -> None:
        self.post_message(self.Clicked(self.source))
