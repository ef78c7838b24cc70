"""Reading a rival's hand from its last discard, and the deals the expert keeps for it."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from rummy_rulesets.gin import GIN_MELDS

from rummy_core.bots import SeatHandle, expert
from rummy_core.bots.expert import ExpertBot
from rummy_core.bots.greedy import GreedyBot
from rummy_core.bots.reading import UNMELDED_PICKUP, discard_reading
from rummy_core.bots.sampling import dealt, likeliest_deal
from rummy_core.bots.tracking import CardTracker
from rummy_core.bots.tuning import expert_tuning
from rummy_core.engine.actions import DISCARD, STOCK, Draw
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.defaults import PIP_VALUES
from rummy_core.engine.events import Dealt, Discarded, Drew
from rummy_core.engine.game import Game
from rummy_core.engine.setup import game_from_position
from rummy_core.solver import solver_for
from rummy_core.testing import position_game

SOLVER = solver_for(GIN_MELDS, PIP_VALUES)


def c(text: str) -> int:
    return parse_card(text)


def tracker_after(*events: Any) -> CardTracker:
    tracker = CardTracker()
    tracker.reset(1, 2)
    tracker.seat = 0
    tracker.observe(events)
    return tracker


def gin_draw(hands: list[str], pile: str) -> Game:
    """Gin, seat 0 to draw on a later turn, ``pile`` bottom first (its last card on top)."""
    return position_game(
        "gin",
        5,
        dealer=1,
        turn=0,
        phase="draw",
        hands=[h.split() for h in hands],
        discard=pile.split(),
        turns_taken=[4, 4],
    )


def test_the_tracker_remembers_the_last_discard_until_the_next_hand() -> None:
    tracker = tracker_after(Discarded(0, c("9H"), False))
    assert tracker.last_discard == (0, c("9H"))
    tracker.observe([Drew(1, STOCK, None, 1, None, True), Discarded(1, c("4S"), False)])
    assert tracker.last_discard == (1, c("4S"))
    assert tracker.public_copy(tracker.pile).last_discard == (1, c("4S"))
    tracker.observe([Dealt(1, 2, (10, 10))])
    assert tracker.last_discard is None


def test_a_hand_that_kept_costlier_deadwood_than_it_threw_is_unlikely() -> None:
    unlikely = discard_reading(tracker_after(Discarded(1, c("6D"), False)), SOLVER, GIN_MELDS)
    assert unlikely is not None
    # Its deadwood (2C 3H 4S 5D and the 6D thrown) all worth no more than the six: it fits.
    fits = parse_cards("7H 8H 9H KS KC KD 2C 3H 4S 5D")
    assert unlikely([[], fits]) == 0
    # A queen and a nine left unmelded while a six went: 4 + 3 points more than the six.
    scattered = parse_cards("7H 8H 9H KS KC KD 2C 3H QS 9D")
    assert unlikely([[], scattered]) == 4 + 3


def test_a_card_taken_from_the_pile_and_left_unmelded_is_unlikely() -> None:
    tracker = tracker_after(
        Discarded(0, c("5C"), False),
        Drew(1, "discard", (c("5C"),), 1, None, True),
        Discarded(1, c("9D"), False),
    )
    unlikely = discard_reading(tracker, SOLVER, GIN_MELDS)
    assert unlikely is not None
    assert unlikely([[], parse_cards("5C 5H 5S 7D 8D 9S 2H 3S 4D AC")]) == 0
    assert unlikely([[], parse_cards("5C 6H 7S 7D 8D 9S 2H 3S 4D AC")]) == UNMELDED_PICKUP


def test_nothing_is_read_without_a_rivals_discard() -> None:
    assert discard_reading(tracker_after(), SOLVER, GIN_MELDS) is None
    own = tracker_after(Discarded(0, c("5C"), False))
    assert discard_reading(own, SOLVER, GIN_MELDS) is None


def test_the_likeliest_deal_fits_the_rivals_last_discard() -> None:
    game = gin_draw(["AC 2C 3C 9H 9S JD QD 4H 7S 8C", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D"], "5S")
    seat = SeatHandle(game, 0)
    view = seat.view
    tracker = CardTracker()
    tracker.sync(view)
    tracker.last_discard = (1, c("5S"))
    unlikely = discard_reading(tracker, SOLVER, GIN_MELDS)
    assert unlikely is not None
    deck = list(game.hooks.deck)
    first, kept = [], []
    for deal in range(20):
        rng = Random(deal)
        seed = likeliest_deal(deck, view, tracker, rng, unlikely, 40)
        rng = Random(deal)
        scores = [unlikely(dealt(deck, view, tracker, Random(rng.randrange(1 << 30)))[0])]
        first.append(scores[0])
        kept.append(unlikely(dealt(deck, view, tracker, Random(seed))[0]))
    # A rival's hand dealt as it comes keeps deadwood far costlier than the five it threw; the
    # deal kept is the best of forty.
    assert sum(kept) * 3 < sum(first)
    assert likeliest_deal(deck, view, tracker, Random(3), unlikely, 1) == Random(3).randrange(
        1 << 30
    )


def test_a_racing_greedy_bot_takes_a_pile_card_that_lets_it_knock() -> None:
    # The 2C melds with nothing, but with it the 9D goes and the hand knocks with 2: a player
    # racing to knock takes it (OpenSpiel's simple bot does), where the stock may not serve.
    game = gin_draw(["2H 3H 4H 7S 7D 7C JS QS KS 9D", "AD 2D 3D 4D 5D 6D 8C 8D 10D 10C"], "2C")
    assert GreedyBot(knock_at=10).choose(SeatHandle(game, 0)) == Draw(DISCARD)
    assert GreedyBot().choose(SeatHandle(game, 0)) == Draw(STOCK)
    # Not when the hand would still be above the knock.
    game = gin_draw(["2H 3H 4H 7S 7D 7C JS QS 9S 9D", "AD 2D 3D 4D 5D 6D 8C 8D 10D 10C"], "2C")
    assert GreedyBot(knock_at=10).choose(SeatHandle(game, 0)) == Draw(STOCK)


def test_only_the_gin_expert_reads_discards_and_models_a_racing_rival(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Its playouts' rivals throw their costliest unmelded card and take a pile card to knock,
    # and each playout's deal is the likeliest of 30; the other rulesets play as before.
    made: list[dict[str, Any]] = []
    tries: list[int] = []

    def rival(*args: Any, **weights: Any) -> GreedyBot:
        # A function, not a subclass: the compiled build's GreedyBot takes no Python subclass.
        made.append(weights)
        return GreedyBot(*args, **weights)

    def likeliest(*args: Any) -> int:
        tries.append(args[-1])
        return likeliest_deal(*args)

    monkeypatch.setattr(expert, "GreedyBot", rival)
    monkeypatch.setattr(expert, "likeliest_deal", likeliest)
    tracker = tracker_after(Discarded(1, c("5S"), False))
    gin = gin_draw(["AC 2C 3C 9H 9S JD QD 4H 7S 8C", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D"], "5S")
    tuning = expert_tuning(gin.hooks.ruleset)
    assert (tuning.reads, tuning.rivals) == (30, (0, 0))
    bot = ExpertBot(0)
    bot.greedy.tracker = tracker
    bot.choose(SeatHandle(gin, 0))
    assert (bot.reads, bot.rivals) == (30, (0, 0))
    assert {"two_ways": 0, "feeding": 0, "knock_at": 10} in made
    assert tries and set(tries) == {30}
    made.clear()
    tries.clear()
    pos = {"players": 2, "dealer": 1, "turn": 0, "phase": "draw", "turns_taken": [3, 3]}
    pos["hands"] = [["4H", "5H", "6H", "9C", "KD"], ["3S", "8D"]]
    pos["discard"] = ["5S"]
    classic = ExpertBot(0)
    classic.greedy.tracker = tracker_after(Discarded(1, c("5S"), False))
    game = game_from_position("classic", pos, seed=5)
    classic.choose(SeatHandle(game, 0))
    assert (classic.reads, classic.rivals) == (1, (3, 4))
    assert {"two_ways": 3, "feeding": 4, "knock_at": 0} in made
    assert not tries
