"""A bad plugin is caught: at set-up, or as a refused action naming it, the state unchanged (A2).

Throwaway plugins are registered directly (``plugins=``) or as house rules found by name
(``local_rules=``), so nothing here needs installing.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar, Literal

import pytest
from pydantic import BaseModel

from rummy_core.engine.action_kinds import ActionKind
from rummy_core.engine.actions import (
    Discard,
    Draw,
    LayOff,
    MeldDown,
    NewMeld,
    PluginAction,
    TakeBack,
)
from rummy_core.engine.cards import card_name, parse_card, parse_cards
from rummy_core.engine.errors import PluginError, RuleError, Violation
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game
from rummy_core.engine.hooks import hook_names
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.moves import legal_actions
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.engine.setup import game_from_position, new_game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER, State
from rummy_core.formats.view import public_view, view_of
from rummy_core.present.sheet import leftover_worth, score_lines
from rummy_core.testing import assert_refused, position_game

PLAYING: dict[str, Any] = {
    "dealer": 1,
    "turn": 0,
    "phase": "play",
    "hands": [["7H", "7C", "7D", "4S", "KD"], ["5H", "5D", "9C"]],
    "discard": ["9D"],
    "stock": ["2C", "3C", "4C"],
    "table": [{"owner": 1, "cards": ["5S", "6S", "7S"]}],
    "turns_taken": [2, 2],
    "this_turn": {"drew": "stock", "drawn": ["KD"]},
}


def game_with(
    *plugins: object,
    variant: str = "classic",
    local_rules: tuple[type[HouseRule], ...] = (),
    **position: Any,
) -> Game:
    """A classic game in the middle of seat 0's turn (``PLAYING``), with ``plugins``."""
    fields = {"players": 2, **PLAYING, **position}
    return game_from_position(variant, fields, 0, local_rules=local_rules, plugins=plugins)


def set_up_error(*plugins: object) -> PluginError:
    with pytest.raises(PluginError) as err:
        new_game("classic", seed=1, plugins=plugins)
    return err.value


# -- at set-up -------------------------------------------------------------------------------


class UnknownHook:
    name = "typo-plugin"

    @hookimpl
    def rummy_meld_rule(self) -> None:
        """Misspelt: the hook is rummy_meld_rules."""


class MisspeltArgument:
    name = "argument-plugin"

    @hookimpl
    def rummy_hand_size(self, player: int) -> int:
        return 7


class Unmarked:
    name = "unmarked-plugin"

    def rummy_hand_size(self) -> int:
        return 3


class NotAGenerator:
    name = "wrapper-plugin"

    @hookimpl(wrapper=True)
    def rummy_meld_rules(self) -> None:
        return None


@pytest.mark.parametrize(
    ("plugin", "hook", "words"),
    [
        (UnknownHook(), "rummy_meld_rule", "unknown hook"),
        (MisspeltArgument(), "rummy_hand_size", "player"),
        (Unmarked(), "rummy_hand_size", "not marked with @hookimpl"),
        (NotAGenerator(), "rummy_meld_rules", "not a generator"),
    ],
)
def test_a_plugin_that_does_not_fit_the_spec_fails_at_set_up(
    plugin: object, hook: str, words: str
) -> None:
    error = set_up_error(plugin)
    assert error.code == "plugin_error"
    assert error.params["plugin"] == type(plugin).name  # type: ignore[attr-defined]
    assert error.params["hook"] == hook
    assert words in error.message


class TypoHouseRule(HouseRule):
    name = "typo-rule"

    @hookimpl(tryfirst=True)
    def rummy_opening_minimun(self) -> int:
        return 40


def test_a_house_rule_with_a_misspelt_hook_fails_naming_it() -> None:
    with pytest.raises(PluginError) as err:
        new_game("classic+typo-rule", local_rules=(TypoHouseRule,))
    assert err.value.params == {
        "plugin": "typo-rule",
        "hook": "rummy_opening_minimun",
        "problem": err.value.params["problem"],
    }


class WrongMeldRules:
    name = "bad-wrapper"

    @hookimpl(wrapper=True)
    def rummy_meld_rules(self) -> Generator[None, MeldRules, Any]:
        yield
        return "runs and sets"


class BadDeck:
    name = "bad-deck"

    @hookimpl(tryfirst=True)
    def rummy_deck(self) -> list[int]:
        raise RuntimeError("no cards today")


def test_a_wrapper_that_spoils_a_good_answer_is_blamed_not_the_ruleset() -> None:
    error = set_up_error(WrongMeldRules())
    assert (error.params["plugin"], error.params["hook"]) == ("bad-wrapper", "rummy_meld_rules")
    assert "'runs and sets'" in error.message


