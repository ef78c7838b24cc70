"""Legality without trial runs: ``Game.is_legal`` equals the trial run at every state.

The trial run (``Game.preview``: the action made on a clone) is the reference. Random hands of
every ruleset, of every shipped house rule, and of a plugin from elsewhere with its own kind of
action are played; at every state each candidate action, and every discard of a held card, one
not held and an ill-formed one, gets the same answer from ``is_legal`` as from the trial.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from rummy_core.engine.action_kinds import ActionKind, GameSteps
from rummy_core.engine.actions import Action, Discard, PluginAction
from rummy_core.engine.cards import rank_of
from rummy_core.engine.errors import RuleError, Violation
from rummy_core.engine.events import Event
from rummy_core.engine.game import DISCARD_HOOKS, Game, refuse
from rummy_core.engine.moves import action_candidates
from rummy_core.engine.plugin import hookimpl
from rummy_core.engine.registry import house_rules, rulesets
from rummy_core.engine.setup import new_game
from rummy_core.engine.state import PLAY, State

VARIANTS = [*rulesets()] + [
    f"{ruleset}+{name}"
    for name, cls in sorted(house_rules().items())
    for ruleset in (cls.applies_to or tuple(rulesets()))
]


@dataclass(frozen=True, slots=True)
class Tap(PluginAction):
    """Discard ``card``, of an odd rank, face down, ending the turn."""

    type: ClassVar[str] = "tap"
    card: int


class TapModel(BaseModel):
    type: Literal["tap"] = "tap"
    card: int


class Tapper:
    """A plugin from elsewhere with its own kind of action and no discard hook."""

    name = "tapper"

    def _apply(
        self, game: GameSteps, state: State, seat: int, action: Tap, events: list[Event]
    ) -> None:
        game.check_play(state, seat, action)
        if rank_of(action.card) % 2 == 0:
            raise refuse("even_tap", "Only an odd card is tapped.")
        game.discard_card(state, seat, action.card, events)
        game.end_turn(state, seat, events)

    def _candidates(self, game: GameSteps, seat: int) -> list[Tap]:
        state = game.state
        return [Tap(code) for code in state.hands[seat]] if state.phase == PLAY else []

    @hookimpl
    def rummy_register_actions(self) -> list[ActionKind[Any, Any]]:
        return [
            ActionKind(
                name="tap",
                action=Tap,
                model=TapModel,
                to_action=lambda m: Tap(m.card),
                to_model=lambda a: TapModel(card=a.card),
                apply=self._apply,
                candidates=self._candidates,
            )
        ]


class NoKings:
    """A plugin from elsewhere with a discard rule: discards are then checked by trial."""

    name = "no-kings"

    @hookimpl
    def rummy_discard_violations(self, state: State, seat: int, card: int) -> list[Violation]:
        # Only while another card may go instead: a hand of kings alone is not left stuck.
        others = any(rank_of(code) != 13 for code in state.hands[seat])
        return [Violation("no_kings", "Keep your kings.")] if rank_of(card) == 13 and others else []


def by_trial(game: Game, seat: int, action: Action) -> bool:
    """The reference: whether ``action`` is accepted when it is made on a clone."""
    try:
        game.preview(seat, action)
    except RuleError:
        return False
    return True


def check_every_state(game: Game, rng: Random) -> int:
    """Play the hand at random, comparing ``is_legal`` with the trial at every state; the
    actions compared."""
    compared = 0
    while (seat := game.current_player()) is not None:
        hand = game.state.hands[seat]
        candidates = action_candidates(game, seat)
        asked = [*candidates, *(Discard(code) for code in set(hand)), Discard(52), Discard(True)]
        asked += [Discard(code) for code in range(52) if code not in hand][:3]
        legal = []
        for action in asked:
            answer = game.is_legal(seat, action)
            assert answer == by_trial(game, seat, action), (action, game.state.phase)
            if answer and action in candidates:
                legal.append(action)
        compared += len(asked)
        if not legal:
            # A discard rule from elsewhere can leave a seat no move (``NoKings`` with a king and
            # the card just taken): the hand stops there, every answer compared.
            break
        game.apply(seat, rng.choice(legal))
    return compared


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_is_legal_equals_the_trial_in_every_shipped_variant(variant: str, seed: int) -> None:
    game = new_game(variant, players=2 + seed % 3, seed=seed)
    assert game.hooks.shipped_only(DISCARD_HOOKS)
    assert check_every_state(game, Random(seed)) > 0


@pytest.mark.parametrize("plugins", [[Tapper()], [Tapper(), NoKings()]], ids=["tap", "no-kings"])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), ruleset=st.sampled_from(sorted(rulesets())))
def test_is_legal_equals_the_trial_with_a_plugin_from_elsewhere(
    plugins: list[object], seed: int, ruleset: str
) -> None:
    game = new_game(ruleset, players=2, seed=seed, plugins=plugins)
    # A plugin action alone leaves discards to the fast path; a discard rule from elsewhere
    # sends them to the trial.
    assert game.hooks.shipped_only(DISCARD_HOOKS) == (len(plugins) == 1)
    check_every_state(game, Random(seed))


def test_a_plugin_registered_later_sends_discards_to_the_trial() -> None:
    game = new_game("classic", players=2, seed=1)
    assert game.hooks.shipped_only(DISCARD_HOOKS)
    game.hooks.pm.register(NoKings(), name="no-kings")
    assert not game.hooks.shipped_only(DISCARD_HOOKS)
