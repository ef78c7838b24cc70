"""Test helpers for plugin authors (and this project): refusals, positions, and a conformance run.

In a plugin's own test suite::

    from rummy_core.testing import assert_refused, conformance_run

    def test_my_house_rule_keeps_the_engine_sound():
        conformance_run("classic+my-rule", players=3, seeds=range(5))

``conformance_run`` plays random legal games and checks the engine's invariants after every
action: cards are conserved, views leak nothing, the position and the action survive JSON,
refused actions change nothing, and every hand ends. ``assert_messages_translated(MyRule)``
checks that the rule's refusals, summary and option help are marked for translation and in the
catalogs its package ships (``docs/house-rules.md``, Languages).

This module is also a pytest plugin, which pytest loads by itself wherever rummy-core is
installed (its ``pytest11`` entry point): the fixtures ``rummy_variant`` (override it: the
variant under test), ``rummy_local_rules``, ``rummy_game``, ``rummy_position`` and
``rummy_conformance`` are available (see ``docs/house-rules.md``).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from random import Random
from typing import Any

import pytest

from rummy_core.commands.duel import bot_from_spec
from rummy_core.engine.actions import Action, Discard, Draw, TakeBack
from rummy_core.engine.cards import card_name
from rummy_core.engine.errors import IllegalAction, RuleError
from rummy_core.engine.events import Event, cards_in, seen_by
from rummy_core.engine.game import Game
from rummy_core.engine.moves import action_candidates, legal_actions
from rummy_core.engine.plugin import HouseRule
from rummy_core.engine.setup import Variant, game_from_position, new_game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER, State
from rummy_core.engine.view import player_view
from rummy_core.formats.actions import action_json, parse_action
from rummy_core.formats.events import event_model
from rummy_core.formats.position import dump_position, load_position
from rummy_core.formats.scenario import load_scenario, run_scenario
from rummy_core.i18n.message_checks import (
    assert_messages_translated as assert_messages_translated,
)
from rummy_core.i18n.message_checks import untranslated_messages as untranslated_messages
from rummy_core.match import Match


def assert_refused(game: Game, seat: int, action: Action, code: str | None = None) -> RuleError:
    """Assert ``action`` is refused (with ``code``, if given) and that the state did not change."""
    before = game.state.clone()
    log_size = len(game.log)
    try:
        game.apply(seat, action)
    except RuleError as exc:
        assert code is None or exc.code == code, f"refused with {exc.code!r}, expected {code!r}"
        assert game.state.equals(before), "a refused action changed the state"
        assert len(game.log) == log_size
        return exc
    raise AssertionError(f"{action} was accepted; expected a refusal {code or ''}")


def position_game(
    variant: Variant | str,
    seed: int = 0,
    *,
    local_rules: Sequence[type[HouseRule]] = (),
    **position: Any,
) -> Game:
    """A game of ``variant`` from a position given as keyword fields (2 players by default).

    ``local_rules``: house rule classes found by name before the installed ones.
    """
    position.setdefault("players", 2)
    return game_from_position(variant, position, seed, local_rules=local_rules)


def all_cards(state: State) -> Counter[int]:
    """Every card of the hand, wherever it is."""
    found: Counter[int] = Counter()
    for place in state.places():
        found.update(place)
    return found


def check_invariants(game: Game) -> None:
    """The engine's invariants on the current state; raises ``AssertionError`` when one fails."""
    st = game.state
    assert all_cards(st) == Counter(game.hooks.deck), "cards were lost or made"
    restored = load_position(json.loads(json.dumps(dump_position(st))), game.hooks, st.seed)
    assert restored.equals(st), "the position does not survive a JSON round trip"
    for seat in range(st.players):
        check_view_hides(game, seat, Random(seat))


def check_position_resumes(game: Game) -> None:
    """Saved as a position and loaded again, the game answers every action as the live one does.

    Ruling A5: for every candidate action, take-back included, the loaded game accepts what the
    live game accepts, refuses what it refuses with the same codes, and reaches the same state.
    """
    st = game.state
    seat = game.current_player()
    if seat is None:
        return
    data = json.loads(json.dumps(dump_position(st)))
    loaded = Game(game.hooks, load_position(data, game.hooks, st.seed))
    assert loaded.resume() == [], "a live state needs no turn-start rules when loaded"
    for action in [*action_candidates(game, seat), TakeBack()]:
        live, again = _outcome(game, seat, action), _outcome(loaded, seat, action)
        assert live == again, f"{action}: live {live}, after loading {again}"


def _outcome(game: Game, seat: int, action: Action) -> Any:
    try:
        return dump_position(game.preview(seat, action))
    except IllegalAction as exc:
        return sorted(v.code for v in exc.violations)
    except RuleError as exc:
        return [exc.code]


