"""The greedy bot: what it lays down, lays off, swaps, draws and discards, under each ruleset."""

from __future__ import annotations

import copy
import gc
import pickle
from typing import Any

import pytest

from rummy_core.bots import SeatHandle, make_bot, probe
from rummy_core.bots.greedy import GreedyBot
from rummy_core.bots.tracking import CardTracker
from rummy_core.bots.turns import bot_move
from rummy_core.engine.actions import (
    CUT,
    DISCARD,
    STOCK,
    Action,
    Discard,
    Draw,
    LayOff,
    MeldDown,
    Swap,
)
from rummy_core.engine.cards import JOKER, parse_card, parse_cards
from rummy_core.engine.errors import Violation
from rummy_core.engine.events import Discarded, Drew
from rummy_core.engine.game import Game
from rummy_core.engine.plugin import hookimpl
from rummy_core.engine.registry import house_rules
from rummy_core.engine.setup import game_from_position, new_game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER, State
from rummy_core.match import Match


def c(text: str) -> int:
    return parse_card(text)


def position(
    variant: str, hands: list[str], plugins: tuple[object, ...] = (), **fields: Any
) -> Game:
    """Two players, seat 0 to move on a later turn; ``fields`` replace any position field."""
    pos: dict[str, Any] = {
        "players": 2,
        "dealer": 1,
        "turn": 0,
        "phase": "draw",
        "hands": [h.split() for h in hands],
        "turns_taken": [3, 3],
    }
    pos.update(fields)
    return game_from_position(variant, pos, seed=5, plugins=plugins)


def choose(game: Game, bot: GreedyBot | None = None) -> Action:
    bot = bot or GreedyBot()
    seat = game.current_player()
    assert seat is not None
    return bot.choose(SeatHandle(game, seat))


def play_turn(game: Game, bot: GreedyBot | None = None) -> list[Action]:
    """Let ``bot`` play the current seat's whole turn; the actions it made."""
    bot = bot or GreedyBot()
    seat = game.current_player()
    made: list[Action] = []
    while game.current_player() == seat and len(made) < 40:
        action = bot.choose(SeatHandle(game, seat))
        game.apply(seat, action)
        made.append(action)
    return made


def melds_of(action: Action) -> set[frozenset[int]]:
    assert isinstance(action, MeldDown)
    return {frozenset(m.cards) for m in action.melds}


# -- laying down -------------------------------------------------------------------------------


def test_lays_down_every_meld_the_solver_finds_then_sheds_the_high_card() -> None:
    # Ruling C3: any number of melds from the first turn on; the tips: shed high cards early.
    game = position(
        "classic", ["4H 5H 6H 9C 9D 9S KD 2C", "3S 8D"], phase="play", this_turn={"drew": STOCK}
    )
    made = play_turn(game)
    assert melds_of(made[0]) == {
        frozenset(parse_cards("4H 5H 6H")),
        frozenset(parse_cards("9C 9D 9S")),
    }
    assert made[-1] == Discard(c("KD"))


def test_goes_out_by_melding_everything_when_no_card_must_be_kept() -> None:
    # Ruling C4: classic lets the last card go into a meld; the hand stops at once.
    game = position("classic", ["4H 5H 6H 9C 9D 9S", "3S 8D"], stock=["9H", "2D"])
    play_turn(game)
    assert game.state.outcome is not None and game.state.outcome.went_out == 0


def test_keeps_a_card_to_discard_when_the_rules_want_one_kept() -> None:
    # Ruling R10: the last card is never put down; the bot melds all but one and closes.
    game = position("riverside", ["4H 5H 6H 7H 9C 9D 9S 9H", "3S 8D"], stock=["KS", "2D"])
    made = play_turn(game)
    assert isinstance(made[-1], Discard)
    assert game.state.outcome is not None and game.state.outcome.went_out == 0
    assert sum(len(m.cards) for m in game.state.table) == 8


