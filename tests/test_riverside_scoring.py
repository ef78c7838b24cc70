"""Riverside Rommí: closing, hand scores and the match (rulings R1, R10, R11, R12)."""

from __future__ import annotations

from typing import Any

import pytest
from riverside_helpers import mid_hand
from rummy_rulesets.riverside import CardValues, RiversideOptions

from rummy_core.engine.actions import Discard, LayOff, MeldDown, NewMeld
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.errors import RuleError
from rummy_core.engine.game import Game
from rummy_core.engine.setup import Variant, new_game
from rummy_core.engine.view import player_view
from rummy_core.formats.position import outcome_json
from rummy_core.testing import assert_refused


def game(hands: list[str], melds: list[list[str]] | None = None, **position: Any) -> Game:
    """Seat 0 to move, having drawn from the stock, everyone past the first turn; seat 1 owns
    ``melds``."""
    return mid_hand(hands, melds, seed=9, **position)


def meld(text: str) -> MeldDown:
    return MeldDown((NewMeld.of(tuple(parse_cards(text))),))


def outcome(g: Game) -> dict[str, Any]:
    found = outcome_json(g.state.outcome)
    assert found is not None
    return found


# -- ruling R10: closing -----------------------------------------------------------------------


def test_closing_puts_all_but_one_card_down_and_discards_it_face_down() -> None:
    g = game(["5H 6H 7H 9C", "KC QD"])
    g.apply(0, meld("5H 6H 7H"))
    assert g.state.phase == "play"
    g.apply(0, Discard(parse_card("9C")))
    st = g.state
    assert st.phase == "hand_over"
    assert outcome(g)["went_out"] == 0
    assert outcome(g)["reason"] == "out"
    assert st.discard_face_down
    assert st.discard[-1] == parse_card("9C")
    # Hidden from the others (R10): no view shows the card.
    assert player_view(st, 1).top_discard is None


def test_an_ordinary_discard_lies_face_up() -> None:
    g = game(["5H 6H 7H 9C", "KC QD"])
    g.apply(0, Discard(parse_card("9C")))
    assert not g.state.discard_face_down
    assert player_view(g.state, 1).top_discard == parse_card("9C")


def test_the_last_card_cannot_be_melded() -> None:
    # Ruling R10: a player may never put down their last card.
    g = game(["5H 6H 7H", "KC QD"])
    assert_refused(g, 0, meld("5H 6H 7H"), "must_keep_a_card")


def test_the_last_card_cannot_be_laid_off() -> None:
    # Ruling R10, for a lay-off.
    g = game(["8H", "KC QD"], [["5H", "6H", "7H"]])
    assert_refused(g, 0, LayOff(0, (parse_card("8H"),), (None,)), "must_keep_a_card")


def test_closing_is_never_forced() -> None:
    # Ruling R10: a player who could close may keep their cards and just discard.
    g = game(["5H 6H 7H 9C", "KC QD"])
    g.apply(0, Discard(parse_card("9C")))
    assert g.current_player() == 1
    assert g.state.phase == "draw"


# -- ruling R11: the hand's scores -------------------------------------------------------------


def test_cards_down_count_for_their_player_and_cards_in_hand_against() -> None:
    # Ruling R11. Seat 0 closes: 5H 6H 7H (15) plus 10S laid off on seat 1's run (10) = 25.
    # Seat 1: JS QS KS (30) on the table, AD 2C in hand (15 + 50) = -35.
    g = game(["5H 6H 7H 10S 9C", "AD 2C"], [["JS", "QS", "KS"]])
    g.apply(0, meld("5H 6H 7H"))
    g.apply(0, LayOff(0, (parse_card("10S"),), (None,), "low"))
    g.apply(0, Discard(parse_card("9C")))
    assert outcome(g)["hand_scores"] == [25, -35]


def test_a_lay_off_on_a_rivals_run_counts_for_the_one_who_laid_it_off() -> None:
    # Ruling R11: the run belongs to seat 1, the ace laid off on it to seat 0.
    g = game(["AS 9C", "4D 5D"], [["JS", "QS", "KS"]])
    g.apply(0, LayOff(0, (parse_card("AS"),), (None,)))
    g.apply(0, Discard(parse_card("9C")))
    assert outcome(g)["hand_scores"] == [15, 30 - 10]


def test_a_wild_2_is_worth_50_wherever_it_is() -> None:
    # Ruling R11: 5H 2C 7H scores 5 + 50 + 5 for its player; a natural 2 in hand costs 50.
    g = game(["5H 2C 7H 9C", "2D KD"])
    g.apply(0, meld("5H 2C 7H"))
    g.apply(0, Discard(parse_card("9C")))
    assert outcome(g)["hand_scores"] == [60, -60]


def test_the_face_down_closing_discard_counts_for_nobody() -> None:
    # Ruling R11: closing on a 2 costs nothing, though a 2 in hand costs 50.
    g = game(["5H 6H 7H 2S", "KD"])
    g.apply(0, meld("5H 6H 7H"))
    g.apply(0, Discard(parse_card("2S")))
    assert outcome(g)["hand_scores"] == [15, -10]


def test_a_hand_without_a_closer_is_scored_the_same_way() -> None:
    # Rulings R4 and R11; cards on the table count for their credit, however the hand ended.
    g = game(
        ["9C", "KD"],
        table=[{"owner": 1, "cards": ["JS", "QS", "KS", "AS"], "credit": [1, 1, 1, 0]}],
    )
    assert g.hooks.hand_scores(g.state, None, "stock") == [15 - 5, 30 - 10]


