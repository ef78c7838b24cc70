"""Gin Rummy (rulings G1 to G15), with OpenSpiel's ``gin_rummy`` rules as its defaults.

Two players, ten cards each and an upcard. Melds reach the table only in a knock: the knocker lays
melds and discards (the ``knock`` action shared with the classic ``knock`` house rule,
``rulesets.knocking``), and unless that was gin the other player, the defender, then has a turn
of their own with no draw, to lay off on the knocker's melds and ``pass``. The same ``pass`` (an
action of this ruleset, ``{"type": "pass"}``) declines the first upcard and stops at the wall of
two cards. Everything is said through hooks: a pass ends the hand with ``game.end_hand``, the
repeated upcard voids it with ``rummy_dead_hand``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from rummy_core.engine.action_kinds import ActionKind, GameSteps
from rummy_core.engine.actions import DISCARD, STOCK, Action, LayOff, MeldDown, PluginAction
from rummy_core.engine.cards import card_name
from rummy_core.engine.defaults import PIP_VALUES, deal_round
from rummy_core.engine.errors import Violation
from rummy_core.engine.events import Event, EventWords, event_kind
from rummy_core.engine.game import refuse
from rummy_core.engine.meldrules import MeldRules, RunShape, SetShape
from rummy_core.engine.melds import read_meld
from rummy_core.engine.options import OPTION_LIMITS, BaseOptions
from rummy_core.engine.plugin import Ruleset, hookimpl
from rummy_core.engine.scorelines import ScoreLine
from rummy_core.engine.stages import TurnStage
from rummy_core.engine.state import DRAW, PLAY, Reason, State
from rummy_core.i18n.languages import N_, N_plural
from rummy_core.solver import solver_for

from . import DOMAIN
from .classic import just_taken
from .knocking import KNOCKED, KnockTerms, hand_value, knock_kind, knock_points, knock_winner

GIN_MELDS = MeldRules(run=RunShape(ace_low=True, ace_high=False), set=SetShape())
"""Ruling G3: sets of 3 or 4, runs of 3 or more in one suit with the ace low only."""

WALL = 2
"""Ruling G11: the cards left in the stock that are never drawn."""

NEEDS_TARGET: dict[str, JsonValue] = {"needs": "target"}
"""An option that counts only in a race to a target (G14): a start page shows it only then
(``needs``: the option whose value it needs, set or checked)."""

UPCARD_PASSES = "upcard_passes"
"""``State.extra`` key: how many players passed on the first upcard (G4)."""

RETURNED = "upcard_returned"
"""``State.extra`` key: how many turns in a row ended by discarding the upcard just taken (G6)."""

KNOCK_CARD = "knock_card"
"""``State.extra`` key: the knock card the first upcard set, in Oklahoma (G12)."""

UPCARD, AT_WALL, LAY_OFFS = "upcard", "wall", "lay_offs"


class GinOptions(BaseOptions):
    """Options of Gin Rummy: OpenSpiel's game by default, and the customs that vary."""

    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    knock_card: int = Field(
        10, ge=0, le=10, description=N_("Knock with cards left worth this much or less (G12).")
    )
    oklahoma: bool = Field(
        False,
        description=N_("The first upcard's value is the knock card; an ace means gin only (G12)."),
    )
    gin_bonus: int = Field(
        25, ge=0, le=OPTION_LIMITS["points"], description=N_("Bonus for going gin (G8).")
    )
    big_gin: bool = Field(
        False, description=N_("Going out with all eleven cards melded is big gin (G13).")
    )
    big_gin_bonus: int = Field(
        31,
        ge=0,
        le=OPTION_LIMITS["points"],
        description=N_("Bonus for big gin (G13)."),
        json_schema_extra={"needs": "big_gin"},
    )
    undercut_bonus: int = Field(
        25,
        ge=0,
        le=OPTION_LIMITS["points"],
        description=N_("Bonus for the defender who holds less than the knocker (G10)."),
    )
    undercut_on_tie: bool = Field(
        False, description=N_("Equal counts are an undercut too (G10); by default nobody scores.")
    )
    discard_taken: bool = Field(
        True, description=N_("The upcard just taken may be discarded at once (G6).")
    )
    target: int | None = Field(
        None,
        ge=1,
        le=OPTION_LIMITS["target"],
        description=N_("Race to this many points (G14); null plays a single hand."),
    )
    game_bonus: int = Field(
        100,
        ge=0,
        le=OPTION_LIMITS["points"],
        description=N_("Bonus for winning a race to the target (G14)."),
        json_schema_extra=NEEDS_TARGET,
    )
    line_bonus: int = Field(
        25,
        ge=0,
        le=OPTION_LIMITS["points"],
        json_schema_extra=NEEDS_TARGET,
        description=N_("Bonus per hand won, counted when a race ends (G14)."),
    )