def test_declares_the_wilds_of_a_meld_that_reads_two_ways() -> None:
    # Ruling R7: a meld of 2s alone must say what each stands for; the bot's lay-down does.
    game = position("riverside", ["2C 2D 2H KD QS", "3S 8D"], stock=["5C", "4D"])
    made = play_turn(game)
    lay_downs = [a for a in made if isinstance(a, MeldDown)]
    assert lay_downs, made
    declared = [m for a in lay_downs for m in a.melds if any(d is not None for d in m.declared)]
    assert declared and set(parse_cards("2C 2D 2H")) <= set(declared[0].cards)
    assert all(c("2S") != code for m in game.state.table for code in m.cards)


def test_does_not_open_below_the_minimum() -> None:
    # Ruling H5: 3-4-5 of hearts and three 7s are 33 points, short of 51: nothing goes down.
    game = position(
        "hungarian",
        ["3H 4H 5H 7C 7D 7S KC 9D", "3S 8D"],
        opened=[False, True],
        on_show={"cut": ["AC"]},
        stock=["2C", "2D"],
    )
    made = play_turn(game)
    assert not any(isinstance(a, MeldDown) for a in made)
    assert game.state.table == []


def test_opens_when_the_melds_together_reach_the_minimum() -> None:
    # Ruling H5: KKK and QQQ are 60 points together, put down in one lay-down.
    game = position(
        "hungarian",
        ["KC KD KS QC QD QH 4D 9D", "3S 8D"],
        opened=[False, True],
        on_show={"cut": ["AC"]},
        stock=["2C", "2D"],
    )
    made = play_turn(game)
    assert len(melds_of(made[1])) == 2
    assert game.state.opened(0)


def test_nothing_goes_down_on_a_first_turn_that_forbids_it() -> None:
    # Ruling R5: the first turn of each hand is draw and discard only; the bot is not stuck.
    game = position(
        "riverside", ["4H 5H 6H 9C 9D 9S 9H KD", "3S 8D"], turns_taken=[0, 0], stock=["KS", "2D"]
    )
    made = play_turn(game)
    assert [type(a) for a in made] == [Draw, Discard]


# -- laying off and swapping -----------------------------------------------------------------


def test_lays_off_a_deadwood_card_on_a_rivals_meld() -> None:
    # Ruling C3: lay-offs go on any player's melds.
    game = position(
        "classic",
        ["8S QD", "3S 8D"],
        table=[{"owner": 1, "cards": ["5S", "6S", "7S"]}],
        phase="play",
        this_turn={"drew": STOCK},
    )
    assert choose(game) == LayOff(0, (c("8S"),), (None,), "high")


def test_swaps_a_joker_and_puts_it_down_again() -> None:
    # Ruling H6: the real card takes the joker's place; the joker goes down again this turn.
    game = position(
        "hungarian",
        ["9D 4C 5C 6C KH", "3S 8D"],
        opened=[True, True],
        table=[{"owner": 1, "cards": ["8D", "JK", "10D"]}],
        on_show={"cut": ["AC"]},
        stock=["QS", "2D"],
    )
    made = play_turn(game)
    assert Swap(0, c("9D"), JOKER) in made
    assert JOKER not in game.state.hands[0]
    assert isinstance(made[-1], Discard)


class RefuseMeldTurns:
    """A house rule no bot can foresee: a turn with a new meld in it cannot end."""

    name = "no-meld-turns"

    @hookimpl(tryfirst=True)
    def rummy_turn_end_violations(self, state: State) -> list[Violation]:
        if "meld" in state.plays:
            return [Violation("meld_turn", "Not today.")]
        return []


def test_takes_back_a_plan_the_rules_refuse_and_never_gets_stuck() -> None:
    # Ruling A3: before discarding, everything put down can be taken back.
    game = position(
        "classic",
        ["4H 5H 6H 9C KD", "3S 8D"],
        plugins=(RefuseMeldTurns(),),
        phase="play",
        this_turn={"drew": STOCK},
    )
    made = play_turn(game)
    assert isinstance(made[0], MeldDown) and "TakeBack" in [type(a).__name__ for a in made]
    assert isinstance(made[-1], Discard) and game.state.turn == 1
    assert game.state.table == []


# -- drawing ---------------------------------------------------------------------------------


