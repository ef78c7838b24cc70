"""Search and self-play: clones, pickles, resampling, information states, registered ids and
policy opponents."""

from __future__ import annotations

import copy
import pickle
from collections import Counter
from random import Random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rummy_rulesets.gin import KNOCK_CARD, UPCARD_PASSES
from rummy_rulesets.hungarian import PILE_CARD_HELD, Cut

from rummy_core.bots.sampling import CannotSample
from rummy_core.engine.actions import DISCARD, TakeBack
from rummy_core.engine.setup import Variant
from rummy_core.engine.state import DRAW
from rummy_core.engine.view import player_view
from rummy_core.env import RummyAEC, RummyGym, aec_env, gym_env
from rummy_core.env.actions import SOURCES


def _random_step(env: RummyAEC, rng: np.random.Generator) -> None:
    """One uniformly random legal id for the agent to act (None once the hand is over)."""
    obs, _, terminated, truncated, _ = env.last()
    if terminated or truncated:
        env.step(None)
        return
    env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def _advance(env: RummyAEC, steps: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if not env.agents:
            return
        _random_step(env, rng)


def _trace(env: RummyAEC, seed: int, steps: int) -> list[tuple[str, float, bytes]]:
    """What the next ``steps`` random steps give: who acted, the rewards, the observations."""
    rng = np.random.default_rng(seed)
    found = []
    for _ in range(steps):
        if not env.agents:
            break
        agent = env.agent_selection
        _random_step(env, rng)
        found.append(
            (agent, sum(env.rewards.values()), env.observe(agent)["observation"].tobytes())
        )
    return found


def _at_own_turn_start(variant: str, seed: int, skip: int, played: bool = False) -> RummyAEC:
    """An environment ``skip`` random steps in, then on until a seat is to act with nothing played
    this turn (``played``: with something played) and no lay-down under way."""
    env = aec_env(variant, players=min(3, Variant.parse(variant).player_range()[1]), seed=seed)
    env.reset()
    rng = np.random.default_rng(seed)
    for _ in range(skip):
        _random_step(env, rng)
    while True:
        session = env.session
        seat = session.current()
        assert seat is not None, "the hand ended before a turn could be sampled"
        if bool(session.views[seat].plays) == played and session.pending.empty:
            return env
        _random_step(env, rng)


def test_clone_is_independent_and_continues_alike() -> None:
    env = aec_env("riverside", players=3, seed=4)
    env.reset()
    _advance(env, 25, seed=1)
    before = env.session.info_state(0), env.session.game.state.hands
    twin = env.clone()
    assert twin.session.game is not env.session.game
    # What is fixed once built is shared, not copied: a clone costs a tenth of what it did.
    for part in ("hooks", "codec", "encoder"):
        assert getattr(twin.session, part) is getattr(env.session, part)
    ours = _trace(env, seed=9, steps=60)
    assert before[0] != env.session.info_state(0)
    assert twin.session.info_state(0) == before[0]
    assert twin.session.game.state.hands == before[1]
    assert _trace(twin, seed=9, steps=60) == ours


def test_gym_clone_continues_alike_with_bots() -> None:
    env = gym_env("classic", players=3, opponents="greedy")
    obs, _ = env.reset(seed=3)
    twin = env.clone()
    rng = np.random.default_rng(0)
    actions = []
    for _ in range(40):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        obs, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            break
    for action in actions:
        twin_obs, *_ = twin.step(action)
    assert np.array_equal(twin_obs["observation"], obs["observation"])
    assert twin.session.game.state.hands == env.session.game.state.hands


def _pending_env() -> RummyAEC:
    """An environment in the middle of a lay-down: cards selected, the meld not yet made."""
    for seed in range(50):
        env = aec_env("classic", players=2, seed=seed, laydown="select")
        env.reset()
        rng = np.random.default_rng(seed)
        while env.agents:
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                break
            legal = np.flatnonzero(obs["action_mask"])
            select = env.session.codec.select
            chosen = [i for i in legal if select.start <= i < select.start + select.size]
            env.step(int(chosen[0] if chosen else rng.choice(legal)))
            if not env.session.pending.empty:
                return env
    raise AssertionError("no lay-down was started")


@pytest.mark.parametrize("variant", ["classic", "riverside+three-of-a-kind", "hungarian"])
def test_pickle_round_trip(variant: str) -> None:
    env = aec_env(variant, players=3, seed=2)
    env.reset()
    _advance(env, 30, seed=5)
    loaded = pickle.loads(pickle.dumps(env))
    assert isinstance(loaded, RummyAEC)
    for agent in env.possible_agents:
        assert loaded.session.info_state(env._seat[agent]) == env.session.info_state(
            env._seat[agent]
        )
    assert _trace(loaded, seed=3, steps=50) == _trace(env, seed=3, steps=50)


def test_pickle_round_trip_mid_lay_down() -> None:
    env = _pending_env()
    loaded = pickle.loads(pickle.dumps(env))
    assert loaded.session.pending == env.session.pending
    agent = env.agent_selection
    assert np.array_equal(loaded.observe(agent)["action_mask"], env.observe(agent)["action_mask"])
    assert _trace(loaded, seed=8, steps=40) == _trace(env, seed=8, steps=40)


def test_gym_pickle_and_deepcopy() -> None:
    env = gym_env("hungarian", players=2, opponents="expert")
    obs, _ = env.reset(seed=11)
    for twin in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
        assert isinstance(twin, RummyGym)
        action = int(np.flatnonzero(obs["action_mask"])[0])
        got, want = twin.step(action), env.clone().step(action)
        assert np.array_equal(got[0]["observation"], want[0]["observation"])
        assert got[1:4] == want[1:4]


def _hidden(env: RummyAEC, seat: int) -> tuple[list[list[int]], list[int]]:
    state = env.session.game.state
    return [h for s, h in enumerate(state.hands) if s != seat], state.stock


POSITIONS = [
    ("classic", 1, 0),
    ("classic", 2, 31),
    ("riverside", 3, 40),
    ("hungarian", 4, 25),
    # The dealer's turn on the upcard: gin's record of the pass before it (G4) is kept.
    ("gin", 5, 1),
    ("gin:oklahoma=true", 6, 6),
]
"""Variants, seeds and random steps before the positions resampled."""


@pytest.mark.parametrize(("variant", "seed", "skip"), POSITIONS)
def test_resample_is_consistent_with_the_seat(variant: str, seed: int, skip: int) -> None:
    _resamples_consistently(_at_own_turn_start(variant, seed, skip))


@pytest.mark.parametrize(
    ("variant", "seed", "skip"),
    [("classic", 1, 0), ("classic", 7, 20), ("riverside", 3, 40), ("hungarian", 4, 25)],
)
def test_resample_in_the_middle_of_the_seat_s_turn(variant: str, seed: int, skip: int) -> None:
    # Something is on the table this turn: the copy is dealt from just after the draw and the
    # seat's plays are made again; a take-back then leads where the real one does.
    env = _at_own_turn_start(variant, seed, skip, played=True)
    _resamples_consistently(env)
    seat = env.session.current()
    assert seat is not None
    real = env.clone().session
    real.apply(seat, TakeBack())
    for draw in range(5):
        other = env.resample(env.agent_selection, Random(draw)).session
        other.apply(seat, TakeBack())
        assert other.views[seat] == real.views[seat]


def _resamples_consistently(env: RummyAEC, agent: str | None = None) -> None:
    """Resampled 30 times for ``agent`` (the one to act by default), it sees the same; the hidden
    cards are dealt anew."""
    session = env.session
    agent = agent or env.agent_selection
    seat = env._seat[agent]
    state = session.game.state
    changed = 0
    for draw in range(30):
        other = env.resample(agent, Random(draw))
        new = other.session.game.state
        assert player_view(new, seat) == session.views[seat]
        assert other.session.info_state(seat) == session.info_state(seat)
        assert np.array_equal(
            other.observe(agent)["observation"], env.observe(agent)["observation"]
        )
        assert np.array_equal(
            other.observe(agent)["action_mask"], env.observe(agent)["action_mask"]
        )
        assert new.hands[seat] == state.hands[seat]
        assert [len(h) for h in new.hands] == [len(h) for h in state.hands]
        assert len(new.stock) == len(state.stock)
        assert len(new.discard) == len(state.discard)
        assert new.table == state.table
        everything = Counter(c for h in new.hands for c in h) + Counter(new.stock)
        everything += Counter(new.discard) + Counter(c for m in new.table for c in m.cards)
        everything += Counter(c for _, cs in new.on_show.items() for c in cs)
        assert everything == Counter(session.hooks.deck)
        changed += _hidden(other, seat) != _hidden(env, seat)
        # The resampled game is played on like the real one, and the real one is untouched.
        _advance(other, 20, seed=draw)
    assert changed >= 25  # a sample that peeks would give back the true cards
    assert session.game.state is state


@pytest.mark.parametrize("whose", ["own", "rival"])
def test_resample_never_reads_a_hidden_card(whose: str) -> None:
    """Two positions the seat cannot tell apart resample alike from the same generator: on its
    own turn, and mid-way through a rival's (whose real hand and draw are not used)."""
    if whose == "own":
        env = _at_own_turn_start("classic", 6, 20)
        agent = env.agent_selection
    else:
        env = _after_the_rival_acted("classic", 4, 20)
        agent = next(a for a in env.possible_agents if a != env.agent_selection)
    seat = env._seat[agent]
    imagined = env.resample(agent, Random(100))
    assert imagined.session.info_state(seat) == env.session.info_state(seat)
    assert _hidden(imagined, seat) != _hidden(env, seat)
    first, second = env.resample(agent, Random(7)), imagined.resample(agent, Random(7))
    assert _hidden(first, seat) == _hidden(second, seat)


def test_resample_keeps_only_the_records_every_player_may_know() -> None:
    # Hungarian counts the copies of a pile card a hand holds (not public); gin's passes on the
    # upcard and Oklahoma's knock card are (Ruleset.public_records).
    env = _at_own_turn_start("hungarian", 4, 25)
    start = env.session.game.state.start_of_turn()
    assert start is not None
    start.extra[PILE_CARD_HELD] = 2
    other = env.resample(env.agent_selection, Random(0)).session.game.state
    assert PILE_CARD_HELD not in other.extra
    env = _at_own_turn_start("gin:oklahoma=true", 0, 1)  # the non-dealer passed the upcard
    state = env.session.game.state
    assert {UPCARD_PASSES, KNOCK_CARD} <= state.extra.keys()
    other = env.resample(env.agent_selection, Random(0)).session.game.state
    assert {k: other.extra[k] for k in (UPCARD_PASSES, KNOCK_CARD)} == {
        k: state.extra[k] for k in (UPCARD_PASSES, KNOCK_CARD)
    }


def _before_a_draw(variant: str, seed: int, skip: int) -> RummyAEC:
    """An environment ``skip`` random steps in, then on until a seat is to draw."""
    env = _at_own_turn_start(variant, seed, skip)
    rng = np.random.default_rng(seed)
    while env.session.game.state.phase != DRAW:
        _random_step(env, rng)
    return env


@pytest.mark.parametrize(("variant", "seed", "skip"), POSITIONS)
def test_resample_before_a_rival_s_draw(variant: str, seed: int, skip: int) -> None:
    env = _before_a_draw(variant, seed, skip)
    waiting = next(a for a in env.possible_agents if a != env.agent_selection)
    _resamples_consistently(env, waiting)
    other = env.resample(waiting, Random(1))
    assert other.agent_selection == env.agent_selection  # the rival is still to draw


def _after_the_rival_acted(variant: str, seed: int, skip: int) -> RummyAEC:
    """An environment before a rival's draw (as ``_before_a_draw``), then the rival's draw and
    random steps of its turn short of ending it, until it has nothing else to do."""
    env = _before_a_draw(variant, seed, skip)
    rival, rng = env.agent_selection, np.random.default_rng(seed)
    codec = env.session.codec
    _random_step(env, rng)
    while env.agent_selection == rival:
        mask = env.observe(rival)["action_mask"].copy()
        mask[codec.discard.start : codec.discard.start + codec.discard.size] = 0
        mask[codec.take_back.start] = 0
        if not mask.any():
            break
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return env


@pytest.mark.parametrize(
    ("variant", "seed", "skip", "acts"),
    [
        ("classic", 1, 0, "Draw"),
        ("classic", 4, 20, "Draw MeldDown"),
        ("riverside", 6, 40, "Draw LayOff Swap LayOff"),
        ("hungarian", 3, 40, "Draw LayOff TakeBack Draw"),
        ("hungarian", 4, 40, "Draw MeldDown TakeBack Draw MeldDown"),
        ("gin", 1, 1, "Draw"),
        ("gin:oklahoma=true", 6, 1, "Draw"),
    ],
)
def test_resample_once_the_rival_has_acted(variant: str, seed: int, skip: int, acts: str) -> None:
    # The copy is dealt as the rival's turn began and its actions are made again: the cards it
    # has shown since come from its hand or its draw, the rest of them are dealt anew; every
    # seat that waits (two in the three-player games) sees the same.
    env = _after_the_rival_acted(variant, seed, skip)
    assert " ".join(type(a).__name__ for a in env.session.turn_actions) == acts
    rival = env.agent_selection
    assert env.session.game.state.turn == env._seat[rival]
    for waiting in env.possible_agents:
        if waiting != rival:
            _resamples_consistently(env, waiting)
            other = env.resample(waiting, Random(1))
            assert other.agent_selection == rival
            assert other.session.turn_actions == env.session.turn_actions


def test_resample_refuses_a_rival_s_turn_it_cannot_make_again() -> None:
    # A plugin's action may name a card the waiting seat never saw: it is not made on a copy.
    env = _after_the_rival_acted("classic", 4, 20).clone()
    waiting = next(a for a in env.possible_agents if a != env.agent_selection)
    env.session.turn_actions.append(Cut())
    with pytest.raises(CannotSample, match="cannot see"):
        env.resample(waiting, Random(0))


def test_resample_after_a_rival_gave_the_pile_s_top_back() -> None:
    # A Hungarian rival that took the pile's top and gave it back is in its draw again with the
    # pile barred to it (H4): the copy, made by the same actions, bars it too.
    env = aec_env("hungarian", players=2, seed=0, take_back="always")
    env.reset()
    codec, rng = env.session.codec, np.random.default_rng(0)
    pile = codec.draw.start + SOURCES.index(DISCARD)
    while True:
        state, rival = env.session.game.state, env.agent_selection
        if state.phase == DRAW and env.observe(rival)["action_mask"][pile]:
            env.step(pile)
            if env.observe(rival)["action_mask"][codec.take_back.start]:
                env.step(codec.take_back.start)
                break
        _random_step(env, rng)
    assert env.agent_selection == rival and env.session.game.state.phase == DRAW
    assert not env.observe(rival)["action_mask"][pile]
    waiting = next(a for a in env.possible_agents if a != rival)
    _resamples_consistently(env, waiting)
    for draw in range(10):
        other = env.resample(waiting, Random(draw))
        assert not other.observe(rival)["action_mask"][pile]
        assert np.array_equal(
            other.observe(rival)["action_mask"], env.observe(rival)["action_mask"]
        )


def test_info_state_tells_apart_what_the_seat_can() -> None:
    env = aec_env("classic", players=2, seed=5)
    env.reset()
    session = env.session
    seat = session.current()
    assert seat is not None
    rival = 1 - seat
    twin = env.clone()
    state = twin.session.game.state
    # A rival's card swapped with a stock card: the seat cannot tell.
    state.hands[rival][0], state.stock[0] = state.stock[0], state.hands[rival][0]
    twin.session._refresh()
    assert state.hands != session.game.state.hands
    assert twin.session.info_state(seat) == session.info_state(seat)
    assert twin.session.info_state(rival) != session.info_state(rival)
    # One of its own cards swapped with the stock's: it can.
    state.hands[seat][0], state.stock[1] = state.stock[1], state.hands[seat][0]
    twin.session._refresh()
    assert twin.session.info_state(seat) != session.info_state(seat)
    # The same cards with a lay-down under way: it can too.
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert env.session.info_state(seat) != twin.session.info_state(seat)


@pytest.mark.filterwarnings("error:.*Box observation space")  # bounded, normalised
@pytest.mark.parametrize("ruleset", ["classic", "riverside", "hungarian"])
def test_registered_ids(ruleset: str) -> None:
    env = gymnasium.make(f"rummy/{ruleset}-v0", players=2)
    assert isinstance(env.unwrapped, RummyGym)
    check_env(env.unwrapped, skip_render_check=True)
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)