def test_scores_carry_over_and_can_go_below_zero() -> None:
    # Ruling R12.
    g = game(["5H 6H 7H 9C", "2D 2H"], scores=[40, 30], hand_history=[[40, 30]])
    g.apply(0, meld("5H 6H 7H"))
    g.apply(0, Discard(parse_card("9C")))
    assert g.state.scores == [55, -70]
    assert g.state.hand_history == [[40, 30], [15, -100]]
    assert g.state.phase == "hand_over"


# -- ruling R1: the card values, an option -----------------------------------------------------


def test_the_default_card_values() -> None:
    # Ruling R1: A 15, K Q J 10 10, 9 to 3 5, 2 50.
    table = CardValues().table()
    by_name = {
        name: table[parse_card(name)] for name in ["AS", "KS", "QS", "JS", "10S", "9S", "3S", "2S"]
    }
    assert by_name == {
        "AS": 15, "KS": 10, "QS": 10, "JS": 10, "10S": 10, "9S": 5, "3S": 5, "2S": 50,
    }  # fmt: skip
    assert len(table) == 53


def test_card_values_are_an_option() -> None:
    # Ruling R1: the table is an option; ranks left out keep their value.
    g = game(["5H 6H 7H 9C", "AD KD"], options={"card_values": {"ace": 1, "five": 7}})
    g.apply(0, meld("5H 6H 7H"))
    g.apply(0, Discard(parse_card("9C")))
    assert outcome(g)["hand_scores"] == [7 + 5 + 5, -1 - 10]


@pytest.mark.parametrize(
    "options",
    [{"card_values": {"ace": -1}}, {"card_values": {"joker": 5}}, {"target": 0}],
    ids=["negative", "unknown-rank", "target"],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(RuleError) as caught:
        new_game(Variant("riverside", options), players=2)
    assert caught.value.code == "bad_options"


def test_options_defaults() -> None:
    # Rulings R1 and R2: target 500 and the R1 table by default.
    options = RiversideOptions()
    assert options.target == 500
    assert options.card_values == CardValues()


# -- ruling R12: the match ---------------------------------------------------------------------


def close_with(scores: list[int], options: dict[str, Any] | None = None) -> Game:
    """Seat 0 closes for 15 (5H 6H 7H); seat 1 loses 10 (KD); seat 2 loses 5 (4C)."""
    g = game(["5H 6H 7H 9C", "KD", "4C"], scores=scores, options=options)
    g.apply(0, meld("5H 6H 7H"))
    g.apply(0, Discard(parse_card("9C")))
    return g


def test_the_match_goes_on_below_the_target() -> None:
    g = close_with([400, 480, 0])
    assert g.state.scores == [415, 470, -5]
    assert g.state.phase == "hand_over"
    assert g.state.winners == []


def test_the_highest_score_wins_once_someone_reaches_the_target() -> None:
    # Ruling R12: seat 0 reaches 505, but seat 1 leads with 510 and wins.
    g = close_with([490, 520, 0])
    assert g.state.phase == "match_over"
    assert g.state.winners == [1]


def test_the_target_is_an_option() -> None:
    g = close_with([90, 0, 0], options={"target": 100})
    assert g.state.phase == "match_over"
    assert g.state.winners == [0]


def test_a_tie_for_the_lead_plays_another_hand() -> None:
    # Ruling R12: 505 each after this hand; no winner, and the next hand is dealt.
    g = close_with([490, 515, 0])
    assert g.state.scores[:2] == [505, 505]
    assert g.state.phase == "hand_over"
    assert g.state.winners == []
    g.next_hand()
    assert g.state.hand_number == 2
    assert g.current_player() is not None


@pytest.mark.parametrize(("seat_1_hand", "winners"), [("4C", []), ("KC", [0])])
def test_as_many_more_hands_as_the_tie_needs(seat_1_hand: str, winners: list[int]) -> None:
    # Ruling R12, on a later hand: seat 0 closes for 15; seat 1 has 8D 9D 10D (20) down and one
    # card in hand: 4C keeps the tie at 520 (another hand), KC leaves seat 0 alone in the lead.
    g = game(
        ["5H 6H 7H 9C", seat_1_hand],
        [["8D", "9D", "10D"]],
        scores=[505, 505],
        hand_number=3,
    )
    g.apply(0, meld("5H 6H 7H"))
    g.apply(0, Discard(parse_card("9C")))
    assert g.state.scores[0] == 520
    assert g.state.winners == winners
    assert g.state.phase == ("match_over" if winners else "hand_over")


def test_a_capped_hand_is_scored_as_usual() -> None:
    # Rulings A1 and R11: past the turn cap the hand ends with no one closing, and every card
    # counts as it would at a closing: 5H 6H 7H for seat 0 (15), minus 9C (5); seat 1 -10.
    g = game(["5H 6H 7H 9C 4C", "KD"], options={"turn_cap": 1})
    g.apply(0, meld("5H 6H 7H"))
    g.apply(0, Discard(parse_card("4C")))
    assert outcome(g)["reason"] == "capped"
    assert outcome(g)["went_out"] is None
    assert outcome(g)["hand_scores"] == [10, -10]
