"""Hungarian Römi (rulings H1 to H11): two packs and four jokers, a 51-point opening, the cut card.

Its rules are conditional, and each condition is a hook rather than a case in the engine: a card
taken from the discard pile that must reach the table this turn (``rummy_turn_end_violations``),
a joker taken back that must go down again (counted in ``rummy_action_applied``), a cut card on
show that is the player's only if they go out (``rummy_draw`` for the ``"cut"`` source), and the
give-backs that undo a draw (``rummy_take_back`` answering ``"draw"``). The cut (H12) is an action
of the ruleset's own, ``{"type": "cut", "depth": N | null}``, registered like any plugin's: a person
right of the dealer is waited for before the deal (``rummy_deal_wait``), in the phase ``"cut"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.engine.action_kinds import ActionKind, DealWait, GameSteps
from rummy_core.engine.actions import CUT, DISCARD, STOCK, Action, LayOff, PluginAction, Swap
from rummy_core.engine.cards import ACE, JOKER, card_name, rank_of, standard_deck
from rummy_core.engine.defaults import deal_round
from rummy_core.engine.errors import Violation
from rummy_core.engine.events import CutMade, CutOffered, Event, LaidOff, Melded, Swapped
from rummy_core.engine.game import refuse
from rummy_core.engine.meldrules import MeldRules, RunShape, SetShape
from rummy_core.engine.melds import RUN, SET, rep_rank
from rummy_core.engine.options import OPTION_LIMITS, BaseOptions
from rummy_core.engine.piles import refill_from_discards
from rummy_core.engine.plugin import Ruleset, hookimpl
from rummy_core.engine.scorelines import ScoreLine
from rummy_core.engine.state import Meld, State
from rummy_core.i18n.languages import N_, N_plural

from . import DOMAIN

HAND_VALUES: tuple[int, ...] = (
    *(10 if rank_of(c) == ACE else min(rank_of(c), 10) for c in range(52)),
    20,
)
"""What a card left in hand costs (H1, H9): pips, 10 for a ten, a picture or an ace, 20 a joker."""

PILE_CARD_HELD = "pile_card_held"
"""``State.extra`` key: copies of the card taken from the discard pile held right after the draw.

Two packs hold two of each card, so "the card reached the table" is a count, not a presence.
"""

JOKERS_TO_REPLAY = "jokers_to_replay"
"""``State.extra`` key: jokers the player to move took by swaps this turn and has not put down
again (H6). Jokers are interchangeable, so any joker put down counts for one taken earlier."""

NEVER_OPENED = 100
"""H9: what a player who never opened scores, whatever they hold."""


@dataclass(frozen=True, slots=True)
class Cut(PluginAction):
    """Cut the shuffled deck before the deal, ``depth`` cards from the top (ruling H12).

    ``depth`` None cuts anywhere: the depth is drawn from the hand's seeded source, as for a
    bot. Only a person is asked (``Game.choosers``): the deal waits for them
    (``rummy_deal_wait``), in the phase ``"cut"``.
    """

    depth: int | None = None
    type: ClassVar[str] = CUT


class CutAction(BaseModel):
    """Cut the deck before the deal (ruling H12): ``depth`` cards from the top, or anywhere."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["cut"] = "cut"
    depth: int | None = Field(None, ge=1, description="Cards lifted; null: cut anywhere.")


def _to_cut(model: CutAction) -> Cut:
    return Cut(model.depth)


def _to_cut_model(action: Cut) -> CutAction:
    return CutAction(depth=action.depth)


def _apply_cut(game: GameSteps, state: State, seat: int, action: Cut, events: list[Event]) -> None:
    # Ruling H12: at least one card above the cut and one below.
    if state.phase != CUT:
        raise refuse("no_cut_now", "The deck is cut only before the deal.", domain=DOMAIN)
    size = len(state.stock)
    depth = action.depth
    if depth is not None and (type(depth) is not int or not 1 <= depth < size):
        raise refuse(
            "bad_cut",
            "Cut between 1 and %(most)s cards from the top: leave cards above and below.",
            depth=depth,
            most=size - 1,
            domain=DOMAIN,
        )
    events.append(CutMade(seat, depth))
    game.deal_waiting(state, depth, events)


