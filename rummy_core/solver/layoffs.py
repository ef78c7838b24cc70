"""Lay-offs: the best arrangement of a hand when single cards may also go onto table melds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.melds import RUN, SET, readings, rep_rank
from rummy_core.solver.api import solver_for
from rummy_core.solver.arrangement import Arrangement

TableMeld = tuple[str, Sequence[int], Sequence[int]]
"""A meld on the table as (kind, cards in meld order, reps): ``melds.RUN`` or ``melds.SET``."""

LAYOFF_LIMIT = 2000
"""Default cap on the table states ``best_with_layoffs`` explores."""


@dataclass(frozen=True, slots=True)
class LayOff:
    """One card laid on a table meld: which meld, the card, and the meld once it is there."""

    meld: int
    card: int
    cards: tuple[int, ...]
    reps: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LayOffPlan:
    """Lay-offs in the order they are made, then the arrangement of the cards still in hand."""

    lay_offs: tuple[LayOff, ...]
    arrangement: Arrangement

    @property
    def deadwood_value(self) -> int:
        """Value of the cards left over once everything else is laid or melded."""
        return self.arrangement.deadwood_value


def _keeps(old: Sequence[int], new: Sequence[int]) -> bool:
    """Whether reps read after a lay-off keep what the meld's cards stood for."""
    return all(
        after == before or (before < 0 and rep_rank(after) == -before)
        for before, after in zip(old, new, strict=True)
    )


def extensions(
    meld: tuple[str, tuple[int, ...], tuple[int, ...]], card: int, rules: MeldRules
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each way ``card`` can join ``meld``: the meld's cards and reps afterwards.

    A run takes the card at either end, a set anywhere (at the end); the meld's cards keep the
    reps they had, given to ``readings`` as declarations.
    """
    kind, cards, reps = meld
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    placings: list[tuple[tuple[int, ...], list[int | None], int]] = [
        ((*cards, card), [*reps, None], 0)
    ]
    if kind == RUN:
        placings.append(((card, *cards), [None, *reps], 1))
    for new_cards, declared, offset in placings:
        for reading in readings(new_cards, declared, rules):
            old = reading.reps[offset : offset + len(reps)]
            if reading.kind == kind and _keeps(reps, old):
                found.append((new_cards, reading.reps))
    return found


def best_with_layoffs(
    hand: Sequence[int],
    rules: MeldRules,
    values: Sequence[int],
    table: Sequence[TableMeld],
    limit: int = LAYOFF_LIMIT,
) -> LayOffPlan:
    """The least deadwood for ``hand`` when cards may be laid off on ``table`` as well as melded.

    Cards are laid one at a time, each onto a meld as it stands after the earlier ones, so a
    run can grow by several cards. Exact unless more than ``limit`` distinct states (cards in
    hand, melds on the table) are met, after which the best found so far is returned.
    """
    solver = solver_for(rules, values)
    start = tuple((kind, tuple(cards), tuple(reps)) for kind, cards, reps in table)
    assert all(kind in (RUN, SET) for kind, _, _ in start)
    memo: dict[tuple[tuple[int, ...], tuple[object, ...]], LayOffPlan] = {}

    def explore(
        cards: tuple[int, ...], melds: tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]
    ) -> LayOffPlan:
        key = (cards, melds)
        found = memo.get(key)
        if found is not None:
            return found
        found = LayOffPlan((), solver.best(cards))
        memo[key] = found
        if not found.deadwood_value or len(memo) > limit:
            return found
        for card in sorted(set(cards)):
            rest = list(cards)
            rest.remove(card)
            for index, meld in enumerate(melds):
                for new_cards, new_reps in extensions(meld, card, rules):
                    grown = (*melds[:index], (meld[0], new_cards, new_reps), *melds[index + 1 :])
                    after = explore(tuple(rest), grown)
                    if after.deadwood_value < found.deadwood_value:
                        step = LayOff(index, card, new_cards, new_reps)
                        found = LayOffPlan((step, *after.lay_offs), after.arrangement)
        memo[key] = found
        return found

    return explore(tuple(sorted(hand)), start)