def test_a_plugin_raising_at_set_up_is_named() -> None:
    error = set_up_error(BadDeck())
    assert (error.params["plugin"], error.params["hook"]) == ("bad-deck", "rummy_deck")
    assert "RuntimeError: no cards today" in error.message


# -- during a game: every hook the engine calls is guarded -----------------------------------


def raiser(hook: str) -> object:
    """A plugin whose implementation of ``hook`` raises, asked before anyone else."""

    def broken(self: object) -> None:
        raise ValueError(f"broken {hook}")

    return type(
        "Raiser", (), {"name": f"raises-in-{hook}", hook: hookimpl(tryfirst=True)(broken)}
    )()


def wrong_type(hook: str) -> object:
    """A plugin whose implementation of ``hook`` answers a string, asked before anyone else."""

    def wrong(self: object) -> str:
        return "surprise"

    return type("Wrong", (), {"name": f"wrong-in-{hook}", hook: hookimpl(tryfirst=True)(wrong)})()


SET_UP_HOOKS = {"rummy_deck", "rummy_meld_rules", "rummy_card_values", "rummy_turn_cap"}
# Not asked by the engine in classic play: statistics ask rummy_hand_bonus, score sheets
# rummy_score_lines and rummy_leftover_value, views rummy_turn_stage (tested below); classic has
# no wilds to swap or opening points; the registrar is asked at set-up and tested below.
UNREACHED = {
    "rummy_hand_bonus",
    "rummy_score_lines",
    "rummy_leftover_value",
    "rummy_turn_stage",
    "rummy_swap_violations",
    "rummy_meld_points",
}
GAME_HOOKS = [h for h in hook_names() if h not in SET_UP_HOOKS | UNREACHED]
# Notifications: their answers are ignored, so no type is wrong.
TYPELESS = {"rummy_action_applied", "rummy_turn_ended", "rummy_hand_ended"}


def twin_run(make: Callable[[str], object], hook: str) -> PluginError:
    """Play the same random actions on a plain game and one with the bad plugin.

    The bad game follows the plain one until an action (or dealing the next hand) reaches the
    hook: that must fail with a ``PluginError`` and leave the bad game's state as it was.
    """
    hands = [["7H", "7C", "7D", "4S"], ["5H", "9C"]]
    stock = ["2C", "3C", "4C"]
    placed = {c for hand in hands for c in hand} | set(stock) | {"5S", "6S", "7S"}
    # Every other card in the discard pile: the stock runs out after three draws (C6 refill).
    pile = [card_name(c) for c in range(52) if card_name(c) not in placed]
    position = {**PLAYING, "phase": "draw", "this_turn": {}, "hands": hands, "stock": stock}
    position["discard"] = pile
    # The winners are asked once a match is over: a single hand (C7) is over when it ends.
    over = ("rummy_match_winners", "rummy_match_capped")
    variant = "classic:target=none" if hook in over else "classic"
    plain = position_game(variant, **position)
    try:
        bad = game_with(make(hook), variant=variant, **position)
    except PluginError as exc:
        return exc
    rng = Random(hook)
    for _ in range(400):
        if plain.state.phase in (HAND_OVER, MATCH_OVER):
            before = bad.state.clone()
            try:
                bad.next_hand()
            except PluginError as exc:
                assert bad.state.equals(before)
                return exc
            plain.next_hand()
            continue
        seat = plain.current_player()
        assert seat is not None
        legal = legal_actions(plain, seat)
        take_back = [a for a in legal if isinstance(a, TakeBack)]
        action = take_back[0] if take_back and rng.random() < 0.3 else rng.choice(legal)
        before = bad.state.clone()
        try:
            bad.apply(seat, action)
        except PluginError as exc:
            assert bad.state.equals(before), "a plugin's failure changed the state"
            return exc
        plain.apply(seat, action)
    raise AssertionError(f"{hook} was never asked")


@pytest.mark.parametrize("hook", GAME_HOOKS)
def test_a_plugin_raising_in_any_hook_fails_the_action_naming_it(hook: str) -> None:
    # Ruling A2: the action fails with plugin_error and changes nothing.
    error = twin_run(raiser, hook)
    assert error.code == "plugin_error"
    assert (error.params["plugin"], error.params["hook"]) == (f"raises-in-{hook}", hook)
    assert f"ValueError: broken {hook}" in error.message


@pytest.mark.parametrize("hook", [h for h in GAME_HOOKS if h not in TYPELESS])
def test_a_plugin_answering_the_wrong_type_fails_the_action_naming_it(hook: str) -> None:
    error = twin_run(wrong_type, hook)
    assert error.code == "plugin_error"
    assert (error.params["plugin"], error.params["hook"]) == (f"wrong-in-{hook}", hook)
    assert "'surprise'" in error.message


