"""The server's wire protocol: every WebSocket message and HTTP body, as a pydantic model.

Every message the server sends carries ``protocol``, the version of this file's shapes; a client
built for another version can tell at the first message. ``rummy schema`` writes the JSON schema
of each union (``server-client-message``, ``server-message``) and of the HTTP bodies.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, create_model

from rummy_core.formats.events import AnyEventModel
from rummy_core.formats.refusal import ViolationModel
from rummy_core.formats.view import PublicView, SeatView

PROTOCOL = 4
"""The protocol version; raised whenever a message changes shape in a way a client would notice."""

NAME_LENGTH = 40
CHAT_LENGTH = 200
"""The most characters a chat line may have."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- tables ------------------------------------------------------------------------------------


class ScoreItem(_Message):
    """One item of a seat's points for a hand (``rummy_score_lines``), in the receiver's
    language."""

    code: str = Field(description="Stable: what the item is (`rummy_doubled`, `never_opened`).")
    message: str = Field(description="The item in words, in the connection's language.")
    params: dict[str, Any] = Field(description="The values the message speaks of.")
    points: int = Field(description="What the item adds to the seat's points for the hand.")


class HandSheet(_Message):
    """What a score sheet counts once a hand is over, for everyone at the table.

    The cards left in each hand are counted in the open, so from the hand's end on they are
    public; before it no message holds them.
    """

    leftover: list[list[str]] = Field(description="Each seat's cards left in hand.")
    worth: list[int] = Field(description="What each seat's leftover cards are worth.")
    why: list[list[ScoreItem]] = Field(
        description="Each seat's points for the hand, item by item, as the rules explain them."
    )


class SeatInfo(_Message):
    """One seat of a table: who plays it, and whether they are here."""

    seat: int
    kind: Literal["human", "bot"]
    bot: str | None = Field(None, description="The bot's name, for a bot's seat.")
    name: str | None = Field(None, description="The name its player gave, if any.")
    claimed: bool = Field(description="Someone has opened this seat's link.")
    connected: bool


class TableInfo(_Message):
    """A table as the lobby lists it."""

    id: str
    variant: str
    players: int
    seats: list[SeatInfo]
    bot_pause: float = Field(description="Seconds each bot waits before it acts.")
    phase: str = Field(description="draw, play, hand_over or match_over.")
    turn: int | None = Field(description="The seat to act; null when the hand is over.")
    hand_number: int
    state_id: int = Field(description="How many changes the table has seen; every update has it.")
    created: str
    started: bool = Field(
        True,
        description="False while the table waits for its people to join (or its host to start"
        " it): until then nobody acts and no bot plays.",
    )
    rematch: str | None = Field(
        None,
        description="The table its players went on to after the match (same seats and tokens),"
        " once someone asked for a rematch.",
    )
    paused: bool = Field(
        False,
        description="A table of bots alone that has made the changes its host allowed it: no"
        " bot plays until its host lets it play on (`POST /api/tables/{id}/start`).",
    )


# -- client to server --------------------------------------------------------------------------


class Hello(_Message):
    """The first message on a table's socket: a seat's token, or none to watch."""

    type: Literal["hello"] = "hello"
    protocol: int
    token: str | None = Field(None, max_length=200, description="The seat token; null: watch.")
    name: str | None = Field(None, max_length=NAME_LENGTH)
    lang: str | None = Field(
        None,
        max_length=35,
        description="The language this connection reads (en, is, hu, it); null: the browser's.",
    )


class ActionMessage(_Message):
    """Make an action (the engine's action JSON, as in ``rummy schema``'s ``action``)."""

    type: Literal["action"] = "action"
    action: dict[str, Any]
    state_id: int = Field(
        description="The state the action was chosen in; refused as stale if the table moved on."
    )


class NextHandMessage(_Message):
    """Deal the next hand, once the hand is over (any seated player may)."""

    type: Literal["next_hand"] = "next_hand"
    state_id: int = Field(description="The state the deal was asked in; refused as stale.")


class RematchMessage(_Message):
    """Once the match is over, play another at a new table: the same seats, people (their
    tokens go on working there) and variant, a new deal (any seated player may)."""

    type: Literal["rematch"] = "rematch"
    state_id: int = Field(description="The state the rematch was asked in; refused as stale.")


class ChatMessage(_Message):
    """Say something to the table (a quick reaction or a line of one's own); seated players only."""

    type: Literal["chat"] = "chat"
    text: str = Field(min_length=1, max_length=CHAT_LENGTH)


class Ping(_Message):
    """Ask for a pong (keeps a connection alive through proxies)."""

    type: Literal["ping"] = "ping"


