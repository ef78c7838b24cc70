"""Hungarian Römi: drawing, the discard that must be played, and the cut card (H4, H7, A3)."""

from __future__ import annotations

from hungarian_helpers import RUN_5H, c, lay_down, make

from rummy_core.engine.actions import Discard, Draw, LayOff, TakeBack
from rummy_core.engine.game import Game
from rummy_core.engine.setup import game_from_position
from rummy_core.formats.position import dump_position
from rummy_core.testing import assert_refused


def test_three_draw_sources() -> None:
    # Ruling H4: the stock, the top discard, or the cut card.
    game = make(["4C 5D", "6S"], discard=["2D", "8H"])
    assert game.hooks.draw_sources(game.state, 0) == ["stock", "discard", "cut"]
    game.apply(0, Draw("cut"))
    assert game.state.hands[0][-1] == c("9C")
    assert "cut" not in game.state.on_show


def test_first_draw_may_keep_the_discard() -> None:
    # Ruling H4: on the first draw of the hand the top discard is kept freely.
    game = make(
        ["4C 5D", "6S 7S"], turn=1, turns_taken=[1, 0], opened=[False, False], discard=["8H"]
    )
    game.apply(1, Draw("discard"))
    game.apply(1, Discard(c("6S")))
    assert c("8H") in game.state.hands[1]
    assert game.state.turn == 0


def test_starters_first_draw_is_on_its_second_turn() -> None:
    # Rulings H2 and H4: the starter (seat 0 here) drew nothing on its first turn.
    game = make(["4C 5D", "6S 7S"], turns_taken=[1, 1], opened=[False, False], discard=["8H"])
    game.apply(0, Draw("discard"))
    game.apply(0, Discard(c("4C")))
    assert game.state.turn == 1


def test_later_discard_must_reach_the_table() -> None:
    # Ruling H4: after the first draw, a discard taken must be on the table by the turn's end.
    game = make(["4C 5D", "6S"], discard=["2D", "8H"], table=[RUN_5H])
    game.apply(0, Draw("discard"))
    assert_refused(game, 0, Discard(c("4C")), "pile_card_not_played")
    assert_refused(game, 0, Discard(c("8H")), "pile_card_not_played")
    game.apply(0, LayOff(0, (c("8H"),), (None,)))
    game.apply(0, Discard(c("4C")))
    assert game.state.table[0].cards[-1] == c("8H")


def test_a_second_copy_in_hand_does_not_count_as_played() -> None:
    # Rulings H1 and H4: with two packs, holding another 8H is not putting the taken one down.
    game = make(["8H 4C 5D", "6S"], discard=["2D", "8H"], table=[RUN_5H])
    game.apply(0, Draw("discard"))
    assert_refused(game, 0, Discard(c("4C")), "pile_card_not_played")
    game.apply(0, LayOff(0, (c("8H"),), (None,)))
    game.apply(0, Discard(c("4C")))
    assert game.state.hands[0].count(c("8H")) == 1


def test_unopened_player_keeps_a_later_discard_only_by_opening_with_it() -> None:
    # Ruling H4: the pile card must be in the opening lay-down itself.
    hand = "KS KH KD QC QD QH 8H 9H 4C"
    game = make([hand, "6S"], opened=[False, True], discard=["2D", "10H"])
    game.apply(0, Draw("discard"))
    assert_refused(game, 0, lay_down("KS KH KD", "QC QD QH"), "open_with_pile_card")
    game.apply(0, lay_down("KS KH KD", "QC QD QH", "8H 9H 10H"))
    game.apply(0, Discard(c("4C")))
    assert game.state.opened(0)


def test_unopened_player_cannot_keep_a_later_discard_without_opening() -> None:
    # Ruling H4: no opening, so the pile card cannot reach the table.
    game = make(["4C 5D", "6S"], opened=[False, True], discard=["2D", "8H"], table=[RUN_5H])
    game.apply(0, Draw("discard"))
    assert_refused(game, 0, LayOff(0, (c("8H"),), (None,)), "not_opened")
    assert_refused(game, 0, Discard(c("4C")), "pile_card_not_played")


def test_giving_back_a_discard_undoes_the_turn_and_draws_from_the_stock() -> None:
    # Rulings H4 and A3: take-back undoes the plays, returns the card, and only the stock is left.
    game = make(["KS KH KD 4C 5D", "6S"], discard=["2D", "8H"], table=[RUN_5H])
    start = game.state.clone()
    game.apply(0, Draw("discard"))
    game.apply(0, lay_down("KS KH KD"))
    game.apply(0, TakeBack())
    st = game.state
    assert st.phase == "draw"
    assert st.discard == start.discard
    assert st.hands == start.hands
    assert st.table == start.table
    assert st.refused_sources == ["discard"]
    assert_refused(game, 0, Draw("discard"), "source_given_back")
    assert_refused(game, 0, Draw("cut"), "draw_from_stock")
    game.apply(0, Draw("stock"))
    assert game.state.hands[0][-1] == c("KC")