class LooseViolation(HouseRule):
    """Returns a Violation instead of a list of them, behind a good plugin asked first."""

    name = "loose-violation"

    @hookimpl
    def rummy_discard_violations(self) -> Violation:
        return Violation("no", "no")  # type: ignore[return-value]


class FineViolations:
    name = "fine-violations"

    @hookimpl(tryfirst=True)
    def rummy_discard_violations(self) -> list[Violation]:
        return []


def test_a_validators_wrong_answer_is_blamed_on_its_plugin_not_the_first_asked() -> None:
    game = game_with(
        FineViolations(), variant="classic+loose-violation", local_rules=(LooseViolation,)
    )
    error = assert_refused(game, 0, Discard(parse_card("KD")), "plugin_error")
    assert error.params["plugin"] == "loose-violation"
    assert error.params["hook"] == "rummy_discard_violations"


class WrongScores(HouseRule):
    name = "three-scores"

    @hookimpl(wrapper=True)
    def rummy_hand_scores(self) -> Generator[None, list[int], list[int]]:
        scores = yield
        return [*scores, 0]


def test_a_wrapper_returning_too_many_scores_is_blamed() -> None:
    game = game_with(
        variant="classic+three-scores", local_rules=(WrongScores,), hands=[["4S", "KD"], ["5H"]]
    )
    game.apply(0, LayOff(0, (parse_card("4S"),), (None,)))
    error = assert_refused(game, 0, Discard(parse_card("KD")), "plugin_error")
    assert (error.params["plugin"], error.params["hook"]) == ("three-scores", "rummy_hand_scores")
    assert "expected a list of 2 ints" in error.message


class WrongScoreLines(HouseRule):
    """Explains a hand with a string instead of score lines."""

    name = "wrong-lines"

    @hookimpl(tryfirst=True)
    def rummy_score_lines(self) -> object:
        return "surprise"


def test_a_plugin_answering_the_wrong_score_lines_is_named_when_a_sheet_asks() -> None:
    game = game_with(
        variant="classic+wrong-lines", local_rules=(WrongScoreLines,), hands=[["4S", "KD"], ["5H"]]
    )
    game.apply(0, LayOff(0, (parse_card("4S"),), (None,)))
    game.apply(0, Discard(parse_card("KD")))
    with pytest.raises(PluginError) as caught:
        score_lines(game)
    assert (caught.value.params["plugin"], caught.value.params["hook"]) == (
        "wrong-lines",
        "rummy_score_lines",
    )


class HalfWorth(HouseRule):
    """Says a hand's leftover cards are worth a fraction."""

    name = "half-worth"

    @hookimpl(tryfirst=True)
    def rummy_leftover_value(self) -> object:
        return 2.5


def test_a_plugin_answering_a_wrong_worth_is_named_when_a_sheet_asks() -> None:
    game = game_with(
        variant="classic+half-worth", local_rules=(HalfWorth,), hands=[["4S", "KD"], ["5H"]]
    )
    game.apply(0, LayOff(0, (parse_card("4S"),), (None,)))
    game.apply(0, Discard(parse_card("KD")))
    with pytest.raises(PluginError) as caught:
        leftover_worth(game)
    assert (caught.value.params["plugin"], caught.value.params["hook"]) == (
        "half-worth",
        "rummy_leftover_value",
    )
    assert "expected int" in caught.value.message


class WordyStage(HouseRule):
    """Names the turn's stage with a bare string instead of a TurnStage."""

    name = "wordy-stage"

    @hookimpl(tryfirst=True)
    def rummy_turn_stage(self) -> object:
        return "thinking hard"


def test_a_plugin_answering_a_wrong_stage_is_named_when_a_view_asks() -> None:
    game = game_with(
        variant="classic+wordy-stage", local_rules=(WordyStage,), hands=[["4S", "KD"], ["5H"]]
    )
    before = game.state.clone()
    for ask in (lambda: view_of(game, 0), lambda: public_view(game)):
        with pytest.raises(PluginError) as caught:
            ask()
        assert (caught.value.params["plugin"], caught.value.params["hook"]) == (
            "wordy-stage",
            "rummy_turn_stage",
        )
        assert "expected None or a TurnStage" in caught.value.message
    assert game.state.equals(before)


# -- plugin actions --------------------------------------------------------------------------


@dataclass(frozen=True)
class Shout(PluginAction):
    type: ClassVar[str] = "shout"
    word: str


class ShoutModel(BaseModel):
    type: Literal["shout"] = "shout"
    word: str


def shout_kind(
    apply: Callable[[Game, State, int, Shout, list[Event]], None],
    candidates: Callable[[Game, int], list[Any]] = lambda game, seat: [],
    name: str = "shout",
) -> ActionKind[Shout, ShoutModel]:
    return ActionKind(
        name=name,
        action=Shout,
        model=ShoutModel,
        to_action=lambda m: Shout(m.word),
        to_model=lambda a: ShoutModel(word=a.word),
        apply=apply,
        candidates=candidates,
    )


