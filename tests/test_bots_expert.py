"""The expert bot: playouts tell a good option from a bad one, within a budget per move."""

from __future__ import annotations

import time
from dataclasses import replace
from itertools import count
from types import SimpleNamespace
from typing import Any

import pytest
from rummy_rulesets.classic import ClassicRummy

from rummy_core.bots import SeatHandle, expert, make_bot
from rummy_core.bots.expert import ExpertBot
from rummy_core.bots.greedy import GreedyBot
from rummy_core.bots.tuning import BUILT_IN, ExpertTuning
from rummy_core.engine.actions import STOCK, Action, Discard, Draw, MeldDown, NewMeld
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.errors import RuleError
from rummy_core.engine.game import Game
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.match import Match
from rummy_core.testing import position_game


def position(variant: str, hands: list[str], **fields: Any) -> Game:
    drew = {"drew": STOCK, "drawn": [hands[0].split()[-1]]}
    later = {"dealer": 1, "turn": 0, "phase": "play", "turns_taken": [3, 3], "this_turn": drew}
    return position_game(variant, 9, hands=[h.split() for h in hands], **{**later, **fields})


def tuned(**settings: Any) -> ExpertTuning:
    """Classic's built-in tuning with ``settings`` changed, unchecked (as a plugin may give it)."""
    return replace(BUILT_IN["classic"], **settings)


def test_playouts_prefer_going_out_to_breaking_a_meld() -> None:
    # Ruling C4/C5: melding 4-5-6 and 9-9-9 and discarding the KD goes out and scores the
    # rival's cards; throwing a 9 away does not. Whichever comes first, the playouts find it.
    game = position("classic", ["4H 5H 6H 9C 9D 9S KD", "3S 8D QC JH 2C"])
    handle = SeatHandle(game, 0)
    out: list[Action] = [
        MeldDown((NewMeld.of(parse_cards("4H 5H 6H")), NewMeld.of(parse_cards("9C 9D 9S")))),
        Discard(parse_card("KD")),
    ]
    stay: list[Action] = [Discard(parse_card("9C"))]
    for options, best in (([stay, out], 1), ([out, stay], 0)):
        expert = ExpertBot(1, playouts=6, seconds=None)
        assert expert._best(handle, handle.view, options) == best


def test_the_default_budget_is_a_count_so_a_slow_machine_chooses_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The going-out position above, on a machine where every reading of the clock is 10 s
    # later: a time budget would stop after two deals, too few to prefer going out (4 needed).
    game = position("classic", ["4H 5H 6H 9C 9D 9S KD", "3S 8D QC JH 2C"])
    handle = SeatHandle(game, 0)
    out: list[Action] = [
        MeldDown((NewMeld.of(parse_cards("4H 5H 6H")), NewMeld.of(parse_cards("9C 9D 9S")))),
        Discard(parse_card("KD")),
    ]
    options = [[Discard(parse_card("9C"))], out]
    assert ExpertBot(1)._best(handle, handle.view, options) == 1
    ticks = count()
    monkeypatch.setattr(expert, "time", SimpleNamespace(process_time=lambda: 10.0 * next(ticks)))
    assert ExpertBot(1)._best(handle, handle.view, options) == 1
    assert ExpertBot(1, seconds=1.0)._best(handle, handle.view, options) == 0


def test_a_move_keeps_to_the_time_budget() -> None:
    # Sampling stops when the budget is spent (two deals at least), whatever the playout count.
    game = position("riverside", ["4H 5H 6H 9C 9D KD QS 3C", "3S 8D QC JH 2C 7D 7S"])
    expert = ExpertBot(2, playouts=10_000, seconds=0.2)
    start = time.process_time()
    action = expert.choose(SeatHandle(game, 0))
    assert time.process_time() - start < 3.0
    assert game.is_legal(0, action)


def test_the_expert_is_available_by_name_and_plays_its_turn_to_the_end() -> None:
    game = position("hungarian", ["KC KD KS QC QD QH 4D 9D", "3S 8D"], opened=[False, True])
    bot = make_bot("expert", 4)
    assert isinstance(bot, ExpertBot)
    bot.playouts, bot.seconds = 2, 0.1
    made = []
    while game.current_player() == 0 and len(made) < 20:
        action = bot.choose(SeatHandle(game, 0))
        bot.observe(game.apply(0, action))
        made.append(action)
    assert isinstance(made[-1], Discard) and game.state.turn == 1
    assert not any(isinstance(a, Draw) for a in made)