def _uniform(seed: int) -> Any:
    rng = np.random.default_rng(seed)

    def policy(obs: dict[str, Any], info: dict[str, Any]) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    return policy


class Linear:
    """A learner's policy: the highest-scoring masked-in id under a weight per id."""

    def __init__(self, size: int, seed: int) -> None:
        self.weights = np.random.default_rng(seed).normal(size=size)
        self.calls = 0

    def __call__(self, obs: dict[str, Any], info: dict[str, Any]) -> int:
        self.calls += 1
        scores = np.where(obs["action_mask"] == 1, self.weights, -np.inf)
        return int(np.argmax(scores))


def _episode(env: RummyGym, policy: Any, seed: int) -> tuple[float, bool]:
    obs, info = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        obs, reward, terminated, truncated, info = env.step(policy(obs, info))
        total += reward
        done = terminated or truncated
    return total, terminated


def test_callable_opponents_play_a_whole_episode() -> None:
    env = gym_env("classic", players=3, opponents=[_uniform(1), "random"], max_steps=3000)
    _, terminated = _episode(env, _uniform(2), seed=4)
    assert terminated
    assert env.session.game.state.outcome is not None


def test_self_play_against_a_frozen_copy() -> None:
    learner = Linear(gym_env("classic").session.codec.size, seed=0)
    frozen = copy.deepcopy(learner)
    env = gym_env("classic", players=2, opponents=frozen, max_steps=3000)
    _, terminated = _episode(env, learner, seed=5)
    assert terminated
    assert frozen.calls > 0 and learner.calls > 0
    learner.weights += 1.0  # the learner moves on; the frozen opponent does not
    assert not np.array_equal(learner.weights, frozen.weights)