def check_view_hides(game: Game, seat: int, rng: Random | None = None) -> None:
    """``seat``'s view holds no other hand, no stock order, no face-down discard.

    The hidden cards (other hands, the stock, a face-down discard) are dealt out again at random:
    if the view changes, it was showing something hidden.
    """
    st = game.state
    rng = rng or Random(0)
    shuffled = st.clone()
    others = [s for s in range(st.players) if s != seat]
    hidden = [c for s in others for c in st.hands[s]] + list(st.stock)
    if st.discard_face_down and st.discard:
        hidden.append(st.discard[-1])
    rng.shuffle(hidden)
    for s in others:
        size = len(st.hands[s])
        shuffled.hands[s], hidden = hidden[:size], hidden[size:]
    if st.discard_face_down and st.discard:
        shuffled.discard[-1] = hidden.pop()
    shuffled.stock = hidden
    assert player_view(shuffled, seat) == player_view(st, seat), "a view shows hidden cards"


def hidden_cards(state: State, seat: int | None) -> Counter[int]:
    """The cards ``seat`` may not see in ``state``: other hands (every hand, for a spectator),
    the stock, and a face-down top of the discard pile."""
    found: Counter[int] = Counter(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            found.update(hand)
    if state.discard_face_down and state.discard:
        found[state.discard[-1]] += 1
    return found


def check_events_hide(before: State, after: State, events: Iterable[Event]) -> None:
    """The events of one action, as each seat and a spectator sees them, show no hidden card.

    A card hidden from a seat both before and after the action (a card drawn from the stock, a
    face-down discard, a stock card given back) may not appear in that seat's copy of an event,
    nor in its JSON. With two decks a code may be hidden and on show at once: only the copies
    of a code beyond those on show count as hidden.
    """
    deck = all_cards(after)
    for seat in [*range(after.players), None]:
        hidden = hidden_cards(before, seat) & hidden_cards(after, seat)
        for event in events:
            seen = seen_by(event, seat)
            shown: Counter[int] = Counter()
            for cards in cards_in(seen).values():
                # Two fields may name one card (a pile draw's cards and top).
                shown |= Counter(cards)
            leaked = [c for c, n in shown.items() if n > deck[c] - hidden[c]]
            assert not leaked, f"seat {seat} sees hidden {leaked} in {seen}"
            data = event_model(event, seat).model_dump()
            for name in seen.secret.fields if seen.secret else ():
                if getattr(seen, name) is None:
                    assert data[name] is None, f"the JSON of {event.type} shows {name} to {seat}"


def random_action(game: Game, rng: Random) -> Action:
    """A random legal action of the seat to move, preferring to end turns so hands finish."""
    seat = game.current_player()
    assert seat is not None
    legal = legal_actions(game, seat)
    assert legal, f"seat {seat} has no legal action in phase {game.state.phase}"
    plays = [a for a in legal if not isinstance(a, TakeBack | Discard)]
    if plays and rng.random() < 0.5:
        return rng.choice(plays)
    ends = [a for a in legal if isinstance(a, Discard | Draw)] or legal
    return rng.choice(ends)


def try_illegal(game: Game, rng: Random | None = None) -> None:
    """Try a few actions that should be refused and check each changes nothing (ruling A2).

    With ``rng``, also up to three candidate actions (``rummy_core.engine.moves``, plugin actions
    included) that the rules refuse now.
    """
    seat = game.current_player()
    assert seat is not None
    other = (seat + 1) % game.state.players
    assert_refused(game, other, Draw("stock"), "not_your_turn")
    outsider = next((c for c in range(52) if c not in game.state.hands[seat]), None)
    if outsider is not None and game.state.phase != "draw":
        assert_refused(game, seat, Discard(outsider), "card_not_in_hand")
    if rng is not None:
        candidates = action_candidates(game, seat)
        rng.shuffle(candidates)
        for action in [a for a in candidates if not game.is_legal(seat, a)][:3]:
            assert_refused(game, seat, action)


def check_action_json(game: Game, action: Action) -> None:
    """``action`` survives JSON: written and read back with the game's hooks, it is equal."""
    data = json.loads(json.dumps(action_json(action, game.hooks)))
    again = parse_action(data, game.hooks)
    assert again == action, f"{action} does not survive JSON: {data} reads back as {again}"


def conformance_run(
    variant: Variant | str,
    players: int | None = None,
    seeds: Iterable[int] = range(3),
    max_actions: int = 5000,
    *,
    hands: int = 1,
    local_rules: Sequence[type[HouseRule]] = (),
) -> list[State]:
    """Play random legal hands, ``hands`` per seed, checking the invariants after every action.

    Every action also goes through JSON and back, and now and then a few actions the rules
    refuse are tried and must change nothing. Returns the final state of each seed's last hand.
    Fails if a hand has not ended after ``max_actions``. ``local_rules`` are house rule classes
    found by name before the installed ones (a rule not installed yet).
    """
    finals = []
    for seed in seeds:
        game = new_game(variant, players=players, seed=seed, local_rules=local_rules)
        rng = Random(seed)
        for hand in range(hands):
            if hand:
                if game.state.phase == MATCH_OVER:
                    break
                game.next_hand()
            _play_checked_hand(game, rng, max_actions, f"seed {seed}, hand {hand + 1}")
        finals.append(game.state)
    return finals


def _play_checked_hand(game: Game, rng: Random, max_actions: int, label: str) -> None:
    check_invariants(game)
    for _ in range(max_actions):
        if game.state.phase in (HAND_OVER, MATCH_OVER):
            return
        if rng.random() < 0.1:
            try_illegal(game, rng)
        seat = game.current_player()
        assert seat is not None
        action = random_action(game, rng)
        check_action_json(game, action)
        before = game.state
        events = game.apply(seat, action)
        check_events_hide(before, game.state, events)
        check_invariants(game)
    raise AssertionError(f"{label}: the hand did not end in {max_actions} actions")


def scenario_files(folder: Path | str) -> list[Path]:
    """The scenario files under ``folder``, sorted (for ``pytest.mark.parametrize``)."""
    return sorted(Path(folder).rglob("*.json"))


def assert_scenario(path: Path | str) -> None:
    """Run one scenario file and fail with every problem it reports."""
    scenario = load_scenario(Path(path))
    problems = run_scenario(scenario)
    assert not problems, f"{path} ({scenario.name}):\n  " + "\n  ".join(problems)


# -- pytest fixtures (the ``pytest11`` entry point loads them) --------------------------------


@pytest.fixture
def rummy_variant() -> str:
    """The variant under test; override this fixture: ``return "classic+my-rule"``."""
    return "classic"


@pytest.fixture
def rummy_local_rules() -> tuple[type[HouseRule], ...]:
    """House rule classes found by name before the installed ones (a rule not yet installed)."""
    return ()


@pytest.fixture
def rummy_game(rummy_variant: str, rummy_local_rules: tuple[type[HouseRule], ...]) -> Game:
    """A new game of ``rummy_variant`` (its default players, seed 0)."""
    return new_game(rummy_variant, seed=0, local_rules=rummy_local_rules)


@pytest.fixture
def rummy_position(
    rummy_variant: str, rummy_local_rules: tuple[type[HouseRule], ...]
) -> Callable[..., Game]:
    """Build games of ``rummy_variant`` from position fields: ``rummy_position(hands=[...])``."""

    def make(seed: int = 0, **position: Any) -> Game:
        return position_game(rummy_variant, seed, local_rules=rummy_local_rules, **position)

    return make


@pytest.fixture
def rummy_conformance(
    rummy_variant: str, rummy_local_rules: tuple[type[HouseRule], ...]
) -> Callable[..., list[State]]:
    """``conformance_run`` for ``rummy_variant``: ``rummy_conformance(players=3, seeds=...)``."""

    def run(
        players: int | None = None, seeds: Iterable[int] = range(3), hands: int = 1
    ) -> list[State]:
        return conformance_run(
            rummy_variant, players, seeds, hands=hands, local_rules=rummy_local_rules
        )

    return run


def names(cards: Iterable[int]) -> list[str]:
    """Card codes written out, for readable assertions."""
    return [card_name(c) for c in cards]


def games_digest(
    variant: str, players: int, matches: int, bots: Sequence[str], max_hands: int = 6
) -> str:
    """A digest of ``matches`` bot matches of ``variant`` from seeds 0, 1, ...: every action, the
    scores and the winners.

    Equal digests before and after a change show that it plays the same games from the same
    seeds: a refactor keeps them, and a change that means to change games says so by changing
    them. ``bots`` are bot specs (``greedy``, ``expert:playouts=4``), taken in turn per seat.
    """
    digest = hashlib.sha256()
    for seed in range(matches):
        game = new_game(variant, players=players, seed=seed)
        seats = [bot_from_spec(bots[seat % len(bots)], seed * 10 + seat) for seat in range(players)]
        match = Match(game, seats, journal=[])
        match.play_match(max_hands)
        for seat, action in game.log:
            digest.update(f"{seat}:{action_json(action, game.hooks)}".encode())
        digest.update(repr((game.state.scores, game.state.winners)).encode())
    return digest.hexdigest()[:16]
