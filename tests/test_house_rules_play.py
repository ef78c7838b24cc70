"""Each shipped house rule, driven through the engine: what it allows, refuses and scores."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rummy_rulesets.house.ace_low_high import AceLowHigh
from rummy_rulesets.house.pile_penalty import CHARGES

from rummy_core.engine.actions import Discard, Draw, LayOff, MeldDown, NewMeld, Swap, TakeBack
from rummy_core.engine.cards import ACE, JOKER, card, card_name, parse_card, parse_cards
from rummy_core.engine.game import Game
from rummy_core.engine.melds import RUN, SET, readings
from rummy_core.engine.plugin import NoOptions
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.engine.state import Meld
from rummy_core.testing import assert_refused, position_game


def melds(*texts: str) -> MeldDown:
    return MeldDown(tuple(NewMeld.of(parse_cards(t)) for t in texts))


def playing(variant: str, hands: list[str], **fields: Any) -> Game:
    """Seat 0 to play, having drawn, on a later turn of the hand."""
    fields.setdefault("turns_taken", [2] * len(hands))
    fields.setdefault("this_turn", {"drew": "stock"})
    fields.setdefault("discard", ["8C"])
    return position_game(
        variant,
        dealer=len(hands) - 1,
        turn=0,
        phase="play",
        hands=[h.split() for h in hands],
        players=len(hands),
        **fields,
    )


# -- three-of-a-kind (Riverside, ruling R6) --------------------------------------------------


def test_r6_three_of_a_kind_only_with_the_house_rule() -> None:
    bare = playing("riverside", ["7C 7D 7H 4C", "KC"], turns_taken=[1, 1])
    assert_refused(bare, 0, melds("7C 7D 7H"), "not_a_meld")
    game = playing("riverside+three-of-a-kind", ["7C 7D 7H 4C", "KC"], turns_taken=[1, 1])
    game.apply(0, melds("7C 7D 7H"))
    assert game.state.table[0].kind == SET


def test_r6_r8_a_wild_in_a_set_of_three_takes_one_free_card() -> None:
    # 7C 7D 2H: the 2 stands for "a 7" (rank only); with 7H and 7S both down, no 7 is free.
    game = playing(
        "riverside+three-of-a-kind",
        ["7C 7D 2H 5S", "KC"],
        turns_taken=[1, 1],
        table=[
            {"owner": 1, "cards": ["7H", "8H", "9H"]},
            {"owner": 1, "cards": ["7S", "8S", "9S"]},
        ],
    )
    assert_refused(game, 0, melds("7C 7D 2H"), "rank_on_table")


def test_r6_sets_are_not_extended_unless_the_option_says_so() -> None:
    hands = ["7S 4C 5C", "KC"]
    table = [{"owner": 1, "cards": ["7C", "7D", "7H"]}]
    game = playing("riverside+three-of-a-kind", hands, turns_taken=[1, 1], table=table)
    assert_refused(game, 0, LayOff(0, (parse_card("7S"),), (None,)), "only_runs_extend")
    game = playing(
        "riverside+three-of-a-kind:extend_sets=true", hands, turns_taken=[1, 1], table=table
    )
    game.apply(0, LayOff(0, (parse_card("7S"),), (None,)))
    assert len(game.state.table[0].cards) == 4


def test_r6_runs_still_extend_under_three_of_a_kind() -> None:
    table = [{"owner": 1, "cards": ["5H", "6H", "7H"]}]
    game = playing("riverside+three-of-a-kind", ["8H 4C", "KC"], turns_taken=[1, 1], table=table)
    game.apply(0, LayOff(0, (parse_card("8H"),), (None,), "high"))
    assert game.state.table[0].cards == tuple(parse_cards("5H 6H 7H 8H"))


# -- pile-penalty (Riverside, rulings R3 and R5) ---------------------------------------------


def pile_game(variant: str, turns_taken: list[int]) -> Game:
    return position_game(
        variant,
        dealer=1,
        turn=0,
        phase="draw",
        turns_taken=turns_taken,
        hands=[["4S", "4H", "QC", "KC"], ["9D", "9S"]],
        discard=["3D", "JC"],
        stock=["8D", "8S"],
    )


def test_r3_an_unused_pile_is_charged_and_scored() -> None:
    game = pile_game("riverside+pile-penalty", [2, 2])
    game.apply(0, Draw("discard"))
    game.apply(0, Discard(parse_card("3D")))
    assert game.state.extra[CHARGES] == [1, 0]


def test_r3_a_pile_card_on_the_table_is_not_charged() -> None:
    game = pile_game("riverside+pile-penalty", [2, 2])
    game.apply(0, Draw("discard"))
    game.apply(0, melds("JC QC KC"))
    game.apply(0, Discard(parse_card("3D")))
    assert game.state.extra.get(CHARGES, [0, 0]) == [0, 0]


def test_r3_a_take_back_of_the_meld_brings_the_charge_back() -> None:
    game = pile_game("riverside+pile-penalty", [2, 2])
    game.apply(0, Draw("discard"))
    game.apply(0, melds("JC QC KC"))
    game.apply(0, TakeBack())
    game.apply(0, Discard(parse_card("3D")))
    assert game.state.extra[CHARGES] == [1, 0]


@pytest.mark.parametrize(("option", "charged"), [("", [0, 0]), (":first_turn=true", [1, 0])])
def test_r5_a_first_turn_is_charged_only_with_the_option(option: str, charged: list[int]) -> None:
    game = pile_game(f"riverside+pile-penalty{option}", [0, 0])
    game.apply(0, Draw("discard"))
    game.apply(0, Discard(parse_card("3D")))
    assert game.state.extra.get(CHARGES, [0, 0]) == charged


def test_r11_charges_come_off_the_hand_score_at_the_option_value() -> None:
    plain = build_hooks(Variant.parse("riverside"))
    hooks = build_hooks(Variant.parse("riverside+pile-penalty:points=35"))
    game = pile_game("riverside", [2, 2])
    state = game.state.clone()
    state.extra[CHARGES] = [2, 1]
    before = plain.hand_scores(state, None, "stock")
    assert hooks.hand_scores(state, None, "stock") == [before[0] - 70, before[1] - 35]


# -- one-meld-per-turn (classic, ruling C3) --------------------------------------------------


def test_c3_one_new_meld_a_turn_but_lay_offs_are_free() -> None:
    hands = ["7H 7C 7D 4S 5S 6S 10H KD", "5H 5D"]
    table = [{"owner": 1, "cards": ["7S", "8S", "9S"]}]
    game = playing("classic+one-meld-per-turn", hands, table=table)
    assert_refused(game, 0, melds("7H 7C 7D", "4S 5S 6S"), "one_meld_per_turn")
    game.apply(0, melds("7H 7C 7D"))
    assert_refused(game, 0, melds("4S 5S 6S"), "one_meld_per_turn")
    game.apply(0, LayOff(0, (parse_card("6S"),), (None,), "low"))
    game.apply(0, LayOff(0, (parse_card("5S"),), (None,), "low"))
    assert len(game.state.table) == 2
    assert game.state.table[0].cards == tuple(parse_cards("5S 6S 7S 8S 9S"))
    bare = playing("classic", hands, table=table)
    bare.apply(0, melds("7H 7C 7D", "4S 5S 6S"))  # ruling C3 without the house rule
    assert len(bare.state.table) == 3


# -- round-the-corner (classic, ruling C3) ---------------------------------------------------


@pytest.mark.parametrize("run", ["KH AH 2H", "QS KS AS 2S 3S", "AD 2D 3D", "JC QC KC"])
def test_c3_runs_round_the_corner_only_with_the_house_rule(run: str) -> None:
    wraps = "K" in run and "2" in run
    bare = build_hooks(Variant.parse("classic")).meld_rules
    rules = build_hooks(Variant.parse("classic+round-the-corner")).meld_rules
    cards = parse_cards(run)
    blank = [None] * len(cards)
    assert [r.kind for r in readings(cards, blank, rules)] == [RUN]
    assert bool(readings(cards, blank, bare)) != wraps


def test_c3_a_wrapped_run_is_extended_past_the_corner() -> None:
    table = [{"owner": 1, "cards": ["QH", "KH", "AH"]}]
    game = playing("classic+round-the-corner", ["2H 3H 9C", "5D"], table=table)
    game.apply(0, LayOff(0, tuple(parse_cards("2H 3H")), (None, None), "high"))
    assert game.state.table[0].cards == tuple(parse_cards("QH KH AH 2H 3H"))


# -- ace-low-high, opening-40, two-jokers-per-meld (Hungarian, rulings H1, H3, H5) -----------


@settings(max_examples=60, deadline=None)
@given(suit=st.integers(0, 3), length=st.integers(3, 13), low=st.booleans())
def test_h1_a_runs_ace_counts_one_low_and_eleven_high(suit: int, length: int, low: bool) -> None:
    ranks = list(range(1, length + 1)) if low else [*range(15 - length, 14), ACE]
    reps = tuple(card(r, suit) for r in ranks)
    rule = AceLowHigh(NoOptions(), build_hooks(Variant("hungarian")).ruleset)
    expected = sum(min(r, 10) for r in ranks if r != ACE) + (1 if low else 11)
    assert rule.rummy_meld_points(Meld(0, RUN, reps, reps, (0,) * length)) == expected


def test_h1_a_sets_ace_is_left_to_the_ruleset() -> None:
    hooks = build_hooks(Variant.parse("hungarian+ace-low-high"))
    aces = tuple(parse_cards("AS AH AD"))
    state = new_game(Variant.parse("hungarian+ace-low-high"), seed=1).state
    assert hooks.meld_points(state, Meld(0, SET, aces, aces, (0, 0, 0))) == 30


def test_h5_a_joker_counts_as_what_it_stands_for_next_to_a_high_ace() -> None:
    game = playing(
        "hungarian+ace-low-high",
        ["QS JK AS 5D 6D 7D 8D 9D 2C", "6C"],
        opened=[False, False],
        on_show={"cut": ["9H"]},
    )
    # Q-K-A with the joker as the king: 10 + 10 + 11, and 5 to 9 of diamonds: 35. 66 >= 51.
    action = MeldDown(
        (
            NewMeld(tuple(parse_cards("QS JK AS")), (None, parse_card("KS"), None)),
            NewMeld.of(parse_cards("5D 6D 7D 8D 9D")),
        )
    )
    game.apply(0, action)
    assert game.state.opened(0)


@pytest.mark.parametrize(
    ("variant", "minimum"), [("", 51), ("+opening-40", 40), ("+opening-40:points=25", 25)]
)
def test_h5_opening_minimum(variant: str, minimum: int) -> None:
    game = new_game(f"hungarian{variant}", seed=2)
    assert game.hooks.opening_minimum(game.state, 0) == minimum


def test_h5_forty_opens_only_with_opening_40() -> None:
    hands = ["10S JS QS 5H 5D 5C 4D 2C", "6C"]
    fields: dict[str, Any] = {"opened": [False, False], "on_show": {"cut": ["9H"]}}
    bare = playing("hungarian", hands, **fields)
    assert_refused(bare, 0, melds("10S JS QS", "5H 5D 5C"), "opening_too_low")
    game = playing("hungarian+opening-40", hands, **fields)
    game.apply(0, melds("10S JS QS", "5H 5D 5C"))
    assert game.state.opened(0)


def test_h3_two_jokers_per_meld_and_no_more() -> None:
    rules = build_hooks(Variant.parse("hungarian+two-jokers-per-meld")).meld_rules
    bare = build_hooks(Variant.parse("hungarian")).meld_rules
    two = (parse_card("5H"), JOKER, JOKER, parse_card("8H"))
    declared = (None, parse_card("6H"), parse_card("7H"), None)
    assert readings(two, declared, rules) and not readings(two, declared, bare)
    three = (*two[:3], JOKER, parse_card("9H"))
    assert not readings(three, (*declared[:3], parse_card("8H"), None), rules)


def test_h6_a_joker_of_two_in_a_full_set_can_be_swapped() -> None:
    table = [{"owner": 1, "cards": ["9S", "9H", "JK=9D", "JK=9C"]}]
    game = playing(
        "hungarian+two-jokers-per-meld",
        ["9D 4C 5C 6C", "6D"],
        opened=[True, True],
        on_show={"cut": ["9H"]},
        table=table,
    )
    game.apply(0, Swap(0, parse_card("9D"), JOKER))
    assert JOKER in game.state.hands[0]
    assert card_name(game.state.table[0].cards[2]) == "9D"
