"""Classic Rummy, ruling by ruling (C1 to C7 in docs/rulings.md)."""

from __future__ import annotations

import pytest

from rummy_core.engine.actions import Discard, Draw, LayOff, MeldDown, NewMeld
from rummy_core.engine.cards import card_name, parse_card, parse_cards
from rummy_core.engine.events import MatchEnded
from rummy_core.engine.setup import new_game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER, PLAY, Outcome
from rummy_core.testing import assert_refused, position_game


def meld(*texts: str) -> MeldDown:
    return MeldDown(tuple(NewMeld.of(parse_cards(t)) for t in texts))


def lay(index: int, text: str, end: str | None = None) -> LayOff:
    cards = tuple(parse_cards(text))
    return LayOff(index, cards, (None,) * len(cards), end)


def c(text: str) -> int:
    return parse_card(text)


# -- C1: players, deal sizes, the first discard, who starts ---------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7)])
def test_c1_deal_sizes_and_turned_up_discard(players: int, size: int) -> None:
    game = new_game("classic", players=players, seed=11, dealer=0)
    st = game.state
    assert [len(h) for h in st.hands] == [size] * players
    assert len(st.discard) == 1
    assert len(st.stock) == 52 - size * players - 1
    assert st.turn == 1  # left of the dealer


@pytest.mark.parametrize("players", [1, 5])
def test_c1_player_count_outside_two_to_four_is_refused(players: int) -> None:
    with pytest.raises(Exception) as info:
        new_game("classic", players=players)
    assert getattr(info.value, "code", None) == "bad_options"


def test_c1_deal_moves_left_each_hand() -> None:
    game = new_game("classic:target=1000", players=3, seed=5, dealer=2)
    game.state.phase = HAND_OVER  # end the hand by hand to look at the next deal
    game.next_hand()
    assert game.state.dealer == 0 and game.state.turn == 1


# -- C2: drawing -----------------------------------------------------------------------------

BASE = {
    "dealer": 1,
    "turn": 0,
    "hands": [["4S", "KD", "9H"], ["5H", "5D", "9C"]],
    "stock": ["8S", "6D"],
    "discard": ["9D", "QH"],
    "turns_taken": [3, 3],
}


def test_c2_draw_from_stock_takes_the_top_card() -> None:
    game = position_game("classic", **BASE)
    game.apply(0, Draw("stock"))
    assert c("8S") in game.state.hands[0] and game.state.stock[-1] == c("6D")


def test_c2_draw_from_discard_takes_the_top_card_only() -> None:
    game = position_game("classic", **BASE)
    game.apply(0, Draw("discard"))
    assert c("QH") in game.state.hands[0] and game.state.discard == [c("9D")]


def test_c2_card_taken_from_discard_cannot_be_discarded_that_turn() -> None:
    game = position_game("classic", **BASE)
    game.apply(0, Draw("discard"))
    assert_refused(game, 0, Discard(c("QH")), "discard_just_taken")
    game.apply(0, Discard(c("KD")))
    assert game.state.turn == 1


def test_c2_card_drawn_from_stock_can_be_discarded() -> None:
    game = position_game("classic", **BASE)
    game.apply(0, Draw("stock"))
    game.apply(0, Discard(c("8S")))
    assert game.state.discard[-1] == c("8S")


# -- C3: melds and lay-offs ------------------------------------------------------------------


def play_position(hand: str, table: list[dict[str, object]] | None = None, turns: int = 0) -> dict:
    return {
        "dealer": 1,
        "turn": 0,
        "phase": "play",
        "hands": [parse_names(hand), ["5H", "5D", "9C"]],
        "discard": ["9D"],
        "table": table or [],
        "turns_taken": [turns, turns],
        "this_turn": {"drew": "stock", "drawn": []},
    }