def test_take_back_after_a_free_first_draw_keeps_the_card() -> None:
    # Rulings H4 and A3: the first draw stands; only the plays are taken back.
    hand = "KS KH KD QC QD QH 4C"
    game = make([hand, "6S 7S"], turns_taken=[1, 1], opened=[False, False], discard=["8H"])
    game.apply(0, Draw("discard"))
    game.apply(0, lay_down("KS KH KD", "QC QD QH"))
    game.apply(0, TakeBack())
    assert game.state.phase == "play"
    assert game.state.table == []
    assert c("8H") in game.state.hands[0]
    assert not game.state.opened(0)


def test_cut_card_is_only_yours_if_you_go_out() -> None:
    # Ruling H7: unable to go out, the player must give the cut card back.
    game = make(["4C 5D", "6S"])
    game.apply(0, Draw("cut"))
    assert_refused(game, 0, Discard(c("4C")), "cut_card_not_out")


def test_giving_back_the_cut_card_restores_it_and_allows_one_try_only() -> None:
    # Rulings H7 and A3: plays undone, the card back on show, no second try this turn.
    game = make(["10C JC 4C 5D", "6S"])
    start = game.state.clone()
    game.apply(0, Draw("cut"))
    game.apply(0, lay_down("9C 10C JC"))
    game.apply(0, TakeBack())
    st = game.state
    assert st.on_show == {"cut": (c("9C"),)}
    assert st.hands == start.hands and st.table == []
    assert st.phase == "draw"
    assert_refused(game, 0, Draw("cut"), "source_given_back")
    game.apply(0, Draw("stock"))
    game.apply(0, Discard(c("4C")))
    # The next player may try it: the give-back lasts one turn.
    game.apply(1, Draw("cut"))
    assert c("9C") in game.state.hands[1]


def test_going_out_with_the_cut_card_keeps_it() -> None:
    # Ruling H7: the cut card used to go out is the player's.
    game = make(["10C JC 4C", "6S"])
    game.apply(0, Draw("cut"))
    game.apply(0, lay_down("9C 10C JC"))
    game.apply(0, Discard(c("4C")))
    assert game.state.phase == "hand_over"
    assert game.state.outcome is not None and game.state.outcome.went_out == 0
    assert "cut" not in game.state.on_show


def test_two_give_backs_in_one_turn_remember_both() -> None:
    # Rulings H4, H7, A3: after giving back the cut card and then a discard, neither comes back.
    game = make(["4C 5D", "6S"], discard=["2D", "8H"])
    game.apply(0, Draw("cut"))
    game.apply(0, TakeBack())
    game.apply(0, Draw("discard"))
    game.apply(0, TakeBack())
    assert sorted(game.state.refused_sources) == ["cut", "discard"]
    assert_refused(game, 0, Draw("cut"), "source_given_back")
    assert_refused(game, 0, Draw("discard"), "source_given_back")
    game.apply(0, Draw("stock"))


def saved_and_loaded(game: Game) -> Game:
    """The game written as a position and read back (ruling A5), as a resumed save is."""
    return game_from_position("hungarian", dump_position(game.state), seed=game.state.seed)


def test_a_saved_game_gives_back_the_cut_card() -> None:
    # Rulings H7, A3 and A5: saved after taking the cut card and melding with it, the loaded
    # game's take-back puts the card back on show and opens the draw again.
    game = make(["10C JC 4C 5D", "6S"])
    start = game.state.clone()
    game.apply(0, Draw("cut"))
    game.apply(0, lay_down("9C 10C JC"))
    loaded = saved_and_loaded(game)
    loaded.apply(0, TakeBack())
    st = loaded.state
    assert st.on_show == {"cut": (c("9C"),)} and st.phase == "draw"
    assert st.hands == start.hands and st.table == []
    assert_refused(loaded, 0, Draw("cut"), "source_given_back")
    loaded.apply(0, Draw("stock"))


def test_a_saved_game_gives_back_a_must_play_discard() -> None:
    # Rulings H4, A3 and A5: the pile card goes back on the pile and only the stock is left.
    game = make(["KS KH KD 4C 5D", "6S"], discard=["2D", "8H"], table=[RUN_5H])
    start = game.state.clone()
    game.apply(0, Draw("discard"))
    game.apply(0, lay_down("KS KH KD"))
    loaded = saved_and_loaded(game)
    loaded.apply(0, TakeBack())
    st = loaded.state
    assert st.discard == start.discard and st.hands == start.hands and st.table == start.table
    assert_refused(loaded, 0, Draw("discard"), "source_given_back")
    loaded.apply(0, Draw("stock"))