def test_takes_the_discard_that_completes_a_meld() -> None:
    # Ruling C2: the top discard may be drawn (and then not thrown back this turn).
    game = position("classic", ["4H 5H 9C KD QS", "3S 8D"], discard=["2C", "6H"], stock=["JD"])
    made = play_turn(game)
    assert made[0] == Draw(DISCARD)
    assert Discard(c("6H")) not in made


def test_leaves_a_discard_that_does_not_help() -> None:
    game = position("classic", ["4H 5H 9C KD QS", "3S 8D"], discard=["2C", "JC"], stock=["JD"])
    assert choose(game) == Draw(STOCK)


def test_takes_the_cut_card_only_to_go_out_with_it() -> None:
    # Ruling H7: the cut card is the player's only if they go out on that turn.
    hands = ["4H 5H 6H 9C 9D 9S KC KD 2C", "3S 8D"]
    out = position(
        "hungarian", hands, opened=[True, True], on_show={"cut": ["KS"]}, stock=["2C", "2D"]
    )
    assert choose(out) == Draw(CUT)
    made = play_turn(out)
    assert out.state.outcome is not None and out.state.outcome.went_out == 0, made
    stuck = position(
        "hungarian", hands, opened=[True, True], on_show={"cut": ["2S"]}, stock=["2C", "2D"]
    )
    assert choose(stuck) != Draw(CUT)


def test_takes_the_whole_pile_when_it_melds_well() -> None:
    # Ruling R3: the pile is taken whole; two of its cards make a run with the hand. The bot
    # saw the three discards go down (a view shows only the top card).
    def pile_game(pile: list[str]) -> tuple[Game, GreedyBot]:
        game = position("riverside", ["8H 9H KD QS 4C", "3S 8D"], discard=pile, stock=["5C", "4D"])
        bot = GreedyBot()
        bot.observe([Discarded(1, c(x), False) for x in pile])
        return game, bot

    game, bot = pile_game(["10H", "JH", "AD"])
    assert choose(game, bot) == Draw(DISCARD)
    game, bot = pile_game(["5S", "JC", "AD"])
    assert choose(game, bot) == Draw(STOCK)


def test_what_the_probe_learns_is_shared_by_the_bots_of_the_rules_and_goes_with_them() -> None:
    # Whether a pile draw takes the whole pile depends on the rules alone: tried once on a
    # sampled copy, the answer serves every bot of the game's rules, and goes when they do.
    gc.collect()
    known = len(probe._TAKES_ALL)
    game = position("riverside", ["8H 9H KD QS 4C", "3S 8D"], discard=["5S", "JC", "AD"])
    handle = SeatHandle(game, 0)
    tracker = CardTracker()
    tracker.sync(handle.view)
    assert probe.Probe(1).pile_takes_all(handle, handle.view, tracker)
    assert probe._TAKES_ALL.get(game.hooks.pm) is True
    assert probe.Probe(2).pile_takes_all(handle, handle.view, tracker)
    assert len(probe._TAKES_ALL) == known + 1
    del game, handle
    gc.collect()
    assert len(probe._TAKES_ALL) == known


def test_does_not_take_a_pile_card_it_would_have_to_play_and_cannot() -> None:
    # Ruling H4: after the first draw, a discard taken must reach the table this turn; unopened
    # with too few points, the bot leaves the 6H that would make 4-5-6 of hearts.
    game = position(
        "hungarian",
        ["4H 5H 9C KD QS JC 8D 2S", "3S 8D"],
        opened=[False, True],
        discard=["6H"],
        on_show={"cut": ["AC"]},
        stock=["2C", "2D"],
    )
    assert choose(game) == Draw(STOCK)


# -- discarding by the tips ------------------------------------------------------------------


def test_keeps_cards_that_work_two_ways() -> None:
    # Seed 004's tip: 7H next to 7S and 8H can finish a set or a run; the lone 8C cannot.
    game = position(
        "classic", ["7H 7S 8H 8C 2D 3D 4D", "3S 8D"], phase="play", this_turn={"drew": STOCK}
    )
    made = play_turn(game)
    assert made[-1] == Discard(c("8C"))


