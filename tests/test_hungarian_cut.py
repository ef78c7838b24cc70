"""Hungarian Römi: the cut before the deal (ruling H12).

The player to the dealer's right cuts. A person there is asked how deep (or cuts anywhere);
a bot or a simulation leaves it to the hand's seeded source, which is what "anywhere" does too.
"""

from __future__ import annotations

import pytest
from rummy_rulesets.hungarian import Cut

from rummy_core.engine.actions import Discard, Draw
from rummy_core.engine.events import CutOffered
from rummy_core.engine.game import Game
from rummy_core.engine.moves import legal_actions
from rummy_core.engine.setup import Variant, game_from_position, new_game
from rummy_core.formats.position import dump_position
from rummy_core.formats.record import record_of, replay
from rummy_core.match import Match
from rummy_core.testing import assert_refused, check_view_hides

SEED, DEALER = 5, 1
CUTTER = 0  # right of dealer 1 in a game of three: play goes up the seats


def waiting() -> Game:
    return new_game("hungarian", players=3, seed=SEED, dealer=DEALER, choosers=[CUTTER])


def test_a_person_right_of_the_dealer_is_asked_to_cut() -> None:
    game = waiting()
    st = game.state
    assert st.phase == "cut" and game.current_player() == CUTTER
    assert st.hands == [[], [], []] and len(st.stock) == 108
    assert game.events == [CutOffered(CUTTER, 108)]
    check_view_hides(game, CUTTER)
    # Anywhere, or any depth that leaves a card above and below.
    assert len(legal_actions(game, CUTTER)) == 1 + 107


def test_the_cut_turns_up_the_bottom_card_of_the_cards_lifted() -> None:
    game = waiting()
    deck = list(game.state.stock)  # the top card is last
    events = game.apply(CUTTER, Cut(5))
    st = game.state
    assert st.on_show == {"cut": (deck[-5],)}
    assert [len(h) for h in st.hands] == [14, 14, 15]  # H2: 15 for the left of the dealer
    assert st.phase == "play" and st.turn == 2
    assert [e.type for e in events[:2]] == ["cut", "dealt"]


def test_cutting_anywhere_is_the_deal_a_bot_would_get() -> None:
    chosen = waiting()
    chosen.apply(CUTTER, Cut(None))
    by_chance = new_game("hungarian", players=3, seed=SEED, dealer=DEALER)
    assert dump_position(chosen.state) == dump_position(by_chance.state)


@pytest.mark.parametrize("depth", [0, 108, 200])
def test_a_cut_must_leave_cards_above_and_below(depth: int) -> None:
    assert_refused(waiting(), CUTTER, Cut(depth), "bad_cut")


def test_nothing_else_is_played_before_the_cut() -> None:
    game = waiting()
    assert_refused(game, CUTTER, Draw("stock"), "cut_first")
    assert_refused(game, 2, Cut(3), "not_your_turn")
    game.apply(CUTTER, Cut(3))
    assert_refused(game, game.state.turn, Cut(3), "no_cut_now")


def test_a_game_with_a_cut_replays_from_its_record_and_its_position() -> None:
    # Rulings A5 and H12: the cut is in the log, and a position waiting for it is complete.
    game = waiting()
    match = Match(game, [None] * 3, journal=[])
    saved = dump_position(game.state)
    match.act(CUTTER, Cut(40))
    starter = game.state.turn
    match.act(starter, Discard(game.state.hands[starter][0]))
    record = record_of(match, Variant("hungarian"), DEALER, ["human", "greedy", "greedy"])
    assert dump_position(replay(record).game.state) == dump_position(game.state)
    loaded = game_from_position("hungarian", saved, seed=SEED)
    loaded.apply(CUTTER, Cut(40))
    assert loaded.state.on_show == replay(record).game.state.on_show


def test_rulesets_without_a_cut_never_ask() -> None:
    game = new_game("classic", players=3, seed=SEED, dealer=DEALER, choosers=[0, 1, 2])
    assert game.state.phase in ("draw", "play")
