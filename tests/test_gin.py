"""Gin Rummy beyond its scenario files: the deal (G1), Oklahoma's knock card (G12), the
defender's best arrangement (G9), the pass and knock as actions of their own, and bots that play
whole hands by these rules."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from rummy_rulesets.gin import KNOCK_CARD, Pass, deadwood
from rummy_rulesets.knocking import Knock

from rummy_core.bots.base import SeatHandle
from rummy_core.bots.registry import make_bot
from rummy_core.bots.sampling import sampled_game
from rummy_core.bots.tracking import CardTracker
from rummy_core.engine.actions import Discard, Draw, MeldDown, NewMeld, PluginAction
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.defaults import PIP_VALUES
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import HandEnded, seen_by
from rummy_core.engine.game import Game
from rummy_core.engine.moves import legal_actions
from rummy_core.engine.setup import game_from_position, new_game
from rummy_core.engine.state import MATCH_OVER, PLAY
from rummy_core.engine.view import player_view
from rummy_core.formats.actions import parse_action
from rummy_core.formats.resources import shipped_scenarios
from rummy_core.formats.scenario import parse_scenario
from rummy_core.formats.view import public_view, view_of
from rummy_core.i18n.languages import use_language
from rummy_core.match.service import Match
from rummy_core.present.describe import describe
from rummy_core.present.rule_actions import rule_actions
from rummy_core.present.sheet import leftover_worth, score_lines
from rummy_core.server.outbox import hand_sheet
from rummy_core.testing import assert_refused, position_game

KNOCKER = ["AC", "2C", "3C", "7D", "7H", "7S", "9S", "10S", "JS", "KH"]
DEFENDER = ["4C", "5C", "6C", "2D", "3D", "8D", "QD", "QH", "5S", "6H"]


def meld(*texts: str) -> MeldDown:
    return MeldDown(tuple(NewMeld.of(parse_cards(t)) for t in texts))


def test_g1_ten_cards_each_an_upcard_and_the_non_dealer_first() -> None:
    for dealer in (0, 1):
        state = new_game("gin", seed=7, dealer=dealer).state
        assert [len(hand) for hand in state.hands] == [10, 10]
        assert len(state.discard) == 1 and len(state.stock) == 31
        assert state.turn == 1 - dealer


def test_g1_two_players_only() -> None:
    with pytest.raises(RuleError) as refused:
        new_game("gin:players=3", seed=1)
    assert refused.value.code == "bad_options"
    # In words for two players, not "for 2 to 2 players".
    assert "this ruleset is for 2 players, not 3" in refused.value.message


def test_g2_g3_deadwood_counts_pips_and_melds_the_ace_low_only() -> None:
    assert deadwood(parse_cards("AC KD 7H")) == 18
    assert deadwood(parse_cards("AC 2C 3C")) == 0
    assert deadwood(parse_cards("QC KC AC")) == 21
    assert PIP_VALUES[parse_card("KS")] == 10


@pytest.mark.parametrize(("upcard", "limit"), [("AH", 0), ("3H", 3), ("KH", 10)])
def test_g12_oklahoma_the_first_upcard_sets_the_knock_card(upcard: str, limit: int) -> None:
    seed = next(
        s
        for s in range(2000)
        if new_game("gin:oklahoma=true", seed=s).state.discard[-1] == parse_card(upcard)
    )
    state = new_game("gin:oklahoma=true", seed=seed).state
    assert state.extra[KNOCK_CARD] == limit
    # Without the option the same deal knocks with 10.
    assert KNOCK_CARD not in new_game("gin", seed=seed).state.extra


def test_g7_cards_that_are_no_meld_are_refused_as_no_meld() -> None:
    # 7D 7H 9S is no meld, and without it no knock is within reach (its cards break two melds):
    # the player hears first that it is no meld, not that melds go down only to knock.
    game = position_game(
        "gin", hands=[KNOCKER, DEFENDER], discard=["4H"], stock=["8H"], turns_taken=[1, 1], dealer=1
    )
    game.apply(0, Draw("stock"))
    refused = assert_refused(game, 0, meld("7D 7H 9S"), "not_a_meld")
    assert refused.message == "7D 7H 9S is not a run or a set."


def test_g12_oklahoma_ace_allows_gin_only() -> None:
    hand = [*KNOCKER[:9], "4S"]  # melds and 4S: a knock would keep 4 after the discard
    game = position_game(
        "gin:oklahoma=true",
        hands=[hand, DEFENDER],
        discard=["4H"],
        stock=["8H"],
        turns_taken=[1, 1],
        dealer=1,
        extra={KNOCK_CARD: 0},
    )
    game.apply(0, Draw("stock"))
    assert_refused(game, 0, meld("AC 2C 3C", "7D 7H 7S", "9S 10S JS"), "meld_only_to_knock")
    assert not [a for a in legal_actions(game, 0) if isinstance(a, Knock | MeldDown)]


def test_g9_the_defender_counts_at_the_best_arrangement() -> None:
    game = _knocked(defender=["4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"])
    assert game.state.phase == PLAY and game.state.turn == 1
    # The defender has no draw and sees the pass offered with the lay-offs.
    legal = legal_actions(game, 1)
    assert Pass() in legal and not [a for a in legal if isinstance(a, Draw | Discard)]
    game.apply(1, Pass())
    outcome = game.state.outcome
    # 4C..KC is one run at its best: 0 deadwood against the knocker's 10, an undercut.
    assert outcome is not None and outcome.hand_scores == (0, 35)
    # The sheet says so, and adds up to the same points (the scores are counted without it).
    lines = score_lines(game)
    assert [sum(line.points for line in seat) for seat in lines] == [0, 35]
    assert "undercut_bonus" in {line.code for line in lines[1]}


def test_the_score_sheet_s_worth_is_what_the_knock_compared() -> None:
    # The defender's ten cards hold a run of three: pips 59, deadwood 44 (G9); the knocker keeps
    # KH, worth 10 (G7). The sheet shows what the scores were counted from, not the pips.
    game = _knock_34([0, 0], [])
    assert leftover_worth(game) == [10, 44]
    sheet = hand_sheet(game)
    assert sheet is not None and sheet.worth == [10, 44]
    assert sum(PIP_VALUES[c] for c in game.state.hands[1]) == 59
    outcome = game.state.outcome
    assert outcome is not None and outcome.hand_scores == (34, 0)


def test_g9_the_sheet_names_the_melds_the_defender_s_count_left_out() -> None:
    # The sheet shows all ten of the defender's cards beside a worth of 44: the line says which
    # of them the count took as a meld, in the reader's words.
    game = _knocked()
    game.apply(1, Pass())
    sheet = hand_sheet(game)
    assert sheet is not None and sheet.worth[1] == 44
    said = sheet.why[1][0]
    assert said.params["melds"] == [["4C", "5C", "6C"]]
    assert said.message == "deadwood after laying off: 44 (in melds: 4C 5C 6C)"
    with use_language("is"):
        icelandic = hand_sheet(game)
    assert icelandic is not None
    assert "lauffjarki lauffimma laufsexa" in icelandic.why[1][0].message
    # Without a meld in hand, the line is as it was.
    game = _knocked(defender=["2D", "4C", "6C", "8D", "10D", "QD", "KD", "5S", "9H", "JH"])
    game.apply(1, Pass())
    sheet = hand_sheet(game)
    assert sheet is not None
    assert sheet.why[1][0].message.startswith("deadwood after laying off:")
    assert "melds" not in sheet.why[1][0].params


def test_the_knocker_s_remaining_cards_are_not_shown_to_the_defender() -> None:
    game = _knocked()
    view = player_view(game.state, 1)
    assert view.hand_sizes[0] == 1 and parse_card("KH") not in view.hand
    assert parse_card("KH") not in [c for meld in view.table for c in meld.cards]


def test_g9_everyone_is_told_the_defender_s_turn_is_the_lay_off() -> None:
    # The lay-off is a stage of the turn its phase (play) does not say: the rules name it, in
    # every seat's and every spectator's view, in the reader's language; before the knock and
    # once the defender has passed there is none.
    game = position_game(
        "gin", hands=[KNOCKER, DEFENDER], discard=["4H"], stock=["8H"], turns_taken=[1, 1], dealer=1
    )
    assert game.hooks.turn_stage(game.state) is None
    game.apply(0, Draw("stock"))
    assert view_of(game, 0).stage is None
    game = _knocked()
    stage = game.hooks.turn_stage(game.state)
    assert stage is not None and stage.code == "laying_off"
    assert [view_of(game, seat).stage for seat in (0, 1)] == ["laying off on the knock"] * 2
    assert public_view(game).stage == "laying off on the knock"
    with use_language("is"):
        assert public_view(game).stage not in (None, "laying off on the knock")
    game.apply(1, Pass())
    assert game.hooks.turn_stage(game.state) is None


def test_the_rules_own_actions_are_listed_in_a_sentence_s_own_words() -> None:
    # A Hungarian button says "Kopogás" (knocking); the turn's sentence lists what to do:
    # "Te jössz: dobj, kopogj" (knock!), so the action has words for each.
    hooks = new_game("gin", players=2, seed=1).hooks
    said = {}
    for lang in ("en", "hu", "it"):
        with use_language(lang):
            said[lang] = {a.type: (a.label, a.phrase) for a in rule_actions(hooks)}
    assert said["en"] == {"knock": ("Knock", "knock"), "pass": ("Pass", "pass")}
    assert said["hu"] == {"knock": ("Kopogás", "kopogj"), "pass": ("Passz", "passzolj")}
    assert said["it"] == {"knock": ("Bussa", "bussa"), "pass": ("Passo", "passa")}


def test_the_pass_is_refused_where_there_is_nothing_to_decline() -> None:
    game = position_game(
        "gin", hands=[KNOCKER, DEFENDER], discard=["4H"], stock=["8H"], turns_taken=[1, 1], dealer=1
    )
    assert_refused(game, 0, Pass(), "no_pass_now")
    game.apply(0, Draw("stock"))
    assert_refused(game, 0, Pass(), "no_pass_now")


def test_a_bot_s_rule_candidates_are_the_rules_own_actions_among_its_candidates() -> None:
    game = position_game(
        "gin", hands=[KNOCKER, DEFENDER], discard=["4H"], stock=["8H"], turns_taken=[1, 1], dealer=1
    )
    game.apply(0, Draw("stock"))
    game.apply(0, meld("AC 2C 3C", "7D 7H 7S", "9S 10S JS"))
    for seat in (0, 1):
        handle = SeatHandle(game, seat)
        ours = [a for a in handle.candidates() if isinstance(a, PluginAction)]
        assert handle.rule_candidates() == ours
    # The knocker's knocks: each card that leaves 10 or less (KH 10, 8H 8), not the turn's pass.
    assert SeatHandle(game, 0).rule_candidates() == [Knock(parse_card(c)) for c in ("8H", "KH")]
    assert SeatHandle(game, 1).rule_candidates() == []


def test_a_bot_s_sampled_game_knows_the_knock_it_defends_against() -> None:
    # The knock is a record every player may know (public_records): a game the defender's bot
    # rebuilds from its view to weigh its lay-offs is still after the knock, as the real one.
    game = _knocked()
    handle = SeatHandle(game, 1)
    assert handle.turn_records() == {"knocked": 0}
    tracker = CardTracker()
    tracker.observe([seen_by(e, 1) for e in game.events])
    tracker.sync(handle.view)
    sampled = sampled_game(game.hooks, handle.view, tracker, Random(1), handle.turn_records())
    assert legal_actions(sampled, 1) == legal_actions(game, 1)
    assert Pass() in legal_actions(sampled, 1)


@pytest.mark.parametrize(("first", "second"), [("greedy", "greedy"), ("random", "greedy")])
def test_bots_play_whole_hands_to_a_scored_end(first: str, second: str) -> None:
    ends = set()
    for seed in range(12):
        game = new_game("gin", seed=seed)
        Match(game, [make_bot(first, seed), make_bot(second, seed + 1)]).play_match()
        state = game.state
        assert state.phase == MATCH_OVER and state.outcome is not None
        ends.add(state.outcome.reason)
        # One player at most scores a hand (G10); a void hand scores nothing (G6, G11).
        assert sum(1 for points in state.outcome.hand_scores if points) <= 1
    assert "out" in ends


def test_greedy_bots_knock_and_go_gin_in_a_race() -> None:
    game = new_game("gin:target=100", seed=3)
    Match(game, [make_bot("greedy", 1), make_bot("greedy", 2)]).play_match()
    state = game.state
    assert state.phase == MATCH_OVER and max(state.scores) >= 100 + 100  # target and game bonus
    assert len(state.winners) == 1 and len(state.hand_history) > 1


def _knocked(variant: str = "gin", defender: list[str] = DEFENDER, **position: Any) -> Game:
    """Seat 0 draws 8H, lays its three melds and knocks with 8H, keeping KH (10); the
    defender, seat 1, holding ``defender``, is to lay off or pass."""
    game = position_game(
        variant,
        hands=[KNOCKER, defender],
        discard=["4H"],
        stock=["8H"],
        turns_taken=[1, 1],
        dealer=1,
        **position,
    )
    game.apply(0, Draw("stock"))
    game.apply(0, meld("AC 2C 3C", "7D 7H 7S", "9S 10S JS"))
    game.apply(0, Knock(parse_card("8H")))
    return game


def _knock_34(scores: list[int], history: list[list[int]]) -> Game:
    """A race to 100: seat 0 knocks keeping 10 against the defender's 44 (34 points)."""
    game = _knocked(
        "gin:target=100", scores=scores, hand_history=history, hand_number=len(history) + 1
    )
    game.apply(1, Pass())
    return game


