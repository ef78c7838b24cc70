"""A plain terminal game: you against computer opponents, one typed command at a time."""

from __future__ import annotations

from collections.abc import Callable

import click

from rummy_core.engine.actions import (
    Action,
    Discard,
    Draw,
    LayOff,
    MeldDown,
    NewMeld,
    Swap,
    TakeBack,
)
from rummy_core.engine.cards import card_name, meld_card_text, parse_card, rank_of, suit_of
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER
from rummy_core.engine.view import player_view
from rummy_core.formats.actions import parse_action
from rummy_core.formats.position import parse_meld_card
from rummy_core.i18n.uitext import N_, UI, _, ngettext, phase_name
from rummy_core.match import Match
from rummy_core.present.cut import CUT, cut_action
from rummy_core.present.describe import describe
from rummy_core.present.words import with_symbols
from rummy_core.tui.extras import rule_keys

HELP = N_("""Commands, with the keys of the full-screen game (cards like 7H, 10S, QD, AC, JK;
a wild that stands for a card: 2C=5S):
  d              draw from the stock          t   take from the discard pile
  c              draw the cards on show (the Hungarian cut card)
  m 5H 6H 7H     meld (several melds at once: m 5H 6H 7H / 9C 9D 9S)
  l 1 8H [low|high]   lay cards off on meld 1 of the table
  w 1 6H [2C]    swap 6H in for the wild that stands for it on meld 1
  x KD           discard KD (ends your turn)
  k KD, p        an action the rules add, by its key: knock with KD, pass
  b              take back what you put down this turn
  ?              this help            q   quit""")


def parse_command(text: str) -> Action | str:
    """A typed command as an action, or one of ``"help"``, ``"quit"``, ``"draw_shown"`` (draw the
    cards on show, whatever the rules call them); ``RuleError`` if unclear."""
    words = text.replace(",", " ").split()
    if not words:
        raise RuleError("bad_command", "Type a command; ? lists them.", domain=UI.name)
    verb, args = words[0].lower(), words[1:]
    simple: dict[str, Action | str] = {
        "d": Draw("stock"),
        "t": Draw("discard"),
        "c": "draw_shown",
        "b": TakeBack(),
        "?": "help",
        "h": "help",
        "help": "help",
        "q": "quit",
        "quit": "quit",
    }
    if verb in simple and not args:
        return simple[verb]
    if verb == "m" and args:
        melds = " ".join(args).replace("|", "/").split("/")
        return MeldDown(tuple(_new_meld(m.split()) for m in melds if m.split()))
    # Melds are numbered from 1, as on the full-screen table and in the log.
    if verb == "l" and len(args) >= 2 and _meld_number(args[0]):
        end = args[-1].lower() if args[-1].lower() in ("low", "high") else None
        cards = args[1:-1] if end else args[1:]
        meld = _new_meld(cards)
        return LayOff(int(args[0]) - 1, meld.cards, meld.declared, end)
    if verb == "w" and len(args) in (2, 3) and _meld_number(args[0]):
        wild = parse_card(args[2]) if len(args) == 3 else None
        return Swap(int(args[0]) - 1, parse_card(args[1]), wild)
    if verb == "x" and len(args) == 1:
        return Discard(parse_card(args[0]))
    raise _not_understood(text)


def rule_command(game: Game, text: str) -> Action | None:
    """A command for an action the game's rules add (a knock, gin's pass): its key in the
    full-screen game or its name, then its card if it takes one (``k KD``, ``pass``); None when
    the word is no such action."""
    words = text.replace(",", " ").split()
    keys = rule_keys(game)
    verb = words[0].lower() if words else ""
    name = next((a.type for key, a in keys.items() if verb in (key, a.type)), None)
    if name is None:
        return None
    fields: dict[str, object] = {"type": name}
    if len(words) == 2:
        fields["card"] = words[1]
    elif len(words) > 2:
        raise _not_understood(text)
    return parse_action(fields, game.hooks)


def _not_understood(text: str) -> RuleError:
    return RuleError(
        "bad_command",
        "I don't understand %(text)s; ? lists the commands.",
        domain=UI.name,
        text=repr(text),
    )


def _meld_number(text: str) -> bool:
    return text.isdecimal() and int(text) >= 1


def _new_meld(tokens: list[str]) -> NewMeld:
    pairs = [parse_meld_card(t) for t in tokens]
    return NewMeld(tuple(c for c, _ in pairs), tuple(d for _, d in pairs))


def _sorted_hand(hand: tuple[int, ...]) -> str:
    return " ".join(card_name(c) for c in sorted(hand, key=lambda c: (suit_of(c), rank_of(c))))


