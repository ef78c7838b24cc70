"""The search for the ways to put a selection down stays small with every wild selected (#39):
with four 2s among twelve Riverside cards it used to look at every meld at every step, and one
question from the browser table took seconds of the server's loop."""

from __future__ import annotations

import pytest

import rummy_core.present.plays as plays
from rummy_core.engine.actions import Draw
from rummy_core.engine.cards import parse_cards
from rummy_core.engine.setup import Variant, build_hooks
from rummy_core.server.outbox import choices_for
from rummy_core.testing import position_game


def test_four_wilds_and_eight_cards_are_split_within_a_few_hundred_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = build_hooks(Variant.parse("riverside")).meld_rules
    cards = parse_cards("2C 2D 2H 2S 5H 6H 8H 9S 10S QS KD KC")
    everything = plays.meld_plays(cards, rules)
    assert len(everything.plays) == 12 and everything.complete  # which 2 goes where
    monkeypatch.setattr(plays, "SEARCH_BUDGET", 300)
    assert plays.meld_plays(cards, rules).plays == everything.plays
    first = everything.plays[0].melds
    assert sorted(c for meld in first for c in meld.cards) == sorted(cards)


def test_a_search_cut_short_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # Capped with a clear answer (#39): the ways listed are some of them, and the caller knows.
    rules = build_hooks(Variant.parse("riverside")).meld_rules
    cards = parse_cards("2C 2D 2H 2S 5H 6H 8H 9S 10S QS KD KC")
    monkeypatch.setattr(plays, "MAX_SPLITS", 5)
    found = plays.meld_plays(cards, rules)
    assert len(found.plays) == 5 and not found.complete
    monkeypatch.setattr(plays, "MAX_SPLITS", 24)
    monkeypatch.setattr(plays, "SEARCH_BUDGET", 3)
    assert not plays.meld_plays(cards, rules).complete


def test_the_table_s_answer_says_when_the_ways_listed_are_not_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The browser's choices message carries the flag: the page then plays nothing unasked.
    hand = "2C 2D 2H 2S 5H 6H 8H 9S 10S QS KD KC"
    game = position_game(
        "riverside",
        hands=[hand.split(), ["3C", "4C", "5C"]],
        stock=["7C", "8C"],
        discard=["9D"],
        turns_taken=[2, 2],
        dealer=1,
    )
    game.apply(0, Draw("stock"))
    answer = choices_for(game, 0, hand.split(), 7, "en")
    assert answer.complete and len([p for p in answer.plays if p.kind == "meld"]) == 12
    monkeypatch.setattr(plays, "MAX_SPLITS", 5)
    answer = choices_for(game, 0, hand.split(), 7, "en")
    assert not answer.complete and len([p for p in answer.plays if p.kind == "meld"]) <= 5
    assert '"complete":false' in answer.model_dump_json()
