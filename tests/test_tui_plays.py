"""What the full-screen game works out without a screen: reading a selection as melds, stripes,
log sentences, match lengths, which way scores point, saving and resuming."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy_core.commands.cli import cli
from rummy_core.engine.actions import Discard, Draw, NewMeld
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Discarded, Drew, MatchEnded
from rummy_core.engine.game import Game
from rummy_core.engine.meldrules import MeldRules, RunShape
from rummy_core.engine.setup import Variant, build_hooks, game_from_position
from rummy_core.formats.position import dump_position
from rummy_core.present.describe import describe
from rummy_core.present.plays import (
    describe_choice,
    distinct_legal,
    held_melds,
    lay_off_plays,
    meld_label,
    meld_plays,
    orderings,
    sort_hand,
    stripe_lanes,
    swap_plays,
    typed_melds,
)
from rummy_core.tui.session import HUMAN, Session, Setup, match_length

CLASSIC = MeldRules()
RIVERSIDE = build_hooks(Variant("riverside")).meld_rules


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def test_a_selection_splits_into_the_melds_it_holds() -> None:
    # Ruling H5: an opening may be several melds put down together; the player selects them all.
    plays, complete = meld_plays(cards("QS KH QH KS QD KD"), CLASSIC)
    assert complete
    assert [sorted(m.cards for m in p.melds) for p in plays] == [
        sorted([cards("QD QH QS"), cards("KD KH KS")])
    ]


def test_an_ace_high_run_is_found_in_any_selection_order() -> None:
    # Ruling C3: Q-K-A is a run; the player clicks the cards in any order.
    plays = meld_plays(cards("AH QH KH"), CLASSIC).plays
    assert [p.melds[0].cards for p in plays] == [cards("QH KH AH")]


def test_orderings_put_a_high_ace_last() -> None:
    # Ruling C3: an ace ends Q-K-A; sorted by rank it comes first, so rotations are tried too.
    tried = [order for order, _ in orderings(cards("KS AS QS"), (None,) * 3, CLASSIC)]
    assert tried[0] == cards("AS QS KS") and cards("QS KS AS") in tried


def test_typed_wilds_fill_in_the_selection() -> None:
    # Ruling R7: a wild's declaration fixes what it stands for; the rest of the selection joins.
    plays = typed_melds("2C=7S", cards("5S 2C 6S"), RIVERSIDE)
    assert plays[0].melds[0] == NewMeld(cards("5S 6S 2C"), (None, None, *cards("7S")))
    whole = typed_melds("2D=8C 2H=9C 2S=10C", cards("2S 2D 2H"), RIVERSIDE)
    assert whole[0].melds[0].declared == cards("8C 9C 10C")
    with pytest.raises(RuleError) as caught:
        typed_melds("2C=7S 9H", cards("5S 2C 6S"), RIVERSIDE)
    assert caught.value.code == "bad_declaration"


def test_stripes_put_a_card_in_a_set_and_a_run_on_two_lanes() -> None:
    # Ruling C3: 7H belongs to the set of sevens and to the run of hearts: two stripes under it.
    order = sort_hand(cards("7H 7S 7D 8H 9H KC"), by_rank=False)
    melds = held_melds(order, CLASSIC)
    assert sorted(m.cards for m in melds) == sorted([cards("7D 7H 7S"), cards("7H 8H 9H")])
    lanes = stripe_lanes(order, melds)
    seven = order.index(parse_cards("7H")[0])
    assert lanes[0][seven] >= 0 and lanes[1][seven] >= 0
    assert all(lane[order.index(parse_cards("KC")[0])] == -1 for lane in lanes)


def test_stripes_leave_wilds_out() -> None:
    # Ruling R7: with every 2 wild, a 2 and any pair would be a meld; stripes show naturals only.
    assert held_melds(cards("2C 5H 9S"), RIVERSIDE) == []
    assert held_melds(cards("2C 5H 6H 7H"), RIVERSIDE)[0].cards == cards("5H 6H 7H")


def test_a_run_without_wrap_sorts_the_ace_last_when_high() -> None:
    rules = MeldRules(run=RunShape(wrap=False))
    assert sort_hand(cards("KS AS QS"), by_rank=True) == list(cards("AS QS KS"))
    assert meld_plays(cards("KS AS QS"), rules).plays[0].melds[0].cards == cards("QS KS AS")


def test_the_log_hides_what_the_human_may_not_see() -> None:
    # OpenSpiel's lesson, as in rummy_core.engine.view: a rival's stock card and a face-down discard
    # stay hidden; your own are shown.
    names = ["You", "Bot 1"]
    theirs = Drew(1, "stock", (5,), 1, None, True)
    mine = Drew(0, "stock", (5,), 1, None, True)
    assert describe(theirs, 0, names, {}).render() == "Bot 1 drew from the stock."
    assert describe(mine, 0, names, {}).render() == "You drew from the stock: 6♣."
    closing = Discarded(1, 5, True)
    assert describe(closing, 0, names, {}).render() == "Bot 1 closed with a face-down discard."
    assert meld_label(cards("5S 2C 7S"), cards("5S 6S 7S")) == "5♠ 2♣=6♠ 7♠"


@pytest.mark.parametrize(
    ("ruleset", "single", "options"),
    [
        ("classic", True, {"target": None}),  # ruling C7
        ("hungarian", True, {"hands": 1}),  # ruling H11
        ("classic", False, {"target": 250}),
        ("riverside", False, {"target": 250}),  # ruling R2
    ],
)
def test_match_length_from_the_options_model(
    ruleset: str, single: bool, options: dict[str, object]
) -> None:
    length = None if single else 250
    setup = Setup(ruleset, ("random",), single_hand=single, length=length)
    if ruleset == "hungarian" and not single:
        options = {"hands": 250}
    assert dict(setup.variant().options) == options


def test_riverside_has_no_single_hand() -> None:
    # Ruling R12: a Riverside match always runs to its target.
    assert match_length("riverside").single is None
    with pytest.raises(RuleError) as caught:
        Setup("riverside", ("random",), single_hand=True).variant()
    assert caught.value.code == "no_single_hand"


@pytest.mark.parametrize(
    ("ruleset", "low"), [("classic", False), ("riverside", False), ("hungarian", True)]
)
def test_which_way_scores_point(ruleset: str, low: bool) -> None:
    # Rulings C7, R12 (high wins) and H9, H11 (low wins), read off each ruleset's match end.
    s = Session.start(Setup(ruleset, ("random",), seed=1))
    assert s.low_score_wins() is low
    s.game.state.scores = [5, 9]
    assert s.leaders() == ([0] if low else [1])


def test_a_saved_game_resumes_where_it_was(tmp_path: Path) -> None:
    # Every action is saved; the record replays to the same position with the same seats.
    save = tmp_path / "sub" / "game.json"
    s = Session.start(Setup("classic", ("random", "random"), seed=21), save)
    while not s.my_turn:
        s.bot_step()
    s.act(Draw("stock"))
    s.act(Discard(s.view.hand[0]))
    while not s.my_turn and not s.hand_over:
        s.bot_step()
    resumed = Session.resume(save)
    assert dump_position(resumed.game.state) == dump_position(s.game.state)
    assert resumed.seats == [HUMAN, "random", "random"] and resumed.save_path == save
    assert resumed.names == ["You", "Bot 1", "Bot 2"]


def riverside(hand: str, table: list[list[str]]) -> Game:
    """Seat 0 has drawn, past its first turn (ruling R5); seat 1 owns the melds."""
    game = game_from_position(
        "riverside",
        {
            "players": 2,
            "dealer": 1,
            "turn": 0,
            "turns_taken": [1, 1],
            "hands": [hand.split(), ["10C", "JC"]],
            "stock": ["4D"],
            "discard": ["10H"],
            "table": [{"owner": 1, "cards": cards} for cards in table],
        },
        seed=5,
    )
    game.apply(0, Draw("stock"))
    return game


def test_a_wild_laid_off_on_a_run_asks_which_end() -> None:
    # Ruling R7: a 2 added to 5♠ 6♠ 7♠ may be 4♠ or 8♠: two different tables, so the player
    # is asked; 8♠ itself fits one end only.
    game = riverside("2C 8S KD", [["5S", "6S", "7S"]])
    wild = distinct_legal(game, 0, lay_off_plays(game, 0, cards("2C")))
    assert sorted(describe_choice(game, 0, a) for a in wild) == [
        "2♣=4♠ 5♠ 6♠ 7♠",
        "5♠ 6♠ 7♠ 2♣=8♠",
    ]
    natural = distinct_legal(game, 0, lay_off_plays(game, 0, cards("8S")))
    assert len(natural) == 1 and describe_choice(game, 0, natural[0]) == "5♠ 6♠ 7♠ 8♠"


def test_a_swap_finds_the_wild_that_stands_for_the_card() -> None:
    # Ruling R9: the real 6♥ takes the place of the 2 standing for it.
    game = riverside("6H KD", [["5H", "2C=6H", "7H"]])
    swaps = distinct_legal(game, 0, swap_plays(game, 0, parse_card("6H")))
    assert len(swaps) == 1 and describe_choice(game, 0, swaps[0]) == "5♥ 6♥ 7♥"
    assert not distinct_legal(game, 0, swap_plays(game, 0, parse_card("KD")))


def test_play_with_options_skips_the_start_screen_and_checks_them(tmp_path: Path) -> None:
    # Ruling R12: Riverside has no single hand; the refusal is a message and exit code 2.
    result = CliRunner().invoke(
        cli,
        ["play", "--ruleset", "riverside", "--single-hand", "--save", str(tmp_path / "g.json")],
    )
    assert isinstance(result.exception, RuleError)
    assert result.exception.code == "no_single_hand"
    result = CliRunner().invoke(cli, ["play", "--opponents", "2", "--bot", "random,random,random"])
    assert isinstance(result.exception, RuleError) and result.exception.code == "bad_bots"


def test_play_plain_with_a_bot_per_opponent(tmp_path: Path) -> None:
    # Ruling C1: three players at classic; --plain keeps the typed game.
    save = tmp_path / "g.json"
    result = CliRunner().invoke(
        cli,
        [
            "play",
            "--plain",
            "--opponents",
            "2",
            "--bot",
            "random,random",
            "--seed",
            "4",
            "--single-hand",
            "--save",
            str(save),
        ],
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    assert "classic:target=None" in result.output
    # With seed 4 the bots move first, so the game is saved before the human quits.
    assert json.loads(save.read_text())["seats"] == ["human", "random", "random"]


def test_a_match_with_no_winner_says_so() -> None:
    # Ruling C8: a single classic hand that the stock ends has no winner, and the log says it.
    names = ["You", "Bot 1"]
    ended = MatchEnded((), (0, 0))
    assert describe(ended, 0, names, {}).render() == "The match is over with no winner."
    won = MatchEnded((1,), (0, 12))
    assert describe(won, 0, names, {}).render() == "The match is over: Bot 1 won."
    capped = MatchEnded((1,), (0, 12), capped=True)
    assert (
        describe(capped, 0, names, {}).render()
        == "The match is over at its limit of hands: Bot 1 won."
    )
