"""The action space a learner gets: melds in one step, take-back as an escape only, and an
observation that shows the melds the ids name, bounded."""

from __future__ import annotations

from collections import Counter
from random import Random

import numpy as np
import pytest

from rummy_core.engine.actions import MeldDown, TakeBack
from rummy_core.engine.cards import CARD_CODES
from rummy_core.engine.errors import RuleError
from rummy_core.engine.melds import RUN, SET
from rummy_core.engine.moves import legal_actions
from rummy_core.env import ActionCodec, Session, aec_env
from rummy_core.env.observe import meld_slot_layout
from rummy_core.env.session import variant_hooks


def _random_steps(session: Session, rng: Random, steps: int) -> None:
    for _ in range(steps):
        seat = session.current()
        if seat is None:
            return
        session.step(seat, int(rng.choice(np.flatnonzero(session.mask(seat)))))


def test_a_meld_is_one_step_where_there_are_no_wilds() -> None:
    session = Session(variant_hooks("classic", 2))
    codec = session.codec
    assert codec.laydown == "meld" and codec.select.size == 0
    # OpenSpiel's numbering: the 65 sets by rank first, then the runs (ace low or high here).
    assert len(codec.melds) == 65 + 4 * sum(15 - length for length in range(3, 14))
    assert codec.describe(codec.lay_down.start) == "lay_down AC AD AH"
    rng = Random(3)
    for seed in range(40):
        session.start(seed)
        for _ in range(120):
            seat = session.current()
            if seat is None:
                break
            melds = [a for a in legal_actions(session.game, seat) if isinstance(a, MeldDown)]
            if melds:
                cards = melds[0].melds[0].cards
                action_id = codec.lay_down.start + codec.melds.index(cards)
                assert session.mask(seat)[action_id] == 1
                session.step(seat, action_id)
                assert session.game.state.table[-1].cards == cards
                return
            _random_steps(session, rng, 1)
    pytest.fail("no meld in 40 hands")


def test_wilds_keep_the_lay_down_card_by_card() -> None:
    assert ActionCodec(variant_hooks("hungarian", 2)).laydown == "select"
    with pytest.raises(RuleError) as refused:
        aec_env("riverside", laydown="meld")
    assert refused.value.code == "bad_laydown"
    select = ActionCodec(variant_hooks("classic", 2), laydown="select")
    assert select.select.size == CARD_CODES and select.melds == ()


def _take_back_share(take_back: str) -> float:
    env = aec_env("hungarian", players=2, take_back=take_back)  # type: ignore[arg-type]
    rng = np.random.default_rng(0)
    kinds: Counter[str] = Counter()
    for episode in range(8):
        env.reset(seed=episode)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            action_id = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            kinds[env.session.codec.fields(action_id)["kind"]] += 1
            env.step(action_id)
    return kinds["take_back"] / sum(kinds.values())


def test_random_play_no_longer_spends_its_steps_taking_back() -> None:
    assert _take_back_share("always") > 0.12
    assert _take_back_share("escape") < 0.08


def test_take_back_is_offered_when_nothing_else_is_legal() -> None:
    session = Session(variant_hooks("hungarian", 2))
    rng = Random(1)
    alone = 0
    for seed in range(30):
        session.start(seed)
        for _ in range(150):
            seat = session.current()
            if seat is None:
                break
            legal = legal_actions(session.game, seat)
            ids = np.flatnonzero(session.mask(seat))
            if any(isinstance(a, TakeBack) for a in legal) and session.pending.empty:
                offered = session.codec.take_back.start in ids
                assert offered == (len(legal) == 1)
                alone += offered
            session.step(seat, int(rng.choice(ids)))
        if alone >= 2:
            return
    pytest.fail("taking back was never the only move")


