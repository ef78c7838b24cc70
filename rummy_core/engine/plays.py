"""What a meld, a lay-off or a swap puts on the table, and the checks they share.

Each function reads the cards and the meld rules (and, for the opening and the cards to keep,
the hooks) and changes nothing, so the engine's actions (``Game``) and its answers to "is this
legal" without a trial run (``rummy_core.engine.legality``) build the same melds and refuse the
same plays from one piece of code.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_core.engine.actions import LayOff, MeldDown
from rummy_core.engine.cards import card_name, meld_card_text
from rummy_core.engine.errors import IllegalAction, Violation, refuse
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.melds import SET, needs_declaration, other_orders, read_meld, readings
from rummy_core.engine.state import Meld, State
from rummy_core.i18n.languages import N_plural


def holds(hand: Sequence[int], cards: Sequence[int]) -> bool:
    """Whether ``hand`` holds ``cards`` (a multiset: a card twice needs two copies)."""
    for code in cards:
        if code not in hand:
            return False
    if len(cards) > 1 and len(set(cards)) < len(cards):
        return all(hand.count(code) >= cards.count(code) for code in cards)
    return True


def new_melds(seat: int, action: MeldDown, rules: MeldRules) -> list[Meld]:
    """The melds of ``seat``'s lay-down as they go on the table, each read under ``rules``;
    ``IllegalAction`` listing every meld that reads no way or more than one."""
    melds: list[Meld] = []
    violations: list[Violation] = []
    for new in action.melds:
        found = read_meld(new.cards, new.declared, rules)
        if len(found) == 1:
            cards, reading = found[0]
            melds.append(Meld(seat, reading.kind, cards, reading.reps, (seat,) * len(cards)))
            continue
        names = " ".join(card_name(c) for c in new.cards)
        if found:
            ways = " or ".join(
                " ".join(map(meld_card_text, cards, reading.reps)) for cards, reading in found
            )
            violations.append(
                Violation(
                    "ambiguous_wild",
                    "Say what each wild stands for in %(cards)s: it reads as %(readings)s.",
                    cards=names,
                    readings=ways,
                )
            )
        elif needs_declaration(new.cards, new.declared, rules):
            violations.append(
                Violation(
                    "ambiguous_wild",
                    "Say what each wild stands for in %(cards)s: its place says nothing.",
                    cards=names,
                )
            )
        else:
            violations.append(
                Violation("not_a_meld", "%(cards)s is not a run or a set.", cards=names)
            )
    if violations:
        raise IllegalAction(violations)
    return melds


def opening_points(
    hooks: Hooks,
    st: State,
    melds: list[Meld],
    *,
    working: bool = False,
    known: dict[Meld, int] | None = None,
) -> int:
    """What ``melds`` laid down together count toward an opening (``rummy_meld_points`` of
    each); ``working``: ``st`` is the engine's clone, or a state only shipped plugins read.
    ``known``: each meld's points already asked of this same state, added to as they are asked
    (the move generator asks of the same melds alone and in every combination)."""
    if known is None:
        return sum(hooks.meld_points(st, m, working=working) for m in melds)
    total = 0
    for meld in melds:
        points = known.get(meld)
        if points is None:
            points = known[meld] = hooks.meld_points(st, meld, working=working)
        total += points
    return total


def opening_violations(
    hooks: Hooks,
    st: State,
    seat: int,
    melds: list[Meld],
    minimum: int | None = None,
    known: dict[Meld, int] | None = None,
) -> list[Violation]:
    """An opening lay-down worth less than the rules' ``minimum`` (None: ask
    ``rummy_opening_minimum``), asked of ``st`` as it is (the engine's clone, or a state only
    shipped plugins read); ``known`` as ``opening_points`` takes it."""
    if st.opened(seat):
        return []
    if minimum is None:
        minimum = hooks.opening_minimum(st, seat, working=True)
    if minimum <= 0:
        return []
    points = opening_points(hooks, st, melds, working=True, known=known)
    if points >= minimum:
        return []
    return [
        Violation(
            "opening_too_low",
            N_plural(
                "Your opening is worth %(count)s point; it must be worth %(minimum)s.",
                "Your opening is worth %(count)s points; it must be worth %(minimum)s.",
            ),
            count=points,
            points=points,
            minimum=minimum,
        )
    ]


def keep_cards_violations(keep: int, left: int) -> list[Violation]:
    """A play that leaves ``left`` cards in hand where the rules ask to ``keep`` more
    (``rummy_min_hand_after_play``)."""
    if left >= keep:
        return []
    return [
        Violation(
            "must_keep_a_card",
            N_plural(
                "You must keep at least %(count)s card in your hand to discard.",
                "You must keep at least %(count)s cards in your hand to discard.",
            ),
            count=keep,
            keep=keep,
        )
    ]


def meld_at(st: State, index: int) -> Meld:
    """The table's meld number ``index``; ``no_such_meld`` if there is none."""
    if not 0 <= index < len(st.table):
        raise refuse("no_such_meld", "There is no meld number %(meld)s on the table.", meld=index)
    return st.table[index]


