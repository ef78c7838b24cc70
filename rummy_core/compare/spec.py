"""What a study plays: the variants, the table, the bots, how many hands or matches, the seed."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from rummy_core.bots import make_bot
from rummy_core.compare.sweep import Sweep
from rummy_core.engine.errors import RuleError
from rummy_core.engine.setup import Variant, build_hooks


@dataclass(frozen=True)
class Study:
    """A comparison: every variant plays the same numbered units (hands or matches).

    Unit ``i`` of every variant has the same seed (``unit_seed``), so variants that share a deck
    are dealt the same cards: a difference between them is the rules', not the shuffle's.
    """

    variants: tuple[str, ...]
    """Variant strings as ``rummy_core.engine.setup.Variant.parse`` reads them, one column each."""
    players: int = 2
    bots: tuple[str, ...] = ("greedy", "greedy")
    """The bot at each seat, seat 0 first; when they differ they rotate (``seat_bots``)."""
    units: int = 100
    """How many hands (or matches, with ``matches``) each variant plays."""
    matches: bool = False
    """Play whole matches instead of single hands."""
    seed: int = 0
    max_match_hands: int = 200
    """A match still going after this many hands is stopped and counted as unfinished."""
    seconds_per_turn: int = 15
    """The pace of a person at the table, for the estimated minutes per hand and per match."""
    sweeps: tuple[Sweep, ...] = ()
    """The variants that are values of one swept option (``rummy_core.compare.sweep.expand``)."""

    @property
    def rotates(self) -> bool:
        """The bots differ, so they change seats from unit to unit."""
        return len(set(self.bots)) > 1

    def seat_bots(self, unit: int) -> tuple[str, ...]:
        """The bot at each seat in unit ``unit``.

        Different bots move one seat on per unit, so every bot plays first equally often (over
        each run of ``players`` units) and seat 0's edge is the first player's, not a bot's.
        """
        if not self.rotates:
            return self.bots
        shift = unit % self.players
        return self.bots[shift:] + self.bots[:shift]

    @property
    def trends(self) -> tuple[Sweep, ...]:
        """The sweeps tested for a trend (numbers, three or more)."""
        return tuple(s for s in self.sweeps if s.trend)

    @property
    def unit_name(self) -> str:
        """``"hand"`` or ``"match"``."""
        return "match" if self.matches else "hand"

    def check(self) -> None:
        """Refuse a study that cannot run, before anything is played (names, options, bots)."""
        if not self.variants:
            raise RuleError("bad_study", "Name at least one variant to compare.")
        if len(set(self.variants)) != len(self.variants):
            raise RuleError("bad_study", "A variant is named twice.")
        if self.units < 1:
            raise RuleError("bad_study", "Play at least one hand or match.")
        if self.seconds_per_turn < 1:
            raise RuleError("bad_study", "A turn takes at least one second.")
        if len(self.bots) != self.players:
            raise RuleError(
                "bad_study",
                "%(bots)s bots for %(players)s seats: name one bot, or one per seat.",
                bots=len(self.bots),
                players=self.players,
            )
        for sweep in self.sweeps:
            if sweep.stop > len(self.variants) or len(sweep.values) < 2:
                raise RuleError("bad_sweep", "A sweep names variants the study does not have.")
        for text in self.variants:
            build_hooks(Variant.parse(text), self.players)
        for name in set(self.bots):
            make_bot(name)


def parse_bots(text: str, players: int) -> tuple[str, ...]:
    """``"greedy"`` for every seat, or ``"greedy,random"`` seat by seat."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    if len(names) == 1:
        return names * players
    return names


def unit_seed(seed: int, index: int) -> int:
    """The game seed of unit ``index`` of a study: fixed by the study's seed and the index alone.

    A hash rather than ``seed + index``, so that the units of seeds 1 and 2 do not overlap.
    """
    digest = hashlib.sha256(f"rummy-compare/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")
