"""What the bots read of the cards they cannot see: live outs, a rival's melds, a draw ahead."""

from __future__ import annotations

from typing import Any

from rummy_rulesets.gin import GIN_MELDS

from rummy_core.bots import SeatHandle
from rummy_core.bots.assess import live_outs, meld_danger
from rummy_core.bots.expert import ExpertBot
from rummy_core.bots.greedy import GreedyBot, Look
from rummy_core.bots.tracking import CardTracker
from rummy_core.bots.tuning import expert_tuning
from rummy_core.engine.actions import DISCARD, STOCK, Discard
from rummy_core.engine.cards import parse_card, parse_cards
from rummy_core.engine.events import Discarded, Drew
from rummy_core.engine.game import Game
from rummy_core.engine.setup import game_from_position
from rummy_core.testing import position_game


def c(text: str) -> int:
    return parse_card(text)


def gin_bot() -> GreedyBot:
    """The greedy bot with the expert's gin tuning: the policy the expert plays gin by."""
    game = gin_position(["AC 2C 3C", "4D"])
    tuning = expert_tuning(game.hooks.ruleset)
    two_ways, feeding = tuning.weights
    return GreedyBot(
        two_ways=two_ways,
        feeding=feeding,
        outs=tuning.outs,
        danger=tuning.danger,
        ahead=tuning.ahead,
        knock_at=tuning.knock_at,
    )


def gin_position(hands: list[str], **fields: Any) -> Game:
    """Gin, seat 0 to discard after drawing from the stock on a later turn."""
    later = {"dealer": 1, "turn": 0, "phase": "play", "turns_taken": [4, 4]}
    pos = {**later, "this_turn": {"drew": STOCK}, **fields}
    return position_game("gin", 5, hands=[h.split() for h in hands], **pos)


def discard_of(game: Game, bot: GreedyBot) -> int:
    seat = game.current_player()
    assert seat is not None
    action = bot.choose(SeatHandle(game, seat))
    assert isinstance(action, Discard), action
    return action.card


def test_live_outs_count_only_cards_still_to_come() -> None:
    hand = parse_cards("7H 7S 8C 9C")
    live = set(range(52)) - set(hand)
    assert live_outs(hand, GIN_MELDS, live) == {c("7H"): 2, c("7S"): 2, c("8C"): 2, c("9C"): 2}
    # The other sevens and the 7C are on the pile: the pair is dead, the run has one end.
    live -= {c("7D"), c("7C")}
    assert live_outs(hand, GIN_MELDS, live) == {c("7H"): 0, c("7S"): 0, c("8C"): 1, c("9C"): 1}
    # Ace low only (G3): the king and queen of a suit have one end, the ace and two one too.
    assert live_outs(parse_cards("QD KD AS 2S"), GIN_MELDS, set(range(52))) == {
        c("QD"): 1,
        c("KD"): 1,
        c("AS"): 1,
        c("2S"): 1,
    }


def test_meld_danger_follows_the_unseen_cards_and_what_the_rival_refused() -> None:
    unseen = set(range(52)) - {c("9C")}
    blind = meld_danger(c("9C"), GIN_MELDS, unseen, 0.3, set())
    assert 0.3 < blind < 0.6
    # The 8C and the 10C are gone: no run can take it, only a set.
    fewer = meld_danger(c("9C"), GIN_MELDS, unseen - {c("8C"), c("10C")}, 0.3, set())
    assert fewer < blind
    # It threw away the 9S: a pair of nines would have kept it, so the set pairs count less.
    refused = meld_danger(c("9C"), GIN_MELDS, unseen, 0.3, {c("9S")})
    assert refused < blind
    # Nothing it could hold: no danger; everything: certain.
    assert meld_danger(c("9C"), GIN_MELDS, set(), 0.3, set()) == 0.0
    assert meld_danger(c("9C"), GIN_MELDS, unseen, 1.0, set()) == 1.0


def test_gin_policy_does_not_feed_the_card_the_rival_just_took_the_match_of() -> None:
    # The 10C and the JS are the costliest deadwood, ten points each; the rival just took the
    # 9C from the pile, and the 10C would join it: the JS goes; had it taken the JH, the 10C.
    hands = ["AH 2H 3H 4D 5D 6D 10C JS 2S 8H 7C", "9C 5C 4S 7D 2C 10D KH QH JH 10S"]
    for taken, thrown in (("9C", "JS"), ("JH", "10C")):
        bot = gin_bot()
        bot.observe([Drew(1, DISCARD, (c(taken),), 1, c(taken), False)])
        assert discard_of(gin_position(hands), bot) == c(thrown)