class Registrar:
    def __init__(self, name: str, answer: Any) -> None:
        self.name = name
        self._answer = answer

    @hookimpl
    def rummy_register_actions(self) -> Any:
        return self._answer


def crash(game: Game, state: State, seat: int, action: Shout, events: list[Event]) -> None:
    state.hands[seat].clear()
    raise KeyError("oops")


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("shout", "expected a list of ActionKind"),
        ([shout_kind(crash, name="discard")], "the action type 'discard' is built in"),
        ([shout_kind(crash, name="yell")], "ShoutModel.type must default to 'yell'"),
    ],
)
def test_a_bad_registrar_fails_at_set_up_naming_it(answer: Any, words: str) -> None:
    error = set_up_error(Registrar("bad-registrar", answer))
    assert (error.params["plugin"], error.params["hook"]) == (
        "bad-registrar",
        "rummy_register_actions",
    )
    assert words in error.message


def test_the_same_action_type_from_two_plugins_fails_naming_both() -> None:
    error = set_up_error(
        Registrar("first-shouter", [shout_kind(crash)]),
        Registrar("second-shouter", [shout_kind(crash)]),
    )
    assert "first-shouter" in error.message and "second-shouter" in error.message


def test_a_plugin_action_that_raises_fails_naming_it_and_changes_nothing() -> None:
    # Ruling A2: apply emptied the hand before raising; the engine's copy is thrown away.
    game = game_with(Registrar("crashing", [shout_kind(crash)]))
    error = assert_refused(game, 0, Shout("rummy"), "plugin_error")
    assert error.params["plugin"] == "crashing" and "KeyError" in error.message
    assert "'shout' action" in error.params["hook"]


def test_plugin_candidates_that_raise_or_are_the_wrong_type_name_the_plugin() -> None:
    def broken(game: Game, seat: int) -> list[Any]:
        raise RuntimeError("no ideas")

    game = game_with(Registrar("no-ideas", [shout_kind(crash, broken)]))
    with pytest.raises(PluginError) as err:
        legal_actions(game, 0)
    assert err.value.params["plugin"] == "no-ideas"
    game = game_with(Registrar("odd-ideas", [shout_kind(crash, lambda g, s: [Draw("stock")])]))
    with pytest.raises(PluginError) as err:
        legal_actions(game, 0)
    assert err.value.params["plugin"] == "odd-ideas" and "expected Shout" in err.value.message


def test_a_refused_plugin_action_is_a_rule_error_not_a_plugin_error() -> None:
    def polite(game: Game, state: State, seat: int, action: Shout, events: list[Event]) -> None:
        game.check_play(state, seat, action)
        raise RuleError("too_loud", "Not so loud.")

    game = game_with(Registrar("polite", [shout_kind(polite)]), phase="draw", this_turn={})
    assert_refused(game, 0, Shout("hi"), "draw_first")
    game.apply(0, Draw("stock"))
    assert_refused(game, 0, Shout("hi"), "too_loud")


def test_an_unregistered_plugin_action_is_refused() -> None:
    game = game_with()
    assert_refused(game, 0, Shout("hi"), "unknown_action")


def test_a_failing_plugin_action_leaves_other_actions_working() -> None:
    game = game_with(Registrar("crashing", [shout_kind(crash)]))
    assert_refused(game, 0, Shout("x"), "plugin_error")
    game.apply(0, MeldDown((NewMeld.of(parse_cards("7H 7C 7D")),)))
    assert len(game.state.table) == 2


class StrangeDeck:
    name = "strange-deck"

    @hookimpl(tryfirst=True)
    def rummy_deck(self) -> list[object]:
        return ["AS", 99]


class NoTurns:
    name = "no-turns"

    @hookimpl(tryfirst=True)
    def rummy_turn_cap(self) -> int:
        return -1


class NoCards:
    name = "no-cards"

    @hookimpl(tryfirst=True)
    def rummy_hand_size(self) -> int:
        return -1


@pytest.mark.parametrize(
    ("plugin", "hook"),
    [(StrangeDeck(), "rummy_deck"), (NoTurns(), "rummy_turn_cap"), (NoCards(), "rummy_hand_size")],
)
def test_an_answer_out_of_range_fails_at_set_up_naming_the_plugin(
    plugin: object, hook: str
) -> None:
    # Checked at the engine's border, not left to fail later (or never).
    error = set_up_error(plugin)
    assert error.code == "plugin_error"
    assert (error.params["plugin"], error.params["hook"]) == (plugin.name, hook)  # type: ignore[attr-defined]
