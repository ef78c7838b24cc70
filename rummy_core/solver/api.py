"""The solver's functions: best arrangement, full meld, going out, each for any ``MeldRules``."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rummy_core.engine.cards import CARD_CODES
from rummy_core.engine.meldrules import MeldRules
from rummy_core.solver.arrangement import Arrangement
from rummy_core.solver.search import MeldSolver

_SOLVERS: dict[tuple[MeldRules, tuple[int, ...]], MeldSolver] = {}
_UNIT = (1,) * CARD_CODES
# The last solver asked for, found again without hashing when the same objects come back.
_last: list[object] = [None, None, None]


def solver_for(rules: MeldRules, values: Sequence[int]) -> MeldSolver:
    """The shared solver for ``rules`` and ``values``, built on first use.

    Pass ``values`` as a tuple: the same tuple object and rules object as the previous call are
    recognised without hashing (a list is copied and looked up each time).
    """
    if rules is _last[0] and values is _last[1]:
        solver = _last[2]
        assert isinstance(solver, MeldSolver)
        return solver
    key = (rules, tuple(values))
    solver = _SOLVERS.get(key)
    if solver is None:
        solver = _SOLVERS[key] = MeldSolver(rules, key[1])
    if isinstance(values, tuple):
        _last[:] = [rules, values, solver]
    return solver


def best_arrangement(hand: Sequence[int], rules: MeldRules, values: Sequence[int]) -> Arrangement:
    """Melds and deadwood of ``hand`` with the least deadwood value under ``rules``.

    ``values`` has one entry per card code (``cards.CARD_CODES``). Ties are broken by a fixed
    order of the search, so the same cards give the same answer whatever their order in hand.
    """
    # The hot loop's case (the same objects as last time) without the call to ``solver_for``.
    solver = _last[2] if rules is _last[0] and values is _last[1] else solver_for(rules, values)
    assert isinstance(solver, MeldSolver)
    return solver.best(hand)


def is_full_meld(hand: Sequence[int], rules: MeldRules) -> bool:
    """Whether every card of ``hand`` can be melded at once."""
    return not solver_for(rules, _UNIT).best(hand).deadwood


def going_out(
    hand: Sequence[int], rules: MeldRules, values: Sequence[int], keep: int
) -> list[Arrangement]:
    """Arrangements melding all of ``hand`` but ``keep`` cards, least kept value first.

    One arrangement per distinct choice of kept cards (``keep = 1``: the closing discard;
    ``keep = 0``: going out by melding everything), its ``deadwood`` being the kept cards. Costs
    one solve per distinct choice, so meant for ``keep`` of 0, 1 or 2.
    """
    solver = solver_for(rules, values)
    cards = sorted(hand)
    found: list[Arrangement] = []
    seen: set[tuple[int, ...]] = set()
    for kept in combinations(range(len(cards)), keep):
        kept_cards = tuple(cards[i] for i in kept)
        if kept_cards in seen:
            continue
        seen.add(kept_cards)
        rest = [code for i, code in enumerate(cards) if i not in kept]
        arrangement = solver.best(rest)
        if not arrangement.deadwood:
            value = sum(solver.values[code] for code in kept_cards)
            found.append(Arrangement(arrangement.melds, kept_cards, value))
    found.sort(key=lambda arrangement: (arrangement.deadwood_value, arrangement.deadwood))
    return found
