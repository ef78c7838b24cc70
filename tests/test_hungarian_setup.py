"""Hungarian Römi: the deck, the deal and the cut, the options, and what a meld is (H1-H3)."""

from __future__ import annotations

from collections import Counter

import pytest
from hungarian_helpers import lay_down, make
from hypothesis import given, settings
from hypothesis import strategies as st
from rummy_rulesets.hungarian import HungarianRomi

from rummy_core.engine.actions import Discard, Draw, LayOff, TakeBack
from rummy_core.engine.cards import (
    ACE,
    JOKER,
    card,
    card_name,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from rummy_core.engine.errors import RuleError
from rummy_core.engine.melds import RUN, SET, readings
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.engine.view import player_view
from rummy_core.testing import all_cards, assert_refused


def test_deck_is_two_packs_and_four_jokers() -> None:
    # Ruling H1: 108 cards, two of each suited card, four jokers.
    deck = Counter(build_hooks(Variant("hungarian")).deck)
    assert sum(deck.values()) == 108
    assert deck[JOKER] == 4
    assert all(deck[code] == 2 for code in range(52))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_gives_fourteen_and_fifteen_to_the_starter(players: int) -> None:
    # Ruling H2: 14 each, 15 for the player left of the dealer, who starts; no discard pile.
    game = new_game("hungarian", players=players, seed=11)
    st = game.state
    left = (st.dealer + 1) % players
    assert [len(h) for h in st.hands] == [15 if s == left else 14 for s in range(players)]
    assert st.turn == left
    assert st.discard == []
    assert "cut" in st.on_show
    assert all_cards(game.state) == Counter(build_hooks(Variant("hungarian")).deck)


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_is_two_to_four(players: int) -> None:
    # Ruling H1.
    with pytest.raises(RuleError) as err:
        new_game("hungarian", players=players, seed=1)
    assert err.value.code == "bad_options"


def test_starter_begins_by_discarding_only() -> None:
    # Ruling H2: the starter's first turn has no draw; the next player's turn starts with one.
    game = new_game("hungarian", players=3, seed=2)
    seat = game.state.turn
    assert game.state.phase == "play"
    # D, T and C (the stock, the pile, the cut card) each say why there is no draw.
    for source in ("stock", "discard", "cut"):
        error = assert_refused(game, seat, Draw(source), "no_draw_this_turn")
        assert "This turn has no draw" in error.message
    game.apply(seat, Discard(game.state.hands[seat][0]))
    assert len(game.state.hands[seat]) == 14
    assert game.state.turn == (seat + 1) % 3
    assert game.state.phase == "draw"


def test_cut_depth_comes_from_the_deal_seed() -> None:
    # Ruling H2: the cut is random but replays from the seed; it is not a fixed depth.
    first = [new_game("hungarian", seed=s, dealer=0).state.on_show["cut"][0] for s in range(30)]
    again = [new_game("hungarian", seed=s, dealer=0).state.on_show["cut"][0] for s in range(30)]
    assert first == again
    assert len(set(first)) > 5
    # Not always the card the deal would have reached next: the depth itself varies.
    tops = [new_game("hungarian", seed=s, dealer=0).state.stock[-1] for s in range(30)]
    assert first != tops


def test_position_fixes_the_cut_card_and_it_stays_on_show() -> None:
    # Rulings H2 and H7: a position gives the cut card; every seat's view shows it while the
    # others draw and discard, and again once a player who tried it gives it back.
    game = make(
        ["5C 6C", "7D 8D"], seed=5, stock=["2S", "3S"], opened=[False, False], turns_taken=[1, 0]
    )
    cut = parse_card("9C")

    def on_show() -> bool:
        return all(player_view(game.state, seat).shown("cut") == (cut,) for seat in range(2))

    assert on_show()
    game.apply(0, Draw("cut"))
    assert not on_show()
    game.apply(0, TakeBack())
    assert on_show()
    game.apply(0, Draw("stock"))
    game.apply(0, Discard(parse_card("5C")))
    game.apply(1, Draw("discard"))
    game.apply(1, Discard(parse_card("7D")))
    assert on_show()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), dealer=st.integers(0, 3))
def test_every_deal_places_all_108_cards(seed: int, players: int, dealer: int) -> None:
    # Rulings H1 and H2, for any seed: 14 each and 15 left of the dealer, one cut card, no pile.
    game = new_game("hungarian", players=players, seed=seed, dealer=dealer % players)
    st_ = game.state
    sizes = [len(h) for h in st_.hands]
    assert sorted(sizes) == [14] * (players - 1) + [15]
    assert sizes[(st_.dealer + 1) % players] == 15
    assert "cut" in st_.on_show and st_.discard == []
    assert all_cards(game.state) == Counter(build_hooks(Variant("hungarian")).deck)


