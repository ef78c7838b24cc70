"""Every hook, asked by every door of the engine, leaves the state as it was when its plugin fails.

A vandal plugin implements one hook (asked first): it changes every state it is given (a card
made in a hand, the stock, the table, the pile, the scores, ``extra``), then raises, answers
nonsense, or raises ``KeyboardInterrupt``. The game is driven through each door a hook is asked
by: the legal-move list, a bot's handle and the bots themselves, an action, the next hand. After
each failure the state must equal a deep copy taken before it (ruling A2), and the error must
name the vandal and its hook. The test is parametrized over ``rummy_core.engine.hookspecs``: a new
hook that no scenario here reaches fails ``test_every_hook_is_reached``.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from random import Random
from typing import Any, ClassVar, Literal

import pytest
from pydantic import BaseModel

from rummy_core.bots import SeatHandle
from rummy_core.bots.base import RandomBot
from rummy_core.bots.greedy import GreedyBot
from rummy_core.engine import hookspecs
from rummy_core.engine.action_kinds import ActionKind, GameSteps
from rummy_core.engine.actions import PluginAction, TakeBack
from rummy_core.engine.cards import JOKER, card_name
from rummy_core.engine.errors import PluginError, RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game
from rummy_core.engine.hooks import hook_names
from rummy_core.engine.moves import action_candidates, legal_actions, rule_action_candidates
from rummy_core.engine.plugin import hookimpl
from rummy_core.engine.registry import house_rules, rulesets
from rummy_core.engine.setup import Variant, build_hooks, game_from_position, new_game
from rummy_core.engine.state import HAND_OVER, MATCH_OVER, Meld, State
from rummy_core.formats.view import public_view, view_of
from rummy_core.present.sheet import leftover_worth, score_lines

Mode = Literal["raise", "answer", "interrupt"]
NOTIFICATIONS = {
    "rummy_action_applied",
    "rummy_turn_ended",
    "rummy_hand_ended",
    "rummy_register_actions",
}
"""Hooks whose answers are not checked (a registrar's is, at set-up: see test_plugin_errors)."""


def vandalise(state: State) -> None:
    """Change every part of ``state`` a plugin could reach for."""
    state.hands[0].append(JOKER)
    if state.stock:
        state.stock.pop()
    state.table.clear()
    state.table.append(Meld(0, "set", (0, 13, 26), (0, 13, 26), (0, 0, 0)))
    state.discard.append(1)
    state.scores[0] += 1000
    state.turn = (state.turn + 1) % state.players
    state.extra["vandal"] = True


def vandal(hook: str, mode: Mode) -> object:
    """A plugin whose ``hook`` (asked before any other) vandalises its state, then fails."""
    params = list(inspect.signature(getattr(hookspecs, hook)).parameters)

    def act(args: list[Any]) -> Any:
        plugin.calls += 1
        for arg in args:
            if isinstance(arg, State):
                vandalise(arg)
        if mode == "interrupt":
            raise KeyboardInterrupt
        if mode == "raise":
            raise ValueError(f"vandal in {hook}")
        return "surprise"

    namespace: dict[str, Any] = {"act": act}
    arguments = "".join(", " + p for p in params)
    source = f"def {hook}(self{arguments}):\n    return act([{', '.join(params)}])"
    # The implementation must take the spec's arguments by name, as pluggy reads them.
    exec(source, namespace)
    plugin: Any = type(
        "Vandal",
        (),
        {"name": f"vandal-{mode}", "calls": 0, hook: hookimpl(tryfirst=True)(namespace[hook])},
    )()
    return plugin


CLASSIC = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "phase": "draw",
    "hands": [["7H", "7C", "7D", "4S"], ["5H", "9C"]],
    "stock": ["2C", "3C", "4C"],
    "table": [{"owner": 1, "cards": ["5S", "6S", "7S"]}],
    "turns_taken": [2, 2],
}
"""Classic near a hand's end: every other card in the pile, so the stock runs out and refills."""
HUNGARIAN = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "phase": "draw",
    "hands": [
        ["9D", "KS", "KH", "KD", "QS", "QH", "QD", "AC", "4C"],
        ["5C", "6C", "7C", "3S"],
    ],
    "turns_taken": [3, 3],
    "opened": [False, True],
    "on_show": {"cut": ["9C"]},
    "stock": ["KC", "QC"],
    "table": [{"owner": 1, "cards": ["8D", "JK", "10D"]}],
}
"""Hungarian with a joker to swap and an opening to reach (meld points, swaps)."""


def _classic_position() -> dict[str, Any]:
    placed = {c for hand in CLASSIC["hands"] for c in hand} | set(CLASSIC["stock"])  # type: ignore[attr-defined]
    placed |= {"5S", "6S", "7S"}
    return {**CLASSIC, "discard": [card_name(c) for c in range(52) if card_name(c) not in placed]}


