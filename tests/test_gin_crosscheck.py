"""Gin against OpenSpiel's ``gin_rummy``, action for action (issue #37): the short form of the
cross-check (``make crosscheck HANDS=N`` runs the long one), and OpenSpiel's known defects
recognised exactly where they arise (bench/openspiel_mirror.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")  # the peers extra: CPython 3.11 on x86-64 Linux only

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from openspiel_mirror import (  # noqa: E402
    UTILS,
    Disagreement,
    Mirror,
    Tally,
    bot_seat,
    crosscheck,
    from_os,
    layout,
    meld_ids,
    play_hand,
    to_os,
)
from rummy_rulesets.gin import Pass  # noqa: E402
from rummy_rulesets.knocking import Knock  # noqa: E402

from rummy_core.bots import make_bot  # noqa: E402
from rummy_core.engine.actions import Action, Draw, LayOff, MeldDown, NewMeld  # noqa: E402
from rummy_core.engine.cards import card_name, parse_card, parse_cards  # noqa: E402
from rummy_core.engine.moves import legal_actions  # noqa: E402
from rummy_core.engine.setup import Variant, build_hooks  # noqa: E402
from rummy_core.testing import position_game  # noqa: E402

HOOKS = build_hooks(Variant.parse("gin"), 2)


def test_cards_map_to_openspiel_and_back() -> None:
    assert [UTILS.card_string(to_os(parse_card(c))) for c in ("AS", "KC", "10D", "2H")] == [
        "As",
        "Kc",
        "Td",
        "2h",
    ]
    assert [from_os(to_os(code)) for code in range(52)] == list(range(52))


def test_long_runs_go_down_in_openspiels_pieces_and_compare_whole() -> None:
    run = [to_os(c) for c in parse_cards("AS 2S 3S 4S 5S 6S 7S 8S")]
    pieces = [UTILS.int_to_meld[i - 56] for i in meld_ids(run)]
    assert [len(p) for p in pieces] == [5, 3]
    assert layout(tuple(p) for p in pieces) == layout([tuple(run)])


@pytest.mark.timeout(180)
def test_random_hands_agree_with_openspiel() -> None:
    tally = crosscheck("random", 300)
    assert tally.hands == 300
    assert tally.scores_agreed + tally.upcard_caps == 300
    assert tally.steps > 10_000 and tally.knocks_compared > 0
    assert tally.wall_voids and tally.repeated_voids  # both of OpenSpiel's void hands met


@pytest.mark.timeout(180)
def test_greedy_hands_agree_with_openspiel() -> None:
    tally = crosscheck("greedy", 200)
    assert tally.scores_agreed == tally.knocks == 200
    assert tally.knocks_compared >= 200 and tally.knock_outcomes > tally.knocks_compared
    assert tally.undercuts and tally.gins


@pytest.mark.timeout(120)
def test_a_difference_of_rules_is_found() -> None:
    # OpenSpiel knocking with 9 or less against ours with 10: the mirror must notice.
    other = pyspiel.load_game("gin_rummy", {"knock_card": 9})
    with pytest.raises(Disagreement, match=r"legal sets differ|knocks differ"):
        for seed in range(100):
            bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
            mirror = Mirror(seed, HOOKS, other, Tally(), bots)
            play_hand(mirror, [bot_seat, bot_seat])


def deal(first: str, second: str, upcard: str) -> Mirror:
    """A mirror of a fresh deal: seat 0 (OpenSpiel's player 0) to take or pass the upcard."""
    used = {*parse_cards(first), *parse_cards(second), parse_card(upcard)}
    game = position_game(
        "gin",
        hands=[first.split(), second.split()],
        discard=[upcard],
        stock=[card_name(c) for c in range(52) if c not in used],
        dealer=1,
    )
    return Mirror(0, HOOKS, pyspiel.load_game("gin_rummy"), Tally(), start=game)


def meld(text: str) -> MeldDown:
    return MeldDown((NewMeld.of(parse_cards(text)),))


def lay_off(mirror: Mirror, card: str, onto: int) -> LayOff:
    code = parse_card(card)
    return next(
        a
        for a in legal_actions(mirror.game, mirror.game.state.turn)
        if isinstance(a, LayOff) and a.cards == (code,) and a.meld == onto
    )


def play(mirror: Mirror, *actions: Action) -> list[Action]:
    """Make ``actions``, comparing before each that starts a piece of a turn and after the last;
    the actions the last comparison allowed."""
    allowed: list[Action] = []
    for action in actions:
        if not mirror.mid_turn:
            allowed = mirror.sync()
        mirror.play(mirror.game.state.turn, action)
    return allowed if mirror.mid_turn or mirror.over else mirror.sync()


@pytest.mark.timeout(60)
def test_q1_openspiel_refuses_a_knock_the_exact_count_allows() -> None:
    # After taking 7S the exact count is 10 after the best discard; OpenSpiel drops the highest
    # deadwood card of one best meld group and counts 11.
    mirror = deal("AH 6S 8D 8S AS 6H 8C 2S 7C 6C", "KD QD JH 9H 4C 10C 3D 5H 9C KS", "7S")
    allowed = play(mirror, Draw("discard"))
    assert mirror.tally.q1 == 1
    assert any(isinstance(a, Knock | MeldDown) for a in legal_actions(mirror.game, 0))
    assert not any(isinstance(a, Knock | MeldDown) for a in allowed)


@pytest.mark.timeout(60)
def test_q2_and_q4_openspiels_lay_offs() -> None:
    # Seat 0 knocks at once: 4S 4C 4D, AH 2H 3H, 5S 6S 7S, and 2D kept; the defender holds 4H,
    # 5H, 8S, 9S, 10S.
    mirror = deal("4S 4C 4D AH 2H 3H 5S 6S 7S KC", "4H 5H 8S 9S 10S KD QD JD 9C 7D", "2D")
    play(mirror, Draw("discard"), meld("4S 4C 4D"), meld("AH 2H 3H"), meld("5S 6S 7S"))
    play(mirror, Knock(parse_card("KC")))
    # Q4: 4H laid on the set; OpenSpiel counts it on AH 2H 3H too and offers 5H.
    play(mirror, lay_off(mirror, "4H", 0))
    assert (mirror.tally.q2, mirror.tally.q4) == (0, 1)
    # Q2: 8S and 9S grow the run; OpenSpiel will not let 10S follow.
    play(mirror, lay_off(mirror, "8S", 2))
    allowed = play(mirror, lay_off(mirror, "9S", 2))
    assert mirror.tally.q2 == 1
    assert parse_card("10S") not in {a.cards[0] for a in allowed if isinstance(a, LayOff)}
    play(mirror, Pass())
    assert mirror.over and mirror.tally.scores_agreed == 1


@pytest.mark.timeout(60)
def test_gin_and_the_defenders_best_melds_score_alike() -> None:
    # Gin: OpenSpiel's defender lays the melds ours counts by themselves (G9).
    mirror = deal("4S 4C 4D AH 2H 3H 5S 6S 7S KC", "QH JH 10H 9C 9D 9S 2C 3S 5D 7D", "8S")
    play(mirror, Draw("discard"), meld("4S 4C 4D"), meld("AH 2H 3H"), meld("5S 6S 7S 8S"))
    mirror.play(0, Knock(parse_card("KC")))
    assert mirror.over and mirror.tally.gins == 1 and mirror.tally.scores_agreed == 1
    assert mirror.game.state.outcome is not None
    assert mirror.game.state.outcome.hand_scores[0] == 2 + 3 + 5 + 7 + 25