@event_kind
@dataclass(slots=True)
class UpcardPassed(Event):
    """``seat`` did not take the first upcard (G4)."""

    type: ClassVar[str] = "upcard_passed"
    words: ClassVar[EventWords] = EventWords(
        N_("You passed on the upcard."), N_("%(name)s passed on the upcard."), DOMAIN
    )
    seat: int


@event_kind
@dataclass(slots=True)
class WallPassed(Event):
    """``seat`` stopped at the wall: the hand is void (G11)."""

    type: ClassVar[str] = "wall_passed"
    words: ClassVar[EventWords] = EventWords(
        N_("You passed at the wall: two cards are left, and the hand is void."),
        N_("%(name)s passed at the wall: two cards are left, and the hand is void."),
        DOMAIN,
    )
    seat: int


@event_kind
@dataclass(slots=True)
class LayOffsDone(Event):
    """The defender ``seat`` finished laying off (G9): the knock is scored."""

    type: ClassVar[str] = "lay_offs_done"
    words: ClassVar[EventWords] = EventWords(
        N_("You finished laying off: the knock is counted."),
        N_("%(name)s finished laying off: the knock is counted."),
        DOMAIN,
    )
    seat: int


@dataclass(frozen=True, slots=True)
class Pass(PluginAction):
    """Decline: the first upcard, the upcard at the wall, or more lay-offs after a knock."""

    type: ClassVar[str] = "pass"


class PassAction(BaseModel):
    """Pass: on the first upcard, at the wall (the hand is void), or to end your lay-offs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["pass"] = "pass"


def deadwood(cards: list[int]) -> int:
    """The least the cards are worth left over once the best melds are taken out (G2, G3)."""
    return solver_for(GIN_MELDS, PIP_VALUES).best(cards).deadwood_value


def can_knock(cards: list[int], limit: int) -> bool:
    """Whether a hand of one card more than it keeps may knock: some discard leaves cards
    whose deadwood is ``limit`` or less."""
    return solver_for(GIN_MELDS, PIP_VALUES).one_discard_within(cards, limit)


def knocker(state: State) -> int | None:
    """The seat that knocked this hand, if one has."""
    seat = state.extra.get(KNOCKED)
    return seat if isinstance(seat, int) else None


def is_defender(state: State, seat: int) -> bool:
    """Whether ``seat`` is laying off after the other player's knock (G9)."""
    # ``knocker`` written out: the rules ask this some 70 times a hand.
    seat_out = state.extra.get(KNOCKED)
    return isinstance(seat_out, int) and seat_out != seat


def upcard_offered(state: State) -> bool:
    """Whether the first upcard is still being offered (G4): nobody has drawn, fewer than two
    have passed."""
    passes: int = state.extra.get(UPCARD_PASSES, 0)
    return state.hand_turns == passes < 2


def at_wall(state: State) -> bool:
    """Whether this turn is at the wall: it started with only the wall left in the stock (G11)."""
    return len(state.stock) <= WALL


@dataclass(frozen=True, slots=True)
class KnockCount:
    """How a knocked hand counts (G8 to G10): each hand's deadwood and who scores what."""

    knocker: int
    values: tuple[int, ...]
    """Deadwood: the knocker's cards left, the defender's after lay-offs at their best melds."""
    gin: bool
    big_gin: bool
    scorer: int | None
    """Who scores the hand; None when equal counts score nothing."""
    points: int
    """The scorer's points before bonuses."""