def extended(before: Meld, seat: int, action: LayOff, rules: MeldRules) -> Meld:
    """The meld ``before`` with the laid-off cards added, read under the meld rules."""
    added = len(action.cards)
    # A set has no ends: its cards are added after the others.
    ends = ["high"] if before.kind == SET else [action.end] if action.end else ["high", "low"]
    if action.end not in (None, "low", "high"):
        raise refuse(
            "bad_end",
            "A lay-off goes at the 'low' or 'high' end, not %(end)r.",
            end=action.end,
        )
    options: dict[tuple[int, ...], Meld] = {}
    # Ruling A4: the cards may be given in any order that has a reading; each is tried.
    orders = [(action.cards, action.declared)]
    orders += other_orders(action.cards, action.declared, rules)
    for end, (laid, laid_declared) in ((end, o) for end in ends for o in orders):
        if end == "low":
            cards = laid + before.cards
            declared = laid_declared + before.reps
            credit = (seat,) * added + before.credit
        else:
            cards = before.cards + laid
            declared = before.reps + laid_declared
            credit = before.credit + (seat,) * added
        for reading in readings(cards, declared, rules):
            if reading.kind == before.kind:
                options.setdefault(
                    reading.reps, Meld(before.owner, before.kind, cards, reading.reps, credit)
                )
    if not options:
        names = " ".join(card_name(c) for c in action.cards)
        raise refuse("cannot_lay_off", "%(cards)s does not fit that meld.", cards=names)
    if len(options) > 1:
        names = " ".join(card_name(c) for c in action.cards)
        raise refuse(
            "ambiguous_wild",
            "Say which end %(cards)s goes to, or what it stands for: it fits either.",
            cards=names,
        )
    return next(iter(options.values()))


def swapped(
    before: Meld, seat: int, real: int, wild: int | None, rules: MeldRules
) -> tuple[Meld, int]:
    """The meld ``before`` once ``seat``'s card ``real`` takes the place of a wild (``wild``:
    which one, None the first that fits), and the wild card taken."""
    slot = _swappable_slot(before, real, wild)
    cards = list(before.cards)
    reps = list(before.reps)
    credit = list(before.credit)
    for i, (c, r) in enumerate(zip(before.cards, before.reps, strict=True)):
        if i != slot and c != r and r == real:
            # In a set the wild taken may not be the one that stood for ``real``
            # (``_swappable_slot``): that one takes over the taken wild's stand-in.
            reps[i] = reps[slot]
    cards[slot] = reps[slot] = real
    credit[slot] = seat
    found = readings(cards, reps, rules)
    if len(found) != 1 or found[0].kind != before.kind:
        raise refuse(
            "cannot_swap",
            "%(card)s cannot take that wild's place.",
            card=card_name(real),
        )
    after = Meld(before.owner, before.kind, tuple(cards), found[0].reps, tuple(credit))
    return after, before.cards[slot]


def _swappable_slot(meld: Meld, real: int, wild: int | None) -> int:
    natural_suits = {r for c, r in zip(meld.cards, meld.reps, strict=True) if c == r}
    for i, (c, r) in enumerate(zip(meld.cards, meld.reps, strict=True)):
        if c == r or (wild is not None and c != wild):
            continue
        if r == real or (r < 0 and -r == real % 13 + 1 and real not in natural_suits):
            return i
    stood_for = {r for c, r in zip(meld.cards, meld.reps, strict=True) if c != r}
    if meld.kind == SET and wild is not None and real in stood_for:
        # A set's wilds are interchangeable: the reading gave them the missing suits in suit
        # order only to name them, so any of them may give way to any card they stand for.
        for i, (c, r) in enumerate(zip(meld.cards, meld.reps, strict=True)):
            if c == wild and c != r:
                return i
    raise refuse(
        "no_wild_for_card",
        "No wild on that meld stands for %(card)s.",
        card=card_name(real),
    )
