"""Our gin and OpenSpiel's ``gin_rummy`` in lockstep: the oracle of issue #37.

A ``Mirror`` holds one hand of our ``gin`` (single hand, seat 1 deals, so seat ``s`` is
OpenSpiel's player ``s``) and an OpenSpiel state dealt the same cards through its chance
actions. Every action of ours is mapped to OpenSpiel's ids and applied to both (a knock, our
``MeldDown``s then ``Knock(card)``, is OpenSpiel's knock, discard, melds and pass); OpenSpiel's
simple bot can play a seat, its choices mapped back to ours. At every decision between pieces
of a turn the two must agree on the player to move, the phase, the cards in every place and the
legal actions (after mapping), and at the end on the score: the one player who scores in ours
scores as much in OpenSpiel's zero-sum returns. At each knock taken (and a sample of the knocks
offered) both sides enumerate every (discard, melds laid) a knock can reach, and the two sets
must be equal. What OpenSpiel gets wrong is recognised exactly and counted (docs/rulings.md,
G7 and G9; Q3, equal counts, is OpenSpiel's rule and ours by default, G10):

- **Q1**: OpenSpiel counts an 11-card hand's deadwood by dropping the highest deadwood card of
  one best meld group, which is not always the best discard, so it refuses a knock that the
  exact count allows (in the discard phase and at the wall).
- **Q2**: OpenSpiel extends a run by the lay-offs already made only once, so it refuses a third
  card laid off on one end of a run.
- **Q4**: OpenSpiel does not record which meld a card was laid off on, so a card that fits two
  melds (4H on 4S 4C 4D, which also follows AH 2H 3H) grows both: it offers 5H after 4H went on
  the set, where ours, with 4H on the set, does not.

and what our rules say otherwise by design: the defender's melds count at their best
arrangement (G9; the mirror lays that arrangement for OpenSpiel's defender), and OpenSpiel ends
a hand at the 50th upcard drawn (G15; the mirror stops the hand there, ours would play on).
Anything else raises ``Disagreement`` with the hand's seed and transcript.

``python bench/openspiel_mirror.py --hands N`` (``make crosscheck HANDS=N``) mirrors N hands per
driver (random moves, then the greedy bot in both seats) and prints the counts. Needs
``open_spiel`` (the ``peers`` extra, pyproject.toml).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import Any

import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
from rummy_rulesets.gin import (
    GIN_MELDS,
    UPCARD_PASSES,
    Pass,
    at_wall,
    can_knock,
    is_defender,
    upcard_offered,
)
from rummy_rulesets.knocking import Knock

from rummy_core.bots import make_bot
from rummy_core.bots.base import Bot
from rummy_core.engine.actions import (
    DISCARD,
    STOCK,
    Action,
    Discard,
    Draw,
    LayOff,
    MeldDown,
    NewMeld,
    TakeBack,
)
from rummy_core.engine.defaults import PIP_VALUES
from rummy_core.engine.game import OVER, Game
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.moves import legal_actions
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.engine.state import DRAW, PLAY, State
from rummy_core.match import Match
from rummy_core.solver import solver_for

GR = pyspiel.gin_rummy
PHASE = GR.Phase
UPCARD, STOCK_DRAW, PASS, KNOCK = (
    GR.DRAW_UPCARD_ACTION,
    GR.DRAW_STOCK_ACTION,
    GR.PASS_ACTION,
    GR.KNOCK_ACTION,
)
MELD_BASE = GR.MELD_ACTION_BASE
UTILS = GR.GinRummyUtils(13, 4, 10)
RANKS = 13
MAX_PIECE = 5
"""OpenSpiel lays a run of at most 5 cards in one action; a longer one goes down in pieces."""
DEALER = 1
"""Our dealer: OpenSpiel's player 1 deals and player 0 plays first, so our seats are its players."""