@pytest.mark.parametrize(
    ("scores", "history", "bonuses"),
    [
        # Short of the target: no bonus, on the sheet as in the scores (G14).
        ([40, 0], [[40, 0]], set()),
        # The target reached: the game bonus, and a line bonus for each player's hands won.
        ([80, 40], [[50, 0], [0, 40], [30, 0]], {"game_bonus", "line_bonus"}),
    ],
)
def test_g14_the_score_sheet_reads_as_the_scores_were_counted(
    scores: list[int], history: list[list[int]], bonuses: set[str]
) -> None:
    game = _knock_34(scores, history)
    outcome = game.state.outcome
    assert outcome is not None
    # The sheet asks the rules again once the hand's points are in the totals.
    lines = score_lines(game)
    assert [sum(line.points for line in seat) for seat in lines] == list(outcome.hand_scores)
    assert {line.code for seat in lines for line in seat} & {"game_bonus", "line_bonus"} == bonuses


def test_the_upcard_thrown_back_twice_ends_the_hand_in_words_that_fit() -> None:
    # Ruling G6's void ended the hand with "The hand reached the turn limit", which it had not.
    name = "g6-the-upcard-thrown-back-twice.json"
    shipped = next(f for f in shipped_scenarios() if f.label.endswith(name))
    scenario = parse_scenario(shipped.text, shipped.label)
    assert scenario.position is not None
    game = game_from_position(scenario.variant(), scenario.position, scenario.seed)
    for step in scenario.steps:
        game.apply(step.seat, parse_action(step.action, game.hooks))
    ended = [e for e in game.events if isinstance(e, HandEnded)]
    assert [(e.seat, e.reason) for e in ended] == [(None, "capped")]
    line = describe(ended[0], 0, ["You", "Bo"], {})
    assert line.render("en") == "Nobody went out: the hand is over."
    assert line.render("is") == "Enginn lokaði: spilinu er lokið."
    # The score sheet says why.
    said = {item.render("en") for items in score_lines(game) for item in items}
    assert said == {"the upcard was thrown straight back twice: the hand is void"}
