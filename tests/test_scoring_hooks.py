"""The scoring hooks do what they say: card values and the hand bonus reach every ruleset's score.

``rummy_card_values`` is the one table of card values: a house rule that changes it changes the
points of every ruleset that counts cards. ``rummy_hand_bonus`` is asked by the engine, so a
wrapper around it gives or removes classic's doubled rummy (C5) and Hungarian's -20 (H8).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from rummy_core.bots import SeatHandle, make_bot
from rummy_core.engine.actions import Discard, MeldDown, NewMeld
from rummy_core.engine.cards import JOKER, parse_card, parse_cards
from rummy_core.engine.game import Game
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.engine.setup import new_game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER
from rummy_core.i18n.languages import use_language
from rummy_core.present.sheet import score_lines
from rummy_core.testing import position_game


class FlatValues(HouseRule):
    """Every card is worth 1."""

    name = "test-flat-values"

    @hookimpl(tryfirst=True)
    def rummy_card_values(self) -> tuple[int, ...]:
        return (1,) * (JOKER + 1)


class NoBonus(HouseRule):
    """No hand ever earns its bonus."""

    name = "test-no-bonus"

    @hookimpl(wrapper=True)
    def rummy_hand_bonus(self) -> Generator[None, bool, bool]:
        yield
        return False


def classic_rummy(variant: str) -> Any:
    """Seat 0 goes out in one turn (a rummy, C5) against 5H 5D 9D: 19 at classic values."""
    return list(classic_rummy_game(variant).state.outcome.hand_scores)


def classic_rummy_game(variant: str) -> Game:
    """The hand of ``classic_rummy``, over."""
    game = position_game(
        variant,
        local_rules=(FlatValues, NoBonus),
        dealer=1,
        turn=0,
        phase="play",
        hands=[["7H", "7S", "7D", "8C", "9C", "10C", "KH"], ["5H", "5D", "9D"]],
        discard=["2S"],
        turns_taken=[2, 2],
        this_turn={"drew": "stock"},
    )
    melds = ("7H 7S 7D", "8C 9C 10C")
    game.apply(0, MeldDown(tuple(NewMeld.of(parse_cards(m)) for m in melds)))
    game.apply(0, Discard(parse_card("KH")))
    return game


def test_card_values_change_classic_scores() -> None:
    # Ruling C5 counts the cards at the values of rummy_card_values: three cards at 1, doubled.
    assert classic_rummy("classic") == [2 * 19, 0]
    assert classic_rummy("classic+test-flat-values") == [2 * 3, 0]


def test_a_wrapper_on_the_hand_bonus_removes_the_rummy() -> None:
    assert classic_rummy("classic+test-no-bonus") == [19, 0]


def test_card_values_change_riverside_and_hungarian_hand_scores() -> None:
    # Rulings R11 and H9: cards in hand count against their holder at the table's values.
    riverside = position_game(
        "riverside+test-flat-values",
        local_rules=(FlatValues,),
        dealer=1,
        turn=0,
        phase="play",
        hands=[["9C"], ["KD", "QD", "2C"]],
        table=[{"owner": 0, "cards": ["5H", "6H", "7H"]}],
        discard=["10H"],
        turns_taken=[2, 2],
        this_turn={"drew": "stock"},
    )
    riverside.apply(0, Discard(parse_card("9C")))
    assert riverside.state.outcome is not None
    assert list(riverside.state.outcome.hand_scores) == [3, -3]

    hungarian = position_game(
        "hungarian+test-flat-values",
        local_rules=(FlatValues,),
        dealer=1,
        turn=0,
        phase="play",
        hands=[["9C"], ["KD", "QD", "JK"]],
        table=[
            {"owner": 0, "cards": ["5H", "6H", "7H"]},
            {"owner": 1, "cards": ["8S", "9S", "10S"]},
        ],
        turns_taken=[3, 3],
        opened=[True, True],
        this_turn={"drew": "stock"},
        on_show={"cut": ["4D"]},
    )
    hungarian.apply(0, Discard(parse_card("9C")))
    assert hungarian.state.outcome is not None
    assert list(hungarian.state.outcome.hand_scores) == [-10, 3]


def test_a_wrapper_on_the_hand_bonus_removes_hungarians_minus_twenty() -> None:
    # Ruling H8: out in one turn with new melds only is -20; without the bonus it is -10.
    position: dict[str, Any] = {
        "dealer": 1,
        "turn": 0,
        "phase": "play",
        "hands": [["KS", "KH", "KD", "QC", "QD", "QH", "4C"], ["6S", "7S"]],
        "turns_taken": [3, 3],
        "opened": [False, False],
        "this_turn": {"drew": "stock"},
        "on_show": {"cut": ["4D"]},
    }
    melds = MeldDown(tuple(NewMeld.of(parse_cards(m)) for m in ("KS KH KD", "QC QD QH")))
    for variant, expected in (("hungarian", -20), ("hungarian+test-no-bonus", -10)):
        game = position_game(variant, local_rules=(NoBonus,), **position)
        game.apply(0, melds)
        game.apply(0, Discard(parse_card("4C")))
        assert game.state.outcome is not None
        assert game.state.outcome.hand_scores[0] == expected


VARIANTS = {
    "classic": {"others_cards", "to_winner"},
    "classic+knock": {"knocked", "to_knock_winner"},
    "hungarian": {"went_out", "never_opened", "left_in_hand"},
    "riverside": {"on_table", "left_in_hand", "closed_face_down"},
    "riverside+pile-penalty": {"pile_penalty"},
    "gin": {"knocked", "knocker_deadwood", "defender_deadwood"},
    "gin:big_gin=true,oklahoma=true": {"gin_bonus", "big_gin_bonus"},
}
"""Each variant, and items its hands are expected to show among them."""


def played_hand(variant: str, seed: int) -> Game:
    """A hand of ``variant`` played to its end by a greedy bot and one that plays at random (it
    knocks, and takes the pile it cannot use)."""
    game = new_game(variant, players=2, seed=seed, dealer=seed % 2)
    bots = [make_bot("greedy", seed), make_bot("random", seed + 1)]
    while game.state.phase not in (HAND_OVER, MATCH_OVER):
        seat = game.current_player()
        assert seat is not None
        game.apply(seat, bots[seat].choose(SeatHandle(game, seat)))
    return game


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_score_lines_add_up_to_the_points_of_the_hand(variant: str) -> None:
    # The rules explain the score they gave, item by item: no front end infers a rule from the
    # numbers, and a house rule's own scoring says itself.
    seen: set[str] = set()
    for seed in range(12):
        game = played_hand(variant, seed)
        outcome = game.state.outcome
        assert outcome is not None
        lines = score_lines(game)
        assert [sum(line.points for line in seat) for seat in lines] == list(outcome.hand_scores)
        seen |= {line.code for seat in lines for line in seat}
        for seat in lines:
            for line in seat:
                with use_language("hu"):
                    assert "%(" not in line.render()
    assert VARIANTS[variant] <= seen, f"{variant} never showed {VARIANTS[variant] - seen}"


def test_classic_says_a_rummy_is_doubled_and_a_wrapper_on_the_bonus_takes_it_back() -> None:
    def codes(variant: str) -> list[list[tuple[str, int]]]:
        lines = score_lines(classic_rummy_game(variant))
        return [[(i.code, i.points) for i in seat] for seat in lines]

    assert codes("classic") == [[("others_cards", 19), ("rummy_doubled", 19)], [("to_winner", 0)]]
    assert codes("classic+test-no-bonus") == [[("others_cards", 19)], [("to_winner", 0)]]
