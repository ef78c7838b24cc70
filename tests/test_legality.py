"""Legality without trial runs: ``Game.is_legal`` equals the trial run at every state.

The trial run (``Game.preview``: the action made on a clone) is the reference. Random hands of
every ruleset, of every shipped house rule, and of plugins from elsewhere (one with its own kind
of action, one with a discard rule, one whose meld and lay-off rules read the hand) are played;
at every state each candidate action, and actions made to be refused (draws from every source and
none, take-backs, lay-downs of several melds, of cards not held and of nothing, lay-offs and
swaps on melds that are not there, every discard of a held card, one not held and an ill-formed
one), gets the same answer from ``is_legal`` as from the trial. The move generator
(``legal_actions``) runs a trial only for a plugin's own actions and discards that may end the
hand, unless a plugin from elsewhere implements a hook the reading would skip.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from random import Random
from typing import Any, ClassVar, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from rummy_core.engine.action_kinds import ActionKind, GameSteps
from rummy_core.engine.actions import (
    CUT,
    DISCARD,
    STOCK,
    Action,
    Discard,
    Draw,
    LayOff,
    MeldDown,
    NewMeld,
    PluginAction,
    Swap,
    TakeBack,
)
from rummy_core.engine.cards import rank_of
from rummy_core.engine.errors import RuleError, Violation
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game, refuse
from rummy_core.engine.legality import DISCARD_HOOKS, HOOKS_ASKED
from rummy_core.engine.moves import action_candidates, legal_actions
from rummy_core.engine.plugin import hookimpl
from rummy_core.engine.registry import house_rules, rulesets
from rummy_core.engine.setup import Variant, new_game
from rummy_core.engine.state import PLAY, Meld, State

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


class OddKeeper:
    """A plugin from elsewhere whose meld and lay-off rules read the hand the play leaves: a
    card of odd rank stays in it. Asked of the state before the play, they would answer
    otherwise, so melds and lay-offs go to the trial."""

    name = "odd-keeper"

    @staticmethod
    def _violations(state: State, seat: int) -> list[Violation]:
        if any(rank_of(code) % 2 for code in state.hands[seat]):
            return []
        return [Violation("keep_an_odd_card", "Keep a card of odd rank.")]

    @hookimpl
    def rummy_meld_violations(self, state: State, seat: int) -> list[Violation]:
        return self._violations(state, seat)

    @hookimpl
    def rummy_lay_off_violations(self, state: State, seat: int) -> list[Violation]:
        return self._violations(state, seat)


def by_trial(game: Game, seat: int, action: Action) -> bool:
    """The reference: whether ``action`` is accepted when it is made on a clone."""
    try:
        game.preview(seat, action)
    except RuleError:
        return False
    return True


def refused_ones(game: Game, seat: int, candidates: list[Action]) -> list[Action]:
    """Actions beside the candidates, most of them made to be refused: every draw source and
    one that is none, a take-back, lay-downs of two and three candidate melds, of nothing and of
    cards not held, lay-offs of two cards that each fit and on a meld that is not there, swaps
    of every wild for a held card, and discards."""
    state = game.state
    hand = state.hands[seat]
    held = sorted(set(hand))
    asked: list[Action] = [Draw(source) for source in (STOCK, DISCARD, CUT, "nowhere")]
    asked += [TakeBack(), MeldDown(()), Discard(52), Discard(True)]
    asked += [Discard(code) for code in held]
    asked += [Discard(code) for code in range(52) if code not in hand][:3]
    melds = [m for a in candidates if isinstance(a, MeldDown) for m in a.melds]
    asked += [MeldDown(pair) for pair in pairwise(melds)][:6]
    asked += [MeldDown(tuple(melds[i : i + 3])) for i in range(0, len(melds) - 2, 3)][:3]
    missing = [code for code in range(52) if code not in hand][:3]
    if len(missing) == 3:
        asked.append(MeldDown((NewMeld.of(missing),)))
    # Two cards at once, where each fits the meld alone, and plays on a meld that is not there.
    fits: dict[tuple[int, str | None], list[int]] = {}
    for action in candidates:
        if isinstance(action, LayOff):
            fits.setdefault((action.meld, action.end), []).extend(action.cards)
    asked += [
        LayOff(index, (cards[0], cards[-1]), (None, None), end)
        for (index, end), cards in fits.items()
        if len(cards) > 1
    ][:6]
    nowhere = len(state.table)
    asked += [LayOff(nowhere, tuple(held[:1]), (None,) * len(held[:1]), "high")]
    asked += [Swap(nowhere, code, 52) for code in held[:2]]
    for index, meld in enumerate(state.table):
        asked += [Swap(index, code, wild) for code in held[:4] for wild in _wilds(meld)]
    return asked


def _wilds(meld: Meld) -> set[int]:
    return {c for c, r in zip(meld.cards, meld.reps, strict=True) if c != r}


def check_every_state(game: Game, rng: Random) -> int:
    """Play the hand at random, comparing ``is_legal`` with the trial at every state; the
    actions compared."""
    compared = 0
    while (seat := game.current_player()) is not None:
        candidates = action_candidates(game, seat)
        legal = []
        for action in [*candidates, *refused_ones(game, seat, candidates)]:
            answer = game.is_legal(seat, action)
            assert answer == by_trial(game, seat, action), (action, game.state.phase)
            compared += 1
            if answer and action in candidates:
                legal.append(action)
        if not legal:
            # A discard rule from elsewhere can leave a seat no move (``NoKings`` with a king and
            # the card just taken): the hand stops there, every answer compared.
            break
        game.apply(seat, rng.choice(legal))
    return compared


def _players(variant: str, wanted: int) -> int:
    """``wanted`` players, or as many as the variant's ruleset seats (gin: two)."""
    return min(wanted, Variant.parse(variant).player_range()[1])


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_is_legal_equals_the_trial_in_every_shipped_variant(variant: str, seed: int) -> None:
    game = new_game(variant, players=_players(variant, 2 + seed % 3), seed=seed)
    assert game.hooks.shipped_only(DISCARD_HOOKS)
    assert check_every_state(game, Random(seed)) > 0