def describe_table(game: Game, seat: int) -> str:
    """The table as the human at ``seat`` sees it."""
    view = player_view(game.state, seat)
    names = _names(view.players, seat)
    scores = "  ".join(f"{names[s]} {v}" for s, v in enumerate(view.scores))
    lines = [_("Hand %(number)s   scores: %(scores)s", number=view.hand_number, scores=scores)]
    for s in range(view.players):
        if s != seat:
            cards = ngettext("%(count)s card", "%(count)s cards", view.hand_sizes[s])
            lines.append(f"  {names[s]}: {cards}")
    top = card_name(view.top_discard) if view.top_discard is not None else "-"
    piles = ngettext(
        "stock: %(count)s card   discard pile: %(pile)s (top %(top)s)",
        "stock: %(count)s cards   discard pile: %(pile)s (top %(top)s)",
        view.stock_size,
        pile=view.discard_size,
        top=top,
    )
    shown = game.hooks.shown_names()
    for label, codes in view.on_show:
        on_show = " ".join(map(card_name, codes))
        piles += "   " + _("%(name)s: %(cards)s", name=shown.get(label, label), cards=on_show)
    lines.append(f"  {piles}")
    for i, meld in enumerate(view.table, start=1):
        cards = " ".join(meld_card_text(c, r) for c, r in zip(meld.cards, meld.reps, strict=True))
        owner = names[meld.owner]
        lines.append(
            "  " + _("meld %(number)s (%(owner)s): %(cards)s", number=i, owner=owner, cards=cards)
        )
    lines.append(_("Your hand: %(cards)s", cards=_sorted_hand(view.hand)))
    return "\n".join(lines)


def _names(players: int, seat: int) -> list[str]:
    """Each seat as the full-screen game names it: You, Bot 1, Bot 2..."""
    return [_("You") if s == seat else _("Bot %(seat)s", seat=s) for s in range(players)]


def _say_events(
    game: Game, events: list[Event], seat: int, names: list[str], echo: Callable[[str], None]
) -> None:
    # The same sentences as the full-screen log, told from the human's seat.
    shows = game.hooks.shown_names()
    for event in events:
        echo(f"  {describe(event, seat, names, shows).render()}")


def draw_shown(game: Game, seat: int) -> Draw:
    """The draw of the cards on show (the ``c`` command): the first label the rules open to
    ``seat`` now; ``nothing_on_show`` when the rules put nothing on show."""
    labels = [label for label, _cards in player_view(game.state, seat).on_show]
    if not labels:
        raise RuleError("nothing_on_show", "Nothing is on show to draw.", domain=UI.name)
    open_now = [label for label in labels if label in game.draw_sources(seat)]
    return Draw((open_now or labels)[0])


def _scores(scores: list[int], names: list[str]) -> str:
    return ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))


def _cut(match: Match, human: int, echo: Callable[[str], None]) -> None:
    """Ruling H12: the human, right of the dealer, cuts the deck before the deal."""
    game = match.game
    size = len(game.state.stock)
    while True:
        answer = click.prompt(
            ngettext(
                "Cut the deck of %(count)s card: how many to lift (1 to %(most)s),"
                " or Enter to cut anywhere",
                "Cut the deck of %(count)s cards: how many to lift (1 to %(most)s),"
                " or Enter to cut anywhere",
                size,
                most=size - 1,
            ),
            default="",
            show_default=False,
        ).strip()
        if answer and not answer.isdecimal():
            echo(
                _("Type a number of cards from 1 to %(most)s, or just press Enter.", most=size - 1)
            )
            continue
        try:
            cut = cut_action(game, int(answer) if answer else None)
            events = match.act(human, cut).events
        except RuleError as exc:
            echo(exc.message)
            continue
        _say_events(game, events, human, _names(game.state.players, human), echo)
        echo(describe_table(game, human))
        return


def play_text(match: Match, human: int, save: Callable[[Match], None] | None = None) -> None:
    """Play until the match ends or the human quits; ``save`` is called after every action."""
    echo = click.echo
    game = match.game
    names = _names(game.state.players, human)
    echo(_(HELP))
    echo(describe_table(game, human))
    while True:
        st = game.state
        if st.phase == MATCH_OVER:
            echo(_("Match over. Final scores: %(scores)s.", scores=_scores(st.scores, names)))
            return
        if st.phase == HAND_OVER:
            echo(_("Scores: %(scores)s.", scores=_scores(st.scores, names)))
            if not click.confirm(_("Deal the next hand?"), default=True):
                return
            events = match.deal_next().events
            _say_events(game, events, human, names, echo)
            echo(describe_table(game, human))
            continue
        seat = st.turn
        if st.phase == CUT:
            _cut(match, human, echo)
            continue
        if seat != human:
            _say_events(game, match.bot_step().events, human, names, echo)
            if save:
                save(match)
            if game.current_player() == human:
                echo(describe_table(game, human))
            continue
        try:
            text = click.prompt(
                _("[%(phase)s] your move", phase=phase_name(st.phase)), prompt_suffix="> "
            )
        except (click.Abort, EOFError):
            echo("\n" + _("Bye."))
            return
        try:
            command = rule_command(game, text) or parse_command(text)
            if command == "quit":
                return
            if command == "help":
                echo(_(HELP))
                continue
            action = draw_shown(game, human) if command == "draw_shown" else command
            assert not isinstance(action, str)
            events = match.act(human, action).events
            _say_events(game, events, human, names, echo)
        except RuleError as exc:
            echo("  " + _("Not allowed: %(message)s", message=with_symbols(exc.message)))
            continue
        if save:
            save(match)
        if game.current_player() == human:
            echo(describe_table(game, human))
