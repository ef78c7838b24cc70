"""The PettingZoo and Gymnasium environments: the libraries' own checks on every variant."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from rummy_core.engine.errors import RuleError
from rummy_core.engine.registry import house_rules, rulesets
from rummy_core.env import aec_env, gym_env, hand_rewards, match_rewards

VARIANTS = [*rulesets()] + [
    f"{cls.applies_to[0] if cls.applies_to else 'classic'}+{name}"
    for name, cls in house_rules().items()
]


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # api_test warns about style (a Dict observation space); failures are assertions.
    warnings.simplefilter("ignore", UserWarning)


@pytest.mark.parametrize("variant", VARIANTS)
def test_api_and_seed(variant: str) -> None:
    api_test(aec_env(variant, seed=3), num_cycles=60)
    seed_test(lambda: aec_env(variant), num_cycles=60)


def test_three_players_with_a_house_rule() -> None:
    env = aec_env("riverside+three-of-a-kind", players=3, seed=5)
    api_test(env, num_cycles=60)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]


def _play_out(env_variant: str, seed: int, reward: str = "hand") -> dict[str, float]:
    env = aec_env(env_variant, seed=seed, reward=reward)  # type: ignore[arg-type]
    env.reset()
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward_now, terminated, truncated, _ = env.last()
        totals[agent] += reward_now
        if terminated or truncated:
            env.step(None)
            continue
        # Discards and draws more often than not, so that random hands end.
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


def test_hand_rewards_sum_to_zero_and_follow_the_scores() -> None:
    totals = _play_out("classic", seed=11)
    assert sum(totals.values()) == pytest.approx(0.0)
    assert hand_rewards([30, 0], low_score_wins=False) == [30.0, -30.0]
    assert hand_rewards([-10, 40, 20], low_score_wins=True) == [40.0, -35.0, -5.0]


def test_match_reward_ends_with_the_match() -> None:
    env = aec_env("classic:target=none", seed=2, reward="match")
    env.reset()
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[-1]))
    assert env.session.game.state.phase == "match_over"
    assert match_rewards([1], 2) == [-1.0, 1.0]
    assert match_rewards([0, 1], 2) == [0.0, 0.0]
    assert match_rewards([], 3) == [0.0, 0.0, 0.0]


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    env = aec_env("classic", seed=4)
    env.reset()
    state = env.session.game.state
    discard = env.session.codec.discard.start + env.session.views[0].hand[0]
    with pytest.raises(RuleError) as info:
        env.step(discard)
    assert info.value.code == "illegal_action_id"
    assert env.session.game.state is state
    with pytest.raises(RuleError) as info:
        env.step(env.session.codec.size)
    assert info.value.code == "bad_action_id"


def test_info_holds_the_raw_view() -> None:
    env = aec_env("hungarian", seed=1)
    env.reset()
    for seat, agent in enumerate(env.possible_agents):
        view = env.infos[agent]["view"]
        assert view.seat == seat
        assert view.hand == tuple(env.session.game.state.hands[seat])


@pytest.mark.parametrize("variant", ["classic", "riverside+pile-penalty"])
def test_gymnasium_check_env(variant: str) -> None:
    env = gym_env(variant, opponents="greedy")
    check_env(env, skip_render_check=True)


def test_gym_plays_a_hand_against_bots() -> None:
    env = gym_env("classic", players=3, seat=1, opponents=["random", "greedy"])
    obs, info = env.reset(seed=8)
    assert info["view"].seat == 1 and info["view"].my_turn
    done = truncated = False
    reward = 0.0
    rng = np.random.default_rng(0)
    steps = 0
    while not (done or truncated):
        obs, reward, done, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        steps += 1
    assert steps > 1
    outcome = env.session.game.state.outcome
    assert done and outcome is not None
    if outcome.reason == "out" and any(outcome.hand_scores):
        assert reward != 0.0


def test_bad_opponents_are_refused() -> None:
    with pytest.raises(RuleError) as info:
        gym_env("classic", players=3, opponents=["greedy"])
    assert info.value.code == "bad_opponents"
    with pytest.raises(RuleError) as info:
        gym_env("classic", opponents="nobody")
    assert info.value.code == "unknown_bot"
