"""The screens around the table: choosing a game, help, the score sheet, and small questions."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Label, Markdown, Select, Static

from rummy_core.bots.levels import default_bot, levels
from rummy_core.engine.errors import RuleError
from rummy_core.engine.plugin import plugin_text, ruleset_title
from rummy_core.engine.registry import find_ruleset, rulesets
from rummy_core.engine.setup import Variant
from rummy_core.formats.saves import SavedGame, saved_games
from rummy_core.i18n.uitext import N_, UI, _, join_names, ngettext, speed_name
from rummy_core.present.rules import help_rules
from rummy_core.present.sheet import reasons
from rummy_core.present.status import level_name
from rummy_core.tui.help import keys_text
from rummy_core.tui.keys import bind_keys
from rummy_core.tui.session import Session, Setup, match_length
from rummy_core.tui.sheet import hand_table, history_table, leader_line
from rummy_core.tui.speed import PAUSES


class StartScreen(Screen[Setup | SavedGame]):
    """Choose the ruleset, the opponents and their strength, the match length, the seed and the
    pace; or carry on with the last saved game.

    Dismissed with the ``Setup`` of a new game, or the ``SavedGame`` to resume.
    """

    AUTO_FOCUS = "#ruleset"

    def __init__(self, saves: Path | None = None) -> None:
        """``saves``: the folder of saved games (None: the usual one, ``saves_dir()``)."""
        super().__init__()
        games = saved_games(saves)
        self.last = games[0] if games else None

    def compose(self) -> ComposeResult:
        names = list(rulesets())
        with Vertical(id="start-form"):
            yield Static(_("Rummy: choose your game"), id="start-title")
            with Horizontal(classes="start-row"):
                yield Label(_("Ruleset"))
                yield Select(
                    [(ruleset_title(find_ruleset(n)), n) for n in names],
                    value="classic" if "classic" in names else names[0],
                    allow_blank=False,
                    compact=True,
                    id="ruleset",
                )
            yield Static("", id="ruleset-summary")
            with Horizontal(classes="start-row"):
                yield Label(_("Computer opponents"))
                yield Select([("1", 1)], value=1, allow_blank=False, compact=True, id="opponents")
            with Horizontal(classes="start-row"):
                yield Label(_("Their strength"))
                yield Select(
                    [(strength_label(bot), bot) for _label, bot in levels()],
                    value=default_bot(),
                    allow_blank=False,
                    compact=True,
                    id="bot",
                )
            with Horizontal(classes="start-row"):
                yield Label(_("Match"))
                yield Select(
                    [(_("full match"), False)],
                    value=False,
                    allow_blank=False,
                    compact=True,
                    id="match",
                )
            with Horizontal(classes="start-row"):
                yield Label(_("Target"), id="length-label")
                yield Input(placeholder=_("default"), compact=True, id="length")
            with Horizontal(classes="start-row"):
                yield Label(_("Seed"))
                yield Input(placeholder=_("random"), compact=True, id="seed")
            with Horizontal(classes="start-row"):
                yield Label(_("Their pace"))
                yield Select(
                    [(pace_label(name), name) for name in PAUSES],
                    value="normal",
                    allow_blank=False,
                    compact=True,
                    id="speed",
                )
            yield Static("", id="start-error")
            with Horizontal(id="start-buttons"):
                yield Button(_("Deal"), variant="primary", id="start", compact=True)
                if self.last is not None:
                    yield Button(_("Resume the last game"), id="resume", compact=True)
            if self.last is not None:
                yield Static(resume_line(self.last), id="resume-line")
        yield Footer()

    def on_mount(self) -> None:
        self._ruleset_changed(str(self.query_one("#ruleset", Select).value))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "ruleset" and isinstance(event.value, str):
            self._ruleset_changed(event.value)
        elif event.select.id == "match":
            self._length_field()

    def _ruleset_changed(self, name: str) -> None:
        most = Variant(name).player_range()[1] - 1
        opponents = self.query_one("#opponents", Select)
        opponents.set_options([(str(n), n) for n in range(1, most + 1)])
        opponents.value = 1
        length = match_length(name)
        match = self.query_one("#match", Select)
        full: list[tuple[str, bool]] = [(_("full match"), False)]
        if length.single is None:
            match.set_options(full)
        elif length.default is None:
            # Gin's target defaults to none, a single hand (G14): that is what is offered first.
            match.set_options([(_("single hand"), True), *full])
        else:
            match.set_options([*full, (_("single hand"), True)])
        match.value = length.default is None and length.single is not None
        label = {"target": _("Target score"), "hands": _("Hands")}.get(length.field or "")
        self.query_one("#length-label", Label).update(label or _("Match length"))
        self._length_field()
        cls = find_ruleset(name)
        self.query_one("#ruleset-summary", Static).update(plugin_text(cls, cls.summary))

    def _length_field(self) -> None:
        """The target or hands field, for the match chosen: a single hand has no length."""
        length = match_length(str(self.query_one("#ruleset", Select).value))
        field = self.query_one("#length", Input)
        single = self.query_one("#match", Select).value is True
        if length.field is None:
            field.placeholder = _("fixed")
        elif single:
            field.placeholder = _("a single hand")
        elif length.default is None:
            field.placeholder = _("needed for a full match")
        else:
            field.placeholder = _("default %(value)s", value=length.default)
        field.disabled = length.field is None or single

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "resume" and self.last is not None:
            self.dismiss(self.last)
        elif event.button.id == "start":
            try:
                self.dismiss(self.setup())
            except RuleError as exc:
                self.query_one("#start-error", Static).update(exc.message)

    def setup(self) -> Setup:
        """The choices made; ``bad_choice`` if a number is not a number."""
        ruleset = str(self.query_one("#ruleset", Select).value)
        opponents = self.query_one("#opponents", Select).value
        bot = str(self.query_one("#bot", Select).value)
        single = self.query_one("#match", Select).value is True
        text = self.query_one("#length", Input).value
        length = None if single else _number(text, _("The match length"))
        how = match_length(ruleset)
        if not single and length is None and how.field is not None and how.default is None:
            # Left out, the target plays a single hand: a full match must name its target.
            raise RuleError(
                "no_match_target",
                N_("A full match needs a target score: give one, or choose a single hand."),
                domain=UI.name,
            )
        return Setup(
            ruleset=ruleset,
            bots=(bot,) * (opponents if isinstance(opponents, int) else 1),
            single_hand=single,
            length=length,
            seed=_number(self.query_one("#seed", Input).value, _("The seed")),
            speed=str(self.query_one("#speed", Select).value),
        )


def _number(text: str, what: str) -> int | None:
    if not text.strip():
        return None
    try:
        return int(text.strip())
    except ValueError:
        raise RuleError(
            "bad_choice",
            N_("%(what)s must be a whole number, not %(text)s."),
            domain=UI.name,
            what=what,
            text=repr(text),
        ) from None


def strength_label(bot: str) -> str:
    """A strength as the start screen offers it: ``normal (greedy)``, or another bot's name."""
    level = level_name(bot)
    return bot if level == bot else _("%(level)s (%(bot)s)", level=level, bot=bot)


