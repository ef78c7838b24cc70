"""The expert bot: determinised playouts at the decisions that matter, the greedy bot elsewhere.

At the start of each of its turns the expert weighs its options by playing the hand out: it deals
the cards it cannot see at random, consistently with its view and what it observed
(``sampling.sampled_game``; where the ruleset's tuning asks, the likeliest of several deals
given the last rival's discard, ``bots.reading``), makes the option on that copy, and lets
greedy bots play every seat to the end of the hand. The same sampled deals are used for every
option, so the options are compared on equal cards, and the greedy bot's own choice stands unless
another beat it by more than the noise (``confidence``); an option that came close gets a second
look on more deals (``recheck``).

The options weighed are the draw sources open to it, and, once it has drawn, whole turns: the
greedy bot's plays with each of its best few discards, and the same discards without laying
anything down. Between those decisions (and when only one option exists) it plays as the greedy
bot does. It never looks at the real hidden cards: it sees the game only through its
``SeatHandle``, like every bot. Where its ``veto`` asks (an option; no built-in tuning sets it),
it follows the one rival's hand in a particle filter (``bots.filtering``) and throws another
weighed discard when its own would let the rival knock at once in too many of the hands it may
hold.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any

from rummy_core.bots.base import SeatHandle
from rummy_core.bots.filtering import RivalFilter
from rummy_core.bots.greedy import FEEDING, TWO_WAYS, GreedyBot, Look, Turn
from rummy_core.bots.reading import discard_reading
from rummy_core.bots.sampling import CannotSample, likeliest_deal, sampled_game
from rummy_core.bots.tuning import expert_tuning, is_count, is_from_zero, is_share, is_whole
from rummy_core.bots.turns import bot_turn
from rummy_core.engine.actions import Action, Discard, Draw, TakeBack
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import Event
from rummy_core.engine.game import Game
from rummy_core.engine.plugin import Ruleset
from rummy_core.engine.state import DRAW, MATCH_OVER, PLAY
from rummy_core.engine.view import PlayerView
from rummy_core.i18n.languages import N_
from rummy_core.solver import solver_for

DISCARDS = 3
"""How many of the greedy bot's best discards are weighed."""
CONFIDENCE = 1.5
"""Standard errors by which an option must beat the greedy bot's own to be preferred to it."""
MIN_EVIDENCE = 4
"""Deals an option must have been played on before it may be preferred to the greedy bot's."""
CLOSE = 0.5
"""Standard errors by which an option that did not beat the greedy bot's own must still lead
it, on average, to be played on ``recheck`` more deals."""
PLAYOUT_TURNS = 400
"""Turns after which a playout stops and is scored as it stands (a bound, rarely reached)."""


def _mean_error(gains: list[float]) -> tuple[float, float]:
    """The mean of two or more ``gains`` and its standard error."""
    mean = sum(gains) / len(gains)
    spread = sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)
    return mean, (spread / len(gains)) ** 0.5


