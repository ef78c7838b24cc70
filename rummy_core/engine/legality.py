"""Whether a built-in action would be accepted, read from the state without making it.

``Game.is_legal`` makes an action on a clone of the state (the trial run) to learn whether the
rules accept it. That trial is the reference; this module answers the same question by asking the
validators the action asks, in its order, of the state as it is: no clone, no cards moved. It
answers only where that is known to give the trial's answer, which takes two things:

- The validators read nothing the action changes before asking them. The trial asks
  ``rummy_meld_violations``, ``rummy_lay_off_violations`` and ``rummy_swap_violations`` with the
  cards already out of the hand; the rulesets and house rules that ship with the framework read
  the table, the turn and the melds there, never the hand, so asking them of the state before the
  play gives the same answer.
- What the trial asks after the validators refuses nothing: the draw itself for a source the
  rules offer, the end of the turn or the hand, ``rummy_action_applied`` and the scoring hooks.

Neither can be known of a plugin from elsewhere, so each kind of action lists every hook its
trial may ask (``HOOKS_ASKED``), and ``read_legality`` answers only when every implementation of
them ships with the framework (``Hooks.shipped_only``); otherwise, and for the plugins' own kinds
of action, ``Game.is_legal`` runs the trial. ``tests/test_legality.py`` shows the two agree at
every state of random hands of every ruleset and shipped house rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from rummy_core.engine.actions import Action, Discard, Draw, LayOff, MeldDown, Swap, TakeBack
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.plays import (
    extended,
    holds,
    keep_cards_violations,
    meld_at,
    new_melds,
    opening_violations,
    swapped,
)
from rummy_core.engine.state import DRAW, PLAY, Meld, State

HAND_END_HOOKS: Final = (
    "rummy_hand_bonus",
    "rummy_hand_scores",
    "rummy_match_over",
    "rummy_match_winners",
    "rummy_match_capped",
    "rummy_hand_ended",
)
"""The hooks that score a hand that ends: any action may end one (going out, A1's caps)."""

_PLAY_HOOKS: Final = (
    "rummy_action_violations",
    "rummy_min_hand_after_play",
    "rummy_goes_out",
    "rummy_dead_hand",
    "rummy_turn_ended",
    "rummy_action_applied",
    *HAND_END_HOOKS,
)

DISCARD_HOOKS: Final = (
    "rummy_discard_violations",
    "rummy_discard_face_down",
    "rummy_turn_end_violations",
    "rummy_turn_ended",
    "rummy_goes_out",
    "rummy_dead_hand",
    "rummy_refill_stock",
    "rummy_turn_starts_with_draw",
    "rummy_action_applied",
    *HAND_END_HOOKS,
)
"""Every hook a discard's trial run may ask (docs/hooks.md, Lifecycle: a discard, with the stock
empty, that goes out)."""

HOOKS_ASKED: Final[dict[type, tuple[str, ...]]] = {
    Draw: (
        "rummy_draw_sources",
        "rummy_draw_violations",
        "rummy_draw",
        "rummy_action_applied",
        *HAND_END_HOOKS,
    ),
    TakeBack: ("rummy_take_back", *HAND_END_HOOKS),
    MeldDown: (
        *_PLAY_HOOKS,
        "rummy_meld_violations",
        "rummy_opening_minimum",
        "rummy_meld_points",
    ),
    LayOff: (*_PLAY_HOOKS, "rummy_lay_off_violations"),
    Swap: (
        "rummy_action_violations",
        "rummy_swap_violations",
        "rummy_action_applied",
        *HAND_END_HOOKS,
    ),
    Discard: DISCARD_HOOKS,
}
"""For each built-in kind of action, every hook its trial run may ask: the state is read in
its place only when they all ship with the framework."""

_TURN_END: Final = ("rummy_turn_end_violations",)


class Reader:
    """The legality of the actions of the seat to move, read from the state it was last pointed
    at (``at``): a state in a turn's draw or play phase, the actions' fields already checked.

    One reader serves every action asked of one state, so what does not depend on the action
    (the cards to keep, an opening's minimum) is asked once for them all, and which kinds of
    action may be read at all is asked once for every state: ``changes`` is the plugin manager's
    count of changes it was made under, and a plugin registered since needs a new reader.
    """

    __slots__ = (
        "_keep",
        "_kinds",
        "_opening",
        "_points",
        "_probe",
        "_sources",
        "changes",
        "hooks",
        "old",
        "seat",
    )

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self.changes = hooks.pm.changes
        self._kinds: dict[type, bool] = {}
        self.old: State | None = None
        self.seat = -1
        self._keep = -1
        self._opening = -1
        self._sources: list[str] | None = None
        self._probe: State | None = None
        self._points: dict[Meld, int] = {}

    def __reduce__(self) -> tuple[type[Reader], tuple[Hooks]]:
        # A copy (of a game, in an environment's clone) starts with nothing read, as ``at``
        # leaves it; built anew, since the compiled class cannot be made without ``__init__``.
        return (Reader, (self.hooks,))

    def at(self, old: State, seat: int) -> None:
        """Read ``old`` for ``seat`` from now on."""
        self.old = old
        self.seat = seat
        self._keep = -1
        self._opening = -1
        self._sources = None
        self._probe = None
        if self._points:
            self._points = {}

    def answer(self, action: Action) -> bool | None:
        """Whether the action would be accepted, or None when only the trial run can tell. A
        validator that refuses, or a plugin that fails, raises ``RuleError`` (False)."""
        kind = type(action)
        check = _CHECKS.get(kind)
        if check is None:
            return None
        readable = self._kinds.get(kind)
        if readable is None:
            readable = self._kinds[kind] = self.hooks.shipped_only(HOOKS_ASKED[kind])
        return check(self, action) if readable else None

    def _state(self) -> State:
        old = self.old
        assert old is not None, "Reader.at gives the reader its state"
        return old

    def sources(self) -> list[str]:
        """The draw sources the rules open to the seat (asked once)."""
        if self._sources is None:
            self._sources = self.hooks.draw_sources(self._state(), self.seat, working=True)
        return self._sources

    def probe(self) -> State:
        """A clone of the state, made once, that a check may change and must put back as it
        was (the discards' turn-end check: one clone for every card, not one each)."""
        if self._probe is None:
            self._probe = self._state().clone()
        return self._probe

    def keeps_enough(self, played: int) -> bool:
        """Whether a play of ``played`` cards leaves the cards ``rummy_min_hand_after_play``
        asks for (asked once)."""
        old = self._state()
        if self._keep < 0:
            self._keep = self.hooks.min_hand_after_play(old, self.seat, working=True)
        return not keep_cards_violations(self._keep, len(old.hands[self.seat]) - played)

    def opening_ok(self, melds: list[Meld]) -> bool:
        """Whether a lay-down of ``melds`` is worth what an opening must be, if it is one (the
        minimum asked once)."""
        old, seat = self._state(), self.seat
        if old.opened(seat):
            return True
        if self._opening < 0:
            self._opening = self.hooks.opening_minimum(old, seat, working=True)
        return not opening_violations(self.hooks, old, seat, melds, self._opening, self._points)


def _draw(reader: Reader, action: Draw) -> bool | None:
    hooks, old, seat = reader.hooks, reader._state(), reader.seat
    # The shipped ``rummy_draw`` takes the cards of every source the shipped rules offer.
    if old.phase != DRAW:
        return False
    source = action.source
    return source in reader.sources() and not hooks.draw_violations(old, seat, source)


def _take_back(reader: Reader, action: TakeBack) -> bool | None:
    hooks, old, seat = reader.hooks, reader._state(), reader.seat
    if old.phase != PLAY:
        return False
    scope = hooks.take_back(old, seat, working=True)
    if scope == "draw" and old.drew is not None:
        return old.start_of_turn() is not None
    return bool(old.plays) and old.after_draw is not None


def _meld(reader: Reader, action: MeldDown) -> bool | None:
    hooks, old, seat = reader.hooks, reader._state(), reader.seat
    if old.phase != PLAY or hooks.action_violations(old, seat, action) or not action.melds:
        return False
    hand = old.hands[seat]
    cards = [code for meld in action.melds for code in meld.cards]
    if not holds(hand, cards):
        return False
    melds = new_melds(seat, action, hooks.meld_rules)
    return (
        not hooks.meld_violations(old, seat, melds)
        and reader.opening_ok(melds)
        and reader.keeps_enough(len(cards))
    )


def _lay_off(reader: Reader, action: LayOff) -> bool | None:
    hooks, old, seat = reader.hooks, reader._state(), reader.seat
    if old.phase != PLAY or hooks.action_violations(old, seat, action):
        return False
    before = meld_at(old, action.meld)
    hand = old.hands[seat]
    if not action.cards or not holds(hand, action.cards):
        return False
    after = extended(before, seat, action, hooks.meld_rules)
    return not hooks.lay_off_violations(
        old, seat, action.meld, before, after
    ) and reader.keeps_enough(len(action.cards))


def _swap(reader: Reader, action: Swap) -> bool | None:
    hooks, old, seat = reader.hooks, reader._state(), reader.seat
    if old.phase != PLAY or hooks.action_violations(old, seat, action):
        return False
    before = meld_at(old, action.meld)
    if action.card not in old.hands[seat]:
        return False
    after, wild = swapped(before, seat, action.card, action.wild, hooks.meld_rules)
    return not hooks.swap_violations(old, seat, action.meld, before, after, wild)


def _discard(reader: Reader, action: Discard) -> bool | None:
    hooks, old, seat = reader.hooks, reader._state(), reader.seat
    # The checks ``Game.discard_card`` makes, in its order, on ``old`` itself and, for
    # ``rummy_turn_end_violations``, on a clone with the card on the pile, as the trial has it.
    # A discard that ends the hand (the last card, the turn cap, a stock that cannot be
    # refilled) asks the scoring hooks after these, which refuse nothing (HAND_END_HOOKS).
    if old.phase != PLAY:
        return False
    card = action.card
    if hooks.discard_violations(old, seat, card) or card not in old.hands[seat]:
        return False
    if hooks.shipped_only(_TURN_END, defaults_only=True):
        # The engine's default refuses nothing, and the card's face does not matter.
        return True
    # Only the framework's own hooks are asked here (``HOOKS_ASKED``), and they keep nothing of
    # the state they are given, so one clone serves every card and is put back after each.
    st = reader.probe()
    hand = st.hands[seat]
    place = hand.index(card)
    del hand[place]
    st.discard.append(card)
    face_down = st.discard_face_down
    try:
        st.discard_face_down = hooks.discard_face_down(st, seat, card)
        return not hooks.turn_end_violations(st, seat)
    finally:
        hand.insert(place, card)
        st.discard.pop()
        st.discard_face_down = face_down


_CHECKS: Final[dict[type, Callable[[Reader, Any], bool | None]]] = {
    Draw: _draw,
    TakeBack: _take_back,
    MeldDown: _meld,
    LayOff: _lay_off,
    Swap: _swap,
    Discard: _discard,
}