@pytest.mark.parametrize("variant", ["classic", "riverside", "hungarian"])
def test_each_table_meld_has_its_slot_in_the_order_of_the_ids(variant: str) -> None:
    session = Session(variant_hooks(variant, 3))
    encoder = session.encoder
    parts = dict(meld_slot_layout(3))
    assert list(parts) == ["cards", "stands_for", "owner", "kind"]
    start, size = encoder.slices["table_melds"]
    assert size == session.codec.table_slots * encoder.slot_size
    share = 0.5 if variant == "hungarian" else 1.0  # two packs: a card is half its copies
    rng = Random(7)
    seen = 0
    for seed in range(20):
        session.start(seed)
        for _ in range(25):
            _random_steps(session, rng, 12)
            seat = session.current()
            if seat is None:
                break
            obs = session.observation(seat)
            table = session.views[seat].table
            for m, meld in enumerate(table):
                slot = obs[start + m * encoder.slot_size : start + (m + 1) * encoder.slot_size]
                cards = slot[:CARD_CODES]
                want = np.zeros(CARD_CODES)
                for code in meld.cards:
                    want[code] += 1.0 if code == 52 else share
                if variant == "hungarian":
                    want[52] /= 4  # four jokers
                assert np.allclose(cards, want)
                owner = slot[2 * CARD_CODES : 2 * CARD_CODES + 3]
                assert owner[(meld.owner - seat) % 3] == 1.0 and owner.sum() == 1.0
                kind = slot[2 * CARD_CODES + 3 :]
                assert kind.tolist() == [float(meld.kind == SET), float(meld.kind == RUN)]
                stands = slot[CARD_CODES : 2 * CARD_CODES]
                for code, rep in zip(meld.cards, meld.reps, strict=True):
                    if code != rep and rep >= 0:
                        assert stands[rep] > 0
                seen += 1
            # The slots past the table are empty.
            assert not obs[start + len(table) * encoder.slot_size : start + size].any()
        if seen > 20:
            return
    pytest.fail(f"only {seen} melds seen")


@pytest.mark.parametrize("variant", ["classic", "riverside", "hungarian", "classic+knock"])
def test_observations_are_bounded_and_normalised(variant: str) -> None:
    env = aec_env(variant, players=3, seed=2)
    space = env.observation_space("player_0")["observation"]
    assert np.isfinite(space.low).all() and np.isfinite(space.high).all()
    assert space.low.min() == -1.0 and space.high.max() == 1.0
    env.reset()
    rng = np.random.default_rng(2)
    for step, agent in enumerate(env.agent_iter()):
        obs, _, terminated, truncated, _ = env.last()
        for other in env.agents:
            assert space.contains(env.observe(other)["observation"]), (agent, step)
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def _holding(session: Session, seat: int, cards: list[int]) -> bool:
    """Put ``cards`` in ``seat``'s hand, each swapped with one of its other cards wherever it
    lies hidden (the stock or a rival's hand); False if one is in sight."""
    state = session.game.state
    for code in cards:
        if code in state.hands[seat]:
            continue
        giving = next(c for c in state.hands[seat] if c not in cards)
        for pile in (state.stock, *(h for s, h in enumerate(state.hands) if s != seat)):
            if code in pile:
                pile[pile.index(code)] = giving
                state.hands[seat][state.hands[seat].index(giving)] = code
                break
        else:
            return False
    session._refresh()
    return True


def test_melds_of_wilds_alone_get_ids_with_what_each_stands_for() -> None:
    # Ruling R7: three 2s laid alone must say what each stands for; legal_actions offers none.
    session = Session(variant_hooks("riverside", 2))
    codec = session.codec
    twos = [1, 14, 27]  # 2C 2D 2H
    rng = Random(4)
    for seed in range(30):
        session.start(seed)
        _random_steps(session, rng, 9)
        seat = session.current()
        state = session.game.state
        if seat is None or state.phase != "play" or not state.turns_taken[seat]:
            continue
        if not _holding(session, seat, twos):
            continue
        assert not any(
            isinstance(a, MeldDown) and sorted(a.melds[0].cards) == twos
            for a in legal_actions(session.game, seat)
        )
        declared = [
            a
            for _, a in session.choices().laydowns
            if sorted(a.melds[0].cards) == twos and None not in a.melds[0].declared
        ]
        assert declared
        for code in twos:
            session.step(seat, codec.select.start + code)
        block = codec.lay_down
        ids = [
            i
            for i in np.flatnonzero(session.mask(seat))
            if block.start <= i < block.start + block.size
        ]
        assert ids
        session.step(seat, int(ids[0]))
        meld = session.game.state.table[-1]
        assert sorted(meld.cards) == twos and all(r not in twos for r in meld.reps)
        return
    pytest.fail("no position to hold three 2s in")
