"""Cards on show and a ruleset's own records: no variant's concepts in the core state.

A house rule here lays a "kitty" card face up beside the stock without touching the core: it
declares the label, deals the card there, and lets a player draw it. The views, positions, the
JSON seat view, the text game and the greedy bot's sampling all carry it by its label. Hungarian
Römi's cut card (H2, H7) and its jokers owed after a swap (H6) use the same two mechanisms.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Generator
from random import Random
from typing import Any, ClassVar

import pytest
from hungarian_helpers import RUN_WITH_JOKER, c, lay_down, make

from rummy_core.bots.sampling import sampled_game
from rummy_core.bots.tracking import CardTracker
from rummy_core.engine.actions import Discard, Draw, Swap, TakeBack
from rummy_core.engine.cards import JOKER, card_name, parse_card
from rummy_core.engine.errors import RuleError
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.engine.setup import new_game
from rummy_core.engine.state import State
from rummy_core.engine.view import player_view
from rummy_core.formats.position import dump_position, load_position
from rummy_core.formats.view import public_view, view_of
from rummy_core.i18n.languages import use_language
from rummy_core.testing import assert_refused, check_invariants
from rummy_core.tui.plain import describe_table

KITTY = "kitty"


class Kitty(HouseRule):
    """A card dealt face up beside the stock that any player may draw instead of the stock."""

    name = "kitty"
    shows: ClassVar[dict[str, str]] = {KITTY: "kitty card"}

    @hookimpl(wrapper=True)
    def rummy_deal(self, state: State) -> Generator[None, bool, bool]:
        dealt = yield
        state.on_show = {**state.on_show, KITTY: (state.stock.pop(),)}
        return dealt

    @hookimpl(wrapper=True)
    def rummy_draw_sources(self, state: State) -> Generator[None, list[str], list[str]]:
        sources = yield
        return [*sources, KITTY] if state.on_show.get(KITTY) else sources

    @hookimpl(tryfirst=True)
    def rummy_draw(self, state: State, seat: int, source: str) -> list[int] | None:
        if source != KITTY:
            return None
        (card,) = state.on_show.pop(KITTY)
        state.hands[seat].append(card)
        return [card]


def kitty_game(seed: int = 3) -> Any:
    return new_game("classic+kitty", players=2, seed=seed, dealer=0, local_rules=[Kitty])


def test_a_house_rule_puts_its_own_card_on_show_and_every_seat_sees_it() -> None:
    game = kitty_game()
    (card,) = game.state.on_show[KITTY]
    assert card not in game.state.stock and all(card not in h for h in game.state.hands)
    check_invariants(game)  # conservation counts the kitty; the position round-trips
    for seat in range(2):
        assert player_view(game.state, seat).shown(KITTY) == (card,)
    seat_json = view_of(game, 0)
    assert seat_json.on_show == {KITTY: [card_name(card)]}
    assert seat_json.shows == {KITTY: "kitty card"}
    assert public_view(game).on_show == {KITTY: [card_name(card)]}
    assert f"kitty card: {card_name(card)}" in describe_table(game, 0)


def test_drawing_the_kitty_takes_it_into_hand_for_good() -> None:
    game = kitty_game()
    seat = game.current_player()
    (card,) = game.state.on_show[KITTY]
    assert KITTY in game.draw_sources(seat)
    game.apply(seat, Draw(KITTY))
    assert card in game.state.hands[seat] and KITTY not in game.state.on_show
    check_invariants(game)
    game.apply(seat, Discard(game.state.hands[seat][0]))
    assert KITTY not in game.draw_sources(game.current_player())


def test_a_position_keeps_the_cards_on_show_and_refuses_a_label_no_rule_gives() -> None:
    game = kitty_game()
    data = json.loads(json.dumps(dump_position(game.state)))
    assert data["on_show"] == {KITTY: [card_name(game.state.on_show[KITTY][0])]}
    assert load_position(data, game.hooks, game.state.seed).equals(game.state)
    plain = new_game("classic", players=2, seed=3, dealer=0)
    with pytest.raises(RuleError) as refused:
        load_position(data, plain.hooks, 3)
    assert refused.value.code == "bad_position"
    assert refused.value.params["field"] == "on_show.kitty"


def test_a_bot_rebuilds_the_cards_on_show_from_its_view() -> None:
    game = kitty_game()
    seat = game.current_player()
    view = player_view(game.state, seat)
    tracker = CardTracker()
    tracker.observe(game.events)
    tracker.sync(view)
    rebuilt = sampled_game(game.hooks, view, tracker, Random(1))
    assert rebuilt.state.on_show == game.state.on_show
    assert Counter(c for p in rebuilt.state.places() for c in p) == Counter(game.hooks.deck)


def test_the_hungarian_cut_card_is_a_card_on_show_labelled_cut() -> None:
    # Rulings H2 and H7: the cut card lies on show under "cut", the draw source that takes it.
    game = make(["5C 6C", "7D 8D"], seed=5, stock=["2S", "3S"], turns_taken=[1, 0])
    assert game.state.on_show == {"cut": (parse_card("9C"),)}
    assert game.hooks.shows == {"cut": "cut card"}
    assert "cut" in game.draw_sources(0)


def test_jokers_owed_are_the_rulesets_record_counted_in_order() -> None:
    # Ruling H6: a joker put down before the swap does not pay for the joker the swap takes.
    game = make(
        ["9D 4C 5C 6C JK", "6H"],
        table=[RUN_WITH_JOKER],
        draw_first=True,
        opened=[True, True],
    )
    game.apply(0, lay_down("4C 5C JK"))
    assert "jokers_to_replay" not in game.state.extra
    game.apply(0, Swap(0, c("9D")))
    assert game.state.extra["jokers_to_replay"] == 1
    assert game.state.hands[0].count(JOKER) == 1
    assert_refused(game, 0, Discard(c("6C")), "joker_not_replayed")
    # The record travels with a saved position, and take-back gives it back with the swap.
    data = json.loads(json.dumps(dump_position(game.state)))
    assert data["extra"]["jokers_to_replay"] == 1
    assert load_position(data, game.hooks, game.state.seed).equals(game.state)
    game.apply(0, TakeBack())
    assert "jokers_to_replay" not in game.state.extra


def test_what_the_table_calls_the_cards_on_show_is_in_the_players_language() -> None:
    # The name comes from the catalog of the plugin that declared the label.
    game = make(["5C 6C", "7D 8D"], seed=5, stock=["2S", "3S"], turns_taken=[1, 0])
    assert game.hooks.shown_names() == {"cut": "cut card"}
    with use_language("is"):
        assert game.hooks.shown_names() == {"cut": "afdregna spilið"}
        assert view_of(game, 0).shows == {"cut": "afdregna spilið"}
    assert game.hooks.shown_names("hu") == {"cut": "emelt lap"}