def _cut_candidates(game: GameSteps, seat: int) -> list[Cut]:
    # Anywhere, or any depth that leaves cards above and below.
    return [Cut(None), *(Cut(depth) for depth in range(1, len(game.state.stock)))]


CUT_KIND: ActionKind[Cut, CutAction] = ActionKind(
    name=CUT,
    action=Cut,
    model=CutAction,
    to_action=_to_cut,
    to_model=_to_cut_model,
    apply=_apply_cut,
    candidates=_cut_candidates,
    before_deal=Violation(
        "cut_first", "Cut the deck first: the cards are not dealt yet.", domain=DOMAIN
    ),
)
"""The cut as a kind of action the deal waits for (ruling H12)."""


class HungarianOptions(BaseOptions):
    """Options of Hungarian Römi."""

    min_players = 2
    max_players = 4

    opening: int = Field(
        51,
        ge=0,
        le=OPTION_LIMITS["points"],
        description=N_("Points the opening lay-down must reach (H5)."),
    )
    ace: Literal["flat", "low-high"] = Field(
        "flat",
        description=N_(
            "An ace's points in an opening (H1): 'flat' 10 everywhere, 'low-high' 1 in A-2-3 and"
            " 11 elsewhere."
        ),
    )
    hands: int = Field(
        7, ge=1, le=OPTION_LIMITS["hands"], description=N_("Hands in a match (H11).")
    )


def starter(state: State) -> int:
    """The seat left of the dealer, dealt 15 cards, who starts by discarding (H2)."""
    return (state.dealer + 1) % state.players


def is_first_draw(state: State, seat: int) -> bool:
    """Whether ``seat``'s draw this turn is its first of the hand (H4: it may keep a discard)."""
    # The starter's first turn has no draw (H2), so its first draw comes on its second turn.
    return state.turns_taken[seat] == (1 if seat == starter(state) else 0)


def must_play_pile_card(state: State, seat: int) -> bool:
    """Whether the card ``seat`` took from the discard pile this turn must reach the table (H4)."""
    return state.drew == DISCARD and not is_first_draw(state, seat)


