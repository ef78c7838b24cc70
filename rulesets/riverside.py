"""Riverside Rommí (rulings R1 to R12): points on the table count for you, cards in hand against.

From the engine's defaults it keeps one 52-card pack without jokers, the top of the stock
starting the discard pile, the player left of the dealer starting, the deal moving left each hand
(R2), any card being discardable, even one just picked up (R3), and closing by ending the turn
with an empty hand (R10). Everything else is here: the hand sizes, taking the whole discard pile,
the first turn of draw-and-discard only, runs round the corner and sets of four, every 2 wild,
each card on the table once, closing face down, three refills of the stock, scoring what each
player put down and the race to the target.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.engine.actions import DISCARD
from rummy_core.engine.cards import JOKER, RANK_NAMES, card, card_name, rank_of
from rummy_core.engine.errors import Violation
from rummy_core.engine.meldrules import MeldRules, RunShape, SetShape
from rummy_core.engine.options import OPTION_LIMITS, BaseOptions
from rummy_core.engine.piles import refill_from_discards
from rummy_core.engine.plugin import Ruleset, hookimpl
from rummy_core.engine.scorelines import ScoreLine
from rummy_core.engine.state import Meld, State
from rummy_core.i18n.languages import N_

from . import DOMAIN

TWOS = frozenset(card(2, suit) for suit in range(4))
"""The four 2s: every one is wild (ruling R7)."""

MAX_REFILLS = 3
"""How many times the stock is made again from the discard pile in one hand (ruling R4)."""


class CardValues(BaseModel):
    """What each rank is worth when scored (ruling R1); a 2 is worth its value wild or not.

    The defaults come from the Scandinavian "500" family (Norwegian and Swedish 500): the
    Riverside text itself gives only the 2.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    ace: int = Field(15, ge=0, le=OPTION_LIMITS["points"])
    two: int = Field(
        50,
        ge=0,
        le=OPTION_LIMITS["points"],
        description=N_("Given by the rule text; a wild 2 counts this too."),
    )
    three: int = Field(5, ge=0, le=OPTION_LIMITS["points"])
    four: int = Field(5, ge=0, le=OPTION_LIMITS["points"])
    five: int = Field(5, ge=0, le=OPTION_LIMITS["points"])
    six: int = Field(5, ge=0, le=OPTION_LIMITS["points"])
    seven: int = Field(5, ge=0, le=OPTION_LIMITS["points"])
    eight: int = Field(5, ge=0, le=OPTION_LIMITS["points"])
    nine: int = Field(5, ge=0, le=OPTION_LIMITS["points"])
    ten: int = Field(10, ge=0, le=OPTION_LIMITS["points"])
    jack: int = Field(10, ge=0, le=OPTION_LIMITS["points"])
    queen: int = Field(10, ge=0, le=OPTION_LIMITS["points"])
    king: int = Field(10, ge=0, le=OPTION_LIMITS["points"])

    def table(self) -> tuple[int, ...]:
        """The value of every card code (the engine's ``rummy_card_values`` form)."""
        by_rank = (
            self.ace, self.two, self.three, self.four, self.five, self.six, self.seven,
            self.eight, self.nine, self.ten, self.jack, self.queen, self.king,
        )  # fmt: skip
        # The last slot is the joker's; there is none in this game.
        return (*(by_rank[rank_of(code) - 1] for code in range(JOKER)), 0)


class RiversideOptions(BaseOptions):
    """Options of Riverside Rommí."""

    min_players = 2
    max_players = 6

    target: int = Field(
        500,
        ge=1,
        le=OPTION_LIMITS["target"],
        description=N_("The score that ends the match (R2, R12)."),
    )
    hand_cap: int = Field(
        200,
        ge=1,
        le=OPTION_LIMITS["hands"],
        description=N_(
            "Safety cap of hands in a match (like A1): the match then ends, the highest score"
            " winning (shared on a tie)."
        ),
    )
    card_values: CardValues = Field(
        CardValues(),
        description=N_("Points per rank (R1); ranks left out keep the default."),
    )


