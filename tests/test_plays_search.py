"""The search for the ways to put a selection down stays small with every wild selected (#39):
with four 2s among twelve Riverside cards it used to look at every meld at every step, and one
question from the browser table took seconds of the server's loop."""

from __future__ import annotations

import pytest

import rummy_core.present.plays as plays
from rummy_core.engine.cards import parse_cards
from rummy_core.engine.setup import Variant, build_hooks


def test_four_wilds_and_eight_cards_are_split_within_a_few_hundred_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = build_hooks(Variant.parse("riverside")).meld_rules
    cards = parse_cards("2C 2D 2H 2S 5H 6H 8H 9S 10S QS KD KC")
    everything = plays.meld_plays(cards, rules)
    assert len(everything) == 12  # which 2 goes where
    monkeypatch.setattr(plays, "SEARCH_BUDGET", 300)
    assert plays.meld_plays(cards, rules) == everything
    first = everything[0].melds
    assert sorted(c for meld in first for c in meld.cards) == sorted(cards)
