"""The expert bot's tuning per ruleset: the shipped rulesets' table, and a plugin's own."""

from __future__ import annotations

import pytest
from rummy_rulesets.classic import ClassicRummy
from rummy_rulesets.riverside import RiversideRommi

from rummy_core.bots import SeatHandle
from rummy_core.bots.expert import ExpertBot
from rummy_core.bots.tuning import BUILT_IN, ExpertTuning, expert_tuning
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.plugin import Ruleset
from rummy_core.engine.setup import Variant, build_hooks, new_game


class TunedRiverside(RiversideRommi):
    """A plugin's ruleset that tunes the expert for itself."""

    name = "tuned-riverside"
    expert_tuning = ExpertTuning(weights=(5, 1), playouts=6, match_win=40, recheck=8)


class QuickClassic(ClassicRummy):
    """A plugin's ruleset made from a shipped one, with no tuning of its own."""

    name = "quick-classic"


def test_the_classic_expert_keeps_the_greedy_bots_weights_and_looks_harder() -> None:
    assert BUILT_IN["classic"] == ExpertTuning(weights=(3, 4), playouts=32, recheck=32)


@pytest.mark.parametrize(
    ("variant", "tuning"),
    [
        ("classic", BUILT_IN["classic"]),
        ("classic+knock", BUILT_IN["classic"]),  # a house rule leaves the ruleset's tuning
        ("riverside", ExpertTuning()),
        ("hungarian", ExpertTuning()),
    ],
)
def test_each_shipped_ruleset_has_its_tuning(variant: str, tuning: ExpertTuning) -> None:
    assert expert_tuning(build_hooks(Variant.parse(variant), 2).ruleset) == tuning


@pytest.mark.parametrize(
    ("cls", "tuning"),
    [
        (TunedRiverside, TunedRiverside.expert_tuning),
        (QuickClassic, BUILT_IN["classic"]),  # it plays as the ruleset it is made from
    ],
)
def test_a_plugin_ruleset_tunes_the_expert_or_inherits_its_tuning(
    cls: type[Ruleset], tuning: ExpertTuning
) -> None:
    assert expert_tuning(cls(cls.Options())) == tuning


def test_the_expert_plays_a_plugin_ruleset_with_its_tuning() -> None:
    # The ruleset is given to Hooks without being installed, as a plugin's own tests do.
    hooks = Hooks(TunedRiverside(TunedRiverside.Options()), [])
    game = new_game(hooks=hooks, seed=7)
    bot = ExpertBot(5, feeding=3)
    bot.choose(SeatHandle(game, game.current_player()))
    assert (bot.greedy.two_ways, bot.greedy.feeding) == (5, 3)  # an option still wins
    assert (bot.playouts, bot.match_win, bot.recheck) == (6, 40, 8)