class GinRummy(Ruleset):
    """Gin Rummy for two, as OpenSpiel and most tables play it."""

    name = "gin"
    aliases = ("gin-rummy",)
    title = N_("Gin Rummy")
    summary = N_("Gin Rummy: 2 players, 10 cards, knock with 10 or less, gin for a bonus.")
    domain = DOMAIN
    Options = GinOptions
    options: GinOptions
    public_records = frozenset({UPCARD_PASSES, RETURNED, KNOCK_CARD, KNOCKED})

    # -- the deal and the cards ------------------------------------------------------------------

    @hookimpl
    def rummy_meld_rules(self) -> MeldRules:
        return GIN_MELDS

    @hookimpl
    def rummy_hand_size(self) -> int:
        # Ruling G1.
        return 10

    @hookimpl
    def rummy_deal(self, state: State, deck: list[int], sizes: list[int]) -> bool:
        # Ruling G1: one at a time from the non-dealer, then the upcard; G12: in Oklahoma the
        # upcard sets the knock card, an ace gin only.
        dealt = deal_round(state, deck, sizes)
        if self.options.oklahoma:
            value = PIP_VALUES[state.discard[-1]]
            state.extra[KNOCK_CARD] = 0 if value == 1 else value
        return dealt

    @hookimpl
    def rummy_refill_stock(self) -> bool:
        # Ruling G11: the wall stops the hand before the stock runs out.
        return False

    def knock_limit(self, state: State) -> int:
        """The knock card of this hand (G12)."""
        limit = state.extra.get(KNOCK_CARD, self.options.knock_card)
        return limit if isinstance(limit, int) else self.options.knock_card

    # -- actions of its own ----------------------------------------------------------------------

    @hookimpl
    def rummy_register_actions(self) -> list[ActionKind[Any, Any]]:
        return list(self.action_kinds)

    @cached_property
    def action_kinds(self) -> list[ActionKind[Any, Any]]:
        """The knock and the pass, made once, so every answer gives the same kinds."""
        passing: ActionKind[Pass, PassAction] = ActionKind(
            name="pass",
            action=Pass,
            model=PassAction,
            to_action=lambda model: Pass(),
            to_model=lambda action: PassAction(),
            apply=self._pass,
            candidates=self._pass_candidates,
            events=(UpcardPassed, WallPassed, LayOffsDone),
            label=N_("Pass"),
            phrase=N_("pass"),
            domain=DOMAIN,
        )
        return [knock_kind(self._knock_terms), passing]

    def _knock_terms(self, state: State, seat: int) -> KnockTerms:
        # Rulings G7 and G8: gin empties the hand.
        return KnockTerms(limit=self.knock_limit(state), empty_hand_ok=True)

    @staticmethod
    def pass_stage(state: State, seat: int) -> str | None:
        """What a pass by ``seat`` would decline now: the upcard, the wall, the lay-offs, or
        nothing (None: no pass now)."""
        if state.phase == DRAW:
            if upcard_offered(state):
                return UPCARD
            return AT_WALL if at_wall(state) else None
        if state.phase == PLAY and is_defender(state, seat):
            return LAY_OFFS
        return None

    def _pass(
        self, game: GameSteps, state: State, seat: int, action: Pass, events: list[Event]
    ) -> None:
        stage = self.pass_stage(state, seat)
        if stage == UPCARD:
            # Ruling G4.
            state.extra[UPCARD_PASSES] = state.extra.get(UPCARD_PASSES, 0) + 1
            events.append(UpcardPassed(seat))
            game.end_turn(state, seat, events)
        elif stage == AT_WALL:
            # Ruling G11.
            events.append(WallPassed(seat))
            game.end_hand(state, None, "stock", events)
        elif stage == LAY_OFFS:
            # Ruling G9: the knock is counted; the knocker closed the hand.
            events.append(LayOffsDone(seat))
            game.end_hand(state, knocker(state), "out", events)
        else:
            raise refuse(
                "no_pass_now",
                "There is nothing to pass on now: draw, or discard to end your turn.",
                domain=DOMAIN,
            )

    def _pass_candidates(self, game: GameSteps, seat: int) -> list[Pass]:
        return [Pass()] if self.pass_stage(game.state, seat) is not None else []

    # -- drawing ---------------------------------------------------------------------------------

    @hookimpl
    def rummy_turn_starts_with_draw(self, state: State, seat: int) -> bool:
        # Ruling G9: the defender's turn after a knock has no draw.
        return not is_defender(state, seat)

    @hookimpl
    def rummy_turn_stage(self, state: State) -> TurnStage | None:
        # Ruling G9: the defender's turn is a lay-off on the knock, which every player is told.
        if state.phase == PLAY and is_defender(state, state.turn):
            return TurnStage("laying_off", N_("laying off on the knock"), DOMAIN)
        return None

    @hookimpl
    def rummy_draw_violations(self, state: State, seat: int, source: str) -> list[Violation]:
        if upcard_offered(state):
            # Ruling G4.
            if source != DISCARD:
                return [
                    Violation(
                        "upcard_first",
                        "The first upcard is offered first: take it, or pass.",
                        domain=DOMAIN,
                    )
                ]
            return []
        if state.extra.get(UPCARD_PASSES) == 2 and state.hand_turns == 2 and source != STOCK:
            return [
                Violation(
                    "both_passed",
                    "You both passed on the upcard: draw from the stock.",
                    domain=DOMAIN,
                )
            ]
        if at_wall(state):
            # Ruling G11.
            if source != DISCARD:
                return [
                    Violation(
                        "wall_reached",
                        "Only the wall of two cards is left in the stock: take the upcard to"
                        " knock, or pass.",
                        domain=DOMAIN,
                    )
                ]
            top = state.top_discard()
            limit = self.knock_limit(state)
            if top is None or not self._reaches_knock([*state.hands[seat], top], limit):
                return [
                    Violation(
                        "wall_no_knock",
                        "At the wall the upcard is taken only to knock, and it would not let you"
                        " knock: pass.",
                        domain=DOMAIN,
                    )
                ]
        return []

    def _reaches_knock(self, cards: list[int], limit: int) -> bool:
        # Rulings G7 and G13: a knock after one discard, or big gin with none.
        return can_knock(cards, limit) or (self.options.big_gin and deadwood(cards) == 0)

    # -- playing ---------------------------------------------------------------------------------

    @hookimpl
    def rummy_action_violations(self, state: State, seat: int, action: Action) -> list[Violation]:
        if is_defender(state, seat):
            # Ruling G9: lay off, then pass; the defender's own melds count by themselves.
            if isinstance(action, LayOff):
                return []
            return [_lay_off_or_pass()]
        if isinstance(action, LayOff):
            return [
                Violation(
                    "lay_off_after_knock",
                    "Only the defender lays off, on the knocker's melds after the knock.",
                    domain=DOMAIN,
                )
            ]
        if isinstance(action, MeldDown):
            return self._meld_violations(state, seat, action)
        return []

    def _meld_violations(self, state: State, seat: int, action: MeldDown) -> list[Violation]:
        # Ruling G7: melds go down only in a knock, so they must leave one within reach. Read
        # from the hand before the melds leave it (asked before the cards are checked: cards
        # not held are the engine's to refuse).
        rest = list(state.hands[seat])
        for meld in action.melds:
            for code in meld.cards:
                if code not in rest:
                    return []
                rest.remove(code)
        limit = self.knock_limit(state)
        if not rest or can_knock(rest, limit):
            return []
        for meld in action.melds:
            if not read_meld(meld.cards, meld.declared, GIN_MELDS):
                # Cards that are no meld at all: the engine says so, which is what the player
                # needs to hear first (asked only here, so that the legal plays cost no more to
                # find).
                return []
        return [
            Violation(
                "meld_only_to_knock",
                "Melds go down only to knock, and after these you could not knock with"
                " %(limit)s or less.",
                limit=limit,
                domain=DOMAIN,
            )
        ]

    @hookimpl
    def rummy_min_hand_after_play(self, state: State, seat: int) -> int:
        # Rulings G7 and G13: the knocker keeps a card to discard, unless big gin; the defender
        # may lay off every card.
        return 0 if self.options.big_gin or is_defender(state, seat) else 1

    @hookimpl
    def rummy_discard_violations(self, state: State, seat: int, card: int) -> list[Violation]:
        # Ruling G6's option.
        found = [] if self.options.discard_taken else just_taken(state, card)
        if knocker(state) == seat:
            return found
        if is_defender(state, seat):
            return [*found, _lay_off_or_pass()]
        if state.plays:
            found.append(
                Violation(
                    "knock_to_finish",
                    "You laid melds this turn: knock with your discard, or take the melds back.",
                    domain=DOMAIN,
                )
            )
        elif state.drew == DISCARD and at_wall(state):
            found.append(
                Violation(
                    "knock_at_wall",
                    "At the wall the upcard is taken only to knock: knock with your discard.",
                    domain=DOMAIN,
                )
            )
        return found

    # -- the end of a turn and of the hand ------------------------------------------------------

    @hookimpl
    def rummy_turn_ended(self, state: State, seat: int) -> None:
        # Ruling G6: count turns in a row that threw back the upcard just taken.
        if state.drew is None:
            return
        returned = state.drew == DISCARD and state.discard[-1:] == state.drawn[:1]
        if returned:
            state.extra[RETURNED] = state.extra.get(RETURNED, 0) + 1
        else:
            state.extra.pop(RETURNED, None)

    @hookimpl
    def rummy_goes_out(self, state: State, seat: int) -> bool:
        # Rulings G8 and G13: gin or big gin ends the hand; a knock with cards left passes the
        # turn to the defender; a defender who laid off every card has not gone out.
        return not state.hands[seat] and knocker(state) in (None, seat)

    @hookimpl
    def rummy_dead_hand(self, state: State, seat: int) -> Reason | None:
        # Ruling G6: both players threw the upcard straight back.
        return "capped" if state.extra.get(RETURNED, 0) >= 2 else None

    def count_knock(self, state: State, went_out: int) -> KnockCount:
        """How the hand ``went_out`` closed counts (G8 to G10, G13)."""
        out = knocker(state)
        big = out is None
        seat_out = went_out if out is None else out
        values = tuple(_counted(state, seat, seat_out) for seat in range(state.players))
        gin = values[seat_out] == 0
        # Gin cannot be undercut (G8): the knocker scores even against a defender with none.
        winner = seat_out if gin else knock_winner(values, seat_out, self.options.undercut_on_tie)
        points = knock_points(values, winner)
        # Equal counts without the undercut option: nobody scores (G10).
        scorer = None if not gin and winner == seat_out and points == 0 else winner
        return KnockCount(seat_out, values, gin, big, scorer, points)

    @hookimpl
    def rummy_leftover_value(self, state: State, seat: int) -> int:
        # What count_knock compares; a void hand's cards at their best arrangement.
        out = knocker(state)
        if out is None and state.outcome is not None:
            out = state.outcome.went_out
        return _counted(state, seat, out)

    def _bonus_lines(self, state: State, count: KnockCount) -> list[list[ScoreLine]]:
        """Each seat's bonuses for the hand: gin, big gin, undercut, and the race's end."""
        options = self.options
        lines: list[list[ScoreLine]] = [[] for _ in range(state.players)]
        scorer = count.scorer
        if scorer is None:
            return lines
        if count.big_gin:
            lines[scorer].append(
                _line("big_gin_bonus", N_("big gin: %(points)s"), options.big_gin_bonus)
            )
        elif count.gin:
            lines[scorer].append(_line("gin_bonus", N_("gin: %(points)s"), options.gin_bonus))
        elif scorer != count.knocker:
            lines[scorer].append(
                _line(
                    "undercut_bonus", N_("the undercut bonus: %(points)s"), options.undercut_bonus
                )
            )
        target = options.target
        hand_total = count.points + sum(line.points for line in lines[scorer])
        scores, history = _before_this_hand(state)
        if target is None or scores[scorer] + hand_total < target:
            return lines
        # Ruling G14: the race is won; the bonuses are added to the last hand.
        lines[scorer].append(
            _line("game_bonus", N_("the game bonus: %(points)s"), options.game_bonus)
        )
        won = [sum(1 for hand in history if hand[seat] > 0) for seat in range(state.players)]
        won[scorer] += 1
        for seat, hands in enumerate(won):
            if hands:
                bonus = hands * options.line_bonus
                lines[seat].append(
                    ScoreLine(
                        "line_bonus",
                        N_plural(
                            "the line bonus, %(count)s hand won: %(points)s",
                            "the line bonus, %(count)s hands won: %(points)s",
                        ),
                        bonus,
                        DOMAIN,
                        {"count": hands, "points": bonus},
                    )
                )
        return lines

    @hookimpl
    def rummy_hand_scores(self, state: State, went_out: int | None, reason: str) -> list[int]:
        # What ``rummy_score_lines`` adds up, without the lines that score nothing (the counts'
        # texts: the defender's melds named card by card): a void hand scores nothing, and the
        # scorer gets the count's points besides the bonuses.
        if went_out is None:
            return [0] * state.players
        count = self.count_knock(state, went_out)
        scores = [sum(line.points for line in lines) for lines in self._bonus_lines(state, count)]
        if count.scorer is not None:
            scores[count.scorer] += count.points
        return scores

    @hookimpl
    def rummy_score_lines(
        self, state: State, went_out: int | None, reason: str
    ) -> list[list[ScoreLine]]:
        # Rulings G8 to G10, G13 and G14. A void hand (G6, G11) scores nothing.
        if went_out is None:
            if reason == "stock":
                void = _line("wall", N_("the wall: the hand is void"), 0)
            elif state.extra.get(RETURNED, 0) >= 2:
                void = _line(
                    "upcard_returned",
                    N_("the upcard was thrown straight back twice: the hand is void"),
                    0,
                )
            else:
                return [[] for _ in range(state.players)]
            return [[void] for _ in range(state.players)]
        count = self.count_knock(state, went_out)
        lines = self._bonus_lines(state, count)
        out = count.knocker
        for seat, seat_lines in enumerate(lines):
            params = {"points": count.values[seat]}
            if seat == out:
                said = _line(
                    "knocker_deadwood", N_("deadwood kept in the knock: %(points)s"), 0, params
                )
            elif melds := _melds_in_hand(state.hands[seat]):
                # The melds the count left out, so the sheet's cards add up to it (G9).
                said = _line(
                    "defender_deadwood",
                    N_("deadwood after laying off: %(points)s (in melds: %(melds)s)"),
                    0,
                    {**params, "melds": melds},
                )
            else:
                said = _line(
                    "defender_deadwood", N_("deadwood after laying off: %(points)s"), 0, params
                )
            seat_lines.insert(0, said)
        scorer = count.scorer
        if scorer is None:
            for seat_lines in lines:
                seat_lines.append(_line("equal_counts", N_("equal counts: nobody scores"), 0))
        elif scorer == out:
            lines[scorer].insert(
                1, _line("knocked", N_("the difference of the counts: %(points)s"), count.points)
            )
        else:
            lines[scorer].insert(
                1, _line("undercut", N_("undercut the knocker: %(points)s"), count.points)
            )
        return lines

    @hookimpl
    def rummy_hand_bonus(self) -> bool:
        # Gin's bonuses are points of the hand's own (score lines), not a doubling.
        return False

    @hookimpl
    def rummy_match_over(self, state: State) -> bool:
        # Ruling G14: a race to the target, or a single hand.
        target = self.options.target
        return target is None or max(state.scores) >= target

    @hookimpl
    def rummy_match_winners(self, state: State) -> list[int]:
        # Ruling G14: who scored the last hand (in a race, the one who reached the target, even
        # if line bonuses lift the other's total); nobody after a void hand or equal counts.
        outcome = state.outcome
        if outcome is None or outcome.went_out is None:
            return []
        scorer = self.count_knock(state, outcome.went_out).scorer
        return [] if scorer is None else [scorer]