@pytest.mark.parametrize(
    ("variant", "hands", "given", "weights"),
    [
        ("classic", ["4H 5H 6H 9C 9D 9S KD", "3S 8D QC JH 2C"], {}, (3, 4)),
        ("classic", ["4H 5H 6H 9C 9D 9S KD", "3S 8D QC JH 2C"], {"two_ways": 12}, (12, 4)),
        ("riverside", ["4H 5H 6H 9C 9D KD QS 3C", "3S 8D QC JH 2C 7D 7S"], {}, (12, 2)),
        ("riverside", ["4H 5H 6H 9C 9D KD QS 3C", "3S 8D QC JH 2C 7D 7S"], {"feeding": 0}, (12, 0)),
    ],
)
def test_the_discard_weights_are_the_rulesets_unless_given(
    variant: str, hands: list[str], given: dict[str, float], weights: tuple[float, float]
) -> None:
    game = position(variant, hands)
    bot = ExpertBot(3, playouts=2, **given)
    bot.choose(SeatHandle(game, 0))
    assert (bot.greedy.two_ways, bot.greedy.feeding) == weights
    own = bot._own_policy()  # its seat in the playouts plays the same way
    assert (own.two_ways, own.feeding) == weights


@pytest.mark.parametrize(("variant", "same"), [("classic", True), ("riverside", False)])
def test_without_a_search_the_classic_expert_plays_as_the_greedy_bot(
    variant: str, same: bool
) -> None:
    # One deal a decision is never evidence enough to leave its own choice, so the expert plays
    # its own policy: in classic the greedy bot's weights, elsewhere its own (12 and 2).
    logs = []
    for first in (ExpertBot(5, playouts=1), GreedyBot(5)):
        game = new_game(hooks=build_hooks(Variant.parse(variant), 2), seed=7)
        Match(game, [first, GreedyBot(6)]).play_hand()
        logs.append(game.log)
    assert (logs[0] == logs[1]) is same


@pytest.mark.parametrize(("budget", "given", "same"), [(1, {}, True), (1, {"playouts": 8}, False)])
def test_the_budget_is_the_rulesets_unless_given(
    budget: int, given: dict[str, int], same: bool
) -> None:
    # A ruleset whose expert plays one deal a decision makes the classic expert the greedy bot
    # (one deal is never evidence enough); the option playouts=8 overrides it and searches.
    logs = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ClassicRummy, "expert_tuning", tuned(playouts=budget), raising=False)
        for first in (ExpertBot(5, **given), GreedyBot(5)):
            game = new_game(hooks=build_hooks(Variant.parse("classic"), 2), seed=7)
            Match(game, [first, GreedyBot(6)]).play_hand()
            logs.append(game.log)
    assert (logs[0] == logs[1]) is same


@pytest.mark.parametrize(
    ("variant", "budget", "recheck"), [("classic", 32, 32), ("riverside", 16, 0)]
)
def test_each_ruleset_gives_the_expert_its_budget(variant: str, budget: int, recheck: int) -> None:
    game = new_game(hooks=build_hooks(Variant.parse(variant), 2), seed=7)
    bot = ExpertBot(5)
    bot.choose(SeatHandle(game, game.current_player()))
    assert bot.playouts == budget
    assert bot.recheck == recheck  # a second look at close calls in classic only
    assert bot.match_win == 0  # no ruleset plays for the match by default


@pytest.mark.parametrize(
    ("setting", "given", "value"),
    [
        ("match_win", {}, 5),
        ("match_win", {"match_win": 10}, 10),
        ("recheck", {}, 5),
        ("recheck", {"recheck": 0}, 0),
    ],
)
def test_a_match_worth_or_recheck_is_the_rulesets_unless_given(
    setting: str, given: dict[str, float], value: float
) -> None:
    game = new_game(hooks=build_hooks(Variant.parse("classic"), 2), seed=7)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ClassicRummy, "expert_tuning", tuned(**{setting: 5}), raising=False)
        bot = ExpertBot(5, playouts=2, **given)
        bot.choose(SeatHandle(game, game.current_player()))
    assert getattr(bot, setting) == value


