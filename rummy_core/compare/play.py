"""Playing a block of a study's units and reading each hand's figures from its events.

This is what runs in a worker process (or a Ray task): it takes picklable arguments, builds the
rules of each variant once per process, and returns a ``Block`` for the parent to merge.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from rummy_core.bots import Bot, make_bot
from rummy_core.compare.spec import Study, unit_seed
from rummy_core.compare.tally import (
    HandFigures,
    MatchFigures,
    PairTally,
    Tally,
    TrendTally,
    hand_values,
    match_values,
    trend_weights,
)
from rummy_core.engine.cards import JOKER
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.engine.state import MATCH_OVER
from rummy_core.i18n.languages import N_
from rummy_core.match import Match

PLAYS = ("melded", "laid_off", "swapped")
"""The events that put cards on the table (and that a take-back can undo)."""


@dataclass(frozen=True)
class Task:
    """Units ``start`` to ``stop - 1``, played in every variant of the study."""

    start: int
    stop: int


@dataclass
class Block:
    """What a task gave: a tally per variant, one per pair of variants (in
    ``itertools.combinations`` order), one per sweep tested for a trend (``Study.trends``), and
    each hand's figures if records were asked for."""

    task: Task
    tallies: list[Tally]
    pairs: list[PairTally]
    trends: list[TrendTally]
    hands: list[HandFigures] | None


class HandFailed(RuleError):
    """A hand of a study could not be played: a bot chose an illegal action, or a plugin failed.

    It crosses from a worker process to the parent, so it pickles (``RuleError`` does not).
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            HandFailed,
            (self.code, self.template),
            {"params": self.params, "domain": self.domain},
        )


# Building a game's rules costs about 10 ms, as much as a short hand: each process builds those of
# a variant once and reuses them for every game (new_game(hooks=...)).
_HOOKS: dict[tuple[str, int], Hooks] = {}


def hooks_for(variant: str, players: int) -> Hooks:
    """The rules of ``variant`` for ``players``, built once per process."""
    key = (variant, players)
    found = _HOOKS.get(key)
    if found is None:
        found = _HOOKS[key] = build_hooks(Variant.parse(variant), players)
    return found


def play_block(study: Study, task: Task, keep_hands: bool) -> Block:
    """Play one task's units in every variant and tally them, variant by variant and in pairs."""
    tallies = [Tally(study.players) for _ in study.variants]
    pairs = [PairTally() for _ in combinations(study.variants, 2)]
    trends = new_trends(study)
    hands: list[HandFigures] | None = [] if keep_hands else None
    for index in range(task.start, task.stop):
        deals: list[int] = []
        values: list[dict[str, int]] = []
        for number, variant in enumerate(study.variants):
            deal, played, match = play_unit(study, variant, index)
            deals.append(deal)
            for hand in played:
                tallies[number].add_hand(hand)
            if match is not None:
                tallies[number].add_match(match)
                values.append(match_values(match))
            else:
                values.append(hand_values(played[0]))
            if hands is not None:
                hands.extend(played)
        for pair, (i, j) in zip(pairs, combinations(range(len(study.variants)), 2), strict=True):
            pair.add(values[i], values[j], deals[i] == deals[j])
        for trend, sweep in zip(trends, study.trends, strict=True):
            swept = slice(sweep.start, sweep.stop)
            trend.add(values[swept], len(set(deals[swept])) == 1)
    return Block(task, tallies, pairs, trends, hands)


def new_trends(study: Study) -> list[TrendTally]:
    """An empty trend tally per sweep of ``study`` tested for a trend."""
    return [TrendTally(trend_weights(s.numbers or ())) for s in study.trends]


