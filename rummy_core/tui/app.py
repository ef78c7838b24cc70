"""``rummy play``: the full-screen game against computer opponents, keyboard and mouse.

The app turns keys and clicks into the engine's actions through the generic API (draw sources
from the hooks, ``Game.preview`` for what is legal), so it plays every ruleset alike. A refused
action shows the engine's own sentence and changes nothing (ruling A2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.errors import NoWidget
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from rummy_core.engine.actions import Action, Discard, Draw, MeldDown, NewMeld, TakeBack
from rummy_core.engine.errors import RuleError
from rummy_core.engine.state import PLAY
from rummy_core.formats.resources import styles
from rummy_core.formats.saves import SavedGame
from rummy_core.i18n.uitext import N_, _, ngettext, pgettext, pN_, speed_name
from rummy_core.present.cut import cut_action
from rummy_core.present.plays import (
    action_cards,
    describe_choice,
    distinct_legal,
    held_melds,
    lay_off_plays,
    meld_plays,
    sort_hand,
    stripe_lanes,
    swap_plays,
    typed_lay_offs,
    typed_melds,
    typing_example,
    wild_example,
    wilds_spent,
)
from rummy_core.present.words import with_symbols
from rummy_core.tui.extras import rule_action_tries, rule_keys, turn_keys
from rummy_core.tui.keys import bind_keys
from rummy_core.tui.panels import (
    discard_text,
    players_text,
    shown_source,
    shown_text,
    status_text,
    stock_text,
)
from rummy_core.tui.screens import ChoiceScreen, HelpScreen, ScoreSheet, StartScreen
from rummy_core.tui.session import Session, Setup
from rummy_core.tui.speed import PAUSES, next_speed, speed_of
from rummy_core.tui.widgets import HandView, LogView, PileView, TableView

GAME_ACTIONS = frozenset(
    {
        "cursor",
        "select",
        "draw",
        "meld",
        "lay_off",
        "swap",
        "discard",
        "take_back",
        "sort",
        "point",
        "confirm",
        "cancel",
        "help",
        "log",
        "speed",
        "rule",
    }
)
"""Actions of the table, switched off while a dialog or another screen is on top."""

MELD_SPECIFIC = frozenset({"cannot_lay_off", "cannot_swap", "no_wild_for_card", "ambiguous_wild"})
"""Refusals that speak of one meld: with several melds on the table, say it in general."""

MAX_CHOICES = 9
"""The most readings offered as a list (one number key each); beyond, the player types it."""

Typed = Callable[[str], list[Action]]
"""Reads what the player typed (``2C=5S``) as candidate actions."""


class Targets:
    """Melds the selected cards can go to, while the player picks one of the glowing melds."""

    def __init__(
        self,
        question: str,
        actions: Mapping[int, Sequence[Action]],
        typed_for: Callable[[int], Typed] | None,
    ) -> None:
        self.question = question
        """What to ask when the chosen meld can take the cards in more than one way."""
        self.actions = actions
        self.typed_for = typed_for
        self.pointer = min(actions)

    def step(self, by: int) -> None:
        """Point at the next (or previous) glowing meld."""
        order = sorted(self.actions)
        self.pointer = order[(order.index(self.pointer) + by) % len(order)]


class RummyApp(App[None]):
    """The game: a table, your hand, and the computer opponents taking their turns."""

    CSS = styles()
    TITLE = "Rummy"
    # The keys belong to the table: no pane may take the focus and swallow the arrows.
    AUTO_FOCUS = None
    # The top line lists the keys usable now; the footer keeps the few that always work.
    ENABLE_COMMAND_PALETTE = False
    # The keys are bound when the app is made (``bind_keys``), so that their descriptions are
    # in the language chosen by then, not in the one of the moment the module was imported.
    KEYS: ClassVar[list[Binding]] = [
        Binding("left", "cursor(-1)", N_("Move"), show=False),
        Binding("right", "cursor(1)", N_("Move"), show=False),
        Binding("space", "select", N_("Select"), show=False),
        Binding("d,D", "draw('stock')", N_("Draw"), show=False),
        Binding("t,T", "draw('discard')", N_("Take discard"), show=False),
        Binding("c,C", "draw_shown", N_("Cards on show"), show=False),
        Binding("m,M", "meld", N_("Meld"), show=False),
        Binding("l,L", "lay_off", N_("Lay off"), show=False),
        Binding("w,W", "swap", N_("Swap"), show=False),
        Binding("x,X", "discard", N_("Discard"), show=False),
        Binding("b,B", "take_back", N_("Take back"), show=False),
        Binding("s,S", "sort", N_("Sort")),
        Binding("f,F", "speed", N_("Speed")),
        Binding("pageup", "log(-1)", N_("Log"), key_display="PgUp"),
        Binding("pagedown", "log(1)", N_("Log"), show=False),
        Binding("up", "point(-1)", N_("Meld"), show=False),
        Binding("down", "point(1)", N_("Meld"), show=False),
        Binding("enter", "confirm", N_("Choose"), show=False),
        Binding("escape", "cancel", N_("Cancel"), show=False),
        Binding("question_mark", "help", N_("Help")),
        Binding("q,Q", "quit", N_("Quit")),
    ]

    def __init__(
        self,
        session: Session | None = None,
        *,
        save_path: Path | None = None,
        pause: float = 0.6,
    ) -> None:
        """``session``: the game to play (None: ask on the start screen); ``save_path``: where a
        game started here is saved; ``pause``: seconds between two bot actions (0 in tests)."""
        super().__init__()
        bind_keys(self, self.KEYS)
        self.session = session
        self.save_path = save_path
        self.pause = pause
        self.by_rank = False
        self.arranged: list[int] | None = None
        """The hand in the order the player dragged it into, until the next sort (S)."""
        self.targets: Targets | None = None
        self._bot_timer_set = False
        self.crash: Exception | None = None
        """The unhandled error that ended the game, for ``rummy play``'s crash report."""

    def _handle_exception(self, error: Exception) -> None:
        # Textual has no public hook for an unhandled error. Keep it for the crash report and drop
        # Textual's long traceback from the terminal; Textual still keeps the error and raises it
        # into a pilot test, so tests see every crash.
        self.crash = error
        super()._handle_exception(error)
        self._exit_renderables.clear()

    # -- building the screen ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="top"):
            yield Static(id="players")
            with Horizontal(id="piles"):
                yield PileView("stock", id="stock")
                yield PileView("discard", id="discard")
                yield PileView("", id="shown")
        with Horizontal(id="middle"):
            table_box = VerticalScroll(id="table-box")
            table_box.can_focus = False
            with table_box:
                yield TableView(id="table")
            yield LogView(id="log")
        yield HandView(id="hand")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#table-box", VerticalScroll).border_title = _("Table")
        self.query_one("#log", LogView).border_title = _("What happened")
        # The piles' names are nouns; "Discard" is also a key's verb, hence the context.
        piles = (
            ("stock", pN_("pile", "Stock")),
            ("discard", pN_("pile", "Discard")),
            ("shown", pN_("pile", "On show")),
        )
        for source, title in piles:
            self.query_one(f"#{source}", PileView).border_title = pgettext("pile", title)
        if self.session is None:
            self.push_screen(StartScreen(), self._started)
        else:
            self._begin()

    def _started(self, setup: Setup | SavedGame | None) -> None:
        if setup is None:
            self.exit()
            return
        try:
            if isinstance(setup, SavedGame):
                self.session = Session.resume(setup.path)
            else:
                if setup.speed is not None:
                    self.pause = PAUSES[setup.speed]
                self.session = Session.start(setup, self.save_path)
        except RuleError as exc:
            self.notify(exc.message, severity="error")
            self.push_screen(StartScreen(), self._started)
            return
        self._begin()

    def _begin(self) -> None:
        self.arranged = None
        for key, rule in rule_keys(self.sess.game).items():
            self.bind(f"{key},{key.upper()}", f"rule('{key}')", description=rule.label, show=False)
        self.query_one("#log", LogView).show(self.sess.log)
        self.title = _("Rummy: %(variant)s", variant=self.sess.variant.label())
        self.refresh_table()
        self._after_move()

    @property
    def sess(self) -> Session:
        """The session being played (there is one once the start screen is done)."""
        assert self.session is not None
        return self.session

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The table's keys rest while a dialog or the start screen is up; Q still leaves the
        # start screen, but not a dialog, where a stray key should not end the game.
        if action == "quit":
            return not isinstance(self.screen, ModalScreen)
        busy = self.session is None or len(self.screen_stack) > 1
        if action == "rule":
            # A rule's key works only where that rule is in play.
            return not busy and str(parameters[0]) in rule_keys(self.sess.game)
        return not (action in GAME_ACTIONS and busy)

    # -- drawing the table -----------------------------------------------------------------------

    def refresh_table(self) -> None:
        """Draw everything again from the human's view."""
        s = self.sess
        view = s.view
        rules = s.game.hooks.meld_rules
        order = self._hand_order(view.hand)
        lanes = [
            lane
            for lane in stripe_lanes(order, held_melds(order, rules))
            if max(lane, default=-1) >= 0
        ]
        fresh: set[int] = set()
        for code in view.drawn:
            # A drawn card may already be on the table again.
            spots = [i for i, c in enumerate(order) if c == code and i not in fresh]
            fresh.update(spots[:1])
        hand = self.query_one("#hand", HandView)
        hand.show(order, lanes, fresh)
        if self.arranged is not None:
            title = ngettext(
                "Your hand: %(count)s card, in your order",
                "Your hand: %(count)s cards, in your order",
                len(order),
            )
        elif self.by_rank:
            title = ngettext(
                "Your hand: %(count)s card, by rank",
                "Your hand: %(count)s cards, by rank",
                len(order),
            )
        else:
            title = ngettext(
                "Your hand: %(count)s card, by suit",
                "Your hand: %(count)s cards, by suit",
                len(order),
            )
        hand.border_title = title
        self._show_melds()
        self._show_piles()
        players = self.query_one("#players", Static)
        text = players_text(s)
        players.update(text)
        # Wide enough for a line a player, however long a language makes it ("Computer 1
        # normale   0 punti 10 carte"): a wrapped line would push the last player out of the box.
        widest = max(line.cell_len for line in text.split("\n"))
        players.styles.min_width = widest + players.styles.gutter.width
        dealer = s.names[view.dealer]
        if s.running_scores() is not None:
            players.border_title = _("Players · %(name)s dealt · ± this hand", name=dealer)
        else:
            players.border_title = _("Players · %(name)s dealt", name=dealer)
        self.query_one("#top").styles.height = max(len(s.names) + 2, 5)
        self.query_one("#status", Static).update(status_text(s, turn_keys(s)))

    def _hand_order(self, hand: Sequence[int]) -> list[int]:
        """The hand as shown: sorted, or in the player's own order, new cards at the end."""
        order = sort_hand(hand, self.by_rank)
        if self.arranged is None:
            return order
        left = list(order)
        kept = []
        for code in self.arranged:
            if code in left:
                left.remove(code)
                kept.append(code)
        self.arranged = kept + left
        return self.arranged

    def _show_melds(self) -> None:
        s = self.sess
        if self.targets is not None:
            glowing, pointer = set(self.targets.actions), self.targets.pointer
        else:
            glowing, pointer = self._lay_off_glow(), None
        owners = s.names
        self.query_one("#table", TableView).show(s.view.table, owners, glowing, pointer)

    def _lay_off_glow(self) -> set[int]:
        """The melds the selected cards could be laid off on now."""
        s = self.sess
        cards = self.query_one("#hand", HandView).selected_cards()
        if not cards or not s.my_turn or s.game.state.phase != PLAY:
            return set()
        return {
            i
            for i in range(len(s.game.state.table))
            if distinct_legal(s.game, s.human, lay_off_plays(s.game, i, cards))
        }

    def _show_piles(self) -> None:
        s = self.sess
        self.query_one("#stock", PileView).update(stock_text(s))
        self.query_one("#discard", PileView).update(discard_text(s))
        shown = self.query_one("#shown", PileView)
        text = shown_text(s)
        shown.display = text is not None
        if text is not None:
            shown.update(text)
            shown.source = shown_source(s) or ""

    def say(self, message: str, refusal: bool = False) -> None:
        """Show a sentence under the hand (a refusal in red), its cards with suit symbols."""
        self.query_one("#message", Static).update(
            Text(with_symbols(message), style="bold #ff5f5f" if refusal else "#afd7ff")
        )

    def _write_log(self, lines: Sequence[str]) -> None:
        if lines:
            self.query_one("#log", LogView).show(self.sess.log)

    # -- playing an action -----------------------------------------------------------------------

    def play(self, action: Action, typed: Typed | None = None) -> bool:
        """Play ``action`` for the human; on a refusal say why (or ask about a wild)."""
        s = self.sess
        if not s.my_turn:
            self.say(self._wait_message(), refusal=True)
            return False
        try:
            lines = s.act(action)
        except RuleError as exc:
            if exc.code == "ambiguous_wild" and typed is not None:
                self._ask_typed(exc.message, typed, action_cards(action))
            else:
                self.say(exc.message, refusal=True)
            return False
        self.targets = None
        self.query_one("#hand", HandView).clear()
        self._write_log(lines)
        self.say("")
        self.refresh_table()
        self._after_move()
        return True

    def _wait_message(self) -> str:
        s = self.sess
        if s.playing:
            return _("Wait: it is %(name)s's turn.", name=s.names[s.game.state.turn])
        return _("The hand is over.")

    def _after_move(self) -> None:
        if self.sess.cut_to_choose is not None:
            self._ask_cut(self.sess.cut_to_choose)
        elif self.sess.hand_over:
            self.push_screen(ScoreSheet(self.sess), self._sheet_closed)
        elif self.sess.bot_to_move:
            self._let_bots_move()

    def _resolve(
        self, actions: Sequence[Action], question: str, typed: Typed | None, fallback: Action
    ) -> None:
        """Play the one legal reading of a choice, ask when there are several, or try
        ``fallback`` so the engine says what is wrong."""
        s = self.sess
        legal = distinct_legal(s.game, s.human, actions)
        if len(legal) == 1:
            self.play(legal[0], typed)
        elif len(legal) > MAX_CHOICES and typed is not None:
            # Wilds alone (2♦ 2♥ 2♠) read a dozen ways: a list that long helps nobody.
            why = ngettext(
                "Those cards make %(count)s different meld: say which you mean.",
                "Those cards make %(count)s different melds: say which you mean.",
                len(legal),
            )
            self._ask_typed(why, typed, action_cards(legal[0]))
        elif legal:
            labels = [describe_choice(s.game, s.human, a) for a in legal]

            def answered(answer: int | str | None) -> None:
                if isinstance(answer, int):
                    self.play(legal[answer], typed)
                elif isinstance(answer, str) and typed is not None:
                    self._play_typed(answer, typed)

            example = typing_example(s.game, s.human, legal[0])
            hint = _("or type it, e.g. %(example)s", example=example) if typed else None
            self.push_screen(ChoiceScreen(question, labels, hint), answered)
        else:
            self.play(fallback, typed)

    def _ask_cut(self, size: int) -> None:
        """Ruling H12: the human, right of the dealer, cuts the deck before the deal."""

        def answered(answer: int | str | None) -> None:
            if isinstance(answer, str):
                if not answer.isdecimal():
                    self.say(
                        _("Type a number of cards from 1 to %(most)s.", most=size - 1), refusal=True
                    )
                    self._ask_cut(size)
                    return
                cut = cut_action(self.sess.game, int(answer))
            else:
                cut = cut_action(self.sess.game, None)
            if not self.play(cut):
                self._ask_cut(size)

        question = ngettext(
            "You cut the deck of %(count)s card; the card at the cut is turned up.\n"
            "Cut anywhere, or type how many cards to lift (1 to %(most)s).",
            "You cut the deck of %(count)s cards; the card at the cut is turned up.\n"
            "Cut anywhere, or type how many cards to lift (1 to %(most)s).",
            size,
            most=size - 1,
        )
        choices = [_("Cut anywhere")]
        self.push_screen(
            ChoiceScreen(question, choices, _("1 to %(most)s", most=size - 1)), answered
        )

    def _ask_typed(self, why: str, typed: Typed, cards: Sequence[int]) -> None:
        def answered(answer: int | str | None) -> None:
            if isinstance(answer, str):
                self._play_typed(answer, typed)

        example = wild_example(cards, self.sess.game.hooks.meld_rules)
        question = _(
            "%(why)s\nType what each wild stands for (like %(example)s), then press Enter.",
            why=why,
            example=example,
        )
        self.push_screen(ChoiceScreen(question, [], example), answered)

    def _play_typed(self, text: str, typed: Typed) -> None:
        s = self.sess
        try:
            candidates = typed(text)
        except RuleError as exc:
            self.say(exc.message, refusal=True)
            return
        legal = distinct_legal(s.game, s.human, candidates)
        self.play(legal[0] if legal else candidates[0], typed)

    # -- the bots ------------------------------------------------------------------------------

    def _let_bots_move(self) -> None:
        if self.pause <= 0:
            while self.sess.bot_to_move and self._bot_step():
                pass
            self._bots_done()
        elif not self._bot_timer_set:
            self._bot_timer_set = True
            self.set_timer(self.pause, self._bot_tick)

    def _bot_tick(self) -> None:
        self._bot_timer_set = False
        if self.session is None or not self.sess.bot_to_move:
            return
        # A strong bot may think for seconds: it thinks in a thread, so the screen stays live.
        # The engine swaps in a new state only when an action is done, so the screen reads
        # either the state before or the state after, never one half made.
        self.run_worker(self._bot_work, thread=True, exclusive=True, group="bots")

    def _bot_work(self) -> None:
        try:
            lines = self.sess.bot_step()
        except RuleError as exc:
            wrong = _("A computer player went wrong: %(message)s", message=exc.message)
            self.call_from_thread(self.say, wrong, True)
            return
        self.call_from_thread(self._bot_moved, lines)

    def _bot_moved(self, lines: list[str]) -> None:
        self._write_log(lines)
        if self.sess.bot_to_move:
            self.refresh_table()
            self._let_bots_move()
        else:
            self._bots_done()

    def _bot_step(self) -> bool:
        try:
            self._write_log(self.sess.bot_step())
        except RuleError as exc:
            self.say(_("A computer player went wrong: %(message)s", message=exc.message), True)
            return False
        return True

    def _bots_done(self) -> None:
        self.refresh_table()
        if self.sess.hand_over:
            self.push_screen(ScoreSheet(self.sess), self._sheet_closed)

    def _sheet_closed(self, go_on: bool | None) -> None:
        if not go_on:
            self.exit()
            return
        if self.sess.match_over:
            self.session = self.sess.again()
            self._begin()
            return
        self._write_log(self.sess.next_hand())
        self.refresh_table()
        self._after_move()

    # -- keys and clicks -------------------------------------------------------------------------

    def action_cursor(self, step: int) -> None:
        """Move along the hand."""
        self.query_one("#hand", HandView).move(step)

    def action_select(self) -> None:
        """Select or unselect the card under the cursor."""
        self.query_one("#hand", HandView).toggle()
        self._selection_changed()

    def on_hand_view_changed(self, _: HandView.Changed) -> None:
        self._selection_changed()

    def on_hand_view_dropped(self, event: HandView.Dropped) -> None:
        """A card let go on the discard pile is discarded, on a meld laid off (or swapped in),
        and on the hand moved to that place."""
        s = self.sess
        hand = self.query_one("#hand", HandView)
        try:
            target, _ = self.screen.get_widget_at(event.screen_x, event.screen_y)
        except NoWidget:
            return
        if isinstance(target, PileView) and target.source == "discard":
            self.play(Discard(event.card))
        elif isinstance(target, TableView):
            row = event.screen_y - target.content_region.y + int(target.scroll_offset.y)
            if 0 <= row < len(s.game.state.table):
                hand.clear()
                self._drop_on_meld(row, [event.card])
        elif isinstance(target, HandView):
            region = target.content_region
            spot = target.spot_at(event.screen_x - region.x, event.screen_y - region.y)
            if spot is not None and spot != event.spot:
                order = list(target.cards)
                order.insert(spot, order.pop(event.spot))
                self.arranged = order
                target.cursor = spot
                self.refresh_table()

    def _selection_changed(self) -> None:
        self.targets = None
        self._show_melds()

    def action_draw(self, source: str) -> None:
        """Draw from ``source``: the stock or the discard pile."""
        self.play(Draw(source))

    def action_draw_shown(self) -> None:
        """Draw the cards the rules put on show (a Hungarian cut card, H7)."""
        source = shown_source(self.sess)
        if source is None:
            self.say(_("Nothing is on show to draw."), refusal=True)
        else:
            self.play(Draw(source))

    def on_pile_view_clicked(self, event: PileView.Clicked) -> None:
        s = self.sess
        chosen = self.query_one("#hand", HandView).selected_cards()
        # A selected card dropped on the discard pile is a discard, as on a real table.
        if event.source == "discard" and s.game.state.phase == PLAY and len(chosen) == 1:
            self.play(Discard(chosen[0]))
        else:
            self.play(Draw(event.source))

    def action_meld(self) -> None:
        """Meld the selected cards (several melds at once where they split that way)."""
        s = self.sess
        cards = self.query_one("#hand", HandView).selected_cards()
        if not cards:
            self.say(_("Select the cards to meld first (Space or a click)."), refusal=True)
            return
        rules = s.game.hooks.meld_rules

        def typed(text: str) -> list[Action]:
            return list(typed_melds(text, cards, rules))

        splits = meld_plays(cards, rules)
        if not splits.complete:
            why = _("Those cards can be laid down in more ways than can be listed: say which.")
            self._ask_typed(why, typed, cards)
            return
        plays = distinct_legal(s.game, s.human, splits.plays)
        if plays:
            # A card is read in its own place before it is read as a wild: 2♣ 3♣ 4♣ is asked
            # about only when no split leaves every card natural.
            fewest = min(wilds_spent(p, rules) for p in plays)
            plays = [p for p in plays if wilds_spent(p, rules) == fewest]
        fallback = plays[0] if plays else MeldDown((NewMeld.of(tuple(cards)),))
        self._resolve(plays, _("Which do you mean?"), typed, fallback)

    def action_lay_off(self) -> None:
        """Lay the selected cards off: at once where one meld takes them, else pick a meld."""
        s = self.sess
        cards = self.query_one("#hand", HandView).chosen()
        if not cards:
            return
        table = s.game.state.table
        if not table:
            self.say(_("There are no melds on the table to lay off on."), refusal=True)
            return
        found = {i: lay_off_plays(s.game, i, cards) for i in range(len(table))}
        legal = {i: a for i, a in found.items() if distinct_legal(s.game, s.human, a)}
        if not legal:
            self._explain(found, _("Those cards fit none of the melds on the table."))
            return
        self._target(Targets(_("Where does it go?"), legal, self._typed_lay_off(cards)))

    def _typed_lay_off(self, cards: list[int]) -> Callable[[int], Typed]:
        def for_meld(meld: int) -> Typed:
            def typed(text: str) -> list[Action]:
                return list(typed_lay_offs(self.sess.game, meld, text, cards))

            return typed

        return for_meld

    def action_swap(self) -> None:
        """Swap the selected card in for a wild on the table that stands for it."""
        s = self.sess
        cards = self.query_one("#hand", HandView).chosen()
        if len(cards) != 1:
            self.say(_("Select the one card that takes a wild's place."), refusal=True)
            return
        table = s.game.state.table
        found = {
            i: swap_plays(s.game, i, cards[0])
            for i, meld in enumerate(table)
            if meld.cards != meld.reps
        }
        if not found:
            self.say(_("There is no wild on the table to swap."), refusal=True)
            return
        legal = {i: a for i, a in found.items() if distinct_legal(s.game, s.human, a)}
        if not legal:
            self._explain(found, _("No wild on the table stands for that card."))
            return
        self._target(Targets(_("Which wild does it replace?"), legal, None))

    def _explain(self, found: Mapping[int, Sequence[Action]], otherwise: str) -> None:
        """Say why nothing fits: the engine's own sentence when every meld refuses for the same
        reason and that reason is not about one meld ("does not fit that meld")."""
        s = self.sess
        refusals: dict[str, str] = {}
        for actions in found.values():
            try:
                s.game.preview(s.human, actions[0])
            except RuleError as exc:
                refusals[exc.code] = exc.message
        general = len(refusals) == 1 and not refusals.keys() & MELD_SPECIFIC
        if general or len(found) == 1:
            self.say(next(iter(refusals.values()), otherwise), refusal=True)
        else:
            self.say(otherwise, refusal=True)

    def _target(self, targets: Targets) -> None:
        if len(targets.actions) == 1:
            self._apply_target(targets, targets.pointer)
            return
        self.targets = targets
        self.say(_("Choose a glowing meld: click it, or ↑ ↓ and Enter (Esc cancels)."))
        self._show_melds()

    def _apply_target(self, targets: Targets, meld: int) -> None:
        self.targets = None
        actions = targets.actions[meld]
        typed = targets.typed_for(meld) if targets.typed_for is not None else None
        self._resolve(actions, targets.question, typed, actions[0])
        self._show_melds()

    def action_point(self, step: int) -> None:
        """Point at another glowing meld."""
        if self.targets is not None:
            self.targets.step(step)
            self._show_melds()

    def action_confirm(self) -> None:
        """Play on the meld pointed at."""
        if self.targets is not None:
            self._apply_target(self.targets, self.targets.pointer)

    def action_cancel(self) -> None:
        """Stop choosing a meld, or unselect every card."""
        if self.targets is not None:
            self.targets = None
            self.say("")
        else:
            self.query_one("#hand", HandView).clear()
        self._show_melds()

    def on_table_view_meld_clicked(self, event: TableView.MeldClicked) -> None:
        if self.targets is not None and event.index in self.targets.actions:
            self._apply_target(self.targets, event.index)
            return
        cards = self.query_one("#hand", HandView).selected_cards()
        if not cards:
            self.say(_("Select a card first, then click a meld to lay it off."), refusal=True)
            return
        self._drop_on_meld(event.index, cards)

    def _drop_on_meld(self, meld: int, cards: list[int]) -> None:
        """Lay ``cards`` off on the table's meld ``meld``, or swap a single card in for a wild."""
        s = self.sess
        lay = lay_off_plays(s.game, meld, cards)
        if not distinct_legal(s.game, s.human, lay) and len(cards) == 1:
            swaps = swap_plays(s.game, meld, cards[0])
            if distinct_legal(s.game, s.human, swaps):
                self._resolve(swaps, _("Which wild does it replace?"), None, swaps[0])
                return
        typed = self._typed_lay_off(cards)(meld)
        self._resolve(lay, _("Where does it go?"), typed, lay[0])

    def action_discard(self) -> None:
        """Discard the selected card (or the card under the cursor), ending the turn."""
        cards = self.query_one("#hand", HandView).chosen()
        if len(cards) != 1:
            self.say(_("Select one card to discard."), refusal=True)
            return
        self.play(Discard(cards[0]))

    def action_take_back(self) -> None:
        """Take back what was put down this turn."""
        self.play(TakeBack())

    def action_sort(self) -> None:
        """Sort the hand by suit or by rank (after a drag: sort it again as it was)."""
        if self.arranged is None:
            self.by_rank = not self.by_rank
        self.arranged = None
        self.refresh_table()

    def action_log(self, step: int) -> None:
        """Scroll the log a page back or on."""
        self.query_one("#log", LogView).page(step)

    def action_speed(self) -> None:
        """Switch the computer players' pace: normal, fast."""
        self.pause = next_speed(self.pause)
        speed = speed_name(speed_of(self.pause))
        self.say(_("The computer players now play at %(speed)s speed.", speed=speed))

    def action_rule(self, key: str) -> None:
        """Play an action the rules add (a knock, a pass): with the selected cards, or choose."""
        s = self.sess
        rule = rule_keys(s.game)[key]
        cards = self.query_one("#hand", HandView).chosen()
        found = rule_action_tries(s, rule.type, cards)
        if not found and rule.card and len(cards) == 1:
            # Not worth trying (a knock keeping too much): the engine says why, as at the table.
            found = [s.game.hooks.action_kinds[rule.type].action(cards[0])]
        said = rule.label.lower()
        if not found:
            if cards:
                self.say(_("You cannot %(action)s now with that card.", action=said), refusal=True)
            else:
                self.say(_("You cannot %(action)s now.", action=said), refusal=True)
            return
        self._resolve(found, _("How do you %(action)s?", action=said), None, found[0])

    def action_help(self) -> None:
        """The keys and the rules of this game."""
        self.push_screen(HelpScreen(self.sess))

    async def action_quit(self) -> None:
        """Leave; every move is already saved."""
        self.exit()
