"""Riverside Rommí: random legal hands, checked against the rules after every action.

The engine's own invariants (cards conserved, views hiding what they must) are checked for every
ruleset in ``test_playouts.py``; these are the Riverside ones: each card on the table once (R8),
never a play on a first turn (R5) or of the last card (R10), runs of 3 to 13 and sets of four (R6),
and every hand ending by a closing or by the stock (R4, R10), scored as R11 says.
"""

from __future__ import annotations

from collections import Counter
from random import Random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rummy_rulesets.riverside import CardValues

from rummy_core.engine.actions import Draw, LayOff, MeldDown, Swap
from rummy_core.engine.game import Game
from rummy_core.engine.setup import new_game
from rummy_core.engine.state import DRAW, HAND_OVER, MATCH_OVER, State
from rummy_core.testing import random_action

VALUES = CardValues().table()
MAX_ACTIONS = 4000


def check_table(state: State) -> None:
    """Rulings R6 and R8 on the whole table."""
    # A 2 used as a wild is on the table itself as well as the card it stands for.
    full = [r for m in state.table for r in m.reps if r >= 0]
    full += [c for m in state.table for c, r in zip(m.cards, m.reps, strict=True) if c != r]
    assert len(full) == len(set(full)), "a card is on the table twice (R8)"
    for meld in state.table:
        if meld.kind == "run":
            assert 3 <= len(meld.cards) <= 13
        else:
            assert sorted(meld.reps) == sorted(set(meld.reps)) and len(meld.cards) == 4


def expected_scores(state: State) -> list[int]:
    """Ruling R11, computed independently of the ruleset."""
    scores = [-sum(VALUES[c] for c in hand) for hand in state.hands]
    for meld in state.table:
        for code, seat in zip(meld.cards, meld.credit, strict=True):
            scores[seat] += VALUES[code]
    return scores


def play_hand(game: Game, rng: Random) -> Counter[str]:
    """Play the current hand to its end with random legal actions; count the kinds played."""
    kinds: Counter[str] = Counter()
    for _ in range(MAX_ACTIONS):
        st = game.state
        if st.phase in (HAND_OVER, MATCH_OVER):
            return kinds
        seat = game.current_player()
        assert seat is not None
        first_turn = st.turns_taken[seat] == 0
        action = random_action(game, rng)
        game.apply(seat, action)
        kinds[type(action).__name__] += 1
        after = game.state
        if isinstance(action, MeldDown | LayOff | Swap):
            assert not first_turn, "a play on a first turn (R5)"
            assert after.hands[seat], "the last card went down (R10)"
        if isinstance(action, Draw) and action.source == "discard":
            assert after.discard == [], "the whole pile is taken (R3)"
        check_table(after)
    raise AssertionError(f"the hand did not end in {MAX_ACTIONS} actions")


def check_hand_end(game: Game) -> None:
    st = game.state
    outcome = st.outcome
    assert outcome is not None
    if outcome.reason == "out":
        closer = outcome.went_out
        assert st.hands[closer] == [] and st.discard_face_down  # R10
    else:
        assert outcome.reason == "stock" and outcome.went_out is None  # R4
        assert st.stock == []
        assert st.refills == 3 or len(st.discard) <= 1
    assert list(outcome.hand_scores) == expected_scores(st)  # R11


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31), players=st.integers(2, 6))
def test_random_hands_follow_the_rules_and_end(seed: int, players: int) -> None:
    game = new_game("riverside", players=players, seed=seed)
    play_hand(game, Random(seed))
    check_hand_end(game)


def test_random_hands_use_every_kind_of_play() -> None:
    # The random hands above are only worth something if they meld, lay off and swap.
    kinds: Counter[str] = Counter()
    for seed in range(6):
        game = new_game("riverside", players=2, seed=seed)
        kinds += play_hand(game, Random(seed))
        check_hand_end(game)
    assert kinds["MeldDown"] and kinds["LayOff"] and kinds["Swap"] and kinds["Discard"]


def test_a_match_of_random_hands_carries_scores_and_moves_the_deal() -> None:
    # Rulings R2 and R12: the scores add up hand by hand and the deal moves left.
    game = new_game("riverside", players=3, seed=21)
    rng = Random(21)
    totals = [0, 0, 0]
    for hand in range(3):
        dealer = game.state.dealer
        play_hand(game, rng)
        check_hand_end(game)
        outcome = game.state.outcome
        assert outcome is not None
        totals = [a + b for a, b in zip(totals, outcome.hand_scores, strict=True)]
        assert game.state.scores == totals
        if game.state.phase == MATCH_OVER:
            break
        game.next_hand()
        assert game.state.dealer == (dealer + 1) % 3
        assert game.state.hand_number == hand + 2
        assert game.state.phase == DRAW
        assert game.current_player() == (dealer + 2) % 3
