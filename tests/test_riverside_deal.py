"""Riverside Rommí: the pack, the players, the deal and who starts (rulings R1, R2)."""

from __future__ import annotations

from random import Random

import pytest

from rummy_core.engine.cards import JOKER
from rummy_core.engine.errors import RuleError
from rummy_core.engine.setup import Variant, build_hooks, game_from_position, new_game


def test_one_pack_of_52_without_jokers() -> None:
    # Ruling R2 / the rule text: one ordinary 52-card deck, no jokers.
    deck = build_hooks(Variant("riverside")).deck
    assert sorted(deck) == list(range(52))
    assert JOKER not in deck


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_hand_sizes_by_number_of_players(players: int, size: int) -> None:
    # Ruling R2: 10 cards each for 2, 7 for 3 or 4, 6 for 5 or 6.
    game = new_game("riverside", players=players, seed=3)
    st = game.state
    assert [len(hand) for hand in st.hands] == [size] * players
    assert len(st.discard) == 1
    assert len(st.stock) == 52 - players * size - 1


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players_only(players: int) -> None:
    # Ruling R2.
    with pytest.raises(RuleError) as caught:
        new_game("riverside", players=players)
    assert caught.value.code == "bad_options"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_top_of_the_stock_starts_the_discard_pile(seed: int) -> None:
    # The rule text: the rest of the deck is the stock, and its top card is turned up.
    game = new_game("riverside", players=3, seed=seed, dealer=0)
    deck = list(range(52))
    Random(f"{seed}/1").shuffle(deck)
    dealt = 3 * 7
    # The deck's last element is its top: the cards dealt come off first, then the turned card.
    assert game.state.discard == [deck[-dealt - 1]]
    assert game.state.stock == deck[: -dealt - 1]
    assert not game.state.discard_face_down


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (4, 3), (6, 2)])
def test_the_player_left_of_the_dealer_starts(players: int, dealer: int) -> None:
    # The rule text and the seat convention of docs/rulings.md: left of the dealer is dealer + 1.
    game = new_game("riverside", players=players, seed=5, dealer=dealer)
    assert game.current_player() == (dealer + 1) % players
    assert game.state.phase == "draw"


@pytest.mark.parametrize(("players", "dealer"), [(3, 0), (3, 2), (5, 4)])
def test_the_deal_moves_one_seat_left_each_hand(players: int, dealer: int) -> None:
    # The rule text: the deal moves one seat to the left each hand; the new hand is dealt fresh.
    size = 7 if players <= 4 else 6
    game = game_from_position(
        "riverside",
        {
            "players": players,
            "dealer": dealer,
            "phase": "hand_over",
            "hands": [[] for _ in range(players)],
            "scores": [10] * players,
        },
    )
    game.next_hand()
    st = game.state
    assert st.dealer == (dealer + 1) % players
    assert game.current_player() == (dealer + 2) % players
    assert st.hand_number == 2
    assert [len(h) for h in st.hands] == [size] * players
    assert st.turns_taken == [0] * players
    assert st.scores == [10] * players


@pytest.mark.parametrize("name", ["riverside", "Rommí", "rommi", "riverside-rommi"])
def test_found_by_name_and_aliases(name: str) -> None:
    assert build_hooks(Variant(name)).ruleset.name == "riverside"