def test_options_opening_ace_and_hands() -> None:
    # Rulings H1, H5, H11: each choice is an option, with the texts' defaults.
    defaults = build_hooks(Variant("hungarian")).ruleset.options
    assert (defaults.opening, defaults.ace, defaults.hands) == (51, "flat", 7)  # type: ignore[attr-defined]
    custom = build_hooks(Variant.parse("hungarian:opening=40,ace=low-high,hands=3")).ruleset
    assert isinstance(custom, HungarianRomi)
    assert (custom.options.opening, custom.options.ace, custom.options.hands) == (40, "low-high", 3)
    with pytest.raises(RuleError):
        build_hooks(Variant.parse("hungarian:ace=12"))


RULES = build_hooks(Variant("hungarian")).meld_rules


def kinds(text: str) -> list[str]:
    cards = parse_cards(text)
    return [r.kind for r in readings(cards, [None] * len(cards), RULES)]


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("9S 9H 9D", [SET]),  # H3: three of a rank, different suits: a set and never a run
        ("9S 9H 9D 9C", [SET]),
        ("9S 9H 9S", []),  # two identical cards never count
        ("9S 9H", []),
        ("AS 2S 3S", [RUN]),  # ace low
        ("QS KS AS", [RUN]),  # ace high
        ("KS AS 2S", []),  # never round the corner
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", [RUN]),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", []),  # ace low and high at once
        ("5S JK 7S", [RUN]),
        ("9S JK 9D", [SET]),
        ("5S JK JK", []),  # at most one joker per meld
        ("9S 9H JK JK", []),
        ("5S 6S 7H", []),
        ("9S 9H 9D 9C JK", []),  # four suits at most
    ],
)
def test_meld_shapes(cards: str, expected: list[str]) -> None:
    # Ruling H3.
    assert kinds(cards) == expected


def test_joker_in_a_run_stands_for_its_place() -> None:
    # Ruling H6: the joker's place in the run fixes its card.
    cards = parse_cards("5S JK 7S")
    (reading,) = readings(cards, [None] * 3, RULES)
    assert reading.reps[1] == parse_card("6S")


def test_joker_in_a_four_card_set_is_the_missing_suit() -> None:
    # Ruling H6: a 3-card set's joker is any missing suit; in four cards it is the missing one.
    three = readings(parse_cards("9S 9H JK"), [None] * 3, RULES)[0]
    four = readings(parse_cards("9S 9H 9D JK"), [None] * 4, RULES)[0]
    assert three.reps[2] == -9
    assert card_name(four.reps[3]) == "9C"


def test_meld_down_refuses_a_non_meld_and_changes_nothing() -> None:
    # Rulings H3 and A2, through the engine: two identical cards are no set.
    game = make(["9S 9S 9H 4C 5D", "6H"], seed=5, stock=["KC"])
    game.apply(0, Draw("stock"))
    assert_refused(game, 0, lay_down("9S 9S 9H"), "not_a_meld")


def test_a_set_never_takes_a_run_card() -> None:
    # Ruling H3: a set is never a run, so 10S does not extend 9S 9H 9D.
    game = make(
        ["10S 4C", "5D"], seed=5, stock=["KC"], table=[{"owner": 1, "cards": ["9S", "9H", "9D"]}]
    )
    game.apply(0, Draw("stock"))
    assert_refused(game, 0, LayOff(0, (parse_card("10S"),), (None,)), "cannot_lay_off")


def shape_oracle(cards: list[int]) -> list[str]:
    """H3 written out directly for suited cards in the order given."""
    ranks = [rank_of(x) for x in cards]
    suits = [suit_of(x) for x in cards]
    found = []
    if len(cards) >= 3 and len(set(suits)) == 1:
        for high_ace in (False, True):
            ordinals = [14 if high_ace and r == ACE else r for r in ranks]
            if ordinals == list(range(ordinals[0], ordinals[0] + len(cards))):
                found.append(RUN)
                break
    if len(cards) in (3, 4) and len(set(ranks)) == 1 and len(set(suits)) == len(cards):
        found.append(SET)
    return found


@st.composite
def near_melds(draw: st.DrawFn) -> list[int]:
    """Runs and sets of 3 to 5 cards, often with one card changed to an arbitrary one."""
    size = draw(st.integers(3, 5))
    if draw(st.booleans()):
        start = draw(st.integers(1, 14 - size + 1))
        suit = draw(st.integers(0, 3))
        cards = [card((start + i - 1) % 13 + 1, suit) for i in range(size)]
    else:
        rank = draw(st.integers(1, 13))
        cards = [card(rank, draw(st.integers(0, 3))) for _ in range(size)]
    if draw(st.booleans()):
        cards[draw(st.integers(0, size - 1))] = draw(st.integers(0, 51))
    return cards


@settings(max_examples=300, deadline=None)
@given(near_melds())
def test_meld_shapes_match_the_ruling(cards: list[int]) -> None:
    # Ruling H3, against the oracle above.
    assert sorted(kinds(" ".join(card_name(x) for x in cards))) == shape_oracle(cards)