def test_does_not_feed_what_a_rival_picks_up() -> None:
    # Seed 004's tip: the rival took the 9S from the pile, so the 9H stays and the 9C... the
    # equal-valued 9D of another rank pattern goes instead.
    game = position(
        "classic",
        ["9H 9C 2D 3D 4D", "3S 8D 4S"],
        phase="play",
        this_turn={"drew": STOCK},
    )
    bot = GreedyBot()
    bot.observe([Drew(1, DISCARD, (c("10H"),), 1, None, False)])
    made = play_turn(game, bot)
    assert made[-1] == Discard(c("9C"))


# -- whole hands -----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["classic", "riverside", "hungarian"])
def test_finishes_whole_hands_in_every_ruleset(variant: str) -> None:
    # Rulings C4, R10, H8: hands end by someone going out (or the stock), never stuck.
    for seed in range(3):
        game = new_game(variant, players=3, seed=seed)
        Match(game, [make_bot("greedy", s) for s in range(3)]).play_hand()
        assert game.state.phase in (HAND_OVER, MATCH_OVER)


def test_beats_the_random_bot_at_classic() -> None:
    # Ruling C5: the winner of a hand takes the points left in the other hands.
    won = 0
    for seed in range(6):
        game = new_game("classic:target=null", players=2, seed=seed)
        Match(game, [make_bot("greedy", seed), make_bot("random", seed)]).play_hand()
        won += game.state.outcome is not None and game.state.outcome.went_out == 0
    assert won >= 5


def moves(game: Game, bots: list[GreedyBot], copied: bool) -> list[Action]:
    """The actions of ``game`` to its hand's end (or 400), its bots replaced by copies of
    themselves before every move when ``copied``: deep copies and pickled ones in turn."""
    made: list[Action] = []
    while game.current_player() is not None and len(made) < 400:
        if copied:
            twins = [
                copy.deepcopy(b) if len(made) % 2 else pickle.loads(pickle.dumps(b)) for b in bots
            ]
            assert all(
                twin.tracker is not bot.tracker for twin, bot in zip(twins, bots, strict=True)
            )
            bots = twins
        made.append(bot_move(game, bots)[1])
    return made


@pytest.mark.parametrize("variant", ["gin", "classic", "riverside", "hungarian"])
def test_a_copy_plays_on_as_the_bot_would(variant: str) -> None:
    # Bots are copied to replay a decision and with an environment's clone: a copy carries all
    # the bot knows (the tracker's cards, this turn's plays and take-backs), also in the compiled
    # build, where its objects are native classes.
    for seed in range(2):
        alike = [
            moves(new_game(variant, players=2, seed=seed), [GreedyBot(0), GreedyBot(1)], copied)
            for copied in (False, True)
        ]
        assert alike[0] == alike[1]


def test_a_copy_goes_on_with_the_turn_it_took_back() -> None:
    # The take-back's turn: a copy must remember the plan it gave up (``Turn.avoid``), or it
    # would lay down the refused meld again.
    def game() -> Game:
        return position(
            "classic",
            ["4H 5H 6H 9C KD", "3S 8D"],
            plugins=(RefuseMeldTurns(),),
            phase="play",
            this_turn={"drew": STOCK},
        )

    alike = [moves(game(), [GreedyBot(0), GreedyBot(1)], copied) for copied in (False, True)]
    assert "TakeBack" in [type(a).__name__ for a in alike[0]]
    assert alike[0] == alike[1]


def house_rule_variants() -> list[str]:
    return [
        f"{ruleset}+{name}"
        for name, cls in sorted(house_rules().items())
        for ruleset in (cls.applies_to or ("classic",))
    ]


@pytest.mark.parametrize("variant", house_rule_variants())
def test_plays_house_rules_through_the_same_hooks(variant: str) -> None:
    # House rules change the rules through hooks; the bot reads them the same way, and still
    # lays melds down where a rule forbids several at once (one-meld-per-turn).
    for seed in range(2):
        game = new_game(variant, players=2, seed=seed)
        Match(game, [make_bot("greedy", 0), make_bot("greedy", 1)]).play_hand()
        assert game.state.phase in (HAND_OVER, MATCH_OVER)
        assert game.state.table or game.state.outcome.reason != "out"