class RiversideRommi(Ruleset):
    """Riverside Rommí for 2 to 6 players: score what you put down, close before the others."""

    name = "riverside"
    aliases = ("rommi", "rommí", "riverside-rommi")
    title = N_("Riverside Rommí")
    summary = N_("Riverside Rommí: 2-6 players, every 2 wild, score your melds, first to 500.")
    domain = DOMAIN
    Options = RiversideOptions
    options: RiversideOptions

    def __init__(self, options: RiversideOptions) -> None:
        super().__init__(options)
        self._values = options.card_values.table()
        # The table last placed for ruling R8: the move generator asks of every candidate meld
        # and lay-off against the same table.
        self._placed: tuple[tuple[Meld, ...], Placed] | None = None

    # -- cards and melds ------------------------------------------------------------------------

    @hookimpl
    def rummy_meld_rules(self) -> MeldRules:
        # Ruling R6: runs of 3 to 13 round the corner, sets of all four; R7: every 2 wild, any
        # number per meld.
        return MeldRules(
            run=RunShape(min_len=3, max_len=13, wrap=True),
            set=SetShape(sizes=frozenset({4}), distinct_suits=True),
            wilds=TWOS,
            max_wilds=None,
        )

    @hookimpl
    def rummy_card_values(self) -> tuple[int, ...]:
        return self._values

    # -- the deal and drawing -------------------------------------------------------------------

    @hookimpl
    def rummy_hand_size(self, players: int) -> int:
        # Ruling R2.
        if players == 2:
            return 10
        return 7 if players <= 4 else 6

    @hookimpl
    def rummy_draw(self, state: State, seat: int, source: str) -> list[int] | None:
        # Ruling R3: the discard pile is taken whole; the stock is left to the engine.
        if source != DISCARD:
            return None
        drawn = state.discard
        state.discard = []
        state.hands[seat].extend(drawn)
        return drawn

    @hookimpl
    def rummy_refill_stock(self, state: State) -> bool:
        # Ruling R4: turned over without shuffling, three times a hand at most.
        return state.refills < MAX_REFILLS and refill_from_discards(state)

    # -- playing cards --------------------------------------------------------------------------

    @hookimpl
    def rummy_action_violations(self, state: State, seat: int) -> list[Violation]:
        # Ruling R5: the first turn of each hand is draw and discard only.
        if state.turns_taken[seat] == 0:
            return [
                Violation(
                    "first_turn",
                    "On your first turn of the hand you may only draw and discard.",
                    domain=DOMAIN,
                )
            ]
        return []

    @hookimpl
    def rummy_meld_violations(self, state: State, melds: list[Meld]) -> list[Violation]:
        # Ruling R8, for every card of the new melds.
        return added_card_violations(self._table_placed(state.table), _entries(melds))

    @hookimpl
    def rummy_lay_off_violations(
        self, state: State, index: int, before: Meld, after: Meld
    ) -> list[Violation]:
        # Ruling R8, for the cards laid off. Ruling R6 (only runs are extended) needs nothing
        # here: a set already holds all four cards of its rank, so nothing fits it.
        added = len(after.cards) - len(before.cards)
        pairs = list(zip(after.cards, after.reps, strict=True))
        at_low = after.cards[added:] == before.cards
        new = pairs[:added] if at_low else pairs[-added:]
        table = state.table
        if index < len(table) and table[index] is before:
            # The table as it stands: R8 holds on it, so its cards place the same in any order.
            return added_card_violations(self._table_placed(table), new)
        others = [m for i, m in enumerate(table) if i != index]
        return table_card_violations(on_table=_entries([*others, before]), added=new)

    def _table_placed(self, table: Sequence[Meld]) -> Placed:
        kept = self._placed
        melds = tuple(table)
        if kept is None or kept[0] != melds:
            kept = self._placed = (melds, placed_cards(_entries(melds)))
        return kept[1]

    @hookimpl
    def rummy_min_hand_after_play(self) -> int:
        # Ruling R10: the last card is always discarded, never put down.
        return 1

    @hookimpl
    def rummy_discard_face_down(self, state: State, seat: int) -> bool:
        # Ruling R10: the closing discard is hidden.
        return not state.hands[seat]

    # -- scoring and the match ------------------------------------------------------------------

    @hookimpl
    def rummy_hand_scores(self, state: State, values: tuple[int, ...]) -> list[int]:
        # Ruling R11: every card counts for whoever put it down, at its own value (a wild 2 is
        # 50), each card in hand against its holder; the face-down closing discard is in the
        # pile, so it counts for nobody. A hand ended by the stock (R4) scores the same way.
        scores = [-sum(values[c] for c in hand) for hand in state.hands]
        for meld in state.table:
            for code, seat in zip(meld.cards, meld.credit, strict=True):
                scores[seat] += values[code]
        return scores

    @hookimpl
    def rummy_score_lines(
        self, state: State, went_out: int | None, values: tuple[int, ...]
    ) -> list[list[ScoreLine]]:
        # Ruling R11 as rummy_hand_scores counts it; ruling R10's face-down close, for nobody.
        credit = [0] * state.players
        for meld in state.table:
            for code, seat in zip(meld.cards, meld.credit, strict=True):
                credit[seat] += values[code]
        lines: list[list[ScoreLine]] = []
        for seat, hand in enumerate(state.hands):
            found = []
            if seat == went_out and state.discard_face_down:
                found.append(
                    ScoreLine(
                        "closed_face_down",
                        N_("closed face down: the last card counts for nobody"),
                        0,
                        DOMAIN,
                    )
                )
            if credit[seat]:
                found.append(
                    ScoreLine(
                        "on_table",
                        N_("the cards on the table: %(points)s"),
                        credit[seat],
                        DOMAIN,
                        {"points": credit[seat]},
                    )
                )
            left = sum(values[c] for c in hand)
            if left:
                found.append(
                    ScoreLine(
                        "left_in_hand",
                        N_("the cards left in hand: %(points)s"),
                        -left,
                        DOMAIN,
                        {"points": -left},
                    )
                )
            lines.append(found)
        return lines

    @hookimpl
    def rummy_match_over(self, state: State) -> bool:
        # Ruling R12: once someone has reached the target, a single leader wins; a tie for the
        # lead plays another hand. Scores can fall for ever (weak play rarely reaches the
        # target), so the hand cap ends every match, as A1 ends every hand.
        return self._reached(state) or state.hand_number >= self.options.hand_cap

    @hookimpl
    def rummy_match_capped(self, state: State) -> bool:
        return not self._reached(state)

    def _reached(self, state: State) -> bool:
        best = max(state.scores)
        return best >= self.options.target and state.scores.count(best) == 1