def test_gin_policy_throws_the_card_nobody_can_meld() -> None:
    # The 10C and the KS are the costliest deadwood. The kings of diamonds and hearts and the
    # QS and JS are on the pile (the rival threw two, passed over one): nobody can meld the KS
    # any more, while the 10C may still join tens or clubs the rival holds. The untuned greedy
    # bot throws the 10C (the first of equals).
    hands = ["AH 2H 3H 4D 5D 6D 10C KS 2S 8H 7C", "9D 5C 4S 7D 2C 10D 3C QH JH 10S"]
    pile = ["KD", "QS", "JS", "KH"]
    seen = [
        Discarded(1, c("KD"), False),
        Discarded(0, c("QS"), False),
        Drew(1, STOCK, None, 1, c("QS"), True),
        Discarded(1, c("JS"), False),
        Discarded(0, c("KH"), False),
    ]
    bot = gin_bot()
    bot.observe(seen)
    assert discard_of(gin_position(hands, discard=pile), bot) == c("KS")
    untuned = GreedyBot()
    untuned.observe(seen)
    assert discard_of(gin_position(hands, discard=pile), untuned) == c("10C")


def test_gin_policy_keeps_the_near_meld_whose_cards_are_still_to_come() -> None:
    # 5H 6H and 5S 6S are alike in hand, but the 4S and 7S are on the pile: the spade pair can
    # only become a set of fives or sixes, the heart pair a run too. A spade goes.
    hands = ["AC 2C 3C 4C JD QD KD 5H 6H 5S 6S", "8C 9S 10D 7D 2S 3S KH QH JH 10S"]
    game = gin_position(hands, discard=["4S", "7S"])
    bot = gin_bot()
    bot.observe([Discarded(1, c("4S"), False), Discarded(1, c("7S"), False)])
    assert discard_of(game, bot) in {c("5S"), c("6S")}
    untuned = GreedyBot()
    untuned.observe([Discarded(1, c("4S"), False), Discarded(1, c("7S"), False)])
    assert discard_of(gin_position(hands, discard=["4S", "7S"]), untuned) in {c("5H"), c("6H")}


def test_looking_ahead_keeps_the_cards_that_can_knock_next_turn() -> None:
    # After the discard, 5H 6H 5S (16 points of deadwood) knocks on four cards (4H, 7H, 5C,
    # 5D), 5H 5S 6S on two (the 4S and 7S are gone): the draw ahead throws the 6S.
    hands = ["AC 2C 3C 4C JD QD KD 5H 6H 5S 6S", "8C 9S 10D 7D 2S 3S KH QH JH 10S"]
    game = gin_position(hands, discard=["4S", "7S"])
    bot = gin_bot()
    bot.observe([Discarded(1, c("4S"), False), Discarded(1, c("7S"), False)])
    look = Look(SeatHandle(game, 0), SeatHandle(game, 0).view)
    order = list(bot.discard_order(look))
    assert order[0] == c("6S")
    assert sorted(order) == sorted(set(look.hand))


def test_the_tracker_remembers_what_a_rival_refused() -> None:
    tracker = CardTracker()
    tracker.reset(1, 2)
    tracker.seat = 0
    tracker.observe([Discarded(0, c("9H"), False)])
    tracker.observe([Drew(1, STOCK, None, 1, None, True), Discarded(1, c("KS"), False)])
    assert tracker.refused[1] == {c("9H"), c("KS")}
    assert tracker.public_copy(tracker.pile).refused[1] == {c("9H"), c("KS")}


def test_only_the_gin_expert_reads_the_unseen_cards() -> None:
    # The tuning sets the weights for gin alone; the playouts' own policy does not look ahead
    # (it would cost each playout ten times its time), and the other rulesets play as before.
    gin = ExpertBot(0)
    game = gin_position(["AC 2C 3C 4C JD QD KD 5H 6H 5S 6S", "8C 9S 10D 7D 2S 3S KH QH JH 10S"])
    gin.choose(SeatHandle(game, 0))
    own = gin.greedy
    assert (own.outs, own.danger, own.ahead, own.knock_at) == (2, 15, 10, 10)
    quick = gin._own_policy()
    assert (quick.outs, quick.danger, quick.ahead) == (2, 15, 0)
    classic = ExpertBot(0)
    pos = {"players": 2, "dealer": 1, "turn": 0, "phase": "draw", "turns_taken": [3, 3]}
    pos["hands"] = [["4H", "5H", "6H", "9C", "KD"], ["3S", "8D"]]
    game = game_from_position("classic", pos, seed=5)
    classic.choose(SeatHandle(game, 0))
    assert (classic.greedy.outs, classic.greedy.danger, classic.greedy.ahead) == (0, 0, 0)