# Seat 0 may go out now (ruling C4): 4-5-6 and 9-9-9 down, the KD discarded.
_OUT: list[Action] = [
    MeldDown((NewMeld.of(parse_cards("4H 5H 6H")), NewMeld.of(parse_cards("9C 9D 9S")))),
    Discard(parse_card("KD")),
]


def _match_worth(scores: list[int], option: list[Action], deal: int) -> tuple[float, float]:
    """Seat 0's points in the playout of ``option`` on ``deal``, and what ``match_win=60`` adds."""
    players = len(scores)
    hands = ["4H 5H 6H 9C 9D 9S KD", "3S 8D QC"] + ["QD 8H 2C"] * (players - 2)
    game = position("classic", hands, players=players, scores=scores, turns_taken=[3] * players)
    handle = SeatHandle(game, 0)
    results = []
    for match_win in (0, 60):
        bot = ExpertBot(1, match_win=match_win)
        bot.choose(handle)  # its first decision reads the ruleset's settings
        result = bot._playout(handle, handle.view, option, deal, handle.turn_records())
        assert result is not None
        results.append(result)
    return results[0], results[1] - results[0]


@pytest.mark.parametrize(("scores", "worth"), [([99, 0], 60), ([0, 0], 0)])
def test_going_out_past_the_target_adds_the_match_win_to_the_points(
    scores: list[int], worth: float
) -> None:
    # Ruling C7: at 99 any hand won takes seat 0 past 100; from 0 the rival's three cards,
    # doubled for a rummy (C5), are worth 60 at most.
    for deal in range(3):
        assert _match_worth(scores, _OUT, deal)[1] == worth


@pytest.mark.parametrize(("players", "lost"), [(2, -60), (3, -30)])
def test_a_match_lost_in_a_playout_takes_the_match_win_off(players: int, lost: float) -> None:
    # Everyone at 99: whoever goes out wins the match. A rival's win is shared out as the points
    # are: seat 0 less the others' mean, so -60 against one rival and -30 against two.
    seen = set()
    for deal in range(10):
        points, worth = _match_worth([99] * players, [Discard(parse_card("9C"))], deal)
        assert worth == (60 if points > 0 else lost if points < 0 else 0)
        seen.add(worth)
    assert {60, lost} <= seen


@pytest.mark.parametrize(("confidence", "same"), [(1e9, True), (0, False)])
def test_the_confidence_option_sets_how_much_evidence_moves_the_expert(
    confidence: float, same: bool
) -> None:
    # No evidence is enough at a confidence of 10^9: the classic expert plays its own policy,
    # the greedy bot's. At 0, any option that did better on average is taken.
    logs = []
    for first in (ExpertBot(5, playouts=8, confidence=confidence), GreedyBot(5)):
        game = new_game(hooks=build_hooks(Variant.parse("classic"), 2), seed=7)
        Match(game, [first, GreedyBot(6)]).play_hand()
        logs.append(game.log)
    assert (logs[0] == logs[1]) is same


def _scripted_search(recheck: int, first: list[list[float]], later: float) -> tuple[int, list[int]]:
    """The option the expert takes when its playouts give, on its 8 first deals, ``first[i]``
    for option i + 1 (option 0, its own choice, always 0) and ``later`` for every option after
    that; and the options it played, in order."""
    game = position("classic", ["4H 5H 6H 9C 9D 9S KD", "3S 8D QC JH 2C"])
    handle = SeatHandle(game, 0)
    options: list[list[Action]] = [[Discard(i)] for i in range(len(first) + 1)]
    played: list[int] = []

    def playout(_: SeatHandle, __: object, option: list[Action], ___: int, ____: object) -> float:
        index = options.index(option)
        turn = played.count(index)
        played.append(index)
        return 0.0 if index == 0 else first[index - 1][turn] if turn < 8 else later

    bot = ExpertBot(1, playouts=8, recheck=recheck)
    bot._playout = playout  # type: ignore[method-assign,assignment]
    return bot._best(handle, handle.view, options), played