def play_unit(
    study: Study, variant: str, index: int
) -> tuple[int, list[HandFigures], MatchFigures | None]:
    """Play unit ``index`` of ``variant``: the first deal's fingerprint, its hands, its match."""
    hooks = hooks_for(variant, study.players)
    seed = unit_seed(study.seed, index)
    names = study.seat_bots(index)
    bots = make_bots(names, seed)
    started = time.perf_counter()
    game = seat_zero_starts(hooks, seed)
    deal = deal_fingerprint(game)
    played: list[HandFigures] = []
    match = Match(game, bots)
    while True:
        first = game.state.turn
        try:
            match.play_hand()
        except RuleError as exc:
            # A bot or plugin bug: say which hand, so that its seed can replay it.
            raise HandFailed(
                exc.code,
                (
                    N_("%(variant)s, match %(unit)s (game seed %(seed)s): %(problem)s")
                    if study.matches
                    else N_("%(variant)s, hand %(unit)s (game seed %(seed)s): %(problem)s")
                ),
                problem=exc.message,
                variant=variant,
                unit=index,
                seed=seed,
            ) from exc
        now = time.perf_counter()
        played.append(hand_figures(game, variant, index, names, first, now - started))
        if not study.matches:
            return deal, played, None
        if game.state.phase == MATCH_OVER or game.state.hand_number >= study.max_match_hands:
            figures = MatchFigures(
                hands=tuple(played),
                finished=game.state.phase == MATCH_OVER,
                winners=tuple(game.state.winners),
                low_score_wins=hooks.ruleset.low_score_wins,
            )
            return deal, played, figures
        started = now
        match.deal_next()


def deal_fingerprint(game: Game) -> int:
    """The cards of a fresh deal, in order: equal for two variants dealt the very same cards."""
    st = game.state
    cards = (tuple(tuple(hand) for hand in st.hands), tuple(st.stock), tuple(st.discard))
    # Only ints in tuples: Python's hash of them does not change from process to process.
    return hash(cards)


def seat_zero_starts(hooks: Hooks, seed: int) -> Game:
    """A new game whose first hand seat 0 plays first, so that seat numbers are turn order.

    Every ruleset here starts left of the dealer, so the last seat deals; the other dealers are
    tried only for a ruleset that starts elsewhere. The deck order depends on the seed alone, so
    variants that share a deck and a starting rule get the same hands.
    """
    players = hooks.ruleset.options.players
    for dealer in (players - 1, *range(players - 1)):
        game = new_game(hooks=hooks, seed=seed, dealer=dealer)
        if game.state.turn == 0:
            return game
    return game


def hand_figures(
    game: Game,
    variant: str,
    unit: int,
    bots: tuple[str, ...],
    first_player: int,
    seconds: float,
) -> HandFigures:
    """The figures of the hand ``game`` has just finished (``first_player``: who began it)."""
    st = game.state
    outcome = st.outcome
    went_out = outcome.went_out if outcome else None
    scores = outcome.hand_scores if outcome else (0,) * st.players
    plays = committed_plays(game.events)
    wilds = jokers = 0
    for meld in st.table:
        for card, rep in zip(meld.cards, meld.reps, strict=True):
            if card != rep:
                wilds += 1
                jokers += card == JOKER
    return HandFigures(
        variant=variant,
        unit=unit,
        hand_number=st.hand_number,
        seed=st.seed,
        bots=bots,
        dealer=st.dealer,
        first_player=first_player,
        turns=st.hand_turns,
        reason=outcome.reason if outcome else "capped",
        went_out=went_out,
        winner=hand_winner(went_out, scores, game.hooks.ruleset.low_score_wins),
        hand_scores=scores,
        match_scores=tuple(st.scores),
        melds=plays["melded"],
        lay_offs=plays["laid_off"],
        swaps=plays["swapped"],
        wilds=wilds,
        jokers=jokers,
        bonus=went_out is not None and game.hooks.hand_bonus(st, went_out),
        seconds=seconds,
    )


def hand_winner(went_out: int | None, scores: Sequence[int], low_wins: bool) -> int | None:
    """Who went out; when nobody did, the seat with the best hand score, unless it is shared."""
    if went_out is not None:
        return went_out
    best = min(scores) if low_wins else max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None


def committed_plays(events: Sequence[Event]) -> Counter[str]:
    """Melds, lay-offs and swaps that stayed on the table: a take-back (A3) undoes its turn's."""
    done: Counter[str] = Counter()
    pending: list[str] = []
    for event in events:
        kind = event.type
        if kind in PLAYS:
            pending.append(kind)
        elif kind == "took_back":
            pending.clear()
        elif kind in ("discarded", "hand_ended"):
            done.update(pending)
            pending.clear()
    return done


def make_bots(names: Sequence[str], seed: int) -> list[Bot]:
    """The bots of a unit, each seeded from the unit's seed and its seat."""
    return [make_bot(name, seed=seed + seat) for seat, name in enumerate(names)]
