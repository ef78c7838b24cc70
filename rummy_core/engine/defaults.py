"""The engine's own answer to every hook: plain rummy, overridden by rulesets where they differ.

All of them are ``trylast``, so any ruleset or house rule implementation is asked first. The
defaults describe the common core of the rummy family: one 52-card pack, seven cards each, the
top of the stock starting the discard pile, drawing the top card of either pile, sets of 3 or 4
and runs of 3+ with the ace low or high, going out by getting rid of every card, no refill of
the stock, and the player who goes out scoring what the others hold.
"""

from __future__ import annotations

import pluggy

from rummy_core.engine.actions import DISCARD, STOCK
from rummy_core.engine.cards import JOKER, rank_of, standard_deck
from rummy_core.engine.errors import Violation
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.scorelines import ScoreLine
from rummy_core.engine.state import Meld, State
from rummy_core.i18n.languages import N_

hookimpl = pluggy.HookimplMarker("rummy")

PIP_VALUES: tuple[int, ...] = (*(min(rank_of(code), 10) for code in range(52)), 0)
"""Ace 1, 2 to 10 their pips, pictures 10; joker 0."""


@hookimpl(trylast=True)
def rummy_deck() -> list[int]:
    return standard_deck()


@hookimpl(trylast=True)
def rummy_meld_rules() -> MeldRules:
    return MeldRules()


@hookimpl(trylast=True)
def rummy_card_values() -> tuple[int, ...]:
    return PIP_VALUES


@hookimpl(trylast=True)
def rummy_turn_cap() -> int:
    return 1000


@hookimpl(trylast=True)
def rummy_hand_size() -> int:
    return 7


@hookimpl(trylast=True)
def rummy_deal_wait() -> None:
    # Most rummies deal at once, with no choice a seat makes first.
    return None


@hookimpl(trylast=True)
def rummy_first_player(state: State) -> int:
    return (state.dealer + 1) % state.players


@hookimpl(trylast=True)
def rummy_next_dealer(state: State) -> int:
    return (state.dealer + 1) % state.players


@hookimpl(trylast=True)
def rummy_turn_starts_with_draw() -> bool:
    return True


@hookimpl(trylast=True)
def rummy_turn_stage() -> None:
    # A turn is drawing or playing, as its phase says.
    return None


@hookimpl(trylast=True)
def rummy_draw_sources(state: State) -> list[str]:
    sources = [STOCK] if state.stock else []
    if state.discard and not state.discard_face_down:
        sources.append(DISCARD)
    return sources


@hookimpl(trylast=True)
def rummy_draw_violations(state: State, source: str) -> list[Violation]:
    if source in state.refused_sources:
        return [
            Violation(
                "source_given_back",
                "You gave back the %(source)s card this turn; draw from somewhere else.",
                source=source,
            )
        ]
    return []


@hookimpl(trylast=True)
def rummy_draw(state: State, seat: int, source: str) -> list[int] | None:
    if source == STOCK:
        drawn = [state.stock.pop()]
    elif source == DISCARD:
        drawn = [state.discard.pop()]
    else:
        return None
    state.hands[seat].extend(drawn)
    return drawn


@hookimpl(trylast=True)
def rummy_refill_stock() -> bool:
    return False


@hookimpl(trylast=True)
def rummy_action_violations() -> list[Violation]:
    return []


@hookimpl(trylast=True)
def rummy_meld_violations() -> list[Violation]:
    return []


@hookimpl(trylast=True)
def rummy_lay_off_violations() -> list[Violation]:
    return []


@hookimpl(trylast=True)
def rummy_swap_violations() -> list[Violation]:
    return []


@hookimpl(trylast=True)
def rummy_min_hand_after_play() -> int:
    return 0


@hookimpl(trylast=True)
def rummy_opening_minimum() -> int:
    return 0


@hookimpl(trylast=True)
def rummy_meld_points(meld: Meld) -> int:
    return sum(PIP_VALUES[r] for r in meld.reps if 0 <= r < JOKER)


@hookimpl(trylast=True)
def rummy_discard_violations() -> list[Violation]:
    return []


@hookimpl(trylast=True)
def rummy_discard_face_down() -> bool:
    return False


@hookimpl(trylast=True)
def rummy_turn_end_violations() -> list[Violation]:
    return []


@hookimpl(trylast=True)
def rummy_goes_out(state: State, seat: int) -> bool:
    return not state.hands[seat]


@hookimpl(trylast=True)
def rummy_dead_hand() -> None:
    # Hands end by going out, an empty stock that cannot be refilled, or the turn cap.
    return None


@hookimpl(trylast=True)
def rummy_take_back() -> str:
    return "play"


@hookimpl(trylast=True)
def rummy_hand_scores(state: State, went_out: int | None, values: tuple[int, ...]) -> list[int]:
    scores = [0] * state.players
    if went_out is not None:
        scores[went_out] = sum(values[c] for hand in state.hands for c in hand)
    return scores


@hookimpl(trylast=True)
def rummy_leftover_value(state: State, seat: int, values: tuple[int, ...]) -> int:
    return sum(values[c] for c in state.hands[seat])


@hookimpl(trylast=True)
def rummy_score_lines(
    state: State, went_out: int | None, values: tuple[int, ...]
) -> list[list[ScoreLine]]:
    return winner_takes_all(state, went_out, values)


def winner_takes_all(
    state: State, went_out: int | None, values: tuple[int, ...]
) -> list[list[ScoreLine]]:
    """The score lines of the default scoring: whoever went out scores the others' cards, and
    the others nothing (a hand nobody went out of scores nothing at all)."""
    lines: list[list[ScoreLine]] = [[] for _ in range(state.players)]
    if went_out is None:
        return lines
    others = sum(values[c] for hand in state.hands for c in hand)
    for seat in range(state.players):
        if seat == went_out:
            line = ScoreLine(
                "others_cards",
                N_("the others' cards: %(points)s"),
                others,
                params={"points": others},
            )
        else:
            line = ScoreLine(
                "to_winner", N_("scores nothing: the cards left go to whoever went out"), 0
            )
        lines[seat].append(line)
    return lines


@hookimpl(trylast=True)
def rummy_hand_bonus() -> bool:
    return False


@hookimpl(trylast=True)
def rummy_match_over() -> bool:
    # With no rule for a longer match, a match is one hand.
    return True


@hookimpl(trylast=True)
def rummy_match_capped() -> bool:
    return False


@hookimpl(trylast=True)
def rummy_match_winners(state: State) -> list[int]:
    best = max(state.scores)
    return [seat for seat, score in enumerate(state.scores) if score == best]


@hookimpl(trylast=True)
def rummy_deal(state: State, deck: list[int], sizes: list[int]) -> bool:
    return deal_round(state, deck, sizes)


def deal_round(state: State, deck: list[int], sizes: list[int], turn_up: bool = True) -> bool:
    """Deal one card at a time clockwise from the left of the dealer; the rest is the stock.

    ``sizes`` is each seat's hand size. With ``turn_up`` the top of the stock starts the discard
    pile.
    """
    players = state.players
    order = [(state.dealer + 1 + i) % players for i in range(players)]
    for round_number in range(max(sizes)):
        for seat in order:
            if round_number < sizes[seat]:
                state.hands[seat].append(deck.pop())
    state.stock = deck
    if turn_up:
        state.discard = [state.stock.pop()]
    return True