Entry = tuple[int, int]
"""A card on the table and what it stands for (itself, a card, or ``-rank``)."""


def _entries(melds: Iterable[Meld]) -> list[Entry]:
    return [pair for m in melds for pair in zip(m.cards, m.reps, strict=True)]


Placed = tuple[dict[int, int], Counter[int]]
"""Cards placed on the table for ruling R8: each card and the table card that holds it (itself,
or the 2 standing for it), and per rank the wilds in sets that name the rank only."""


def placed_cards(on_table: Iterable[Entry]) -> Placed:
    """The cards of ``on_table`` placed for ``added_card_violations``."""
    holder: dict[int, int] = {}
    open_wilds: Counter[int] = Counter()
    for code, rep in on_table:
        _place(holder, open_wilds, code, rep)
    return holder, open_wilds


def _place(holder: dict[int, int], open_wilds: Counter[int], code: int, rep: int) -> None:
    if rep < 0:
        open_wilds[-rep] += 1
    else:
        holder[rep] = code
    if code != rep:
        holder.setdefault(code, code)


def table_card_violations(on_table: Sequence[Entry], added: Sequence[Entry]) -> list[Violation]:
    """Ruling R8: every card is on the table at most once, as itself or as a 2 standing for it.

    ``on_table`` is what stays on the table, ``added`` what the play puts down. A 2 is a card too:
    a 2 used as a wild is itself on the table, so no other 2 may stand for it, and a 2 that
    another 2 stands for comes down only by a swap, never as a wild. A 2 may not stand for a card
    already there; a card a 2 stands for comes down only by a swap. A wild in a set that names a
    rank only (possible under house rules with sets of three) takes one of that rank's free
    cards, so a rank cannot have more than four cards counted.
    """
    return added_card_violations(placed_cards(on_table), added)


def added_card_violations(placed: Placed, added: Sequence[Entry]) -> list[Violation]:
    """``table_card_violations`` with the cards that stay on the table already placed."""
    found: list[Violation] = []
    holder, open_wilds = dict(placed[0]), placed[1].copy()
    for code, rep in added:
        if rep >= 0 and rep in holder:
            found.append(_claimed(code, rep, holder[rep]))
        elif code != rep and holder.get(code, code) != code:
            found.append(_claimed(code, code, holder[code]))
        else:
            _place(holder, open_wilds, code, rep)
    for rank, wilds in sorted(open_wilds.items()):
        if wilds + sum(1 for card in holder if rank_of(card) == rank) > 4:
            found.append(
                Violation(
                    "rank_on_table",
                    "Counting the 2s that stand for them, the table would hold more than four"
                    " cards of rank %(rank)s.",
                    rank=RANK_NAMES[rank],
                    domain=DOMAIN,
                )
            )
    return found


def _claimed(code: int, rep: int, holder: int) -> Violation:
    name = card_name(rep)
    if code != rep:
        return Violation(
            "wild_for_table_card",
            "A 2 cannot stand for %(card)s: %(card)s is already on the table.",
            card=name,
            domain=DOMAIN,
        )
    return Violation(
        "card_stood_for",
        "%(held_card)s on the table stands for %(card)s: swap %(card)s for it instead.",
        card=name,
        held_card=card_name(holder),
        domain=DOMAIN,
    )
