"""The expert bot's tuning for each ruleset: what it plays with unless its options say otherwise.

The tuning (discard weights, deals per decision, a match's worth, a second look) was measured by
playing the bots against each other (docs/bots.md): it is what the bots know about a ruleset,
not a rule of the game, so the engine and the ``Ruleset`` contract know nothing of it. The
rulesets that ship are tuned in ``BUILT_IN`` here, by name. A plugin ruleset tunes the expert
for itself with the class attribute ``expert_tuning``, which only the bots read::

    from rummy_core.bots.tuning import ExpertTuning

    class Gin(Ruleset):
        name = "gin"
        expert_tuning = ExpertTuning(playouts=24, recheck=16)

An attribute rather than an entry point group, because a tuning belongs to the one ruleset class
it was measured on: it is found wherever that class goes (a ruleset given to ``Hooks`` without
being installed, as tests and programs do), a subclass inherits it as it inherits the rules, and
there is no second registration by name to drift from the ruleset or for two packages to claim.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import TypeGuard

from rummy_core.bots.filtering import PARTICLES
from rummy_core.bots.greedy import FEEDING, TWO_WAYS
from rummy_core.engine.errors import RuleError
from rummy_core.engine.plugin import Ruleset
from rummy_core.i18n.languages import N_


@dataclass(frozen=True)
class ExpertTuning:
    """How the expert bot plays a ruleset where its options do not say otherwise; the defaults
    are those of a ruleset nobody has tuned it for."""

    weights: tuple[float, float] = (12, 2)
    """Its discard weights (``two_ways``, ``feeding``: see ``GreedyBot.discard_order``). The
    default keeps every card that could join a meld (12 points for each partner, 2 for feeding
    a rival): that pays where melds score for whoever lays them down or must reach an opening."""
    playouts: int = 16
    """Sampled deals per decision (each option is played out once on each). A count, not a
    time: the same seed makes the same choices on any machine. Its decisions cost in proportion."""
    match_win: float = 0
    """Points it adds to a playout's result when that hand ends the match and this seat wins it
    (and takes off when a rival does). 0 plays every hand for its points alone; a ruleset sets
    it where playing for the match was measured to win more matches."""
    outs: float = 0
    """Points of deadwood its discards keep a card for, per card still to come that would meld
    it (``bots.outlook``; the greedy bot's ``outs``). 0 counts partners in hand only."""
    danger: float = 0
    """Points of deadwood it would rather keep than discard a card the next rival surely melds
    with, in proportion to the chance that it does (the greedy bot's ``danger``)."""
    ahead: float = 0
    """Points its own discards (not its playouts', which stay quick) give a hand for every
    tenth of chance that the next draw lets it end with ``knock_at`` or less: its discards look
    a draw ahead. 0 does not look ahead."""
    knock_at: int = 0
    """The deadwood a hand may end with, that ``ahead`` aims for: 0 where every card must be
    melded, gin's knock card."""
    rivals: tuple[float, float] = (TWO_WAYS, FEEDING)
    """The discard weights (``two_ways``, ``feeding``) of the rivals in its playouts: the greedy
    bot's own by default. (0, 0) throws the costliest card that melds with nothing."""
    reads: int = 1
    """Deals it draws for each playout, to keep the one where the rival that discarded last
    holds a hand most like one that would have thrown that card (``bots.reading``): 1 takes
    every deal as it comes."""
    veto: float = 0
    """The share of the rival's likely hands (``bots.filtering``) that a discard may let knock at
    once before the expert throws another of the discards it weighed instead, one whose share is
    under half of it (the best of those by its playouts). 0 never looks; meant for gin, where a
    card that lets the rival knock loses the hand."""
    particles: int = PARTICLES
    """The hands the rival may hold that ``veto`` follows (``bots.filtering``)."""
    recheck: int = 0
    """More sampled deals it plays, once a decision's first deals are played, on the option that
    came closest to beating its own choice without doing so (ahead on average by half a standard
    error or more), against its own choice alone. 0 decides on the first deals alone."""


BUILT_IN: Mapping[str, ExpertTuning] = {
    "classic": ExpertTuning(
        # The greedy bot's own weights: the loser pays for every card he holds (C5), and keeping
        # each card with a partner won the expert more hands but lost it more points than it won.
        weights=(3, 4),
        # Twice the default: options here differ by a point or two against a spread of a dozen
        # a hand, and the search needs the deals to tell them apart.
        playouts=32,
        # A second look at close calls: cheaper than more deals for every option, and it won
        # more classic matches.
        recheck=32,
    ),
    "gin": ExpertTuning(
        # Gin is a race to a knock (G7): against OpenSpiel's simple bot the first to knock wins
        # 98% of the hands. Half the greedy bot's weight for partners in hand, with two points
        # for every card still to come that would meld one (a pair whose other cards are on the
        # pile is no pair); a card the next player may meld with two unseen cards is kept as if
        # worth up to 15 more points (a pair that would have melded with a card it refused
        # counts a fifth); and the bot's own discards look a draw ahead, for the best chance to
        # knock with 10 (G12's default). Its playouts deal the rival that discarded last a hand
        # that fits that discard (the likeliest of 30 deals: ``bots.reading``) and play the
        # rivals as racers, who throw their costliest unmelded card and take a pile card that
        # lets them knock. Measured in docs/bots.md ("Gin against the peers").
        weights=(1.5, 4),
        outs=2,
        danger=15,
        ahead=10,
        knock_at=10,
        rivals=(0, 0),
        reads=30,
    ),
}
"""The shipped rulesets' tuning, by ruleset name, where it differs from ``ExpertTuning()``;
docs/bots.md has the duels that chose each value."""


def is_whole(value: object) -> TypeGuard[int | float]:
    """Whether ``value`` is a whole number from 0, not a bool (``16`` or ``16.0`` as an option
    string gives it): a number of deals to add."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return value >= 0 and (isinstance(value, int) or value.is_integer())


def is_count(value: object) -> TypeGuard[int | float]:
    """Whether ``value`` is a whole number from 1: a count of deals or discards."""
    return is_whole(value) and value >= 1


def is_from_zero(value: object) -> TypeGuard[int | float]:
    """Whether ``value`` is a finite number from 0, not a bool (a discard weight, a confidence)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value < math.inf


def is_share(value: object) -> TypeGuard[int | float]:
    """Whether ``value`` is a number from 0 to 1, not a bool (a share of hands)."""
    return is_from_zero(value) and value <= 1


def is_two_weights(value: object) -> TypeGuard[tuple[float, float]]:
    """Whether ``value`` is a pair of numbers from 0 (``two_ways`` and ``feeding``)."""
    return isinstance(value, tuple) and len(value) == 2 and all(map(is_from_zero, value))


_TWO_NUMBERS = N_(
    "The ruleset %(ruleset)s gives the expert bot expert_tuning.%(setting)s of %(value)r;"
    " they must be two numbers from 0."
)
_A_COUNT = N_(
    "The ruleset %(ruleset)s gives the expert bot expert_tuning.%(setting)s of %(value)r;"
    " it must be a whole number from 1."
)
_A_NUMBER = N_(
    "The ruleset %(ruleset)s gives the expert bot expert_tuning.%(setting)s of %(value)r;"
    " it must be a number from 0."
)

_RANGES: Mapping[str, tuple[Callable[[object], bool], str]] = {
    "weights": (is_two_weights, _TWO_NUMBERS),
    "playouts": (is_count, _A_COUNT),
    "match_win": (
        is_from_zero,
        N_(
            "The ruleset %(ruleset)s gives the expert bot expert_tuning.match_win of %(value)r;"
            " it must be a number of points from 0."
        ),
    ),
    "outs": (is_from_zero, _A_NUMBER),
    "danger": (is_from_zero, _A_NUMBER),
    "ahead": (is_from_zero, _A_NUMBER),
    "rivals": (is_two_weights, _TWO_NUMBERS),
    "reads": (is_count, _A_COUNT),
    "veto": (
        is_share,
        N_(
            "The ruleset %(ruleset)s gives the expert bot expert_tuning.veto of %(value)r;"
            " it must be a share from 0 to 1."
        ),
    ),
    "particles": (is_count, _A_COUNT),
    "knock_at": (
        is_whole,
        N_(
            "The ruleset %(ruleset)s gives the expert bot expert_tuning.knock_at of %(value)r;"
            " it must be a whole number of points from 0."
        ),
    ),
    "recheck": (
        is_whole,
        N_(
            "The ruleset %(ruleset)s gives the expert bot expert_tuning.recheck of %(value)r;"
            " it must be a whole number from 0."
        ),
    ),
}
"""For each setting of ``ExpertTuning``, what a valid value is and the refusal of another."""


def expert_tuning(ruleset: Ruleset) -> ExpertTuning:
    """The expert's tuning for the game whose ruleset is ``ruleset``.

    The nearest class of the ruleset (itself, then its bases) that sets ``expert_tuning`` or is
    a shipped ruleset of ``BUILT_IN`` decides, so a subclass plays as its base did; else the
    defaults. ``bad_expert_tuning`` names a ruleset whose ``expert_tuning`` is not an
    ``ExpertTuning``; ``bad_expert_<setting>`` (``bad_expert_weights``,
    ``bad_expert_playouts``, ...) one that set that value out of its range.
    """
    for cls in type(ruleset).__mro__:
        own = vars(cls)
        if "expert_tuning" in own:
            return _checked(ruleset, own["expert_tuning"])
        name = own.get("name")
        if isinstance(name, str) and name in BUILT_IN:
            return BUILT_IN[name]
    return ExpertTuning()


def _checked(ruleset: Ruleset, tuning: object) -> ExpertTuning:
    """A plugin's ``tuning``, refused by name (not as a crash deep in a bot) unless valid."""
    if not isinstance(tuning, ExpertTuning):
        raise RuleError(
            "bad_expert_tuning",
            "The ruleset %(ruleset)s gives the expert bot an expert_tuning of %(value)r; it must"
            " be an ExpertTuning (rummy_core.bots.tuning).",
            ruleset=ruleset.name,
            value=tuning,
        )
    for field in fields(ExpertTuning):
        value = getattr(tuning, field.name)
        valid, message = _RANGES[field.name]
        if not valid(value):
            raise RuleError(
                f"bad_expert_{field.name}",
                message,
                ruleset=ruleset.name,
                setting=field.name,
                value=value,
            )
    return tuning