SCENARIOS: list[tuple[str, Callable[[], dict[str, Any]]]] = [
    ("classic:target=none", _classic_position),
    ("classic", _classic_position),
    ("hungarian", lambda: dict(HUNGARIAN)),
    ("hungarian", lambda: {**HUNGARIAN, "opened": [True, True]}),
]


@dataclass
class Hits:
    """The doors that asked one vandal's hook, and the doors its failure came out of."""

    doors: list[str]
    failed: list[str]

    def note(self, door: str) -> None:
        self.doors.append(door)


def guarded(
    game: Game, door: str, hook: str, mode: Mode, hits: Hits, call: Callable[[], Any]
) -> None:
    """Call one door; a vandal's failure must leave ``game.state`` exactly as it was."""
    before = game.state
    snapshot = copy.deepcopy(before)
    plugin: Any = game.hooks.pm.get_plugin(f"vandal-{mode}")
    asked = plugin.calls
    try:
        call()
    except (PluginError, KeyboardInterrupt) as exc:
        blamed(exc, hook, mode)
        hits.failed.append(door)
    except RuleError:
        # A bot with no legal move left (the vandal's failures read as refusals to it).
        pass
    else:
        if door in ("apply", "next_hand"):
            return
    if plugin.calls > asked:
        hits.note(door)
    # Whether the failure came out or a legality check took it for a refusal, nothing changed.
    assert game.state is before, f"{door} replaced the state though it failed"
    assert before.equals(snapshot), f"{hook} changed the state through {door}"


def drive(hook: str, mode: Mode, steps: int = 120) -> Hits:
    """Play each scenario with plain rules, asking the vandal's game at every door on the way."""
    hits = Hits([], [])
    plugin = vandal(hook, mode)
    for variant, position in SCENARIOS:
        plain = game_from_position(variant, position(), 5)
        try:
            hooks = build_hooks(Variant.parse(variant), 2, plugins=[plugin])
        except (PluginError, KeyboardInterrupt) as exc:
            # Asked while the rules are set up: there is no state yet to change.
            blamed(exc, hook, mode)
            hits.note("set_up")
            hits.failed.append("set_up")
            return hits
        try:
            new_game(hooks=hooks, seed=3)
        except (PluginError, KeyboardInterrupt) as exc:
            # The deal works on a state no game holds until it is dealt.
            blamed(exc, hook, mode)
            hits.note("new_game")
            hits.failed.append("new_game")
        bad = Game(hooks, plain.state)
        rng = Random(f"{hook}/{mode}/{variant}")
        players = [GreedyBot(seat) for seat in range(2)]
        for _ in range(steps):
            bad.state = plain.state
            if plain.state.phase == MATCH_OVER:
                break
            if plain.state.phase == HAND_OVER:
                guarded(bad, "score sheet", hook, mode, hits, partial(score_lines, bad))
                guarded(bad, "sheet's worth", hook, mode, hits, partial(leftover_worth, bad))
                guarded(bad, "next_hand", hook, mode, hits, bad.next_hand)
                plain.next_hand()
                continue
            seat = plain.current_player()
            assert seat is not None
            for door, call in doors(bad, seat, rng):
                guarded(bad, door, hook, mode, hits, call)
            legal = legal_actions(plain, seat)
            take_back = [a for a in legal if isinstance(a, TakeBack)]
            if take_back and rng.random() < 0.2:
                action = take_back[0]
            elif rng.random() < 0.3:
                action = rng.choice(legal)
            else:
                # Mostly the greedy bot's play, which ends hands soon.
                action = players[seat].choose(SeatHandle(plain, seat))
            bad.state = plain.state
            guarded(bad, "apply", hook, mode, hits, partial(bad.apply, seat, action))
            plain.apply(seat, action)
            if len(hits.failed) >= 2:
                return hits
    return hits


def blamed(exc: BaseException, hook: str, mode: Mode) -> None:
    """The failure is the vandal's, named with its hook (an interrupt passes through as is)."""
    if isinstance(exc, KeyboardInterrupt):
        assert mode == "interrupt"
    else:
        assert isinstance(exc, PluginError)
        assert (exc.params["plugin"], exc.params["hook"]) == (f"vandal-{mode}", hook), exc


