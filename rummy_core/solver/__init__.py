"""Exact meld solving driven only by ``MeldRules`` and a card-value table.

``best_arrangement`` splits a hand into melds and deadwood with the least deadwood value;
``is_full_meld`` asks whether a hand melds in full; ``going_out`` lists the ways to meld all but
a card or two; ``openings`` lists lay-downs reaching a points minimum; ``best_with_layoffs``
also lays single cards on the table's melds. Each works from the rules alone: no ruleset's name
appears here. For a hot loop, keep the ``MeldSolver`` of ``solver_for(rules, values)`` and call
its ``best`` directly, or its ``deadwood`` when only the least deadwood value is wanted.

Each meld is legal on its own (``melds.readings`` reads it); the solver does not check that a
wild never stands for a card another meld of the same answer holds (Riverside's ruling R8).
"""

from rummy_core.solver.api import best_arrangement, going_out, is_full_meld, solver_for
from rummy_core.solver.arrangement import Arrangement, Meld
from rummy_core.solver.layoffs import LayOff, LayOffPlan, TableMeld, best_with_layoffs
from rummy_core.solver.openings import Opening, candidate_melds, opening_cards, openings
from rummy_core.solver.search import MeldSolver

__all__ = [
    "Arrangement",
    "LayOff",
    "LayOffPlan",
    "Meld",
    "MeldSolver",
    "Opening",
    "TableMeld",
    "best_arrangement",
    "best_with_layoffs",
    "candidate_melds",
    "going_out",
    "is_full_meld",
    "opening_cards",
    "openings",
    "solver_for",
]