class HungarianRomi(Ruleset):
    """Hungarian Römi for 2 to 4 players: open with 51, go out to score -10, low wins."""

    name = "hungarian"
    aliases = ("romi", "römi", "hungarian-romi")
    title = N_("Hungarian Römi")
    summary = N_("Hungarian Römi: 2-4 players, 108 cards, open with 51, 7 hands, low score wins.")
    domain = DOMAIN
    Options = HungarianOptions
    options: HungarianOptions
    low_score_wins = True  # rulings H9, H11
    shows: ClassVar[dict[str, str]] = {CUT: N_("cut card")}  # rulings H2, H7
    # The pile card's count tells how many a hand held: not every player's to know.
    public_records = frozenset({JOKERS_TO_REPLAY})

    # -- the deck, the melds, the deal -----------------------------------------------------------

    @hookimpl
    def rummy_deck(self) -> list[int]:
        # Ruling H1.
        return standard_deck(2, 4)

    @hookimpl
    def rummy_meld_rules(self) -> MeldRules:
        # Ruling H3: sets of 3 or 4 distinct suits, runs ace low or high but never round the
        # corner, at most one joker per meld.
        return MeldRules(
            run=RunShape(min_len=3, max_len=13, ace_low=True, ace_high=True, wrap=False),
            set=SetShape(sizes=frozenset({3, 4}), distinct_suits=True),
            wilds=frozenset({JOKER}),
            max_wilds=1,
        )

    @hookimpl
    def rummy_card_values(self) -> tuple[int, ...]:
        return HAND_VALUES

    @hookimpl
    def rummy_hand_size(self, players: int, seat: int, dealer: int) -> int:
        # Ruling H2: 14 each, one more for the player left of the dealer.
        return 15 if seat == (dealer + 1) % players else 14

    @hookimpl
    def rummy_register_actions(self) -> list[ActionKind[Any, Any]]:
        return [CUT_KIND]

    @hookimpl
    def rummy_deal_wait(self, state: State, deck: list[int]) -> DealWait:
        # Ruling H12: the player to the dealer's right cuts.
        cutter = (state.dealer - 1) % state.players
        # A bot cuts at once, anywhere: the table is told so (#36).
        return DealWait(cutter, CUT, (CutOffered(cutter, len(deck)),), (CutMade(cutter, None),))

    @hookimpl
    def rummy_deal(
        self, state: State, deck: list[int], sizes: list[int], rng: Random, choice: int | None
    ) -> bool:
        # Rulings H2 and H12: the cut turns up the cut card, the bottom card of the cards lifted
        # (at least one above it, one below); with no one choosing, the hand's seeded source
        # chooses. Then the deal, with no starting discard pile.
        depth = rng.randrange(1, len(deck)) if choice is None else choice
        state.on_show = {CUT: (deck.pop(len(deck) - depth),)}
        return deal_round(state, deck, sizes, turn_up=False)

    @hookimpl
    def rummy_turn_starts_with_draw(self, state: State, seat: int) -> bool:
        # Ruling H2: the starter's first turn is a discard only.
        return not (seat == starter(state) and state.turns_taken[seat] == 0)

    # -- drawing ---------------------------------------------------------------------------------

    @hookimpl
    def rummy_draw_sources(self, state: State) -> list[str]:
        # Ruling H4: the stock, the top discard, or the cut card while it is on show.
        sources = [STOCK] if state.stock else []
        if state.discard:
            sources.append(DISCARD)
        # The cut card is one card (H7): a position that shows more, or none, offers no draw.
        if len(state.on_show.get(CUT, ())) == 1:
            sources.append(CUT)
        return sources

    @hookimpl
    def rummy_draw_violations(self, state: State, source: str) -> list[Violation]:
        # Ruling H4: a player who gave back a discard draws from the stock instead.
        # A source already given back is refused by the engine's default.
        if source == CUT and DISCARD in state.refused_sources and CUT not in state.refused_sources:
            return [
                Violation(
                    "draw_from_stock",
                    "You gave back the discard; draw from the stock instead.",
                    source=source,
                    domain=DOMAIN,
                )
            ]
        return []

    @hookimpl
    def rummy_draw(self, state: State, seat: int, source: str) -> list[int] | None:
        hand = state.hands[seat]
        if source == CUT:
            # Ruling H7: the cut card leaves the display; a give-back restores it (take-back).
            (drawn,) = state.on_show.pop(CUT)
        elif source == DISCARD:
            drawn = state.discard.pop()
            state.extra[PILE_CARD_HELD] = hand.count(drawn) + 1
        else:
            return None
        hand.append(drawn)
        return [drawn]

    @hookimpl
    def rummy_refill_stock(self, state: State, rng: Random) -> bool:
        # Ruling H10: the pile less its top, shuffled; with nothing to shuffle the hand ends.
        return refill_from_discards(state, shuffle=rng)

    # -- playing ---------------------------------------------------------------------------------

    @hookimpl
    def rummy_action_violations(self, state: State, seat: int, action: Action) -> list[Violation]:
        if state.turns_taken[seat] == 0:
            # Ruling H5: no opening, so no play at all, on a player's very first turn.
            return [
                Violation(
                    "first_turn",
                    "You cannot put cards on the table on your first turn of the hand.",
                    domain=DOMAIN,
                )
            ]
        if not state.opened(seat) and isinstance(action, LayOff | Swap):
            # Ruling H5: before opening, no lay-off and no joker taken.
            if isinstance(action, LayOff):
                return [Violation("not_opened", "You must open before you lay off.", domain=DOMAIN)]
            return [
                Violation("not_opened", "You must open before you take a joker.", domain=DOMAIN)
            ]
        return []

    @hookimpl
    def rummy_meld_violations(self, state: State, seat: int, melds: list[Meld]) -> list[Violation]:
        # Ruling H4: an unopened player keeps a later discard only by opening with it.
        if state.opened(seat) or not must_play_pile_card(state, seat):
            return []
        taken = state.drawn[0]
        if any(taken in meld.cards for meld in melds):
            return []
        return [
            Violation(
                "open_with_pile_card",
                "You took %(card)s from the discard pile: your opening must use it.",
                card=card_name(taken),
                domain=DOMAIN,
            )
        ]

    @hookimpl
    def rummy_swap_violations(self, before: Meld) -> list[Violation]:
        # Ruling H6: a joker in a set of three stays put until the set holds four cards.
        if before.kind == SET and len(before.cards) < 4:
            return [
                Violation(
                    "joker_locked",
                    "A joker in a set of three cannot be taken until the set has four cards.",
                    domain=DOMAIN,
                )
            ]
        return []

    @hookimpl
    def rummy_min_hand_after_play(self) -> int:
        # Ruling H8: the last card always goes on the discard pile.
        return 1

    @hookimpl
    def rummy_opening_minimum(self) -> int:
        return self.options.opening

    @hookimpl
    def rummy_meld_points(self, meld: Meld) -> int:
        # Ruling H5: a joker counts as the card it stands for; H1 sets the ace's worth.
        return sum(self._rep_points(meld, index, rep) for index, rep in enumerate(meld.reps))

    def _rep_points(self, meld: Meld, index: int, rep: int) -> int:
        rank = rep_rank(rep)
        if rank != ACE:
            return min(rank, 10)
        if self.options.ace == "flat":
            return 10
        # A run's first card can only be an ace as A-2-3: the low ace.
        return 1 if meld.kind == RUN and index == 0 else 11

    # -- the end of a turn -----------------------------------------------------------------------

    @hookimpl
    def rummy_turn_end_violations(self, state: State, seat: int) -> list[Violation]:
        violations = []
        hand = state.hands[seat]
        if state.drew == CUT and hand:
            # Ruling H7.
            violations.append(
                Violation(
                    "cut_card_not_out",
                    "The cut card is yours only if you go out this turn: give it back (take back)"
                    " and draw as usual.",
                    card=card_name(state.drawn[0]),
                    domain=DOMAIN,
                )
            )
        if must_play_pile_card(state, seat):
            # Ruling H4, counted: the copies held after the draw less those still held or just
            # discarded went to the table.
            taken = state.drawn[0]
            held = state.extra.get(PILE_CARD_HELD, 1)
            discarded = state.discard[-1] == taken
            if held - hand.count(taken) - discarded < 1:
                violations.append(
                    Violation(
                        "pile_card_not_played",
                        "%(card)s from the discard pile must be on the table by the end of this"
                        " turn: play it, or give it back (take back) and draw from the stock.",
                        card=card_name(taken),
                        domain=DOMAIN,
                    )
                )
        owed = state.extra.get(JOKERS_TO_REPLAY, 0)
        if owed:
            # Ruling H6: discarding the joker does not count.
            violations.append(
                Violation(
                    "joker_not_replayed",
                    N_plural(
                        "The joker you took must go down again this turn.",
                        "The %(count)s jokers you took must go down again this turn.",
                    ),
                    count=owed,
                    domain=DOMAIN,
                )
            )
        return violations

    @hookimpl
    def rummy_action_applied(self, state: State, events: list[Event]) -> None:
        # Ruling H6: a joker taken by a swap is owed until a joker goes down in a meld or a
        # lay-off later this turn; discarding it pays nothing.
        extra = state.extra
        before = owed = extra.get(JOKERS_TO_REPLAY, 0)
        for event in events:
            # Asked after every action of every hand: an exact type test is the cheap one.
            kind = type(event)
            if kind is Swapped and event.wild == JOKER:  # type: ignore[attr-defined]
                owed += 1
            elif owed and (kind is Melded or kind is LaidOff):
                owed = max(0, owed - event.cards.count(JOKER))  # type: ignore[attr-defined]
        if owed != before:
            if owed:
                extra[JOKERS_TO_REPLAY] = owed
            else:
                del extra[JOKERS_TO_REPLAY]

    @hookimpl
    def rummy_turn_ended(self, state: State) -> None:
        # H6's count is for one turn: a player who goes out has put every joker down.
        if JOKERS_TO_REPLAY in state.extra:
            del state.extra[JOKERS_TO_REPLAY]

    @hookimpl
    def rummy_take_back(self, state: State, seat: int) -> str:
        # Rulings H4, H7 and A3: giving back the cut card or a must-play discard reopens the draw.
        if state.drew == CUT or must_play_pile_card(state, seat):
            return "draw"
        return "play"

    # -- scoring and the match -------------------------------------------------------------------

    @hookimpl
    def rummy_hand_scores(
        self, state: State, went_out: int | None, values: tuple[int, ...], bonus: bool
    ) -> list[int]:
        scores = []
        for seat, hand in enumerate(state.hands):
            if seat == went_out:
                scores.append(-20 if bonus else -10)  # ruling H8
            elif not state.opened(seat):
                scores.append(NEVER_OPENED)  # ruling H9
            else:
                scores.append(sum(values[c] for c in hand))
        return scores

    @hookimpl
    def rummy_score_lines(
        self, state: State, went_out: int | None, values: tuple[int, ...], bonus: bool
    ) -> list[list[ScoreLine]]:
        lines: list[list[ScoreLine]] = []
        for seat, hand in enumerate(state.hands):
            if seat == went_out and bonus:
                line = ScoreLine(
                    "out_all_at_once",
                    N_("went out all at once: %(points)s"),
                    -20,
                    DOMAIN,
                    {"points": -20},
                )  # ruling H8
            elif seat == went_out:
                line = ScoreLine(
                    "went_out", N_("went out: %(points)s"), -10, DOMAIN, {"points": -10}
                )  # ruling H8
            elif not state.opened(seat):
                line = ScoreLine(
                    "never_opened",
                    N_plural("never opened: %(count)s point", "never opened: %(count)s points"),
                    NEVER_OPENED,
                    DOMAIN,
                    {"count": NEVER_OPENED},
                )  # ruling H9
            else:
                left = sum(values[c] for c in hand)
                line = ScoreLine(
                    "left_in_hand",
                    N_("the cards left in hand: %(points)s"),
                    left,
                    DOMAIN,
                    {"points": left},
                )
            lines.append([line])
        return lines

    @hookimpl
    def rummy_hand_bonus(self, state: State, went_out: int) -> bool:
        return self._out_in_one(state, went_out)  # ruling H8: the -20

    @staticmethod
    def _out_in_one(state: State, seat: int) -> bool:
        """Whether ``seat`` opened on the turn it went out, with new melds only (H8)."""
        out_turn = state.turns_taken[seat] - 1
        return state.first_play_turn[seat] == out_turn and all(p == "meld" for p in state.plays)

    @hookimpl
    def rummy_match_over(self, state: State) -> bool:
        # Ruling H11: a match is a set number of hands.
        return state.hand_number >= self.options.hands

    @hookimpl
    def rummy_match_winners(self, state: State) -> list[int]:
        # Ruling H11: the lowest total wins; ties share it.
        best = min(state.scores)
        return [seat for seat, score in enumerate(state.scores) if score == best]
