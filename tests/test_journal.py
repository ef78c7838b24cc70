"""One journal, one replay: a match's every change (actions, deals, seats handed to bots) is an
entry; records hold the entries and replay them; saves written before deals were entries
(version 1) still load."""

from __future__ import annotations

import pytest

from rummy_core.bots import make_bot
from rummy_core.engine.actions import Discard
from rummy_core.engine.errors import RuleError
from rummy_core.engine.setup import Variant, new_game
from rummy_core.formats.position import dump_position
from rummy_core.formats.record import GameRecord, LoggedAction, record_of, replay
from rummy_core.match import ACTION, HAND_TO_BOT, NEXT_HAND, Entry, Match
from rummy_core.present.cut import CUT


def two_hands(variant: str = "classic:target=1000", players: int = 2) -> Match:
    """A match of bots, two hands in, with its journal."""
    game = new_game(variant, players=players, seed=5, dealer=0)
    match = Match(game, [make_bot("greedy", seed) for seed in range(players)], journal=[])
    match.play_hand()
    match.deal_next()
    match.play_hand()
    return match


def test_the_journal_holds_every_action_and_each_deal_as_an_entry() -> None:
    match = two_hands()
    assert match.journal is not None
    kinds = [entry.kind for entry in match.journal]
    assert kinds.count(NEXT_HAND) == 1
    assert kinds.count(ACTION) == len(match.game.log)
    dealt = kinds.index(NEXT_HAND)
    assert kinds[dealt + 1] == ACTION


def test_a_record_replays_its_deals_as_entries() -> None:
    match = two_hands()
    record = GameRecord.model_validate_json(
        record_of(
            match, Variant.parse("classic:target=1000"), 0, ["greedy", "greedy"]
        ).model_dump_json()
    )
    assert record.version == 2
    events: list[object] = []
    again = replay(record, events)  # type: ignore[arg-type]
    assert dump_position(again.game.state) == dump_position(match.game.state)
    assert again.journal == match.journal
    # Every event of the match, the first hand's too.
    assert sum(1 for e in events if getattr(e, "type", None) == "hand_ended") == 2


def test_a_save_of_the_earlier_format_still_loads() -> None:
    # Version 1: actions only; the next hand was dealt when an action came after a hand's end.
    match = two_hands()
    record = record_of(match, Variant.parse("classic:target=1000"), 0, ["greedy", "greedy"])
    old = record.model_dump(mode="json")
    del old["version"]
    old["actions"] = [
        {"seat": a["seat"], "action": a["action"]} for a in old["actions"] if a["kind"] == ACTION
    ]
    again = replay(GameRecord.model_validate(old))
    assert dump_position(again.game.state) == dump_position(match.game.state)
    assert again.journal == match.journal


def test_in_the_new_format_an_action_after_a_hand_s_end_is_refused() -> None:
    match = two_hands()
    record = record_of(match, Variant.parse("classic:target=1000"), 0, ["greedy", "greedy"])
    without_deal = [a for a in record.actions if a.kind != NEXT_HAND]
    tampered = record.model_copy(update={"actions": without_deal})
    with pytest.raises(RuleError) as refused:
        replay(tampered)
    assert refused.value.code == "replay_mismatch"


@pytest.mark.parametrize(
    "entry",
    [
        {"kind": "action", "seat": 0},
        {"kind": "action", "action": {"type": "draw", "source": "stock"}},
        {"kind": "next_hand", "seat": 1},
        {"kind": "hand_to_bot", "seat": 1, "action": {"type": "draw", "source": "stock"}},
        {"kind": "shuffle"},
    ],
)
def test_a_malformed_entry_is_refused_when_read(entry: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        LoggedAction.model_validate(entry)


def test_a_seat_handed_to_a_bot_cuts_as_a_bot_and_replays_so() -> None:
    # Ruling H12: a person at the cutter's seat is asked; once a bot plays it, the cut is drawn.
    game = new_game("hungarian", players=3, seed=11, dealer=0, choosers=[0, 1, 2])
    match = Match(game, [None, None, None], journal=[])
    assert game.state.phase == CUT
    cutter = game.state.turn
    match.hand_to_bot(cutter, make_bot("random", 1))
    assert match.journal == [Entry(HAND_TO_BOT, cutter)]
    step = match.bot_step()
    assert step.entry.kind == ACTION and step.entry.action is not None
    assert step.entry.action["type"] == "cut"
    starter = game.state.turn
    match.act(starter, Discard(game.state.hands[starter][0]))
    record = record_of(match, Variant("hungarian"), 0, ["human"] * 3)
    again = replay(record)
    assert dump_position(again.game.state) == dump_position(game.state)


def test_a_match_needs_a_seat_per_player() -> None:
    with pytest.raises(RuleError) as refused:
        Match(new_game("classic", players=2, seed=1), [None])
    assert refused.value.code == "bad_seats"