class ExpertBot:
    """Chooses draws and whole turns by determinised playouts with the greedy bot."""

    name = "expert"
    observes_events = True
    """Said outright, as the greedy bot does: ``bots.turns.tell`` asks after every action."""

    def __init__(
        self,
        seed: int = 0,
        playouts: int | None = None,
        seconds: float | None = None,
        discards: int = DISCARDS,
        two_ways: float | None = None,
        feeding: float | None = None,
        confidence: float = CONFIDENCE,
        match_win: float | None = None,
        recheck: int | None = None,
        veto: float | None = None,
        particles: int | None = None,
    ) -> None:
        """``playouts`` deals per decision, the best ``discards`` of its own policy weighed.

        The settings left out (None) are the ruleset's tuning (``bots.tuning.expert_tuning``):
        ``playouts``, ``two_ways`` and ``feeding`` (its ``weights``), ``match_win`` and
        ``recheck``. ``seconds`` also caps the CPU time of a decision (two deals at least); it
        is off by default, since a time limit makes the choices depend on the machine's speed.
        ``two_ways`` and ``feeding``: the weights of its own discard tips (``GreedyBot``'s).
        ``confidence``: the standard errors by which another option must beat its own choice
        (``CONFIDENCE``). ``match_win``: the points a match won is worth in a playout whose hand
        ends it. ``recheck``: more deals on which the option that came closest to beating its
        own choice is weighed against it again. ``veto``: the share of the rival's likely hands a
        discard may let knock at once before another weighed discard is thrown instead
        (``bots.filtering``), ``particles`` the hands followed for it.
        ``bad_bot_options`` if a count is not a whole number from 1 (``recheck`` from 0),
        ``seconds`` is not a positive, finite number of seconds, or a weight, ``confidence`` or
        ``match_win`` is not a finite number from 0.
        """
        from_1 = N_("Options for expert: %(option)s is a whole number from 1, not %(value)r.")
        from_0 = N_("Options for expert: %(option)s is a whole number from 0, not %(value)r.")
        counts = (
            ("playouts", playouts, is_count, from_1),
            ("discards", discards, is_count, from_1),
            ("recheck", recheck, is_whole, from_0),
            ("particles", particles, is_count, from_1),
        )
        for option, count, valid, message in counts:
            if count is not None and not valid(count):
                raise RuleError(
                    "bad_bot_options", message, bot=self.name, option=option, value=count
                )
        if seconds is not None and not (
            isinstance(seconds, int | float)
            and not isinstance(seconds, bool)
            and 0 < seconds < math.inf
        ):
            raise RuleError(
                "bad_bot_options",
                "Options for expert: seconds is a positive number of seconds, not %(value)r.",
                bot=self.name,
                option="seconds",
                value=seconds,
            )
        numbers = (
            ("two_ways", two_ways),
            ("feeding", feeding),
            ("confidence", confidence),
            ("match_win", match_win),
            ("veto", veto),
        )
        for option, number in numbers:
            if number is not None and not (is_share if option == "veto" else is_from_zero)(number):
                raise RuleError(
                    "bad_bot_options",
                    "Options for expert: %(option)s is a number from 0 (veto to 1), not %(value)r.",
                    bot=self.name,
                    option=option,
                    value=number,
                )
        discards = int(discards)
        self.greedy = GreedyBot(seed)
        """This bot's own policy between searches and in its own seat of the playouts: the
        greedy bot with the expert's discard weights (set at its first decision)."""
        self._given: tuple[float | None, float | None] | None = (two_ways, feeding)
        """The weights given as options, until the first decision fills the rest from the
        ruleset's tuning (then None)."""
        self.playouts = None if playouts is None else int(playouts)
        """Deals per decision: as given, else the ruleset's (from the first decision on)."""
        self.seconds = seconds
        self.discards = discards
        self.confidence = float(confidence)
        self.match_win = None if match_win is None else float(match_win)
        """Points a match won is worth in a playout that ends the match: as given, else the
        ruleset's (from the first decision on)."""
        self.recheck = None if recheck is None else int(recheck)
        """Deals of the second look at the closest option: as given, else the ruleset's (from
        the first decision on)."""
        self.rivals: tuple[float, float] = (TWO_WAYS, FEEDING)
        """The discard weights of the rivals in its playouts: the ruleset's (from the first
        decision on)."""
        self.reads = 1
        """Deals drawn for each playout, the one that fits the last rival discard kept
        (``bots.reading``): the ruleset's (from the first decision on)."""
        self.veto = None if veto is None else float(veto)
        """The knock share over which a discard is vetoed, 0 for none: as given, else the
        ruleset's (from the first decision on)."""
        self._particles = None if particles is None else int(particles)
        self.filter: RivalFilter | None = RivalFilter(seed)
        """The rival's likely hands, followed from the start (the tuning that may not want them
        is known at the first decision, which can come after the rival's first turn); None once
        ``veto`` is 0."""
        self._rng = Random(f"expert/{seed}")
        self._plan: list[Action] = []
        self._searched: tuple[int, int] | None = None

    def observe(self, events: Sequence[Event]) -> None:
        """Remember the public cards, as the greedy bot does, and follow the rival's hand."""
        if self.filter is not None:
            # Read before the tracker moves on: a draw is read against the pile it was made from.
            self.filter.observe(events, self.greedy.tracker)
        self.greedy.observe(events)

    def choose(self, seat: SeatHandle) -> Action:
        """The next action: searched at the turn's draw and first play, else planned or greedy."""
        view = seat.view
        greedy = self.greedy
        self._settle(seat.hooks.ruleset)
        greedy.tracker.sync(view)
        if self.filter is not None:
            solver = solver_for(seat.rules, seat.card_values)
            self.filter.update(view, greedy.tracker, seat.hooks.deck, solver, greedy.knock_at)
        turn = greedy.turn_of(view)
        action = self._decide(seat, view, turn)
        greedy.made(action, turn)
        if isinstance(action, TakeBack):
            self._plan = []
        return action

    def _decide(self, seat: SeatHandle, view: PlayerView, turn: Turn) -> Action:
        if view.phase == DRAW:
            self._plan = []
            return self._draw(seat, view)
        if self._searched != turn.key and not view.plays:
            self._searched = turn.key
            self._plan = self._search_turn(seat, view)
        while self._plan:
            step = self._plan.pop(0)
            if seat.is_legal(step):
                return step
            self._plan = []
        return self.greedy.play(seat, view, turn)

    # -- the draw -----------------------------------------------------------------------------

    def _draw(self, seat: SeatHandle, view: PlayerView) -> Action:
        greedy = self.greedy
        sources = [s for s in greedy.draw_order(seat, view) if seat.allows(Draw(s))]
        if len(sources) < 2:
            return greedy.draw(seat, view)
        options: list[list[Action]] = [[Draw(source)] for source in sources]
        return options[self._best(seat, view, options)][0]

    # -- the turn -----------------------------------------------------------------------------

    def _search_turn(self, seat: SeatHandle, view: PlayerView) -> list[Action]:
        """The best whole turn from here, or nothing (then the greedy bot plays)."""
        options = self._turn_options(seat, view)
        if len(options) < 2:
            return []
        best, gains = self._weigh(seat, view, options)
        if self.filter is not None:
            best = self._vetoed(seat, options, best, gains)
        return list(options[best])

    def _vetoed(
        self, seat: SeatHandle, options: list[list[Action]], best: int, gains: list[list[float]]
    ) -> int:
        """``best``, unless its discard lets the rival knock at once in more than ``veto`` of
        its likely hands and another option's discard does in under half as many: then the best
        of those by its playouts' mean gain over the first option."""
        following = self.filter
        assert following is not None
        solver = solver_for(seat.rules, seat.card_values)
        knock_at = self.greedy.knock_at
        shares: dict[int, float | None] = {}

        def share(index: int) -> float | None:
            last = options[index][-1] if options[index] else None
            if not isinstance(last, Discard):
                return None
            if last.card not in shares:
                shares[last.card] = following.knock_share(last.card, solver, knock_at)
            return shares[last.card]

        def mean_gain(index: int) -> float:
            # The first option is the yardstick (no gains of its own); one never played last.
            found = gains[index]
            if index == 0 or found:
                return sum(found) / len(found) if found else 0.0
            return -math.inf

        chosen = share(best)
        if chosen is None or chosen <= (self.veto or 0):
            return best
        safer = [
            index
            for index in range(len(options))
            if index != best and (share(index) or 0.0) < chosen / 2 and share(index) is not None
        ]
        return max(safer, key=mean_gain, default=best)

    def _turn_options(self, seat: SeatHandle, view: PlayerView) -> list[list[Action]]:
        """Whole turns worth weighing: greedy's plays, or none, each with a few discards."""
        records = seat.turn_records()
        try:
            game = sampled_game(seat.hooks, view, self.greedy.tracker, Random(0), records)
        except (CannotSample, RuleError):
            return []
        plays = self._greedy_plays(game, view.seat)
        options: list[list[Action]] = []
        for prefix in [plays, []] if plays else [[]]:
            copy = sampled_game(seat.hooks, view, self.greedy.tracker, Random(0), records)
            try:
                for action in prefix:
                    copy.apply(view.seat, action)
            except RuleError:
                continue
            if copy.current_player() != view.seat:
                options.append(list(prefix))
                continue
            handle = SeatHandle(copy, view.seat)
            look = Look(handle, handle.view)
            found = 0
            for code in self.greedy.discard_order(look):
                if found == self.discards:
                    break
                if handle.allows(Discard(code)):
                    options.append([*prefix, Discard(code)])
                    found += 1
        return options

    def _greedy_plays(self, game: Game, me: int) -> list[Action]:
        """The plays (not the discard) the greedy bot would make now, found on a sampled copy."""
        bot = self._own_policy()
        bot.tracker = self.greedy.tracker.public_copy(self.greedy.tracker.pile)
        plays: list[Action] = []
        for _ in range(60):
            if game.current_player() != me:
                break
            action = bot.choose(SeatHandle(game, me))
            if isinstance(action, Discard):
                break
            game.apply(me, action)
            plays.append(action)
        # A take-back in the greedy bot's turn undoes what came before it.
        while TakeBack() in plays:
            del plays[: plays.index(TakeBack()) + 1]
        return plays

    # -- playouts -----------------------------------------------------------------------------

    def _best(self, seat: SeatHandle, view: PlayerView, options: list[list[Action]]) -> int:
        """The index of the option to take: the greedy bot's own (the first) unless another did
        better on the same deals by more than their noise (``confidence`` standard errors)."""
        return self._weigh(seat, view, options)[0]

    def _weigh(
        self, seat: SeatHandle, view: PlayerView, options: list[list[Action]]
    ) -> tuple[int, list[list[float]]]:
        """``_best``'s answer, with each option's gains over the first on the deals played."""
        playouts = self._settle(seat.hooks.ruleset)
        records = seat.turn_records()
        gains: list[list[float]] = [[] for _ in options]
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        unlikely = None
        if self.reads > 1:
            solver = solver_for(seat.rules, seat.card_values)
            unlikely = discard_reading(self.greedy.tracker, solver, seat.rules)
        for played in range(playouts):
            if played >= 2 and deadline is not None and time.process_time() > deadline:
                break
            deal = self._rng.randrange(1 << 30)
            if unlikely is not None:
                deal = self._likely(seat, view, deal, unlikely)
            baseline = self._playout(seat, view, options[0], deal, records)
            if baseline is None:
                return 0, gains
            for index, option in enumerate(options[1:], start=1):
                result = self._playout(seat, view, option, deal, records)
                if result is not None:
                    gains[index].append(result - baseline)
        best = self._chosen(gains)
        closest = self._closest(gains) if best == 0 and self.recheck else 0
        if closest:
            # A second look, at the one option worth it, against the greedy bot's own: what
            # more deals for every option would cost, for a fraction of it.
            for _ in range(self.recheck or 0):
                if deadline is not None and time.process_time() > deadline:
                    break
                deal = self._rng.randrange(1 << 30)
                baseline = self._playout(seat, view, options[0], deal, records)
                result = self._playout(seat, view, options[closest], deal, records)
                if baseline is not None and result is not None:
                    gains[closest].append(result - baseline)
            best = self._chosen(gains)
        return best, gains

    def _likely(
        self,
        seat: SeatHandle,
        view: PlayerView,
        deal: int,
        unlikely: Callable[[list[list[int]]], float],
    ) -> int:
        """Of ``reads`` deals drawn from ``deal``, the one that fits the rival's last discard."""
        tracker = self.greedy.tracker
        try:
            return likeliest_deal(
                seat.hooks.deck, view, tracker, Random(deal), unlikely, self.reads
            )
        except CannotSample:
            return deal

    def _chosen(self, gains: list[list[float]]) -> int:
        """The option whose gains over the first beat it by ``confidence`` standard errors, the
        best on average of those that do; else the first (0)."""
        best, best_mean = 0, 0.0
        for index, found in enumerate(gains):
            if len(found) < MIN_EVIDENCE:
                continue
            mean, error = _mean_error(found)
            if mean - self.confidence * error > 0 and mean > best_mean:
                best, best_mean = index, mean
        return best

    @staticmethod
    def _closest(gains: list[list[float]]) -> int:
        """The option ahead of the first by ``CLOSE`` standard errors or more, by the most
        standard errors; else 0."""
        closest, lead = 0, 0.0
        for index, found in enumerate(gains):
            if len(found) < MIN_EVIDENCE:
                continue
            mean, error = _mean_error(found)
            if mean > 0 and error > 0 and mean / error >= max(CLOSE, lead):
                closest, lead = index, mean / error
        return closest

    def _settle(self, ruleset: Ruleset) -> int:
        """Fill the settings not given as options from the ruleset's tuning (``bots.tuning``),
        known only at the first decision and kept from then on; the deals per decision."""
        if self._given is not None:
            tuning = expert_tuning(ruleset)
            given_two_ways, given_feeding = self._given
            two_ways, feeding = tuning.weights
            self.greedy.two_ways = two_ways if given_two_ways is None else given_two_ways
            self.greedy.feeding = feeding if given_feeding is None else given_feeding
            self.greedy.outs = tuning.outs
            self.greedy.danger = tuning.danger
            self.greedy.ahead = tuning.ahead
            self.greedy.knock_at = tuning.knock_at
            if self.playouts is None:
                self.playouts = int(tuning.playouts)
            if self.match_win is None:
                self.match_win = float(tuning.match_win)
            if self.recheck is None:
                self.recheck = int(tuning.recheck)
            self.rivals = tuning.rivals
            self.reads = int(tuning.reads)
            if self.veto is None:
                self.veto = float(tuning.veto)
            if not self.veto:
                self.filter = None
            elif self.filter is not None:
                self.filter.count = int(
                    tuning.particles if self._particles is None else self._particles
                )
            self._given = None
        assert self.playouts is not None  # filled above at the first decision
        return self.playouts

    def _playout(
        self,
        seat: SeatHandle,
        view: PlayerView,
        option: list[Action],
        deal: int,
        records: Mapping[str, Any],
    ) -> float | None:
        """This seat's result of one playout of ``option`` on sampled deal ``deal`` (None: the
        option was refused there), the rules' public records of the turn's start ``records``."""
        hooks = seat.hooks
        me = view.seat
        try:
            game = sampled_game(hooks, view, self.greedy.tracker, Random(deal), records)
            for action in option:
                game.apply(me, action)
        except (CannotSample, RuleError):
            return None
        bots = []
        rival, fed = self.rivals
        knock = self.greedy.knock_at
        for other in range(view.players):
            # Rivals are played as the greedy bot with the tuning's weights for them (and taking
            # a pile card that lets them knock), this seat by its own policy.
            if other == me:
                bot = self._own_policy()
            else:
                bot = GreedyBot(two_ways=rival, feeding=fed, knock_at=knock)
            bot.tracker = self.greedy.tracker.public_copy(game.state.discard)
            bots.append(bot)
        limit = game.state.hand_turns + PLAYOUT_TURNS
        while game.state.phase in (DRAW, PLAY) and game.state.hand_turns < limit:
            bot_turn(game, bots)
        state = game.state
        outcome = state.outcome
        if outcome is None or outcome.hand_number != view.hand_number:
            return 0.0
        scores = outcome.hand_scores
        others = [s for i, s in enumerate(scores) if i != me]
        margin = scores[me] - sum(others) / len(others)
        if hooks.ruleset.low_score_wins:
            margin = -margin
        if state.phase == MATCH_OVER and state.winners and self.match_win:
            # The match's worth is shared by its winners and counted as the points are: this
            # seat's share less the others' mean share.
            mine = self.match_win / len(state.winners) if me in state.winners else 0.0
            margin += mine - (self.match_win - mine) / len(others)
        return margin

    def _own_policy(self) -> GreedyBot:
        """A fresh greedy bot with this bot's discard weights, for its seat in a playout; it does
        not look a draw ahead (``ahead``), which would cost a playout ten times its time."""
        own = self.greedy
        return GreedyBot(
            two_ways=own.two_ways,
            feeding=own.feeding,
            outs=own.outs,
            danger=own.danger,
            knock_at=own.knock_at,
        )
