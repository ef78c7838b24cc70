"""Hands that end other than by going out on one's own turn, through generic hooks: a plugin
action that ends the hand crediting another seat or nobody (``game.end_hand``), and a rule that
ends it with nobody out when a turn ends (``rummy_dead_hand``). Gin rummy needs both (a knock
ended by the defender's pass; a wall of cards never drawn), and so may any house rule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import pytest
from pydantic import BaseModel

from rummy_core.engine.action_kinds import ActionKind, GameSteps
from rummy_core.engine.actions import Discard, Draw, PluginAction
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game
from rummy_core.engine.plugin import hookimpl
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.engine.state import HAND_OVER, PLAY, Reason, State
from rummy_core.formats.position import dump_position


@dataclass(frozen=True, slots=True)
class Concede(PluginAction):
    """The seat to move gives the hand to the next seat, as if that seat had gone out."""

    type: ClassVar[str] = "concede"


class ConcedeModel(BaseModel):
    type: Literal["concede"] = "concede"


class Conceding:
    """A plugin action that ends the hand for another seat (``game.end_hand``)."""

    name = "conceding"

    def __init__(self, winner: int | None = 1, reason: Reason = "out") -> None:
        self.winner, self.reason = winner, reason

    def _apply(
        self, game: GameSteps, state: State, seat: int, action: Concede, events: list[Event]
    ) -> None:
        game.end_hand(state, self.winner, self.reason, events)

    def _candidates(self, game: GameSteps, seat: int) -> list[Concede]:
        return [Concede()] if game.state.phase == PLAY else []

    @hookimpl
    def rummy_register_actions(self) -> list[ActionKind[Any, Any]]:
        return [
            ActionKind(
                name="concede",
                action=Concede,
                model=ConcedeModel,
                to_action=lambda m: Concede(),
                to_model=lambda a: ConcedeModel(),
                apply=self._apply,
                candidates=self._candidates,
            )
        ]


class ShortHands:
    """A house rule: a hand is dead (nobody out) once ``turns`` turns are played."""

    name = "short-hands"

    def __init__(self, turns: int, answer: Any = "stock") -> None:
        self.turns, self.answer = turns, answer

    @hookimpl
    def rummy_dead_hand(self, state: State, seat: int) -> Any:
        return self.answer if state.hand_turns >= self.turns else None


def _turn(game: Game) -> None:
    """The seat to move draws from the stock and discards the card it drew."""
    seat = game.current_player()
    assert seat is not None
    game.apply(seat, Draw("stock"))
    game.apply(seat, Discard(game.state.drawn[0]))


def _drawn(game: Game) -> int:
    seat = game.current_player()
    assert seat is not None
    game.apply(seat, Draw("stock"))
    return seat


def test_a_plugin_action_ends_the_hand_for_another_seat() -> None:
    conceding = Conceding()
    game = new_game("classic:target=none", seed=4, plugins=[conceding])
    seat = _drawn(game)
    conceding.winner = 1 - seat
    events = game.apply(seat, Concede())
    outcome = game.state.outcome
    assert outcome is not None and (outcome.went_out, outcome.reason) == (1 - seat, "out")
    # Classic scores the cards left in the loser's hand to the one who went out (C5).
    assert outcome.hand_scores[1 - seat] > 0 and outcome.hand_scores[seat] == 0
    assert game.state.phase != PLAY and any(e.type == "hand_ended" for e in events)
    assert game.state.turns_taken[seat] == 0  # ending the hand does not count the turn


def test_a_plugin_action_ends_the_hand_with_nobody_out() -> None:
    game = new_game("classic:target=none", seed=4, plugins=[Conceding(winner=None, reason="stock")])
    seat = _drawn(game)
    game.apply(seat, Concede())
    outcome = game.state.outcome
    assert outcome is not None and (outcome.went_out, outcome.reason) == (None, "stock")


def test_end_hand_refuses_a_hand_out_without_a_seat_and_changes_nothing() -> None:
    game = new_game("classic", seed=4, plugins=[Conceding(winner=None, reason="out")])
    seat = _drawn(game)
    before = dump_position(game.state)
    with pytest.raises((RuleError, ValueError)):
        game.apply(seat, Concede())
    assert dump_position(game.state) == before


def test_a_dead_hand_ends_when_a_turn_ends_with_nobody_out() -> None:
    game = new_game("classic:target=none", seed=5, plugins=[ShortHands(turns=3)])
    for _ in range(3):
        assert game.state.phase not in (HAND_OVER,)
        _turn(game)
    outcome = game.state.outcome
    assert outcome is not None and (outcome.went_out, outcome.reason) == (None, "stock")
    assert game.state.hand_turns == 3
    # Without the rule the same deal plays on.
    plain = new_game("classic:target=none", seed=5)
    for _ in range(3):
        _turn(plain)
    assert plain.state.outcome is None


@pytest.mark.parametrize("answer", ["out", 3, "later"])
def test_a_dead_hand_that_answers_nonsense_is_a_plugin_error(answer: Any) -> None:
    game = new_game("classic:target=none", seed=5, plugins=[ShortHands(turns=1, answer=answer)])
    seat = _drawn(game)
    before = dump_position(game.state)
    with pytest.raises(RuleError) as refused:
        game.apply(seat, Discard(game.state.drawn[0]))
    assert refused.value.code == "plugin_error" and "short-hands" in refused.value.message
    assert dump_position(game.state) == before


def test_the_environments_give_a_plugin_action_with_no_fields_one_id() -> None:
    from rummy_core.env import ActionCodec, Session

    hooks = build_hooks(Variant.parse("classic:target=none"), 2, plugins=[Conceding()])
    codec = ActionCodec(hooks)
    block = next(b for b in codec.blocks if b.name == "plugin:concede")
    assert (
        block.size == 1
        and codec.size == ActionCodec(build_hooks(Variant.parse("classic"), 2)).size + 1
    )
    assert codec.fields(block.start) == {"kind": "plugin:concede"}
    assert codec.describe(block.start) == "plugin:concede"
    session = Session(hooks)
    session.start(seed=4)
    seat = session.current()
    assert (
        seat is not None and not session.mask(seat)[block.start]
    )  # nothing to concede before the draw
    session.step(seat, codec.draw.start)  # the stock
    assert session.mask(seat)[block.start]
    session.step(seat, block.start)
    outcome = session.game.state.outcome
    assert outcome is not None and outcome.went_out == 1


def test_a_hand_ended_by_a_plugin_action_keeps_no_turn_to_take_back() -> None:
    from rummy_core.testing import check_invariants

    game = new_game("classic:target=none", seed=4, plugins=[Conceding(winner=None, reason="stock")])
    seat = _drawn(game)
    game.apply(seat, Concede())
    # The position of a finished hand holds no turn: it saves and loads again.
    assert game.state.turn_start is None and game.state.after_draw is None
    check_invariants(game)