@pytest.mark.parametrize(
    "plugins",
    [[Tapper()], [Tapper(), NoKings()], [OddKeeper()]],
    ids=["tap", "no-kings", "odd-keeper"],
)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), ruleset=st.sampled_from(sorted(rulesets())))
def test_is_legal_equals_the_trial_with_a_plugin_from_elsewhere(
    plugins: list[object], seed: int, ruleset: str
) -> None:
    game = new_game(ruleset, players=2, seed=seed, plugins=plugins)
    # A plugin action alone leaves the built-in actions to the reading; a discard rule from
    # elsewhere sends discards to the trial, a meld rule melds.
    hooks = game.hooks
    assert hooks.shipped_only(DISCARD_HOOKS) == (not any(isinstance(p, NoKings) for p in plugins))
    reads_melds = not any(isinstance(p, OddKeeper) for p in plugins)
    assert hooks.shipped_only(HOOKS_ASKED[MeldDown]) == reads_melds
    assert hooks.shipped_only(HOOKS_ASKED[LayOff]) == reads_melds
    check_every_state(game, Random(seed))


def test_a_plugin_registered_later_sends_its_hooks_actions_to_the_trial() -> None:
    game = new_game("classic", players=2, seed=1)
    assert game.hooks.shipped_only(DISCARD_HOOKS)
    game.hooks.pm.register(NoKings(), name="no-kings")
    assert not game.hooks.shipped_only(DISCARD_HOOKS)
    assert game.hooks.shipped_only(HOOKS_ASKED[MeldDown])
    game.hooks.pm.register(OddKeeper(), name="odd-keeper")
    assert not game.hooks.shipped_only(HOOKS_ASKED[MeldDown])
    assert game.hooks.shipped_only(HOOKS_ASKED[Draw])


def trials_of_legal_actions(
    game: Game, rng: Random, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[Action, State]]:
    """Play the hand at random through ``legal_actions``; every action it ran on a clone,
    with the state it ran on."""
    trials: list[tuple[Action, State]] = []
    run = Game._run

    def counted(self: Game, old: State, seat: int, action: Action, events: list[Event]) -> State:
        trials.append((action, old))
        return run(self, old, seat, action, events)

    while (seat := game.current_player()) is not None:
        with monkeypatch.context() as patch:
            patch.setattr(Game, "_run", counted)
            legal = legal_actions(game, seat)
        game.apply(seat, rng.choice(legal))
    return trials


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_move_generator_runs_no_trial_of_a_built_in_action(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for seed in range(3):
        game = new_game(variant, players=_players(variant, 2 + seed), seed=seed)
        for action, _ in trials_of_legal_actions(game, Random(seed), monkeypatch):
            # Only a plugin's own action is run, a discard that ends the hand included.
            assert isinstance(action, PluginAction), action


def test_a_meld_rule_from_elsewhere_sends_melds_and_lay_offs_to_the_trial(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kinds: set[type] = set()
    for seed in range(6):
        game = new_game("hungarian", players=2, seed=seed, plugins=[OddKeeper()])
        trials = trials_of_legal_actions(game, Random(seed), monkeypatch)
        kinds.update(type(action) for action, _ in trials)
    assert {MeldDown, LayOff} <= kinds
    assert not kinds & {Draw, TakeBack, Swap}
