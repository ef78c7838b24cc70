"""The action encoding and the observations over random positions of every variant.

Every legal engine action has an id (or a path of ids for a lay-down), every masked-in id leads
to a legal action, and an observation does not change when the hidden cards are dealt again.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rummy_core.engine.actions import STOCK, Action, Draw, MeldDown, TakeBack
from rummy_core.engine.game import Game
from rummy_core.engine.moves import legal_actions
from rummy_core.engine.plugin import hookimpl
from rummy_core.engine.setup import Variant, build_hooks
from rummy_core.engine.state import DRAW, PLAY, State
from rummy_core.engine.view import player_view
from rummy_core.env import ActionCodec, Session
from rummy_core.env.actions import EMPTY, Choices, Pending
from rummy_core.env.observe import SeatMemory
from rummy_core.env.session import variant_hooks

VARIANTS = [
    "classic",
    "classic+knock",
    "gin",
    "riverside",
    "hungarian",
    "hungarian+two-jokers-per-meld",
]
SESSIONS = {v: Session(variant_hooks(v, 2)) for v in VARIANTS}


class Opening:
    """An opening of 30 points, so that classic's lay-downs by meld id combine several melds."""

    name = "opening-30"

    @hookimpl(tryfirst=True)
    def rummy_opening_minimum(self, state: State, seat: int) -> int:
        return 30


# Classic with its lay-downs card by card (its default is one id per meld) and every take-back
# offered; and with an opening that needs several melds at once, one id each.
SESSIONS["classic/select"] = Session(
    variant_hooks("classic", 2), laydown="select", take_back="always"
)
SESSIONS["classic/opening"] = Session(build_hooks(Variant.parse("classic"), 2, plugins=[Opening()]))


def _advance(session: Session, rng: Random, steps: int) -> None:
    """Random masked ids, mostly discards and draws so that hands move on."""
    for _ in range(steps):
        seat = session.current()
        if seat is None:
            return
        ids = np.flatnonzero(session.mask(seat))
        ends = [i for i in ids if session.codec.fields(int(i))["kind"] in ("draw", "discard")]
        pick = rng.choice(ends) if ends and rng.random() < 0.7 else rng.choice(list(ids))
        session.step(seat, int(pick))


def _path(choices: Choices, action: MeldDown) -> list[int]:
    """The ids that lay ``action`` down, found by walking the masks."""
    target = Counter(m.cards for m in action.melds)
    keys = next(k for k, a in choices.laydowns if Counter(m.cards for m in a.melds) == target)
    codec = choices._codec
    ids: list[int] = []
    for depth, (cards, slot) in enumerate(keys):
        if codec.laydown == "select":
            ids += [codec.select.start + c for c in cards]
        last = depth == len(keys) - 1
        ids.append((codec.lay_down if last else codec.stage).start + slot)
    return ids


positions = st.tuples(st.sampled_from(list(SESSIONS)), st.integers(0, 10_000), st.integers(0, 120))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
# Three 2s of Riverside in one run, 2D 2H AS 2S 4S-9S JS-KS: 13 orderings of the same cards.
@example(("riverside", 252, 100))
# A Hungarian discard drawn that could only be given back (ruling H4): not masked in.
@example(("hungarian", 0, 31))
def test_every_legal_action_is_reachable_and_every_id_is_legal(
    position: tuple[str, int, int],
) -> None:
    variant, seed, steps = position
    session = SESSIONS[variant]
    session.start(seed)
    _advance(session, Random(seed), steps)
    seat = session.current()
    if seat is None:
        return
    game = session.game
    session.pending = EMPTY
    choices = session.choices()
    mask = set(np.flatnonzero(session.mask(seat)).tolist())
    legal = legal_actions(game, seat)
    for action in legal:
        if session.codec.take_back_ids == "escape" and _escape_only(game, seat, action, legal):
            continue
        if isinstance(action, MeldDown):
            pending: Pending = EMPTY
            made = None
            for action_id in _path(choices, action):
                assert action_id in choices.ids(pending)
                pending, made = choices.resolve(pending, action_id)
            assert isinstance(made, MeldDown)
            assert sorted(m.cards for m in made.melds) == sorted(m.cards for m in action.melds)
        else:
            action_id = session.codec.id_of(action)
            assert action_id in mask
            assert choices.resolve(EMPTY, action_id)[1] == action
    # Every masked-in id, followed down any lay-down path, ends in a legal action.
    frontier = [(EMPTY, i) for i in mask]
    while frontier:
        pending, action_id = frontier.pop()
        after, action = choices.resolve(pending, action_id)
        if action is None:
            following = choices.ids(after)
            assert following, f"{session.codec.describe(action_id)} leads nowhere"
            frontier += [(after, i) for i in following]
        else:
            assert game.is_legal(seat, action), session.codec.describe(action_id)