def pace_label(speed: str) -> str:
    """A pace as the start screen offers it: ``normal (0.6 s a move)``."""
    pause = format(PAUSES[speed], "g")
    return _("%(speed)s (%(pause)s s a move)", speed=speed_name(speed), pause=pause)


def resume_line(game: SavedGame) -> str:
    """The last saved game, under the button that resumes it: ruleset, players, hand, date."""
    return ngettext(
        "%(variant)s, %(count)s player, hand %(hand)s, saved %(saved)s (%(file)s)",
        "%(variant)s, %(count)s players, hand %(hand)s, saved %(saved)s (%(file)s)",
        game.players,
        variant=game.variant,
        hand=game.hand,
        saved=game.saved.strftime("%Y-%m-%d %H:%M"),
        file=game.path.name,
    )


class HelpScreen(ModalScreen[None]):
    """The keys, and the rules of the game being played."""

    AUTO_FOCUS = "#help-box"

    KEYS: ClassVar[list[Binding]] = [
        Binding("escape", "close", N_("Close")),
        Binding("question_mark", "close", N_("Close")),
        Binding("q,Q", "close", N_("Close"), show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        bind_keys(self, self.KEYS)
        self.session = session
        self.ruleset = session.variant.ruleset

    def compose(self) -> ComposeResult:
        keys = keys_text(self.session.game, self.session.seats)
        with VerticalScroll(id="help-box"):
            heading = _("Keys")
            yield Markdown(f"# {heading}\n\n{keys}", id="help-keys")
            yield Markdown(help_rules(self.ruleset), id="help-rules")
        yield Footer()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class ScoreSheet(ModalScreen[bool]):
    """Between hands: each hand's points, the totals and who leads; at the end, the winner.

    Dismissed with True to go on (next hand, or a new match after the last) and False to quit.
    """

    AUTO_FOCUS = "Button"

    KEYS: ClassVar[list[Binding]] = [
        Binding("enter", "go_on", N_("Go on")),
        Binding("n,N", "go_on", N_("Next hand"), show=False),
        Binding("y,Y", "go_on", N_("Play again"), show=False),
        Binding("q,Q", "stop", N_("Quit")),
        Binding("escape", "stop", N_("Quit"), show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        bind_keys(self, self.KEYS)
        self.session = session

    def compose(self) -> ComposeResult:
        s = self.session
        st = s.game.state
        with Vertical(id="sheet-box"):
            yield Static(self._title(), id="sheet-title")
            with VerticalScroll(id="sheet-body"):
                yield Static(hand_table(s), id="sheet-table")
                yield Static("\n".join(reasons(s.game, s.names)), id="sheet-reasons")
                history = history_table(s)
                if history is not None:
                    yield Static(history, id="sheet-history")
                if not s.match_over:
                    yield Static(leader_line(s), id="sheet-leader")
            if s.match_over:
                with Horizontal(id="sheet-buttons"):
                    yield Button(_("Play again (Y)"), variant="primary", id="again", compact=True)
                    yield Button(_("Quit (Q)"), id="quit", compact=True)
            else:
                label = _("Deal hand %(number)s (Enter)", number=st.hand_number + 1)
                yield Button(label, variant="primary", id="next", compact=True)

    def _title(self) -> str:
        s = self.session
        st = s.game.state
        if s.match_over:
            names = [s.names[w] for w in st.winners]
            if not names and st.outcome is not None and st.outcome.went_out is not None:
                # Someone went out and nobody won: gin's knock on equal counts (G10, G14).
                return _("The match is over with no winner.")
            if not names:
                return _("The match is over, and nobody won: no one went out.")
            if st.winners == [s.human]:
                return _("The match is over. You win!")
            return ngettext(
                "The match is over. %(names)s wins!",
                "The match is over. %(names)s win!",
                len(names),
                names=join_names(names),
            )
        went_out = st.outcome.went_out if st.outcome else None
        if went_out is None:
            return _("Hand %(number)s is over: nobody went out.", number=st.hand_number)
        if went_out == s.human:
            return _("Hand %(number)s is over: You went out.", number=st.hand_number)
        return _(
            "Hand %(number)s is over: %(name)s went out.",
            number=st.hand_number,
            name=s.names[went_out],
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id != "quit")

    def action_go_on(self) -> None:
        """The next hand, or a new match after the last."""
        self.dismiss(True)

    def action_stop(self) -> None:
        """Quit the game (it is saved)."""
        self.dismiss(False)


class ChoiceScreen(ModalScreen[int | str | None]):
    """A question with a few answers and, where it helps, a line to type one.

    Dismissed with the index of the answer picked, the typed text, or None (Esc).
    """

    AUTO_FOCUS = "Button, Input"

    KEYS: ClassVar[list[Binding]] = [
        Binding("escape", "cancel", N_("Cancel")),
        *(Binding(str(n), f"answer({n - 1})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, question: str, answers: list[str], typing_hint: str | None) -> None:
        super().__init__()
        bind_keys(self, self.KEYS)
        self.question = question
        self.answers = answers
        self.typing_hint = typing_hint

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box"):
            yield Static(self.question, id="choice-question")
            for index, answer in enumerate(self.answers):
                yield Button(f"{index + 1}. {answer}", id=f"answer-{index}", compact=True)
            if self.typing_hint is not None:
                yield Input(placeholder=self.typing_hint, id="choice-text")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(int(str(event.button.id).removeprefix("answer-")))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.dismiss(event.value.strip())

    def action_answer(self, index: int) -> None:
        """Pick an answer by its number."""
        if index < len(self.answers):
            self.dismiss(index)

    def action_cancel(self) -> None:
        """Leave the question unanswered: nothing is played."""
        self.dismiss(None)
