"""The particle filter over the gin rival's hand, and the expert's veto on it (bots.filtering)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from rummy_rulesets.gin import GIN_MELDS

from rummy_core.bots import SeatHandle
from rummy_core.bots.expert import ExpertBot
from rummy_core.bots.filtering import SLIP, RivalFilter
from rummy_core.bots.greedy import GreedyBot
from rummy_core.bots.tracking import CardTracker
from rummy_core.bots.tuning import expert_tuning
from rummy_core.bots.turns import bot_move
from rummy_core.engine.actions import STOCK, Action, Discard
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.defaults import PIP_VALUES
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Discarded, Drew
from rummy_core.engine.game import Game
from rummy_core.engine.setup import new_game
from rummy_core.solver import solver_for
from rummy_core.testing import position_game

SOLVER = solver_for(GIN_MELDS, PIP_VALUES)


def hand(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_cards(text)))


def gin_turn(hands: list[str], pile: str, phase: str = "draw", **position: Any) -> Game:
    """Gin, seat 0 to move on a later turn, ``pile`` bottom first (its last card on top)."""
    position.setdefault("turns_taken", [4, 4])
    return position_game(
        "gin",
        5,
        dealer=1,
        turn=0,
        phase=phase,
        hands=[h.split() for h in hands],
        discard=pile.split(),
        **position,
    )


def following(game: Game, hands: list[tuple[int, ...]]) -> tuple[RivalFilter, CardTracker]:
    """A filter of seat 0 whose particles are ``hands``, each weighted 1, and its tracker."""
    view = SeatHandle(game, 0).view
    tracker = CardTracker()
    tracker.sync(view)
    rival = RivalFilter(0, len(hands))
    rival.hand_number = view.hand_number
    rival.hands = list(hands)
    rival.weights = [1.0] * len(hands)
    return rival, tracker


def test_a_pile_card_left_weighs_down_the_hands_that_would_have_taken_it() -> None:
    game = gin_turn(["AC 2C 3C 9H 9S JD QD 4H 7S 8C", "2D 3D 4D 5D 6D 7D 8D 9D 10D KD"], "6C 8H")
    # The first would take the 8H (6H 7H meld it), and knock with a 5H (5H 6H 7H, the fives,
    # a king thrown); the second melds neither. Both knock with the KS (three kings).
    takes_it = hand("6H 7H 5S 5C 5D AS 2S 3S KC KH")
    leaves_it = hand("6H 10H 5S 5C 5D AS 2S 3S KC KH")
    rival, tracker = following(game, [takes_it, leaves_it])
    view = SeatHandle(game, 0).view
    assert rival.knock_share(parse_card("5H"), SOLVER, 10) == pytest.approx(0.5)
    assert rival.knock_share(parse_card("KS"), SOLVER, 10) == 1
    # The rival drew from the stock over the 8H: the hand that wanted it is unlikely now.
    rival.observe([Drew(1, STOCK, None, 1, None, True)], tracker)
    rival.update(view, tracker, list(game.hooks.deck), SOLVER, 10)
    assert rival.weights == [pytest.approx(SLIP), 1.0]
    assert rival.knock_share(parse_card("5H"), SOLVER, 10) == pytest.approx(SLIP / (1 + SLIP))
    assert rival.knock_share(parse_card("KS"), SOLVER, 10) == 1
    assert rival.hands == [takes_it, leaves_it]


def test_a_card_taken_from_the_pile_is_in_every_hand_until_thrown() -> None:
    game = gin_turn(["AC 2C 3C 9H 9S JD QD 4H 7S 8C", "2D 3D 4D 5D 6D 7D 8D 9D 10D KD"], "6C 8H")
    hands = [hand("6H 7H 5S 5C 5D AS 2S QS KC KH"), hand("6H 10H 5S 5C 5D AS 2S QS KC KH")]
    rival, tracker = following(game, hands)
    events = [Drew(1, "discard", (parse_card("8H"),), 1, parse_card("8H"), False)]
    rival.observe(events, tracker)
    tracker.observe(events)
    thrown = [Discarded(1, parse_card("KH"), False)]
    rival.observe(thrown, tracker)
    tracker.observe(thrown)
    # The view after: the rival holds the 8H, the KH is on the pile, seat 0 to draw again.
    after = gin_turn(
        ["AC 2C 3C 9H 9S JD QD 4H 7S 8C", "2D 3D 4D 5D 6D 7D 8D 9D 10D 8H"],
        "6C KH",
        turns_taken=[4, 5],
    )
    view = SeatHandle(after, 0).view
    tracker.sync(view)
    rival.update(view, tracker, list(after.hooks.deck), SOLVER, 10)
    assert all(parse_card("8H") in h and parse_card("KH") not in h for h in rival.hands)
    # Taking the 8H melds it in the first hand alone; both threw their king, which melds with
    # nothing, and neither could knock.
    assert rival.weights == [1.0, pytest.approx(SLIP)]


def test_the_filter_never_holds_a_card_the_seat_sees_and_always_those_it_took() -> None:
    checked = 0
    for seed in range(3):
        game = new_game("gin", players=2, seed=seed)
        expert = ExpertBot(seed, playouts=2, veto=0.15, particles=200)
        bots = [expert, GreedyBot(1, two_ways=0, feeding=0, knock_at=10)]
        while game.current_player() is not None:
            # What seat 0 sees as it decides, when its filter catches up.
            mine = game.current_player() == 0
            seen = set(game.state.hands[0]) | set(game.state.discard)
            size = len(game.state.hands[1])
            bot_move(game, bots)
            rival = expert.filter
            if not mine or rival is None or not rival.hands:
                continue
            taken = expert.greedy.tracker.known[1]
            for cards, weight in zip(rival.hands, rival.weights, strict=True):
                if weight:
                    assert not seen & set(cards)
                    assert set(taken) <= set(cards)
                    assert len(cards) == size
            checked += 1
    assert checked > 20


def gin_choice(bot: ExpertBot, rival_hand: tuple[int, ...]) -> Action:
    """What ``bot`` throws in a gin position where the rival surely holds ``rival_hand``."""
    game = gin_turn(
        ["AC 2C 3C 4D 5D 6D 9S 9H QD 2S KC", "QC QH 5S 6S 7S 8H 8C 8D AH 2D"],
        "7C",
        phase="play",
        this_turn={"drew": STOCK},
    )
    if bot.filter is not None:
        view = SeatHandle(game, 0).view
        bot.filter.hand_number = view.hand_number
        bot.filter.hands = [rival_hand]
        bot.filter.weights = [1.0]
    return bot.choose(SeatHandle(game, 0))


def test_the_veto_throws_another_card_when_the_rival_surely_knocks_with_its_own() -> None:
    # The QD makes three queens, and the rival knocks with 3 (the AH and 2D).
    rival_hand = hand("QC QH 5S 6S 7S 8H 8C 8D AH 2D")
    assert SOLVER.one_discard_within([*rival_hand, parse_card("QD")], 10)
    plain = gin_choice(ExpertBot(0, playouts=8, veto=0), rival_hand)
    assert plain == Discard(parse_card("QD"))
    vetoed = gin_choice(ExpertBot(0, playouts=8, veto=0.15), rival_hand)
    assert isinstance(vetoed, Discard) and vetoed != plain
    assert not SOLVER.one_discard_within([*rival_hand, vetoed.card], 10)


def test_a_copy_of_the_expert_follows_the_rival_as_it_would() -> None:
    # Bots are copied to replay a decision: the copy's particles and its draws go on alike.
    def moves(copied: Callable[[ExpertBot], ExpertBot]) -> list[Action]:
        game = new_game("gin", players=2, seed=4)
        expert = ExpertBot(3, playouts=2, veto=0.15, particles=100)
        made: list[Action] = []
        while game.current_player() is not None:
            expert = copied(expert)
            made.append(bot_move(game, [expert, GreedyBot(1, knock_at=10)])[1])
        return made

    alike = [
        moves(lambda bot: bot),
        moves(copy.deepcopy),
        moves(lambda b: pickle.loads(pickle.dumps(b))),
    ]
    assert alike[0] == alike[1] == alike[2]


def test_only_a_veto_follows_the_rival() -> None:
    game = new_game("gin", players=2, seed=1)
    tuning = expert_tuning(game.hooks.ruleset)
    bot = ExpertBot(0, playouts=2, veto=0)
    bot.choose(SeatHandle(game, game.current_player() or 0))
    assert bot.filter is None
    classic = new_game("classic", players=2, seed=1)
    bot = ExpertBot(0, playouts=2)
    bot.choose(SeatHandle(classic, classic.current_player() or 0))
    assert bot.filter is None
    assert tuning.particles >= 100


@pytest.mark.parametrize("veto", [-0.1, 1.5, True, "x"])
def test_a_veto_not_a_share_is_refused(veto: Any) -> None:
    with pytest.raises(RuleError) as err:
        ExpertBot(0, veto=veto)
    assert err.value.code == "bad_bot_options"