# Option 1 leads by 0.5 a deal, about half a standard error: close, but not ahead by the 1.5
# standard errors that would take it. Option 2 breaks even.
_CLOSE: list[list[float]] = [[3, -2] * 4, [1, -1] * 4]


def test_a_close_option_is_played_again_against_the_own_choice_alone() -> None:
    assert _scripted_search(0, _CLOSE, 3) == (0, [0, 1, 2] * 8)
    chosen, played = _scripted_search(8, _CLOSE, 3)
    assert played == [0, 1, 2] * 8 + [0, 1] * 8
    assert chosen == 1  # 3 a deal on the 8 more deals: now ahead by far more than 1.5
    assert _scripted_search(8, _CLOSE, -3) == (0, [0, 1, 2] * 8 + [0, 1] * 8)


@pytest.mark.parametrize(
    ("first", "chosen"),
    [
        ([[1] * 8, [3, -2] * 4], 1),  # option 1 wins outright: no second look
        ([[-3, 2] * 4, [1, -1] * 4], 0),  # none leads: nothing to look at again
        ([[3, -2.5] * 4, [1, -1] * 4], 0),  # option 1 leads by a quarter of a standard error
    ],
)
def test_only_a_close_call_is_looked_at_again(first: list[list[float]], chosen: int) -> None:
    assert _scripted_search(8, first, 3) == (chosen, [0, 1, 2] * 8)


@pytest.mark.parametrize("recheck", [-1, 2.5, "8", True, float("nan")])
def test_a_recheck_not_a_whole_number_from_0_is_refused(recheck: Any) -> None:
    with pytest.raises(RuleError) as err:
        ExpertBot(0, recheck=recheck)
    assert err.value.code == "bad_bot_options"
    assert "recheck" in err.value.message


@pytest.mark.parametrize(
    "given",
    [
        {"two_ways": -1},
        {"feeding": float("nan")},
        {"two_ways": True},
        {"feeding": "x"},
        {"confidence": -0.5},
        {"confidence": float("inf")},
        {"match_win": -60},
        {"match_win": float("nan")},
    ],
)
def test_a_weight_confidence_or_match_worth_not_a_number_from_0_is_refused(
    given: dict[str, Any],
) -> None:
    with pytest.raises(RuleError) as err:
        ExpertBot(0, **given)
    assert err.value.code == "bad_bot_options"


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        *(("playouts", v) for v in (0, 2.5, "16", None, True)),
        *(("match_win", v) for v in (-1, "60", None, float("inf"), True)),
        *(("recheck", v) for v in (-1, 2.5, "8", None, True)),
        *(("weights", v) for v in ((3,), (3, -1), ("3", 4), None)),
        *((setting, v) for setting in ("outs", "danger", "ahead") for v in (-1, "2", None)),
        *(("knock_at", v) for v in (-1, 9.5, "10", None, True)),
        *(("rivals", v) for v in ((0,), (0, -1), ("3", 4), None)),
        *(("reads", v) for v in (0, 2.5, "30", None, True)),
    ],
)
def test_a_rulesets_expert_setting_out_of_its_range_is_named(setting: str, value: object) -> None:
    # A plugin's ruleset that sets one wrong gets a clear refusal, not a crash deep in a bot:
    # a whole number from 1 (deals), a number from 0 (a match's worth), two of them (weights).
    game = position("classic", ["4H 5H 6H 9C 9D 9S KD", "3S 8D QC JH 2C"])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ClassicRummy, "expert_tuning", tuned(**{setting: value}), raising=False)
        with pytest.raises(RuleError) as err:
            ExpertBot(3).choose(SeatHandle(game, 0))
    assert err.value.code == f"bad_expert_{setting}"
    assert "classic" in err.value.message
    assert setting in err.value.message


def test_a_rulesets_expert_tuning_that_is_not_one_is_named() -> None:
    game = position("classic", ["4H 5H 6H 9C 9D 9S KD", "3S 8D QC JH 2C"])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ClassicRummy, "expert_tuning", {"playouts": 24}, raising=False)
        with pytest.raises(RuleError) as err:
            ExpertBot(3).choose(SeatHandle(game, 0))
    assert err.value.code == "bad_expert_tuning"
    assert "classic" in err.value.message
