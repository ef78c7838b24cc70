"""Every message the server sends about a game is built here, from the receiver's own view.

One place, so that no message path can skip the view (boardgame.io's #1159 was one path that
did): a seat gets its ``SeatView`` and the events as that seat may see them, a spectator the
public view and the events as nobody's seat sees them, each with its sentence built from that
same sight of it (``present.describe``) in the receiver's language. Refusals carry only the
engine's code, message and params, which speak of the refused seat's own action; the message is
in the receiving connection's language, so players of different languages share a table. Once a
hand is over, a welcome or update also carries the hand's score sheet, the same for everyone but
its language: the cards left in every hand are counted in the open then.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from pydantic import BaseModel

from rummy_core.engine.cards import card_name
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER
from rummy_core.formats.events import event_model
from rummy_core.formats.refusal import ViolationModel
from rummy_core.formats.view import PublicView, SeatView, public_view, view_of
from rummy_core.i18n.languages import use_language
from rummy_core.i18n.uitext import UI, _
from rummy_core.present.describe import EventLine, describe
from rummy_core.present.rule_actions import rule_actions
from rummy_core.present.sheet import leftover_worth, score_lines
from rummy_core.present.status import level_name, seat_statuses
from rummy_core.server import choices
from rummy_core.server.protocol import (
    Chat,
    ChatLine,
    Choices,
    ErrorMessage,
    HandSheet,
    Notice,
    OpeningProgress,
    Play,
    Refused,
    RuleActionItem,
    ScoreItem,
    TableChanged,
    TableInfo,
    TableState,
    Update,
    Welcome,
)


def encode(message: BaseModel) -> str:
    """A message as the JSON text sent on the wire."""
    return message.model_dump_json()


def view_for(game: Game, seat: int | None) -> SeatView | PublicView:
    """The view of ``seat`` (None: a spectator's, written from the public state alone)."""
    return public_view(game) if seat is None else view_of(game, seat)


def table_state(table: TableInfo, game: Game) -> TableState:
    """The table and what anyone may see of it (the lobby's ``GET /api/tables/{id}``)."""
    return TableState(table=table, view=public_view(game))


def hand_sheet(game: Game) -> HandSheet | None:
    """What the score sheet shows, once the hand is over (None while it is played), with the
    rules' items in the current language: the hands as they were left, the cards' values, and
    why each seat scored what it did, as the rules say it (``rummy_score_lines``)."""
    st = game.state
    if st.phase not in (HAND_OVER, MATCH_OVER):
        return None
    return HandSheet(
        leftover=[[card_name(c) for c in hand] for hand in st.hands],
        worth=leftover_worth(game),
        why=[
            [
                ScoreItem(code=i.code, message=i.render(), params=dict(i.params), points=i.points)
                for i in items
            ]
            for items in score_lines(game)
        ],
    )


def welcome(
    table: TableInfo,
    game: Game,
    seat: int | None,
    state_id: int,
    lang: str,
    chat: Sequence[dict[str, Any]] = (),
) -> Welcome:
    """The answer to a hello: the table, the seat and its view now, its words (what the rules
    call the cards on show) in the language ``lang``, and the table's latest ``chat`` lines."""
    with use_language(lang):
        view = view_for(game, seat)
        sheet = hand_sheet(game)
        lines = log_lines(table, game, seat, game.events)
        rules = [RuleActionItem(**asdict(rule)) for rule in rule_actions(game.hooks)]
    return Welcome(
        table=table,
        seat=seat,
        state_id=state_id,
        view=view,
        sheet=sheet,
        seat_status=seat_statuses(game),
        log=[line.render(lang) for line in lines],
        chat=[ChatLine(**line) for line in chat],
        rule_actions=rules,
    )


def update(
    table: TableInfo,
    game: Game,
    seat: int | None,
    events: Sequence[Event],
    state_id: int,
    lang: str,
) -> Update:
    """The events of one change, their sentences and the new view, as ``seat`` may see them,
    in ``lang``; ``table`` names the seats."""
    with use_language(lang):
        view = view_for(game, seat)
        sheet = hand_sheet(game)
        lines = log_lines(table, game, seat, events)
    return Update(
        state_id=state_id,
        events=[event_model(event, seat) for event in events],
        log=[line.render(lang) for line in lines],
        view=view,
        sheet=sheet,
    )


def log_lines(
    table: TableInfo, game: Game, seat: int | None, events: Sequence[Event]
) -> list[EventLine]:
    """Each event's sentence for the reader at ``seat``, in the current language. Each is built
    from the event as this reader sees it (``seen_by``), so it names no card the reader may not
    see."""
    names, shows = seat_names(table, seat), game.hooks.shown_names()
    return [describe(event, seat, names, shows) for event in events]


def seat_names(table: TableInfo, seat: int | None) -> list[str]:
    """Each seat as the table page names it in the current language: "You" for the reader's
    own, a person by the name they gave, a bot by its level and seat number ("easy bot (2)")."""
    names = []
    for info in table.seats:
        if info.seat == seat:
            names.append(_("You"))
        elif info.kind == "bot" and info.bot is not None:
            # The seat's number tells two bots of one level apart.
            bot = _("%(level)s bot", level=level_name(info.bot))
            names.append(f"{bot} ({info.seat + 1})")
        else:
            names.append(info.name or _("Seat %(number)s", number=info.seat + 1))
    return names


def choices_for(game: Game, seat: int, cards: Sequence[str], state_id: int, lang: str) -> Choices:
    """What ``seat``'s selected ``cards`` could do, for that seat alone, in ``lang``;
    ``not_in_hand`` (a ``RuleError``) if it does not hold them."""
    with use_language(lang):
        found = choices.selection(game, seat, cards)
    return Choices(
        state_id=state_id,
        cards=list(cards),
        held=found.held,
        plays=[Play(kind=p.kind, meld=p.meld, action=p.action, label=p.label) for p in found.plays],
        opening=None
        if found.opening is None
        else OpeningProgress(points=found.opening[0], needed=found.opening[1]),
        complete=found.complete,
    )


def refused(error: RuleError, state_id: int, lang: str) -> Refused:
    """A refusal, with every broken rule the engine found, in the language ``lang``."""
    with use_language(lang):
        data = error.to_dict()
    return Refused(
        state_id=state_id,
        code=error.code,
        message=data["message"],
        params=error.params,
        violations=[ViolationModel(**v) for v in data.get("violations", [])],
    )


def error(code: str, message: str, lang: str, **params: Any) -> ErrorMessage:
    """A message that could not be taken, and why: ``message`` is a ``ui`` msgid, shown in the
    language ``lang`` with ``params`` put in."""
    return ErrorMessage(code=code, message=UI.translate(lang, message, **params), params=params)


def notice(code: str, message: str, lang: str, **params: Any) -> Notice:
    """News of the table for whoever is at it: ``message`` is a ``ui`` msgid, shown in the
    language ``lang`` with ``params`` put in."""
    return Notice(code=code, message=UI.translate(lang, message, **params), params=params)


def chat(line: dict[str, Any]) -> Chat:
    """A chat line for everyone at the table (``seat``, ``name``, ``text``, ``at``)."""
    return Chat(line=ChatLine(**line))


def table_changed(table: TableInfo) -> TableChanged:
    """Who is seated and connected changed."""
    return TableChanged(table=table)
