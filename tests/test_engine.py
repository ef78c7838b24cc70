"""The turn engine itself: phases, refusals (A2), take-back (A3), the safety cap (A1), replay."""

from __future__ import annotations

from random import Random

import pytest

from rummy_core.engine.actions import Discard, Draw, LayOff, MeldDown, NewMeld, TakeBack
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import HandEnded
from rummy_core.engine.game import shuffle
from rummy_core.engine.setup import Variant, new_game
from rummy_core.engine.state import HAND_OVER, PLAY
from rummy_core.formats.actions import action_json, parse_action
from rummy_core.formats.record import GameRecord, LoggedAction, record_of, replay
from rummy_core.match import Match
from rummy_core.testing import assert_refused, position_game, random_action

PLAYING = {
    "dealer": 1,
    "turn": 0,
    "phase": "play",
    "hands": [["7H", "7C", "7D", "4S", "KD"], ["5H", "5D", "9C"]],
    "discard": ["9D"],
    "table": [{"owner": 1, "cards": ["5S", "6S", "7S"]}],
    "turns_taken": [2, 2],
    "this_turn": {"drew": "stock", "drawn": ["KD"]},
}


def test_not_your_turn_and_draw_first_are_refused_unchanged() -> None:
    game = new_game("classic", seed=1, dealer=0)
    assert_refused(game, 0, Draw("stock"), "not_your_turn")
    assert_refused(game, 1, Discard(game.state.hands[1][0]), "draw_first")
    game.apply(1, Draw("stock"))
    assert_refused(game, 1, Draw("stock"), "already_drew")


def test_a2_a_lay_down_with_one_bad_meld_changes_nothing_and_names_every_problem() -> None:
    game = position_game("classic", **PLAYING)
    action = MeldDown((NewMeld.of(parse_cards("7H 7C 7D")), NewMeld.of(parse_cards("4S KD"))))
    error = assert_refused(game, 0, action, "not_a_meld")
    assert "4S KD" in error.message


def test_a2_cards_not_held_are_refused() -> None:
    game = position_game("classic", **PLAYING)
    assert_refused(game, 0, MeldDown((NewMeld.of(parse_cards("8H 8S 8D")),)), "card_not_in_hand")
    assert_refused(game, 0, Discard(parse_card("AC")), "card_not_in_hand")
    assert_refused(game, 0, LayOff(5, (parse_card("4S"),), (None,)), "no_such_meld")


def test_a3_take_back_restores_everything_since_the_draw() -> None:
    game = position_game("classic", **PLAYING)
    after_draw = game.state.clone()
    game.apply(0, MeldDown((NewMeld.of(parse_cards("7H 7C 7D")),)))
    game.apply(0, LayOff(0, (parse_card("4S"),), (None,)))
    game.apply(0, TakeBack())
    assert game.state.equals(after_draw)
    assert game.state.phase == PLAY


def test_a3_nothing_to_take_back_before_drawing_or_playing() -> None:
    game = new_game("classic", seed=2, dealer=0)
    assert_refused(game, 1, TakeBack(), "nothing_to_take_back")
    game.apply(1, Draw("stock"))
    assert_refused(game, 1, TakeBack(), "nothing_to_take_back")


def test_a1_safety_cap_ends_the_hand_flagged_capped() -> None:
    game = new_game("classic:turn_cap=6", seed=3, dealer=0)
    while game.state.phase != HAND_OVER:
        seat = game.current_player()
        assert seat is not None
        game.apply(seat, Draw("stock"))
        game.apply(seat, Discard(game.state.drawn[0]))
    assert game.state.hand_turns == 6
    assert game.state.outcome is not None and game.state.outcome.reason == "capped"
    assert list(game.state.outcome.hand_scores) == [0, 0]
    assert game.events[-1] == HandEnded(None, "capped", (0, 0), (0, 0))


def play_randomly(seed: int, actions: int) -> tuple[object, list[tuple[int, object]]]:
    game = new_game("classic", seed=seed)
    rng = Random(seed)
    for _ in range(actions):
        seat = game.current_player()
        if seat is None:
            break
        game.apply(seat, random_action(game, rng))
    return game.state, list(game.log)


