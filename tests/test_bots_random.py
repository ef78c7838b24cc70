"""The random bot: a uniformly random legal action, from its seed alone."""

from __future__ import annotations

from collections import Counter

from rummy_core.bots import SeatHandle, make_bot
from rummy_core.bots.turns import bot_turn
from rummy_core.engine.game import Game
from rummy_core.engine.moves import action_candidates, legal_actions
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.engine.state import PLAY


def _play_phase_with_refusals() -> tuple[Game, int]:
    """A classic game in a play phase where some candidates are refused (the take-back with
    nothing to take back, say) and several actions are legal."""
    hooks = build_hooks(Variant.parse("classic:target=null"), 2)
    for seed in range(100):
        game = new_game(hooks=hooks, seed=seed)
        bots = [make_bot("random", 0), make_bot("random", 1)]
        for _ in range(12):
            bot_turn(game, bots)
            seat = game.current_player()
            if seat is None or game.state.phase != PLAY:
                continue
            legal = legal_actions(game, seat)
            if 4 <= len(legal) < len(action_candidates(game, seat)):
                return game, seat
    raise AssertionError("no such position in 100 deals")


def test_the_choice_is_uniform_over_the_legal_actions() -> None:
    game, seat = _play_phase_with_refusals()
    legal = legal_actions(game, seat)
    trials = 200 * len(legal)
    counts = Counter(make_bot("random", s).choose(SeatHandle(game, seat)) for s in range(trials))
    # Never a refused candidate, and every legal action about equally often: the seeds are
    # fixed, so this checks one sample, whose chi-square statistic stays far below the 99.9%
    # point of its distribution (about 2.5 times the degrees of freedom for these sizes).
    assert set(counts) == set(legal)
    expected = trials / len(legal)
    chi_square = sum((counts[a] - expected) ** 2 / expected for a in legal)
    assert chi_square < 2.5 * (len(legal) - 1) + 10


def test_the_same_seed_makes_the_same_choices() -> None:
    game, seat = _play_phase_with_refusals()
    first = [make_bot("random", s).choose(SeatHandle(game, seat)) for s in range(30)]
    again = [make_bot("random", s).choose(SeatHandle(game, seat)) for s in range(30)]
    assert first == again
    assert len(set(first)) > 1
