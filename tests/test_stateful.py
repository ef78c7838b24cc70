"""A hypothesis state machine per ruleset: random legal and illegal actions, saves, loads and
take-backs, with the engine's invariants checked after every step.

Invariants: every card of the deck is somewhere, once (conservation); a refused action changes
nothing and is refused with the same stable code when tried again (A2); every seat's view is the
view of the game rebuilt from its saved position (A5); and no view or event shows a card hidden
from its seat. The ``ci`` profile keeps each ruleset to a few seconds; ``RUMMY_STATEFUL=soak``
runs far longer (``RUMMY_STATEFUL=soak pytest tests/test_stateful.py``).
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections import Counter
from random import Random
from typing import Any, ClassVar

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from rummy_core.engine.actions import Action, Discard, Draw, LayOff, TakeBack
from rummy_core.engine.cards import JOKER
from rummy_core.engine.errors import RuleError
from rummy_core.engine.game import Game
from rummy_core.engine.moves import action_candidates, legal_actions
from rummy_core.engine.setup import new_game
from rummy_core.engine.state import DRAW, HAND_OVER, MATCH_OVER, PLAY
from rummy_core.engine.view import player_view
from rummy_core.formats.position import dump_position, load_position
from rummy_core.present.cut import CUT
from rummy_core.testing import all_cards, check_view_hides, random_action

settings.register_profile(
    "ci",
    max_examples=15,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
settings.register_profile(
    "soak",
    max_examples=500,
    stateful_step_count=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
PROFILE = settings.get_profile(os.environ.get("RUMMY_STATEFUL", "ci"))
CODE = re.compile(r"^[a-z][a-z0-9_]*$")


class GameMachine(RuleBasedStateMachine):
    """One match of ``RULESET`` between ``PLAYERS`` seats, driven at random."""

    RULESET: ClassVar[str] = "classic"
    PLAYERS: ClassVar[int] = 2

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.deck: Counter[int] = Counter()

    @property
    def live(self) -> Game:
        assert self.game is not None
        return self.game

    @initialize(seed=st.integers(0, 10_000), head_start=st.sampled_from([0, 0, 40, 80, 160]))
    def deal(self, seed: int, head_start: int) -> None:
        """A fresh deal, or a game some random actions on (so that hands' ends are reached)."""
        game = self.game = new_game(self.RULESET, players=self.PLAYERS, seed=seed)
        self.deck = Counter(game.hooks.deck)
        rng = Random(seed)
        for _ in range(head_start):
            if game.state.phase == HAND_OVER:
                game.next_hand()
            if game.current_player() is None:
                break
            game.apply(game.current_player() or 0, random_action(game, rng))

    def playing(self) -> bool:
        return self.game is not None and self.game.state.phase in (CUT, DRAW, PLAY)

    # -- the rules ---------------------------------------------------------------------------

    @precondition(playing)
    @rule(data=st.data(), count=st.integers(1, 12))
    def legal_actions(self, data: st.DataObject, count: int) -> None:
        """A run of random legal actions (the cards counted after each), so hands get far."""
        game = self.live
        for _ in range(count):
            seat = game.current_player()
            if seat is None:
                return
            legal = legal_actions(game, seat)
            assert legal, f"seat {seat} has no legal action in {game.state.phase}"
            # Ending turns more often than not, so that hands (and their ends) are reached.
            ends = [a for a in legal if isinstance(a, Discard | Draw)]
            pool = ends if ends and data.draw(st.booleans(), label="end the turn") else legal
            game.apply(seat, data.draw(st.sampled_from(pool), label="legal action"))
            self.cards_are_conserved()

    @precondition(playing)
    @rule(data=st.data())
    def illegal_action(self, data: st.DataObject) -> None:
        game = self.live
        seat = game.current_player()
        assert seat is not None
        seat, action = data.draw(st.sampled_from(self.refusable(seat)), label="illegal action")
        before = copy.deepcopy(game.state)
        logged = len(game.log)
        codes = []
        for _ in range(2):
            try:
                game.apply(seat, action)
            except RuleError as exc:
                codes.append(exc.code)
            else:
                raise AssertionError(f"{action} by seat {seat} was accepted")
            assert game.state.equals(before), f"refusing {action} changed the state"
            assert len(game.log) == logged
        assert codes[0] == codes[1] and CODE.match(codes[0]), codes

    def refusable(self, seat: int) -> list[tuple[int, Action | Any]]:
        """Actions the game must refuse now: the rules' own refusals among the candidates, a
        rival's move, cards not held, melds not on the table, and malformed actions."""
        game = self.live
        st_ = game.state
        found: list[tuple[int, Any]] = [
            (seat, a) for a in action_candidates(game, seat) if not game.is_legal(seat, a)
        ][:5]
        found.append(((seat + 1) % st_.players, Draw("stock")))
        outside = next(c for c in range(JOKER + 1) if c not in st_.hands[seat])
        found += [(seat, Discard(outside)), (seat, LayOff(len(st_.table), (outside,), (None,)))]
        found += [(seat, Discard(99)), (seat, Discard("AS")), (seat, Draw("nowhere"))]
        found += [(st_.players + 3, Draw("stock")), (seat, "draw")]
        if st_.phase == DRAW and not game.is_legal(seat, TakeBack()):
            found.append((seat, TakeBack()))
        return found

    @precondition(playing)
    @rule()
    def take_back(self) -> None:
        game = self.live
        seat = game.current_player()
        assert seat is not None
        if not game.is_legal(seat, TakeBack()):
            return
        old = game.state
        game.apply(seat, TakeBack())
        event("took back")
        new = game.state
        # Back to a state of this turn (A3): after the draw, or its start with the draw given
        # back, in either case with nothing played since.
        assert not new.plays and new.turn == old.turn and new.hand_turns == old.hand_turns

    @precondition(lambda self: self.game is not None)
    @rule()
    def save_and_load(self) -> None:
        game = self.live
        st_ = game.state
        data = json.loads(json.dumps(dump_position(st_)))
        loaded = Game(game.hooks, load_position(data, game.hooks, st_.seed))
        assert loaded.state.equals(st_), "the position does not survive a save and a load"
        # Play goes on from the loaded game (its log starts afresh, its state is the same).
        loaded.events = list(game.events)
        self.game = loaded
        event(f"saved and loaded in the {st_.phase} phase")

    @precondition(lambda self: self.game is not None and self.game.state.phase == HAND_OVER)
    @rule()
    def next_hand(self) -> None:
        event("a hand ended")
        self.live.next_hand()

    # -- the invariants ----------------------------------------------------------------------

    @invariant()
    def cards_are_conserved(self) -> None:
        if self.game is not None:
            assert all_cards(self.game.state) == self.deck, "cards were lost or made"

    @invariant()
    def views_are_those_of_the_saved_position(self) -> None:
        if self.game is None:
            return
        game = self.live
        st_ = game.state
        data = json.loads(json.dumps(dump_position(st_)))
        rebuilt = load_position(data, game.hooks, st_.seed)
        for seat in range(st_.players):
            assert player_view(rebuilt, seat) == player_view(st_, seat), f"seat {seat}'s view"

    @invariant()
    def no_view_shows_a_hidden_card(self) -> None:
        if self.game is None:
            return
        for seat in range(self.live.state.players):
            check_view_hides(self.live, seat, Random(seat))

    @invariant()
    def a_finished_match_stays_finished(self) -> None:
        if self.game is not None and self.game.state.phase == MATCH_OVER:
            assert self.game.current_player() is None


class ClassicMachine(GameMachine):
    RULESET = "classic"
    PLAYERS = 2


class RiversideMachine(GameMachine):
    RULESET = "riverside"
    PLAYERS = 3


class HungarianMachine(GameMachine):
    RULESET = "hungarian"
    PLAYERS = 3


TestClassic = ClassicMachine.TestCase
TestRiverside = RiversideMachine.TestCase
TestHungarian = HungarianMachine.TestCase
TestClassic.settings = TestRiverside.settings = TestHungarian.settings = PROFILE