def test_same_seed_and_actions_give_the_same_game() -> None:
    first, log = play_randomly(42, 60)
    second, log2 = play_randomly(42, 60)
    assert log == log2
    assert first.equals(second)  # type: ignore[attr-defined]


def test_different_seeds_deal_differently() -> None:
    a = new_game("classic", seed=1).state
    b = new_game("classic", seed=2).state
    assert a.hands != b.hands


def test_a_record_replays_exactly_and_detects_a_wrong_log() -> None:
    game = new_game("classic", seed=9, dealer=0)
    match = Match(game, [None, None], journal=[])
    rng = Random(9)
    for _ in range(40):
        seat = game.current_player()
        if seat is None:
            break
        match.act(seat, random_action(game, rng))
    record = record_of(match, Variant.parse("classic"), 0, ["random", "random"])
    again = replay(GameRecord.model_validate_json(record.model_dump_json())).game
    assert again.state.equals(game.state)
    tampered = record.model_copy(
        update={"actions": [LoggedAction(seat=0, action={"type": "draw", "source": "stock"})]}
    )
    with pytest.raises(RuleError) as info:
        replay(tampered)
    assert info.value.code == "replay_mismatch"


def test_json_actions_round_trip() -> None:
    for data in [
        {"type": "draw", "source": "stock"},
        {"type": "meld", "melds": [["5H", "2C=6H", "7H"], ["KD", "KH", "KS"]]},
        {"type": "lay_off", "meld": 0, "cards": ["4S"], "end": "low"},
        {"type": "swap", "meld": 1, "card": "6H", "wild": "2C"},
        {"type": "discard", "card": "KD"},
        {"type": "take_back"},
    ]:
        assert action_json(parse_action(data)) == data


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"type": "fly"}, "bad_action"),
        ({"type": "discard"}, "bad_action"),
        ({"type": "discard", "card": "ZZ"}, "unknown_card"),
        ("draw", "bad_action"),
    ],
)
def test_malformed_actions_get_clear_codes(data: object, code: str) -> None:
    with pytest.raises(RuleError) as info:
        parse_action(data)
    assert info.value.code == code


def test_the_view_model_lists_open_actions_and_hides_other_hands() -> None:
    from rummy_core.formats.view import view_of

    game = new_game("classic", seed=4, dealer=0)
    mine = view_of(game, 1)
    assert mine.open_actions == ["draw"] and mine.draw_sources == ["stock", "discard"]
    assert len(mine.hand) == 10 and mine.hand_sizes == [10, 10]
    other = view_of(game, 0)
    assert other.open_actions == [] and other.draw_sources == []
    assert set(other.hand).isdisjoint(mine.hand)
    game.apply(1, Draw("stock"))
    assert {"discard", "meld", "lay_off"} & set(view_of(game, 1).open_actions) >= {"discard"}


def test_two_variants_run_side_by_side_in_one_process() -> None:
    classic = new_game("classic", seed=1, dealer=0)
    riverside = new_game("riverside", seed=1, dealer=0)
    for _ in range(2):
        for game in (classic, riverside):
            seat = game.current_player()
            assert seat is not None
            game.apply(seat, Draw("stock"))
            game.apply(seat, Discard(game.state.hands[seat][0]))
    taken = {}
    for game in (classic, riverside):
        seat = game.current_player()
        assert seat is not None and len(game.state.discard) == 3
        taken[game.hooks.ruleset.name] = game.apply(seat, Draw("discard"))[0].count
    # Interleaved, each game keeps its own rules: classic takes the pile's top card (C1),
    # Riverside the whole pile (R3).
    assert taken == {"classic": 1, "riverside": 3}
    assert len(classic.state.hands[1]) == 11


def test_the_deal_shuffles_as_the_library_does() -> None:
    # ``shuffle`` writes out ``Random.shuffle`` (for the compiled build's speed): the same order
    # and the same draws left in the generator, for one pack, two with jokers, and the edges.
    for seed in range(300):
        for size in (0, 1, 2, 52, 108):
            mine, theirs = list(range(size)), list(range(size))
            ours, library = Random(f"{seed}/1"), Random(f"{seed}/1")
            shuffle(mine, ours)
            library.shuffle(theirs)
            assert mine == theirs and ours.random() == library.random(), (seed, size)