def to_os(code: int) -> int:
    """Our card code (suits C D H S) as OpenSpiel's (suits s c d h; rank A..K = 0..12)."""
    return ((code // RANKS + 1) % 4) * RANKS + code % RANKS


def from_os(card: int) -> int:
    """OpenSpiel's card as our code."""
    return ((card // RANKS + 3) % 4) * RANKS + card % RANKS


def is_set(cards: Iterable[int]) -> bool:
    """Whether OpenSpiel cards of a meld are of one rank (else they are a run of one suit)."""
    return len({card % RANKS for card in cards}) == 1


def meld_ids(cards: Iterable[int]) -> list[int]:
    """OpenSpiel's meld actions for one meld of ours (OpenSpiel cards): a run longer than 5 in
    pieces of 3 to 5 (6 = 3 + 3, 7 = 4 + 3, 8 = 5 + 3, 9 = 5 + 4, 10 = 5 + 5)."""
    ordered = sorted(cards)
    pieces = []
    while len(ordered) > MAX_PIECE:
        size = MAX_PIECE if len(ordered) - MAX_PIECE >= 3 else len(ordered) - 3
        pieces.append(ordered[:size])
        ordered = ordered[size:]
    pieces.append(ordered)
    return [MELD_BASE + UTILS.meld_to_int(piece) for piece in pieces]


def layout(melds: Iterable[tuple[int, ...]]) -> frozenset[tuple[int, ...]]:
    """Melds laid (OpenSpiel cards) in one form whichever way they were cut: a run laid in
    pieces joined again, so OpenSpiel's 5 + 3 and our 8 compare equal."""
    found: set[tuple[int, ...]] = set()
    runs: list[list[int]] = []
    for meld in melds:
        if is_set(meld):
            found.add(tuple(sorted(meld)))
        else:
            runs.append(sorted(meld))
    runs.sort()
    joined: list[list[int]] = []
    for run in runs:
        last = joined[-1] if joined else None
        if last and last[-1] + 1 == run[0] and last[-1] // RANKS == run[0] // RANKS:
            last.extend(run)
        else:
            joined.append(list(run))
    found.update(tuple(run) for run in joined)
    return frozenset(found)


Outcome = tuple[int, frozenset[tuple[int, ...]]]
"""A knock as reached: the discard and the melds laid (OpenSpiel cards, ``layout``)."""


def os_knocks(state: Any) -> set[Outcome]:
    """Every knock OpenSpiel reaches from ``state`` (in its Knock phase, the discard to make)."""
    found: set[Outcome] = set()
    seen: set[tuple[int, frozenset[tuple[int, ...]]]] = set()

    def walk(node: Any, discard: int, melds: frozenset[tuple[int, ...]]) -> None:
        if (discard, melds) in seen:
            return
        seen.add((discard, melds))
        for action in node.legal_actions():
            if action == PASS:
                found.add((discard, layout(melds)))
                continue
            child = node.clone()
            child.apply_action(action)
            if action < UPCARD:
                walk(child, action, melds)
            else:
                meld = tuple(sorted(UTILS.int_to_meld[action - MELD_BASE]))
                walk(child, discard, melds | {meld})

    walk(state, -1, frozenset())
    return found


def our_knocks(hooks: Hooks, state: State, seat: int) -> set[Outcome]:
    """Every knock our rules reach from ``state`` (after the draw): melds, then ``Knock``."""
    found: set[Outcome] = set()
    seen: set[frozenset[tuple[int, ...]]] = set()

    def walk(node: State, melds: frozenset[tuple[int, ...]]) -> None:
        if melds in seen:
            return
        seen.add(melds)
        game = Game(hooks, node)
        for action in legal_actions(game, seat):
            if isinstance(action, Knock):
                found.add((to_os(action.card), layout(melds)))
            elif isinstance(action, MeldDown):
                laid = {tuple(sorted(to_os(c) for c in m.cards)) for m in action.melds}
                walk(game.preview(seat, action), melds | laid)

    walk(state, frozenset())
    return found


def chained_layoffs(melds: list[int], layoffs: list[int]) -> set[int]:
    """The cards that fit OpenSpiel's laid melds when a run grows by every card laid off on it
    (what ``AllLayoffs`` gives with its one-deep chaining fixed: Q2)."""
    found: set[int] = set()
    for meld_id in melds:
        cards = list(UTILS.int_to_meld[meld_id])
        if is_set(cards):
            if len(cards) == 3:
                found.add(UTILS.rank_meld_layoff(cards))
            continue
        low, high = min(cards), max(cards)
        grown = True
        while grown:
            grown = False
            if low % RANKS and low - 1 in layoffs:
                low, grown = low - 1, True
            if high % RANKS != RANKS - 1 and high + 1 in layoffs:
                high, grown = high + 1, True
        if low % RANKS:
            found.add(low - 1)
        if high % RANKS != RANKS - 1:
            found.add(high + 1)
    return found


def misplaced_layoffs(melds: list[int], layoffs: list[int], table: list[Any]) -> set[int]:
    """The cards OpenSpiel lets grow a run through a card laid off on another meld (Q4): it
    keeps no record of where a lay-off went, so a 4 laid on a set of 4s counts on A-2-3 too.
    ``table`` is our table, where each card lies on one meld."""
    found: set[int] = set()
    for meld_id in melds:
        cards = list(UTILS.int_to_meld[meld_id])
        if is_set(cards):
            continue
        ours = {from_os(c) for c in cards}
        home = next(m for m in table if ours <= set(m.cards))
        for card in UTILS.suit_meld_layoffs(cards):
            if card not in layoffs or from_os(card) in home.cards:
                continue
            if card < min(cards) and card % RANKS:
                found.add(card - 1)
            elif card > max(cards) and card % RANKS != RANKS - 1:
                found.add(card + 1)
    return found


class Disagreement(AssertionError):
    """Our game and OpenSpiel's disagree in a way no ruling explains."""


@dataclass
class Tally:
    """What a run of mirrored hands compared and found."""

    hands: int = 0
    steps: int = 0
    """Decisions compared: player, phase, cards and legal actions."""
    actions: int = 0
    """OpenSpiel player actions applied."""
    knocks_compared: int = 0
    """Knock states whose reachable outcomes were enumerated and compared on both sides."""
    knock_outcomes: int = 0
    knocks: int = 0
    gins: int = 0
    undercuts: int = 0
    ties: int = 0
    wall_voids: int = 0
    repeated_voids: int = 0
    upcard_caps: int = 0
    """Hands OpenSpiel ended at its 50th upcard drawn (G15), where ours plays on."""
    q1: int = 0
    q2: int = 0
    q4: int = 0
    substituted: int = 0
    """Bot choices replaced because OpenSpiel's defects (Q1, Q2) forbid them there."""
    scores_agreed: int = 0

    def add(self, other: Tally) -> None:
        """Add another run's counts to these."""
        for each in fields(self):
            setattr(self, each.name, getattr(self, each.name) + getattr(other, each.name))

    def lines(self) -> list[str]:
        """The counts, one ``name: value`` a line."""
        return [f"{each.name}: {getattr(self, each.name):,}" for each in fields(self)]


@dataclass
class Mirror:
    """One hand of ours and OpenSpiel's in lockstep (see the module's docstring)."""

    seed: int
    hooks: Hooks
    os_game: Any
    tally: Tally
    bots: list[Bot | None] = field(default_factory=lambda: [None, None])
    knock_sample: float = 1.0
    """The share of knock states offered (not taken) whose outcomes are compared too."""
    start: Game | None = None
    """A hand of ours just dealt, seat 1 the dealer (a test's position); else ``seed``'s deal."""
    log: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game = self.start or new_game(hooks=self.hooks, seed=self.seed, dealer=DEALER)
        self.match = Match(self.game, self.bots)
        self.os = self.os_game.new_initial_state()
        self.rng = random.Random(f"mirror/{self.seed}")
        self.pending: list[tuple[int, ...]] = []
        """Melds laid this turn, not yet knocked with (OpenSpiel lays them after its knock)."""
        self.os_over = False
        self.upcards = 0
        self.compared: State | None = None
        """The state whose knocks were compared last (each decision's are compared once)."""
        state = self.game.state
        for card in [*state.hands[0], *state.hands[1], state.discard[-1]]:
            self._chance(to_os(card))
        self.tally.hands += 1

    # -- where we are ------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the hand has ended (on both sides, or at OpenSpiel's upcard cap)."""
        return self.os_over or self.game.state.phase in OVER

    @property
    def mid_turn(self) -> bool:
        """Whether a knock is under way: melds laid, or the upcard taken at the wall."""
        state = self.game.state
        return bool(self.pending) or (
            state.phase == PLAY
            and self.os.current_phase() == PHASE.KNOCK
            and not is_defender(state, state.turn)
        )

    def expected_phase(self) -> Any:
        """OpenSpiel's phase for our state."""
        state = self.game.state
        if state.phase == DRAW:
            passes = state.extra.get(UPCARD_PASSES, 0)
            if upcard_offered(state) or (passes == 2 and state.hand_turns == 2):
                return PHASE.FIRST_UPCARD
            return PHASE.WALL if at_wall(state) else PHASE.DRAW
        return PHASE.LAYOFF if is_defender(state, state.turn) else PHASE.DISCARD

    def image(self, action: Action) -> int:
        """The OpenSpiel id an action of ours starts with, at a decision between pieces."""
        if isinstance(action, Draw):
            if action.source == STOCK:
                return STOCK_DRAW
            return KNOCK if self.os.current_phase() == PHASE.WALL else UPCARD
        if isinstance(action, Pass):
            return PASS
        if isinstance(action, Discard):
            return to_os(action.card)
        if isinstance(action, MeldDown | Knock):
            return KNOCK
        if isinstance(action, LayOff) and len(action.cards) == 1:
            return to_os(action.cards[0])
        raise Disagreement(self._said(f"no OpenSpiel action for {action}"))

    # -- comparing ---------------------------------------------------------------------------

    def sync(self) -> list[Action]:
        """Compare both games at a decision; the legal actions of ours OpenSpiel allows too."""
        state, os_state = self.game.state, self.os
        seat = state.turn
        self.tally.steps += 1
        if os_state.current_player() != seat:
            raise Disagreement(self._said(f"OpenSpiel's player {os_state.current_player()}"))
        phase = os_state.current_phase()
        if phase != self.expected_phase():
            raise Disagreement(self._said(f"OpenSpiel's phase {phase}"))
        self._same_cards()
        legal = [a for a in legal_actions(self.game, seat) if not isinstance(a, TakeBack)]
        images = {id(a): self.image(a) for a in legal}
        ours, theirs = set(images.values()), set(os_state.legal_actions())
        if ours != theirs:
            self._known_defect(ours, theirs)
        if KNOCK in ours & theirs and self.rng.random() < self.knock_sample:
            self.compare_knocks()
        return [a for a in legal if images[id(a)] in theirs]

    def _same_cards(self) -> None:
        state, os_state = self.game.state, self.os
        for seat in (0, 1):
            if sorted(map(to_os, state.hands[seat])) != sorted(os_state.hands()[seat]):
                raise Disagreement(self._said(f"seat {seat}'s hands differ"))
        if len(state.stock) != os_state.stock_size():
            raise Disagreement(self._said(f"stock {len(state.stock)} != {os_state.stock_size()}"))
        pile = list(os_state.discard_pile())
        upcard = os_state.upcard()
        if upcard is not None:
            pile.append(upcard)
        if [to_os(c) for c in state.discard] != pile:
            raise Disagreement(self._said(f"discard piles differ: OpenSpiel {pile}"))

    def _known_defect(self, ours: set[int], theirs: set[int]) -> None:
        """Count a difference of legal sets that Q1 or Q2 explains exactly; raise on another."""
        state, os_state = self.game.state, self.os
        seat, phase = state.turn, os_state.current_phase()
        limit = os_state.knock_card()
        if ours - theirs == {KNOCK} and theirs <= ours and phase in (PHASE.DISCARD, PHASE.WALL):
            # OpenSpiel's count of the eleven cards, the drawn card or the wall's upcard
            # included, against the exact one.
            cards = list(state.hands[seat])
            if phase == PHASE.DISCARD:
                counted = os_state.deadwood()[seat]
            else:
                counted = UTILS.min_deadwood([to_os(c) for c in cards], os_state.upcard())
                cards.append(state.discard[-1])
            if can_knock(cards, limit) and counted > limit:
                self.tally.q1 += 1
                return
        if phase == PHASE.LAYOFF:
            melds, layoffs = os_state.layed_melds()[1 - seat], os_state.layoffs()
            chained = ours - theirs <= chained_layoffs(melds, layoffs)
            misplaced = theirs - ours <= misplaced_layoffs(melds, layoffs, state.table)
            if chained and misplaced:
                self.tally.q2 += bool(ours - theirs)
                self.tally.q4 += bool(theirs - ours)
                return
        raise Disagreement(
            self._said(f"legal sets differ: ours only {ours - theirs}, theirs only {theirs - ours}")
        )

    def compare_knocks(self) -> None:
        """Both sides' reachable knocks from this decision (draw at the wall, or discard)."""
        state, seat = self.game.state, self.game.state.turn
        if self.compared is state:
            return
        self.compared = state
        start = self.os.clone()
        start.apply_action(KNOCK)
        theirs = os_knocks(start)
        after = self.game.preview(seat, Draw(DISCARD)) if state.phase == DRAW else state
        ours = our_knocks(self.hooks, after, seat)
        self.tally.knocks_compared += 1
        self.tally.knock_outcomes += len(ours)
        if ours != theirs:
            raise Disagreement(
                self._said(
                    f"knocks differ: ours only {sorted(ours - theirs)[:5]},"
                    f" theirs only {sorted(theirs - ours)[:5]}"
                )
            )

    # -- playing -----------------------------------------------------------------------------

    def play(self, seat: int, action: Action) -> None:
        """Make ``action`` of ours, and OpenSpiel's actions once a piece of a turn is whole."""
        phase = self.os.current_phase()
        if not self.mid_turn and self.image(action) == KNOCK:
            self.compare_knocks()  # every knock taken, whatever the sample
        os_ids: list[int] = []
        if isinstance(action, MeldDown):
            self.pending.extend(tuple(to_os(c) for c in m.cards) for m in action.melds)
        elif isinstance(action, TakeBack):
            self.pending.clear()
        elif isinstance(action, Draw):
            os_ids = [KNOCK if phase == PHASE.WALL else UPCARD]
        elif isinstance(action, Pass):
            os_ids = [PASS]
        elif isinstance(action, Discard):
            os_ids = [to_os(action.card)]
        elif isinstance(action, LayOff):
            os_ids = [to_os(action.cards[0])]
        elif isinstance(action, Knock):
            os_ids = [KNOCK] if phase == PHASE.DISCARD else []
            os_ids.append(to_os(action.card))
            for meld in self.pending:
                os_ids += meld_ids(meld)
            os_ids.append(PASS)
            self.pending.clear()
        self.log.append(f"seat {seat}: {action}")
        self.match.act(seat, action)
        if isinstance(action, Draw) and action.source == STOCK:
            self._os_apply(STOCK_DRAW)
            self._chance(to_os(self.game.state.drawn[0]))
            return
        for os_id in os_ids:
            self._os_apply(os_id)
        if self.os_over:
            return
        if isinstance(action, Draw) and phase == PHASE.DRAW and action.source == DISCARD:
            self.upcards += 1
        if self.os.current_phase() == PHASE.LAYOFF and self.game.state.phase in OVER:
            # Gin, or the defender's pass: OpenSpiel's defender now lays its melds (G9: ours
            # count at their best arrangement, which is what the mirror lays).
            defender = self.os.current_player()
            if not self.os.finished_layoffs():
                self._os_apply(PASS)
            for meld in (
                solver_for(GIN_MELDS, PIP_VALUES).best(self.game.state.hands[defender]).melds
            ):
                for os_id in meld_ids(to_os(c) for c in meld[0]):
                    self._os_apply(os_id)
            self._os_apply(PASS)
        if self.game.state.phase in OVER or self.os.is_terminal():
            self._finish()

    def play_os_bot(self, seat: int, bot: Any) -> None:
        """OpenSpiel's bot's piece of a turn, mapped to ours and made on both sides."""
        os_id = bot.step(self.os)
        phase = self.os.current_phase()
        if os_id in (UPCARD, STOCK_DRAW):
            self.play(seat, Draw(DISCARD if os_id == UPCARD else STOCK))
        elif os_id == PASS:
            self.play(seat, Pass())
        elif os_id < UPCARD and phase == PHASE.DISCARD:
            self.play(seat, Discard(from_os(os_id)))
        elif os_id == KNOCK:
            # Play the bot's whole knock on a copy, then ours: melds, then the knock.
            trial = self.os.clone()
            trial.apply_action(os_id)
            ours: list[Action] = [Draw(DISCARD)] if phase == PHASE.WALL else []
            melds: list[list[int]] = []
            discard = -1
            while (step := bot.step(trial)) != PASS:
                trial.apply_action(step)
                if step < UPCARD:
                    discard = step
                else:
                    melds.append(list(UTILS.int_to_meld[step - MELD_BASE]))
            ours += [MeldDown((NewMeld.of([from_os(c) for c in meld]),)) for meld in melds]
            ours.append(Knock(from_os(discard)))
            for action in ours:
                self.play(seat, action)
        else:
            raise Disagreement(self._said(f"OpenSpiel's bot chose {os_id} in {phase}"))

    def _os_apply(self, os_id: int) -> None:
        os_state = self.os
        if os_id not in os_state.legal_actions():
            raise Disagreement(
                self._said(f"OpenSpiel refuses {os_id} in {os_state.current_phase()}")
            )
        os_state.apply_action(os_id)
        self.tally.actions += 1
        if (
            os_state.is_terminal()
            and os_id == UPCARD
            and self.game.state.phase not in OVER
            and self.upcards + 1 == GR.MAX_NUM_DRAW_UPCARD_ACTIONS
        ):
            # G15: OpenSpiel's 50th upcard drawn ends its hand; ours plays on.
            self.tally.upcard_caps += 1
            self.os_over = True

    def _chance(self, card: int) -> None:
        if card not in dict(self.os.chance_outcomes()):
            raise Disagreement(self._said(f"OpenSpiel cannot deal {card}"))
        self.os.apply_action(card)

    def _finish(self) -> None:
        """Both hands over: the same end, the same score."""
        state, os_state = self.game.state, self.os
        if not os_state.is_terminal() or state.phase not in OVER:
            raise Disagreement(self._said("one game is over, the other is not"))
        outcome = state.outcome
        assert outcome is not None
        returns = os_state.returns()
        scores = outcome.hand_scores
        scorer = max((0, 1), key=lambda seat: scores[seat])
        if sum(1 for s in scores if s) > 1 or returns[scorer] != scores[scorer]:
            raise Disagreement(self._said(f"scores {scores}, OpenSpiel's returns {returns}"))
        tally = self.tally
        tally.scores_agreed += 1
        knocked = [bool(k) for k in os_state.knocked()]
        if any(knocked):
            knocker = knocked.index(True)
            tally.knocks += 1
            tally.gins += os_state.deadwood()[knocker] == 0
            tally.undercuts += returns[knocker] < 0
            tally.ties += returns[knocker] == 0
        elif outcome.reason == "stock":
            tally.wall_voids += 1
        else:
            tally.repeated_voids += 1

    def _said(self, what: str) -> str:
        transcript = "\n".join(self.log[-30:])
        return f"seed {self.seed}: {what}\n{self.os}\nlast actions:\n{transcript}"


# -- drivers ---------------------------------------------------------------------------------

Seat = Callable[[Mirror, int], None]
"""Who plays a seat: makes that seat's next piece of a turn on the mirror."""


def random_seat(mirror: Mirror, seat: int) -> None:
    """A uniformly random legal action of ours that OpenSpiel allows too."""
    if mirror.mid_turn:
        legal = legal_actions(mirror.game, seat)
        choices: list[Action] = [a for a in legal if not isinstance(a, TakeBack)]
    else:
        choices = mirror.sync()
    mirror.play(seat, mirror.rng.choice(choices))


def bot_seat(mirror: Mirror, seat: int) -> None:
    """The seat's bot of ours (``Mirror.bots``): its choice, unless OpenSpiel's defects forbid
    it there (then a random allowed one, counted)."""
    allowed = None if mirror.mid_turn else mirror.sync()
    action = mirror.match.choose(seat)
    if allowed is not None and mirror.image(action) not in {mirror.image(a) for a in allowed}:
        mirror.tally.substituted += 1
        action = mirror.rng.choice(allowed)
    mirror.play(seat, action)


def os_bot_seat(bots: list[Any]) -> Seat:
    """OpenSpiel's simple bot for the seat (one per player, ``restart``ed by ``play_hand``)."""

    def move(mirror: Mirror, seat: int) -> None:
        mirror.sync()
        mirror.play_os_bot(seat, bots[seat])

    return move


def play_hand(mirror: Mirror, seats: list[Seat]) -> None:
    """Play the mirror's hand to its end, each seat by its driver."""
    while not mirror.over:
        seat = mirror.game.current_player()
        assert seat is not None
        seats[seat](mirror, seat)


def os_game() -> Any:
    """OpenSpiel's gin rummy with its default parameters (ours are the same: G1 to G12)."""
    return pyspiel.load_game("gin_rummy")


def crosscheck(driver: str, hands: int, first_seed: int = 0, knock_sample: float = 1.0) -> Tally:
    """Mirror ``hands`` hands with ``driver`` (``random`` or a bot of ours) in both seats."""
    hooks = build_hooks(Variant.parse("gin"), 2)
    game = os_game()
    tally = Tally()
    for seed in range(first_seed, first_seed + hands):
        if driver == "random":
            mirror = Mirror(seed, hooks, game, tally, knock_sample=knock_sample)
            play_hand(mirror, [random_seat, random_seat])
        else:
            bots: list[Bot | None] = [make_bot(driver, 2 * seed + s) for s in (0, 1)]
            mirror = Mirror(seed, hooks, game, tally, bots, knock_sample=knock_sample)
            play_hand(mirror, [bot_seat, bot_seat])
    return tally


def main() -> None:
    """Print the counts of a long cross-check."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per driver")
    parser.add_argument("--drivers", default="random,greedy")
    parser.add_argument("--knock-sample", type=float, default=1.0)
    args = parser.parse_args()
    total = Tally()
    for driver in args.drivers.split(","):
        start = time.perf_counter()
        tally = crosscheck(driver, args.hands, knock_sample=args.knock_sample)
        spent = time.perf_counter() - start
        print(f"{driver}: {args.hands:,} hands in {spent:.0f} s")
        for line in tally.lines():
            print(f"  {line}")
        total.add(tally)
    if len(args.drivers.split(",")) > 1:
        print("all:")
        for line in total.lines():
            print(f"  {line}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
