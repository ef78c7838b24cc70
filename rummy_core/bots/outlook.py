"""Reading the cards a seat cannot see: which may still come, which the next rival may hold.

The greedy bot's discard tips count a card's partners in hand; a player also counts what is
left to draw (a pair whose other two cards were thrown away is no pair), what the next player
may be collecting (a card that melds with two cards it may hold feeds it), and, near the end
of a hand that a low count may close (gin's knock), which discard gives the next draw the best
chance to close it. ``Outlook`` reads the seat's view and what its ``CardTracker`` saw; it is
made only for a bot whose weights ask for it, so the other bots' games are unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rummy_core.bots.assess import danger_of, is_wild, live_outs
from rummy_core.bots.sampling import unseen_cards
from rummy_core.bots.tracking import CardTracker
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.view import PlayerView
from rummy_core.solver import MeldSolver

EXPECTED: float = 0.5
"""The share of a discard's deadwood counted as expected after the next draw (the rest as it
stands) when the bot looks a draw ahead."""


class Outlook:
    """One decision's reading of the unseen cards, for one seat."""

    __slots__ = ("_odds", "chance", "live", "refused", "rules")

    def __init__(
        self, view: PlayerView, tracker: CardTracker, deck: Sequence[int], rules: MeldRules
    ) -> None:
        me = view.seat
        known: list[Counter[int]] = [
            Counter() if seat == me or seat >= len(tracker.known) else Counter(tracker.known[seat])
            for seat in range(view.players)
        ]
        pool = unseen_cards(view, tracker, list(deck), known)
        rival = (me + 1) % view.players
        self.rules = rules
        self.live = sorted(pool)
        """The cards that may still be drawn: not seen, not known in a rival's hand."""
        slots = view.hand_sizes[rival] - sum(known[rival].values())
        self.chance = max(0.0, min(1.0, slots / max(1, sum(pool.values()))))
        """The chance that the next rival holds any one unseen card."""
        refused = tracker.refused
        self.refused = refused[rival] if rival < len(refused) else set()
        """The cards the next rival threw away or left on the pile this hand."""
        # Only the unseen cards: what the rival took is charged by the ``feeding`` tip, and
        # counting it here too kept cards that slowed the race (docs/bots.md).
        self._odds = dict.fromkeys(self.live, self.chance)

    def outs(self, hand: Sequence[int]) -> dict[int, int]:
        """For each natural card of ``hand``, the cards still to come that would meld it."""
        return live_outs(hand, self.rules, set(self.live))

    def danger(self, code: int) -> float:
        """The chance that the next rival holds two unseen cards that meld with ``code``."""
        return danger_of(code, self.rules, self._odds, self.refused)

    def look_ahead(
        self,
        hand: Sequence[int],
        solver: MeldSolver,
        knock_at: int,
        weight: float,
        cost: Callable[[int, float], float],
    ) -> dict[int, float]:
        """Each card of ``hand`` costed as a discard a draw ahead: ``cost`` of the deadwood left
        (half as it stands, half as expected once the next card is drawn and the worst card
        thrown), less ``weight`` times ten times the chance that the next card lets the hand
        end with ``knock_at`` or less."""
        live = self.live
        values = solver.values
        rules = self.rules
        scored: dict[int, float] = {}
        for code in set(hand):
            rest = list(hand)
            rest.remove(code)
            reached = 0
            total = 0
            for card in live:
                after = solver.best([*rest, card])
                shed = [values[c] for c in after.deadwood if not is_wild(c, rules)]
                left = after.deadwood_value - max(shed, default=0)
                total += left
                reached += left <= knock_at
            drawn = max(1, len(live))
            expected = (1 - EXPECTED) * solver.deadwood(rest) + EXPECTED * total / drawn
            scored[code] = cost(code, expected) - weight * 10 * reached / drawn
        return scored