class ChoicesQuery(_Message):
    """Ask what the selected cards of one's own hand could do now (answered with ``choices``)."""

    type: Literal["choices"] = "choices"
    cards: list[str] = Field(default_factory=list, max_length=16)
    state_id: int | None = Field(
        None, description="The state the question was asked in; the answer has the current one."
    )


ClientMessage = Annotated[
    Hello | ActionMessage | NextHandMessage | RematchMessage | ChatMessage | Ping | ChoicesQuery,
    Field(discriminator="type"),
]
CLIENT_ADAPTER: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


# -- server to client --------------------------------------------------------------------------


class ChatLine(_Message):
    """A line said at the table: who said it (their seat, and the name the table knows them by
    then) and what. The text is as it was sent, for the page to show as text, never as markup."""

    seat: int
    name: str | None = Field(description="The name the seat's player gave, if any.")
    text: str
    at: str = Field(description="When it was said (ISO 8601, UTC).")


class Chat(_Message):
    """Someone at the table said something: sent to every connection, spectators too."""

    type: Literal["chat"] = "chat"
    protocol: int = PROTOCOL
    line: ChatLine


class RuleActionItem(_Message):
    """An action the game's rules add (a knock, gin's pass), as the table offers it."""

    type: str = Field(description="Its action type, sent as the action's `type`.")
    label: str = Field(description="What its button says, in this connection's language.")
    phrase: str = Field(
        description='How the turn\'s sentence lists it among what is open ("knock"), in this'
        " connection's language."
    )
    key: str | None = Field(description="Its key on the keyboard (a lowercase letter), if any.")
    card: bool = Field(description="Whether it is made with one selected card (`card`).")


class Welcome(_Message):
    """The answer to hello: the table, the seat (null: watching) and its current view."""

    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL
    table: TableInfo
    seat: int | None
    state_id: int
    view: SeatView | PublicView
    sheet: HandSheet | None = Field(None, description="Once the hand is over; null before.")
    seat_status: list[str] = Field(
        description="The words a seat's status uses under these rules: `opened` where the rules"
        " ask for an opening (the table then says who has opened), else none."
    )
    log: list[str] = Field(
        default_factory=list,
        description="What happened this hand so far, one sentence per event as this seat may read"
        " it, so that a late joiner or a reload sees how the table came to be as it is.",
    )
    chat: list[ChatLine] = Field(
        default_factory=list, description="The table's latest chat lines, the oldest first."
    )
    rule_actions: list[RuleActionItem] = Field(
        default_factory=list,
        description="The actions these rules add, each open when the view's `open_actions`"
        " holds its type.",
    )


class Update(_Message):
    """The table changed: what happened, as this connection may see it, and its new view."""

    type: Literal["update"] = "update"
    protocol: int = PROTOCOL
    state_id: int
    events: list[AnyEventModel]
    log: list[str] = Field(
        description="Each event's sentence, in order, as this connection reads it: in its"
        " language, its own seat's actions in the second person, the other seats by name."
    )
    view: SeatView | PublicView
    sheet: HandSheet | None = Field(None, description="Once the hand is over; null before.")


class Refused(_Message):
    """This connection's action was refused; nothing changed. Sent to that connection only."""

    type: Literal["refused"] = "refused"
    protocol: int = PROTOCOL
    state_id: int
    code: str
    message: str
    params: dict[str, Any] = Field(default_factory=dict)
    violations: list[ViolationModel] = Field(default_factory=list)


class ErrorMessage(_Message):
    """A message could not be taken (malformed, too large, too many, unknown table, bad token)."""

    type: Literal["error"] = "error"
    protocol: int = PROTOCOL
    code: str
    message: str
    params: dict[str, Any] = Field(default_factory=dict)


class Notice(_Message):
    """News of the table that is nobody's mistake (a table of bots pausing for its host)."""

    type: Literal["notice"] = "notice"
    protocol: int = PROTOCOL
    code: str
    message: str
    params: dict[str, Any] = Field(default_factory=dict)


class TableChanged(_Message):
    """Someone came, went, or a seat was handed to a bot."""

    type: Literal["table"] = "table"
    protocol: int = PROTOCOL
    table: TableInfo


class Play(_Message):
    """One legal play of the selected cards, and the melds it would leave on the table."""

    kind: Literal["meld", "lay_off", "swap"]
    meld: int | None = Field(description="The table meld a lay-off or swap goes to.")
    action: dict[str, Any] = Field(description="The action to send, as in ``action``.")
    label: str = Field(description="The melds it touches, as they would read afterwards.")