def _escape_only(game: Game, seat: int, action: Action, legal: list[Action]) -> bool:
    """Whether ``take_back="escape"`` leaves ``action`` out: a take-back beside other actions, a
    draw after which only taking it back is legal."""
    if isinstance(action, TakeBack):
        return len(legal) > 1
    if not isinstance(action, Draw) or action.source == STOCK:
        return False
    after = Game(game.hooks, game.preview(seat, action))
    return all(isinstance(a, TakeBack) for a in legal_actions(after, seat))


def test_the_layout_has_fixed_sizes_per_variant() -> None:
    sizes = {v: ActionCodec(variant_hooks(v, 2)).size for v in VARIANTS}
    assert sizes["classic+knock"] == sizes["classic"] + 53
    blocks = {b.name: b.size for b in SESSIONS["hungarian"].codec.blocks}
    assert blocks["lay_off"] == 36 * 53 * 2  # 108 cards make at most 36 melds
    assert blocks["swap"] == 36 * 53 * 1  # the joker is the only wild
    assert "swap" in blocks and ActionCodec(variant_hooks("classic", 4)).size == sizes["classic"]


def _redealt(session: Session, seat: int, rng: Random) -> None:
    """Put in the session a state like its own, the cards ``seat`` cannot see dealt again."""
    state = session.game.state
    shuffled = state.clone()
    others = [s for s in range(state.players) if s != seat]
    hidden = [c for s in others for c in state.hands[s]] + list(state.stock)
    rng.shuffle(hidden)
    for s in others:
        size = len(state.hands[s])
        shuffled.hands[s], hidden = hidden[:size], hidden[size:]
    shuffled.stock = hidden
    session.game.state = shuffled


@pytest.mark.parametrize("variant", ["classic", "riverside", "hungarian"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_observations_do_not_change_when_hidden_cards_are_dealt_again(
    variant: str, seed: int
) -> None:
    session = Session(variant_hooks(variant, 3))
    session.start(seed)
    rng = Random(seed)
    for _ in range(12):
        _advance(session, rng, rng.randrange(1, 25))
        if session.current() is None:
            break
        for seat in range(3):
            before = session.observation(seat)
            real = session.game.state
            _redealt(session, seat, rng)
            shuffled = session.game.state
            session.views = [player_view(shuffled, s) for s in range(3)]
            assert np.array_equal(session.observation(seat), before)
            rival = (seat + 1) % 3
            if Counter(shuffled.hands[rival]) != Counter(real.hands[rival]):
                # The rival's own observation does change with its hand: the check can fail.
                assert not np.array_equal(session.observation(rival), _observed(real, rival))
            session.game.state = real
            session.views = [player_view(real, s) for s in range(3)]


def _observed(state: State, seat: int) -> np.ndarray[Any, Any]:
    return SESSION3.encoder.encode(SeatMemory(seat, 3), player_view(state, seat), EMPTY)


SESSION3 = Session(variant_hooks("classic", 3))


def test_memory_sees_a_rival_take_the_discard() -> None:
    session = Session(variant_hooks("classic", 2))
    for seed in range(50):
        session.start(seed)
        seat = session.current()
        assert seat is not None
        top = session.views[seat].top_discard
        if top is None or session.game.state.phase != DRAW:
            continue
        session.step(seat, session.codec.draw.start + 1)  # take the discard
        rival = 1 - seat
        start, _ = session.encoder.slices["seen_taken"]
        assert session.observation(rival)[start + top] == 1.0
        assert session.memories[rival].taken[seat][top] == 1
        # Put back on the pile, it is no longer held.
        assert session.game.state.phase == PLAY
        return
    pytest.fail("no deal with a face-up discard in 50 seeds")


def test_memory_knows_the_pile_below_the_top() -> None:
    session = Session(variant_hooks("classic", 2))
    session.start(5)
    rng = Random(5)
    _advance(session, rng, 40)
    memory = session.memories[0]
    state = session.game.state
    known = [c for c in memory.pile if c != -1]
    assert len(memory.pile) == len(state.discard)
    assert known == [c for c, m in zip(state.discard, memory.pile, strict=True) if m != -1]
    assert len(known) >= len(state.discard) - 1
