"""A house rule that adds a kind of action: knock, through rummy_register_actions.

The knock goes everywhere a built-in action goes: the engine (whole or refused, ruling A2), the
legal-move list and bots, JSON (scenario files, game records, replay).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rummy_rulesets.knocking import KNOCKED, Knock, Knocked

from rummy_core.bots import make_bot
from rummy_core.engine.actions import Discard, Draw
from rummy_core.engine.cards import card_name, parse_card
from rummy_core.engine.defaults import PIP_VALUES
from rummy_core.engine.errors import RuleError
from rummy_core.engine.game import Game
from rummy_core.engine.moves import legal_actions
from rummy_core.engine.setup import Variant, new_game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER
from rummy_core.formats.actions import action_json, parse_action
from rummy_core.formats.events import event_json
from rummy_core.formats.record import record_of, replay
from rummy_core.formats.view import view_of
from rummy_core.match import Match
from rummy_core.testing import assert_refused, check_events_hide, check_view_hides, position_game


def knock_game(hands: list[list[str]], variant: str = "classic+knock", **fields: Any) -> Game:
    """Seat 0 to play (by default having drawn) on a later turn."""
    fields.setdefault("turns_taken", [2] * len(hands))
    fields.setdefault("this_turn", {"drew": "stock"})
    fields.setdefault("discard", ["8C"])
    fields.setdefault("phase", "play")
    return position_game(
        variant, players=len(hands), dealer=len(hands) - 1, turn=0, hands=hands, **fields
    )


def test_the_knock_reads_and_writes_as_json_only_with_the_games_hooks() -> None:
    game = knock_game([["AS", "KD"], ["9H"]])
    data = {"type": "knock", "card": "KD"}
    action = parse_action(data, game.hooks)
    assert action == Knock(parse_card("KD"))
    assert action_json(action, game.hooks) == data
    with pytest.raises(RuleError) as err:
        parse_action(data)  # no hooks: only the built-in actions
    assert err.value.code == "bad_action"
    with pytest.raises(RuleError) as err:
        parse_action({"type": "knock", "card": "KD", "loud": True}, game.hooks)
    assert err.value.code == "bad_action" and "loud" in err.value.message
    with pytest.raises(RuleError) as err:
        parse_action({"type": "knock", "card": "XX"}, game.hooks)
    assert err.value.code == "unknown_card"
    with pytest.raises(RuleError) as err:
        action_json(action)
    assert err.value.code == "unknown_action"


def test_knock_is_refused_before_the_draw_and_for_a_card_just_taken() -> None:
    # Rulings C2 and A2: a knock is a discard, with the discard's rules.
    game = knock_game([["AS", "2D", "3C"], ["9H"]], phase="draw", this_turn={}, discard=["KD"])
    assert_refused(game, 0, Knock(parse_card("3C")), "draw_first")
    game.apply(0, Draw("discard"))
    assert_refused(game, 0, Knock(parse_card("KD")), "discard_just_taken")
    assert_refused(game, 1, Knock(parse_card("9H")), "not_your_turn")


def test_knocking_with_the_last_card_is_refused_discarding_it_goes_out() -> None:
    # Ruling C4: a discard that empties the hand is going out, not a knock.
    game = knock_game([["KD"], ["9H"]])
    assert_refused(game, 0, Knock(parse_card("KD")), "knock_with_no_cards")
    game.apply(0, Discard(parse_card("KD")))
    assert game.state.outcome is not None and game.state.outcome.went_out == 0


@pytest.mark.parametrize(
    ("limit", "knocks"), [(3, []), (10, ["KD"]), (12, ["3C", "KD"]), (15, ["3C", "KD", "AS"])]
)
def test_legal_moves_offer_the_knocks_within_the_limit(limit: int, knocks: list[str]) -> None:
    # A 1, 3 and K 10: knocking KD leaves 4, AS 13, 3C 11.
    game = knock_game([["AS", "3C", "KD"], ["9H"]], variant=f"classic+knock:limit={limit}")
    offered = [card_name(a.card) for a in legal_actions(game, 0) if isinstance(a, Knock)]
    assert offered == knocks


def test_a_seats_view_names_the_knock_among_its_open_actions() -> None:
    game = knock_game([["AS", "3C", "KD"], ["9H"]])
    assert Knock.type == "knock"
    assert view_of(game, 0).open_actions == ["discard", "knock"]


def test_no_knock_is_offered_without_the_house_rule() -> None:
    game = knock_game([["AS", "3C", "KD"], ["9H"]], variant="classic")
    assert not any(isinstance(a, Knock) for a in legal_actions(game, 0))
    assert_refused(game, 0, Knock(parse_card("KD")), "unknown_action")


def test_a_knock_ends_the_hand_with_its_own_event_and_hides_nothing() -> None:
    game = knock_game([["AS", "2D", "KD"], ["9H", "9D"], ["5C", "6C"]])
    before = game.state
    events = game.apply(0, Knock(parse_card("KD")))
    assert [e.type for e in events] == ["discarded", "knocked", "hand_ended"]
    assert events[1] == Knocked(0, 3)
    assert event_json(events[1], None) == {"type": "knocked", "seat": 0, "points": 3}
    check_events_hide(before, game.state, events)
    assert game.state.phase == HAND_OVER and game.state.extra[KNOCKED] == 0
    for seat in range(3):
        check_view_hides(game, seat)
    # Ruling C5's rummy never doubles a knock.
    assert game.hooks.hand_bonus(game.state, 0) is False


@settings(max_examples=80, deadline=None)
@given(data=st.data(), players=st.integers(2, 4), bonus=st.integers(0, 30))
def test_c7_one_player_scores_a_knock_and_only_the_lowest_hand(
    data: st.DataObject, players: int, bonus: int
) -> None:
    deck = data.draw(st.permutations(range(52)))
    sizes = [data.draw(st.integers(1, 5)) for _ in range(players)]
    hands, start = [], 0
    for size in sizes:
        hands.append([card_name(c) for c in deck[start : start + size]])
        start += size
    knocked = deck[start]
    hands[0].append(card_name(knocked))
    values = [sum(PIP_VALUES[parse_card(c)] for c in h) for h in hands]
    values[0] -= PIP_VALUES[knocked]
    limit = max(values[0], 0)
    game = knock_game(
        hands,
        variant=f"classic+knock:limit={limit},undercut_bonus={bonus}",
        discard=[card_name(deck[start + 1])],
    )
    game.apply(0, Knock(knocked))
    # The lowest hand wins the differences; on a tie the first after the knocker (in play
    # order) undercuts, and the knocker wins only when every other hand is higher.
    winner = min(range(1, players), key=lambda s: values[s])
    if values[winner] > values[0]:
        winner = 0
    points = sum(v - values[winner] for v in values) + (bonus if winner else 0)
    expected = [points if seat == winner else 0 for seat in range(players)]
    assert game.state.outcome is not None
    assert list(game.state.outcome.hand_scores) == expected


def test_bots_knock_and_the_record_replays_the_knocks() -> None:
    # The random bot chooses among legal actions, which include the knocks.
    variant = Variant.parse("classic+knock:limit=20")
    knocks = 0
    for seed in range(6):
        game = new_game(variant, players=2, seed=seed, dealer=0)
        match = Match(game, [make_bot("random", seed), make_bot("random", seed + 100)], [])
        match.play_hand()
        knocks += KNOCKED in game.state.extra
        record = record_of(match, variant, 0, ["random", "random"])
        assert any(a.action["type"] == "knock" for a in record.actions) == (
            KNOCKED in game.state.extra
        )
        again = replay(record).game
        assert again.state.equals(game.state)
    assert knocks >= 2


def test_a_match_with_knocks_plays_to_its_end() -> None:
    game = new_game("classic+knock:limit=15+round-the-corner", players=3, seed=4)
    bots = [make_bot("random", seat) for seat in range(3)]
    for _ in range(200):
        Match(game, bots).play_hand()
        if game.state.phase == MATCH_OVER:
            break
        game.next_hand()
    assert game.state.phase == MATCH_OVER
    # Ruling C7: the first to reach the target wins.
    assert all(game.state.scores[w] >= 100 for w in game.state.winners)