class OpeningProgress(_Message):
    """What a selection would be worth toward an opening (Hungarian's 51), and what it needs."""

    points: int
    needed: int


class Choices(_Message):
    """The answer to ``choices``: the legal plays of exactly the asked cards, for the asker only.

    ``held`` lists the natural melds the hand already holds, for the stripes under the cards.
    """

    type: Literal["choices"] = "choices"
    protocol: int = PROTOCOL
    state_id: int
    cards: list[str]
    held: list[list[str]]
    plays: list[Play]
    opening: OpeningProgress | None = Field(
        None,
        description="While the seat has still to open: what the selection would be worth toward"
        " the opening, and what it needs; null when no opening is needed now.",
    )
    complete: bool = Field(
        True,
        description="False when the cards split into more lay-downs than the server searched"
        " (24 ways, or a bounded number of steps): the meld plays listed are some of them.",
    )


class Pong(_Message):
    """The answer to a ping."""

    type: Literal["pong"] = "pong"
    protocol: int = PROTOCOL


ServerMessage = Annotated[
    Welcome | Update | Refused | ErrorMessage | Notice | TableChanged | Pong | Choices | Chat,
    Field(discriminator="type"),
]
SERVER_ADAPTER: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)


# -- HTTP bodies -------------------------------------------------------------------------------


class SeatSpec(_Message):
    """One seat of a new table: a person (no bot), or a bot by name."""

    bot: str | None = None


class CreateTable(_Message):
    """``POST /api/tables``: a table for a variant, with its seats in order."""

    variant: str = Field("classic", max_length=300, description="As for rummy play --ruleset.")
    seats: list[SeatSpec] = Field(min_length=2, max_length=8)
    bot_pause: float = Field(0.6, ge=0, le=10, description="Seconds each bot waits to act.")


class SeatLink(_Message):
    """A free seat's link to share: whoever opens it plays that seat."""

    seat: int
    token: str
    url: str
    qr: str = Field(description="The link as a QR code: an SVG image, as a data: address.")


class NewSeatLink(_Message):
    """``POST /api/tables/{id}/seats/{seat}/person``: the seat is a person's again, with a new
    link (the old one, if any, stops working)."""

    protocol: int = PROTOCOL
    table: TableInfo
    link: SeatLink


class TableCreated(_Message):
    """The new table, the creator's token (to hand seats to bots) and one link per free seat."""

    protocol: int = PROTOCOL
    table: TableInfo
    creator_token: str
    links: list[SeatLink]


class TableList(_Message):
    """``GET /api/tables``."""

    protocol: int = PROTOCOL
    tables: list[TableInfo]


class TableState(_Message):
    """``GET /api/tables/{id}``: the table and what anyone may see of its game."""

    protocol: int = PROTOCOL
    table: TableInfo
    view: PublicView


class Rematch(_Message):
    """``POST /api/tables/{id}/rematch``: the table's creator starts another match of the same
    seats once this one is over, under these rules (null: the same)."""

    variant: str | None = Field(None, max_length=300, description="As for rummy play --ruleset.")


class HandToBot(_Message):
    """``POST /api/tables/{id}/seats/{seat}/bot``: the table's creator gives a seat to a bot."""

    bot: str = "greedy"


class ApiError(_Message):
    """An HTTP request was refused: the same code, message and params as everywhere."""

    protocol: int = PROTOCOL
    code: str
    message: str
    params: dict[str, Any] = Field(default_factory=dict)


def wire_schemas(events: Any) -> dict[str, dict[str, Any]]:
    """The JSON schema of each message union and HTTP body, by name.

    ``events`` is the union of event models an update may carry (``event_union``): the built-in
    kinds and those of the installed plugins, which an update takes whichever is loaded.
    """
    update = create_model(
        "Update", __base__=Update, __doc__=Update.__doc__, events=(list[events], ...)
    )
    messages: Any = Annotated[
        Union[Welcome, update, Refused, ErrorMessage, Notice, TableChanged, Pong, Choices, Chat],  # noqa: UP007
        Field(discriminator="type"),
    ]
    return {
        "server-client-message": CLIENT_ADAPTER.json_schema(),
        "server-message": TypeAdapter(messages).json_schema(),
        "server-create-table": CreateTable.model_json_schema(),
        "server-table-created": TableCreated.model_json_schema(),
        "server-table-list": TableList.model_json_schema(),
        "server-table-state": TableState.model_json_schema(),
        "server-hand-to-bot": HandToBot.model_json_schema(),
        "server-new-seat-link": NewSeatLink.model_json_schema(),
        "server-rematch": Rematch.model_json_schema(),
        "server-error": ApiError.model_json_schema(),
    }