def _melds_in_hand(cards: list[int]) -> list[list[str]]:
    """The melds of the best arrangement of ``cards`` (what ``deadwood`` leaves out), as codes."""
    best = solver_for(GIN_MELDS, PIP_VALUES).best(cards)
    return [[card_name(code) for code in meld] for meld, _ in best.melds]


def _counted(state: State, seat: int, out: int | None) -> int:
    """What ``seat``'s cards count for once ``out`` has knocked or gone gin: the knocker's as
    they are (G7), the other's deadwood after its lay-offs (G9)."""
    hand = state.hands[seat]
    return hand_value(state, seat) if seat == out else deadwood(hand)


def _before_this_hand(state: State) -> tuple[list[int], list[list[int]]]:
    """The match's scores and finished hands before the hand being scored: its score lines are
    asked again once its points are added (a score sheet), and must read the same."""
    outcome = state.outcome
    if outcome is None or outcome.hand_number != state.hand_number:
        return list(state.scores), state.hand_history
    before = [
        total - points for total, points in zip(state.scores, outcome.hand_scores, strict=True)
    ]
    return before, state.hand_history[:-1]


def _line(code: str, message: str, points: int, params: dict[str, Any] | None = None) -> ScoreLine:
    return ScoreLine(
        code, message, points, DOMAIN, params if params is not None else {"points": points}
    )


def _lay_off_or_pass() -> Violation:
    return Violation(
        "lay_off_or_pass",
        "The other player knocked: lay off cards on their melds, or pass.",
        domain=DOMAIN,
    )