def parse_names(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize(
    "cards", ["AS 2S 3S", "QS KS AS", "7H 7S 7D", "7H 7S 7D 7C", "4C 5C 6C 7C 8C"]
)
def test_c3_legal_melds(cards: str) -> None:
    game = position_game("classic", **play_position(cards + " KH"))
    game.apply(0, meld(cards))
    assert len(game.state.table) == 1


@pytest.mark.parametrize("cards", ["KS AS 2S", "7H 7S", "4C 5C 7C", "4C 5S 6C"])
def test_c3_not_melds(cards: str) -> None:
    game = position_game("classic", **play_position(cards + " KH"))
    assert_refused(game, 0, meld(cards), "not_a_meld")


def test_c3_melds_allowed_on_first_turn_and_many_per_turn() -> None:
    game = position_game("classic", **play_position("AS 2S 3S 7H 7S 7D KH", turns=0))
    game.apply(0, meld("AS 2S 3S"))
    game.apply(0, meld("7H 7S 7D"))
    assert len(game.state.table) == 2


def test_c3_lay_off_on_a_rivals_meld_at_either_end() -> None:
    table = [{"owner": 1, "cards": ["5S", "6S", "7S"]}]
    game = position_game("classic", **play_position("4S 8S KH QH", table))
    game.apply(0, lay(0, "4S"))
    game.apply(0, lay(0, "8S"))
    assert game.state.table[0].cards == tuple(parse_cards("4S 5S 6S 7S 8S"))
    assert game.state.table[0].credit == (0, 1, 1, 1, 0)


def test_c3_lay_off_completes_a_set_but_no_wrap() -> None:
    table = [{"owner": 1, "cards": ["7H", "7S", "7D"]}, {"owner": 1, "cards": ["QS", "KS", "AS"]}]
    game = position_game("classic", **play_position("7C 2S KH", table))
    assert_refused(game, 0, lay(1, "2S"), "cannot_lay_off")
    game.apply(0, lay(0, "7C"))
    assert len(game.state.table[0].cards) == 4


# -- C4 and C5: going out and scoring --------------------------------------------------------


def test_c4_going_out_by_melding_ends_the_hand_at_once() -> None:
    game = position_game("classic", **play_position("7H 7S 7D", turns=2))
    game.state.first_play_turn[0] = 0  # melded before: no rummy
    game.apply(0, meld("7H 7S 7D"))
    st = game.state
    assert st.phase == HAND_OVER and st.outcome is not None
    assert st.outcome.went_out == 0
    assert list(st.outcome.hand_scores) == [5 + 5 + 9, 0]


def test_c4_going_out_by_laying_off() -> None:
    table = [{"owner": 1, "cards": ["5S", "6S", "7S"]}]
    game = position_game("classic", **play_position("8S", table), opened=[True, True])
    game.apply(0, lay(0, "8S"))
    assert game.state.outcome is not None and game.state.outcome.went_out == 0


def test_c4_going_out_by_discarding() -> None:
    game = position_game("classic", **{**play_position("KH"), "opened": [True, True]})
    game.apply(0, Discard(c("KH")))
    assert game.state.outcome == Outcome(0, "out", (19, 0), 1)


def test_c5_values_ace_one_pips_pictures_ten() -> None:
    pos = play_position("KH", turns=2)
    pos["hands"][1] = ["AS", "2D", "10C", "JH", "QD", "KC"]
    game = position_game("classic", **{**pos, "opened": [True, False]})
    game.apply(0, Discard(c("KH")))
    assert game.state.outcome is not None
    assert list(game.state.outcome.hand_scores) == [1 + 2 + 10 + 10 + 10 + 10, 0]


def test_c5_rummy_doubles_when_the_whole_hand_goes_down_in_one_turn() -> None:
    pos = play_position("7H 7S 7D 8C 9C 10C KH", turns=2)
    pos["hands"][1] = ["5H", "5D", "9D"]
    game = position_game("classic", **{**pos, "discard": ["2S"]})
    game.apply(0, meld("7H 7S 7D", "8C 9C 10C"))
    game.apply(0, Discard(c("KH")))
    assert game.state.outcome is not None
    assert list(game.state.outcome.hand_scores) == [2 * 19, 0]


def test_c5_no_rummy_after_an_earlier_meld() -> None:
    game = position_game("classic", **{**play_position("KH"), "opened": [True, False]})
    game.apply(0, Discard(c("KH")))
    assert game.state.outcome is not None and list(game.state.outcome.hand_scores) == [19, 0]


# -- C6: the stock runs out ------------------------------------------------------------------


def stock_out_position() -> dict:
    """The stock holds one card; every card not in a hand is in the pile, 3H 5D 6C on top."""
    hands = [["KD", "QC"], ["9C", "8H"]]
    placed = {"4S", "3H", "5D", "6C", *hands[0], *hands[1]}
    rest = [card_name(code) for code in range(52) if card_name(code) not in placed]
    return {
        "dealer": 1,
        "turn": 0,
        "hands": hands,
        "stock": ["4S"],
        "discard": [*rest, "3H", "5D", "6C"],
        "turns_taken": [5, 5],
    }


def test_c6_pile_turned_over_once_without_shuffling() -> None:
    game = position_game("classic", **stock_out_position())
    game.apply(0, Draw("stock"))
    game.apply(0, Discard(c("KD")))
    st = game.state
    assert st.refills == 1
    assert st.discard == [c("KD")]
    # Turned over: the oldest discard is now the top of the stock.
    assert list(reversed(st.stock))[-3:] == parse_cards("3H 5D 6C")
    assert st.stock[-1] == c("AC")  # the bottom card of the pile, first put there


def test_c6_second_stock_out_ends_the_hand_and_nobody_scores() -> None:
    pos = stock_out_position()
    pos["refills"] = 1
    game = position_game("classic", **pos)
    game.apply(0, Draw("stock"))
    game.apply(0, Discard(c("KD")))
    st = game.state
    assert st.phase == HAND_OVER
    assert st.outcome == Outcome(None, "stock", (0, 0), 1)


# -- C7: the match ---------------------------------------------------------------------------


def test_c7_race_to_target() -> None:
    pos = {**play_position("KH"), "opened": [True, False], "scores": [90, 40]}
    game = position_game("classic:target=100", **pos)
    game.apply(0, Discard(c("KH")))
    assert game.state.phase == MATCH_OVER and game.state.winners == [0]
    assert game.state.scores == [109, 40]


def test_c7_below_target_plays_on() -> None:
    pos = {**play_position("KH"), "opened": [True, False], "scores": [10, 40]}
    game = position_game("classic", **pos)
    game.apply(0, Discard(c("KH")))
    assert game.state.phase == HAND_OVER
    game.next_hand()
    assert game.state.phase in ("draw", PLAY) and game.state.hand_number == 2


def test_c7_single_hand_match() -> None:
    game = position_game("classic:target=none", **{**play_position("KH"), "opened": [True, False]})
    game.apply(0, Discard(c("KH")))
    assert game.state.phase == MATCH_OVER and game.state.winners == [0]


# -- C8: a single hand with no winner --------------------------------------------------------


def test_c8_a_single_hand_that_the_stock_ends_has_no_winner() -> None:
    # Ruling C8: the dead hand of C6 in a single-hand game ends the match with nobody winning.
    pos = stock_out_position()
    pos["refills"] = 1
    game = position_game("classic:target=none", **pos)
    game.apply(0, Draw("stock"))
    events = game.apply(0, Discard(c("KD")))
    st = game.state
    assert st.phase == MATCH_OVER
    assert st.winners == []
    assert events[-1] == MatchEnded((), (0, 0), capped=False)