def doors(game: Game, seat: int, rng: Random) -> Iterator[tuple[str, Callable[[], Any]]]:
    """Every way a hook is asked between actions, for the seat to move."""
    handle = SeatHandle(game, seat)
    yield "legal_actions", lambda: legal_actions(game, seat)
    yield "handle.draw_sources", handle.draw_sources
    yield "handle.opening_minimum", handle.opening_minimum
    yield "handle.min_hand_after_play", handle.min_hand_after_play
    yield "handle.view", lambda: handle.view
    seed = rng.randrange(1000)
    yield "random bot", lambda: RandomBot(seed).choose(handle)
    yield "greedy bot", lambda: GreedyBot(seed).choose(handle)
    yield "preview", lambda: preview_all(game, seat)
    # The server's and the terminal game's views ask the turn's stage too.
    yield "seat view", lambda: view_of(game, seat)
    yield "public view", lambda: public_view(game)


def preview_all(game: Game, seat: int) -> None:
    """Preview every candidate action: a plugin's failure comes out, a refusal does not."""
    for action in action_candidates(game, seat):
        try:
            game.preview(seat, action)
        except PluginError:
            raise
        except RuleError:
            continue


MODES: list[Mode] = ["raise", "answer", "interrupt"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("hook", hook_names())
def test_a_failing_vandal_leaves_the_state_as_it_was(hook: str, mode: Mode) -> None:
    if mode == "answer" and hook in NOTIFICATIONS:
        pytest.skip("a notification's answer is not read")
    hits = drive(hook, mode)
    # A hook no scenario here asks would go untested: add a scenario that asks it.
    assert hits.doors, f"no door asked {hook}"
    # Somewhere the failure reaches the caller as the vandal's, not as a refusal.
    assert hits.failed, hits.doors


# -- plugin actions --------------------------------------------------------------------------


@dataclass(frozen=True)
class Smash(PluginAction):
    type: ClassVar[str] = "smash"


class SmashModel(BaseModel):
    type: Literal["smash"] = "smash"


class Smasher:
    """A plugin action whose candidates and apply vandalise ``game.state`` and their state."""

    name = "smasher"

    def __init__(self, where: str) -> None:
        self.where = where

    def _apply(
        self, game: GameSteps, state: State, seat: int, action: Smash, events: list[Event]
    ) -> None:
        vandalise(game.state)
        vandalise(state)
        if self.where == "apply":
            raise RuntimeError("smashed")

    def _candidates(self, game: GameSteps, seat: int) -> list[Smash]:
        vandalise(game.state)
        if self.where == "candidates":
            raise RuntimeError("smashed")
        return [Smash()]

    @hookimpl
    def rummy_register_actions(self) -> list[ActionKind[Any, Any]]:
        return [
            ActionKind(
                name="smash",
                action=Smash,
                model=SmashModel,
                to_action=lambda m: Smash(),
                to_model=lambda a: SmashModel(),
                apply=self._apply,
                candidates=self._candidates,
            )
        ]


@pytest.mark.parametrize("where", ["apply", "candidates"])
def test_a_plugin_action_that_vandalises_and_fails_changes_nothing(where: str) -> None:
    game = game_from_position("classic", _classic_position(), 5, plugins=[Smasher(where)])
    hits = Hits([], [])
    for door, call in doors(game, 0, Random(1)):
        guarded_plugin(game, door, hits, call)
    if where == "apply":
        guarded_plugin(game, "apply", hits, lambda: game.apply(0, Smash()))
    # A failing apply reads as a refusal to legality checks; it comes out of preview and apply.
    expected = {"preview", "apply"} if where == "apply" else {"legal_actions", "random bot"}
    assert expected <= set(hits.doors)


def guarded_plugin(game: Game, door: str, hits: Hits, call: Callable[[], Any]) -> None:
    before = game.state
    snapshot = copy.deepcopy(before)
    try:
        call()
    except PluginError as exc:
        assert exc.params["plugin"] == "smasher" and "smashed" in exc.message
        hits.note(door)
    except RuleError:
        pass
    assert game.state is before and before.equals(snapshot), f"{door} changed the state"


class Scribbler:
    """Changes every state it is given by the hooks asked between actions, then passes."""

    name = "scribbler"

    @hookimpl(tryfirst=True)
    def rummy_hand_bonus(self, state: State) -> None:
        vandalise(state)

    @hookimpl(tryfirst=True)
    def rummy_hand_scores(self, state: State) -> None:
        vandalise(state)

    @hookimpl(tryfirst=True)
    def rummy_opening_minimum(self, state: State) -> None:
        vandalise(state)

    @hookimpl(tryfirst=True)
    def rummy_draw_sources(self, state: State) -> None:
        vandalise(state)


def test_hooks_hands_a_copy_to_every_question_asked_between_actions() -> None:
    from rummy_core.server.outbox import hand_sheet

    game = game_from_position("classic", _classic_position(), 5)
    players = [GreedyBot(seat) for seat in range(2)]
    while (seat := game.current_player()) is not None:
        game.apply(seat, players[seat].choose(SeatHandle(game, seat)))
    game.hooks.pm.register(Scribbler())
    st = game.state
    snapshot = copy.deepcopy(st)
    # The server's score sheet passes the game's own state: Hooks copies it for the plugin.
    assert hand_sheet(game) is not None
    hooks = game.hooks
    assert hooks.hand_bonus(st, 0) in (True, False)
    assert hooks.opening_minimum(st, 0) == 0
    assert hooks.draw_sources(st, 0)
    assert game.state is st and st.equals(snapshot)


ASKED_BETWEEN = (
    "rummy_next_dealer",
    "rummy_turn_stage",
    "rummy_draw_sources",
    "rummy_min_hand_after_play",
    "rummy_opening_minimum",
    "rummy_meld_points",
    "rummy_take_back",
    "rummy_hand_scores",
    "rummy_hand_bonus",
    "rummy_score_lines",
    "rummy_leftover_value",
    "rummy_match_over",
    "rummy_match_capped",
    "rummy_match_winners",
)
"""The hooks ``Hooks`` asks of a copy of the state a caller gives it, for a plugin from
elsewhere."""
SHIPPED_VARIANTS = [*rulesets()] + [
    f"{ruleset}+{name}"
    for name, cls in sorted(house_rules().items())
    for ruleset in (cls.applies_to or tuple(rulesets()))
]


def ask_between(game: Game) -> None:
    """Every question asked between actions, of the game's own state, as a bot, the legal-move
    list and the score sheet ask them."""
    hooks, st = game.hooks, game.state
    if st.phase in (HAND_OVER, MATCH_OVER):
        assert st.outcome is not None
        went_out, reason = st.outcome.went_out, st.outcome.reason
        bonus = went_out is not None and hooks.hand_bonus(st, went_out)
        hooks.hand_scores(st, went_out, reason, bonus)
        hooks.score_lines(st, went_out, reason, bonus)
        hooks.match_over(st)
        hooks.match_capped(st)
        hooks.match_winners(st)
        if st.phase == HAND_OVER:
            hooks.next_dealer(st)
    else:
        seat = st.turn
        hooks.turn_stage(st)
        hooks.draw_sources(st, seat)
        hooks.min_hand_after_play(st, seat)
        hooks.opening_minimum(st, seat)
        if st.phase == "play":
            hooks.take_back(st, seat)
        for meld in st.table:
            hooks.meld_points(st, meld)
    for seat in range(st.players):
        hooks.leftover_value(st, seat)


@pytest.mark.parametrize("variant", SHIPPED_VARIANTS)
def test_the_shipped_rules_change_nothing_they_are_asked_between_actions(variant: str) -> None:
    # ``Hooks`` hands them the game's own state (no copy: a copy per question was a clone per
    # greedy play in gin), which only holds while they change nothing of it.
    for seed in range(3):
        most = Variant.parse(variant).player_range()[1]
        game = new_game(variant, players=min(2 + seed, most), seed=seed)
        assert not any(game.hooks.given_state(name) for name in ASKED_BETWEEN)
        bots = [GreedyBot(seed) if seat % 2 else RandomBot(seed) for seat in range(most)]
        for _ in range(2):
            while (seat := game.current_player()) is not None:
                snapshot = copy.deepcopy(game.state)
                ask_between(game)
                assert game.state.equals(snapshot)
                game.apply(seat, bots[seat].choose(SeatHandle(game, seat)))
            snapshot = copy.deepcopy(game.state)
            ask_between(game)
            assert game.state.equals(snapshot)
            if game.state.phase == MATCH_OVER:
                break
            game.next_hand()


@pytest.mark.parametrize(
    "variant", [v for v in SHIPPED_VARIANTS if new_game(v, seed=0).hooks.action_kinds]
)
def test_the_shipped_rules_own_actions_are_listed_without_a_copy_of_the_state(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Their candidates (a knock, a pass) are listed from the game's own state: a copy was a
    # clone at every gin decision that ends a turn. They change nothing of it.
    clones: list[State] = []
    clone = State.clone

    def counted(state: State) -> State:
        clones.append(state)
        return clone(state)

    for seed in range(3):
        game = new_game(variant, seed=seed)
        bots = [GreedyBot(seed), RandomBot(seed)] * 3
        while (seat := game.current_player()) is not None:
            snapshot = copy.deepcopy(game.state)
            with monkeypatch.context() as patched:
                patched.setattr(State, "clone", counted)
                rule_action_candidates(game, seat)
            assert not clones and game.state.equals(snapshot)
            game.apply(seat, bots[seat].choose(SeatHandle(game, seat)))
