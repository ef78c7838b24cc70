"""The turn engine: a match of one ruleset, driven action by action.

Every rule decision is a hook (``rummy_core.engine.hookspecs``); the engine only sequences them. An
action works on a clone of the state, which replaces the state only when the action succeeds, so
a refused action changes nothing (ruling A2). Chance comes from the game's seed alone: the deck of
hand ``h`` is shuffled by ``Random(f"{seed}/{h}")``, so a seed and an action log replay a match
exactly, on any machine.

Hooks asked between actions (the draw sources a bot may try, an opening's minimum, the next
dealer, a plugin action's candidates) are asked of a copy of the state, which ``Hooks`` makes
itself: a plugin that changes the state it is given, and then fails or not, leaves the game as it
was (A2). Inside an action the engine asks them of its working clone (``working=True``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from random import Random
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from rummy_core.engine.action_checks import check_action, check_seat
from rummy_core.engine.actions import (
    DISCARD,
    STOCK,
    Action,
    Discard,
    Draw,
    LayOff,
    MeldDown,
    PluginAction,
    Swap,
    TakeBack,
)
from rummy_core.engine.cards import card_name
from rummy_core.engine.errors import IllegalAction, RuleError, Violation
from rummy_core.engine.errors import refuse as refuse  # plugins' refusals (docs/hooks.md)
from rummy_core.engine.events import (
    Dealt,
    Discarded,
    Drew,
    Event,
    HandEnded,
    LaidOff,
    MatchEnded,
    Melded,
    Refilled,
    Swapped,
    TookBack,
)
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.legality import Reader
from rummy_core.engine.plays import (
    extended,
    keep_cards_violations,
    meld_at,
    new_melds,
    opening_violations,
    swapped,
)
from rummy_core.engine.state import DRAW, HAND_OVER, MATCH_OVER, PLAY, Outcome, Reason, State

# ``Final``: the compiled build reads the value itself, not the module's globals
# (docs/performance.md).
TURN_ACTION_CAP: Final = 200
"""The safety cap of actions in one turn (ruling A1): the action that reaches it, when the turn
goes on after it, ends the hand, flagged capped. A plugin that refuses every discard would
otherwise let a bot meld and take back for ever."""

OVER: Final = (HAND_OVER, MATCH_OVER)
"""The phases with no one to move. Every other phase has: a turn's (draw, play) or, before the
deal, the phase of the choice the deal waits for (``rummy_deal_wait``)."""


def take_from_hand(hand: list[int], cards: Sequence[int]) -> None:
    """Remove ``cards`` from ``hand`` (a multiset); ``card_not_in_hand`` if one is missing."""
    for code in cards:
        try:
            hand.remove(code)
        except ValueError:
            raise refuse(
                "card_not_in_hand", "You do not hold %(card)s.", card=card_name(code)
            ) from None


def below(n: int, rng: Random) -> int:
    """A number in ``range(n)`` (``n`` at least 1) drawn as CPython's ``Random`` draws one inside
    ``shuffle`` and ``randrange`` (``_randbelow``): ``getrandbits`` with rejection."""
    k = n.bit_length()
    pick = rng.getrandbits(k)
    while pick >= n:
        pick = rng.getrandbits(k)
    return pick


def shuffle(cards: list[int], rng: Random) -> None:
    """Shuffle ``cards`` in place as ``rng.shuffle(cards)`` does in CPython 3.11 to 3.13, draw for
    draw.

    Written out so that the deal's shuffle runs compiled in the compiled build (the library's is
    Python, two calls a card), and so that a seed deals the same deck whatever the library does.
    """
    for last in range(len(cards) - 1, 0, -1):
        pick = below(last + 1, rng)
        cards[last], cards[pick] = cards[pick], cards[last]


def _draw_is_private(source: str, drawn: Sequence[int]) -> bool:
    """Whether others may not see the cards of a draw: a stock card shows its back, and of a
    pile taken whole only the top card was showing."""
    return source == STOCK or (source == DISCARD and len(drawn) > 1)


def _unrecorded() -> IllegalAction:
    return refuse(
        "turn_start_unknown",
        "This position was saved without the start of the turn, so there is nothing to take"
        " back to.",
    )


# A plain Python class even in the compiled build (docs/performance.md): a bot's seat handle
# keeps a weak reference to its game, which compiled classes cannot have.
@mypyc_attr(native_class=False)
class Game:
    """A match in progress. Build one with ``rummy_core.engine.setup.new_game`` or from a
    position."""

    def __init__(self, hooks: Hooks, state: State, choosers: Iterable[int] = ()) -> None:
        self.hooks = hooks
        self.state = state
        self.choosers = frozenset(choosers)
        """Seats where a person sits, who make the choices bots leave to chance: the deal waits
        for theirs (``rummy_deal_wait``: Hungarian Römi's cut, H12)."""
        self.log: list[tuple[int, Action]] = []
        """Every successful action of the match, with its seat; with the seed it replays it."""
        self.events: list[Event] = []
        """Every event of the current hand."""
        self._checked: tuple[State, int, Action, State, list[Event]] | None = None
        """The last action ``is_legal`` accepted by a trial run, with its outcome, for
        ``apply`` to reuse."""
        self._last_reader: Reader | None = None
        """The reader of the states ``is_legal`` is asked about (``_reader``)."""
        self._turn_actions = 0
        """The actions made in the turn being played (A1's cap of actions per turn), which
        ``_turn_of`` identifies; kept here, not in the state, so that a take-back gives no
        actions back and a position stays what is on the table."""
        self._turn_of = (0, 0)
        """The hand number and turn count of the turn ``_turn_actions`` counts."""

    # -- starting ----------------------------------------------------------------------------

    def deal(self, state: State) -> None:
        """Deal a fresh hand into ``state`` (dealer, hand number and scores already set).

        When the rules make the deal wait for a seat's choice (``rummy_deal_wait``) and a person
        sits there (``choosers``), the hand waits instead, in the phase named after the kind of
        action that makes the choice, the shuffled deck as its stock.
        """
        events: list[Event] = []
        rng, deck = self._shuffled(state)
        wait = self.hooks.deal_wait(state, list(deck))
        if wait is not None and wait.seat in self.choosers:
            state.stock = deck
            state.phase = wait.action
            state.turn = wait.seat
            events.extend(wait.events)
        else:
            if wait is not None:
                events.extend(wait.made)
            self._deal_now(state, deck, rng, None, events)
        # Only once dealt: a plugin that fails the deal leaves the last hand's events.
        self.events = events

    def deal_waiting(self, st: State, choice: int | None, events: list[Event]) -> None:
        """Deal the hand that waits for a seat's choice (``rummy_deal_wait``), giving
        ``rummy_deal`` the ``choice``; the first turn begins. The step of the action that makes
        the choice (an ``ActionKind`` with ``before_deal``)."""
        if self.hooks.action_kinds.waiting_in(st.phase) is None:
            raise ValueError("deal_waiting: the hand is not waiting for a choice before the deal")
        # The deck as it waits, which a position may have set out by hand, and the hand's seeded
        # source as the shuffle left it, for anything else the deal draws.
        rng = self._shuffled(st)[0]
        self._deal_now(st, list(st.stock), rng, choice, events)

    def _shuffled(self, state: State) -> tuple[Random, list[int]]:
        rng = Random(f"{state.seed}/{state.hand_number}")
        deck = list(self.hooks.deck)
        shuffle(deck, rng)
        return rng, deck

    def _deal_now(
        self, state: State, deck: list[int], rng: Random, choice: int | None, events: list[Event]
    ) -> None:
        hooks = self.hooks
        total = len(deck)
        state.stock = []
        sizes = [
            hooks.hand_size(state.players, seat, state.dealer) for seat in range(state.players)
        ]
        hooks.deal(state, deck, sizes, rng, choice)
        held = sum(map(len, state.places()))
        if held != total:
            raise RuleError(
                "plugin_error",
                "The deal lost or made cards: %(held)s of %(total)s placed.",
                plugin=hooks.ruleset.name,
                held=held,
                total=total,
                hook="rummy_deal",
            )
        state.turn = hooks.first_player(state)
        dealt = tuple(map(len, state.hands))
        events.append(Dealt(state.dealer, state.hand_number, dealt, state.top_discard()))
        self._begin_turn(state, events)

    def resume(self) -> list[Event]:
        """Apply the turn-start rules to a loaded position that stands at a turn's start.

        A position in the draw phase is the start of a turn (ruling A5): when its stock is empty,
        the stock is refilled (or the hand ends) exactly as when a live turn starts there.
        ``rummy_core.engine.setup.game_from_position`` calls this; the events are those of the
        refill.
        """
        st = self.state
        if st.phase != DRAW or st.stock or not st.at_turn_start():
            return []
        new = st.clone()
        events: list[Event] = []
        self._refill_or_end(new, events)
        self.state = new
        self.events.extend(events)
        return events

    def next_hand(self) -> list[Event]:
        """Deal the next hand of the match, once the current one is over."""
        old = self.state
        if old.phase != HAND_OVER:
            raise refuse("hand_not_over", "The hand is still being played.")
        new = State(old.players, old.seed)
        new.scores = list(old.scores)
        new.hand_history = [list(scores) for scores in old.hand_history]
        new.hand_number = old.hand_number + 1
        new.dealer = self.hooks.next_dealer(old)
        self.deal(new)
        self.state = new
        return list(self.events)

    # -- questions asked between actions ----------------------------------------------------

    def draw_sources(self, seat: int) -> list[str]:
        """The draw sources the rules open to ``seat`` now (``rummy_draw_sources``, on a copy)."""
        return self.hooks.draw_sources(self.state, seat)

    def opening_minimum(self, seat: int) -> int:
        """The points ``seat``'s first lay-down must be worth (0: none), asked of a copy."""
        return self.hooks.opening_minimum(self.state, seat)

    def min_hand_after_play(self, seat: int) -> int:
        """How many cards ``seat`` must keep after a meld or lay-off, asked of a copy."""
        return self.hooks.min_hand_after_play(self.state, seat)

    # -- the player to move ------------------------------------------------------------------

    def current_player(self) -> int | None:
        """The seat to act, or None when the hand or match is over."""
        return None if self.state.phase in OVER else self.state.turn

    def apply(self, seat: object, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat`` whole, or raise ``RuleError`` and change nothing.

        ``seat`` and ``action`` come from outside (``object``: anything is refused cleanly, a
        value that is no seat with ``bad_seat``)."""
        old = self.state
        seat = check_seat(seat, old.players)
        if old.phase == MATCH_OVER:
            raise refuse("match_over", "The match is over.")
        if old.phase == HAND_OVER:
            raise refuse("hand_over", "The hand is over; deal the next one.")
        if seat != old.turn:
            raise refuse(
                "not_your_turn",
                "It is seat %(turn)s's turn, not seat %(seat)s's.",
                seat=seat,
                turn=old.turn,
            )
        checked = self._checked
        if checked and checked[0] is old and checked[1] == seat and checked[2] is action:
            # Bots check an action and then make it: the engine runs it once (states are never
            # changed in place, so the checked outcome still holds). The very action checked,
            # not an equal one: Discard(True) equals Discard(1) and must be refused.
            new, events = checked[3], checked[4]
        else:
            events = []
            check_action(action)
            new = self._run(old, seat, action, events)
        self._checked = None
        self._turn_actions = self._counted(old, new)
        self._turn_of = (new.hand_number, new.hand_turns)
        self.state = new
        self.log.append((seat, action))
        self.events.extend(events)
        return events

    def preview(self, seat: object, action: Action) -> State:
        """The state ``action`` would lead to, without making it; ``RuleError`` if refused."""
        old = self.state
        seat = check_seat(seat, old.players)
        if seat != old.turn or old.phase in OVER:
            raise refuse("not_your_turn", "It is not your turn.", seat=seat, turn=old.turn)
        check_action(action)
        return self._run(old, seat, action, [])

    def is_legal(self, seat: object, action: Action) -> bool:
        """Whether ``action`` would be accepted now.

        A built-in action is answered by reading the state through the validators it asks
        (``rummy_core.engine.legality``), when every implementation of every hook its trial
        may ask ships with the framework; a plugin's own action, or any action under a plugin
        from elsewhere, is run on a clone (the trial run, the reference).
        """
        old = self.state
        if type(seat) is not int or seat != old.turn or old.phase in OVER:
            return False
        return self._accepts(self._reader(old, seat), action)

    def check(self, seat: object, action: Action) -> bool:
        """``is_legal`` for an action the caller makes next if it is legal (a bot's choice):
        answered by the trial run, whose outcome ``apply`` then reuses, so the check and the
        move cost one run where reading and then running would cost both."""
        old = self.state
        if type(seat) is not int or seat != old.turn or old.phase in OVER:
            return False
        checked = self._checked
        if checked and checked[0] is old and checked[1] == seat and checked[2] is action:
            return True
        return self._accepts(None, action)

    def legal(self, seat: int, actions: Iterable[Action], made_here: bool = False) -> list[Action]:
        """The ``actions`` that ``is_legal`` accepts for ``seat``, in their order: the move
        generator's filter (``rummy_core.engine.moves.legal_actions``), which asks what does
        not depend on the action once for them all. ``made_here``: the actions were built by
        the framework's own code (the move generator's candidates), whose fields need no check."""
        old = self.state
        if type(seat) is not int or seat != old.turn or old.phase in OVER:
            return []
        reader = self._reader(old, seat)
        return [action for action in actions if self._accepts(reader, action, made_here)]

    def _reader(self, old: State, seat: int) -> Reader | None:
        """The reader of ``old``'s legality (None before the deal: the trial answers), made
        again once a plugin has been registered."""
        if old.phase != DRAW and old.phase != PLAY:
            return None
        reader = self._last_reader
        if reader is None or reader.changes != self.hooks.pm.changes:
            reader = self._last_reader = Reader(self.hooks)
        if reader.old is not old or reader.seat != seat:
            reader.at(old, seat)
        return reader

    def _accepts(self, reader: Reader | None, action: Action, made_here: bool = False) -> bool:
        old = self.state
        try:
            if not made_here:
                check_action(action)
            if reader is not None:
                answer = reader.answer(action)
                if answer is not None:
                    return answer
            events: list[Event] = []
            new = self._run(old, old.turn, action, events)
        except RuleError:
            return False
        self._checked = (old, old.turn, action, new, events)
        return True

    def _run(self, old: State, seat: int, action: Action, events: list[Event]) -> State:
        """``action`` made on a clone of ``old``, its fields already checked (``check_action``)."""
        if old.phase not in (DRAW, PLAY):
            return self._before_deal(old, seat, action, events)
        if isinstance(action, TakeBack):
            new = self._take_back(old, seat, events)
        else:
            new = self._played_action(old, seat, action, events)
        if self._counted(old, new) >= TURN_ACTION_CAP:
            # The turn goes on after more actions than any turn needs (A1): end it and the hand.
            new.turn_start = new.after_draw = None
            self._end_hand(new, None, "capped", events)
        return new

    def _played_action(self, old: State, seat: int, action: Action, events: list[Event]) -> State:
        handler = self._handlers.get(type(action))
        new = old.clone()
        if handler is not None:
            handler(self, new, seat, action, events)
        elif (
            isinstance(action, PluginAction) and self.hooks.action_kinds.kind_of(action) is not None
        ):
            self.hooks.action_kinds.apply(self, new, seat, action, events)
        else:
            raise refuse(
                "unknown_action", "%(action)s is not an action here.", action=type(action).__name__
            )
        self.hooks.action_applied(new, seat, events)
        if new.turn != old.turn or new.turns_taken != old.turns_taken or new.phase in OVER:
            # A new turn, or none (a plugin's ``end_hand`` ends the hand without counting one).
            new.turn_start = new.after_draw = None
        else:
            # What take-back returns to travels with the state, so a saved position keeps it (A5).
            new.turn_start = old.start_of_turn()
            new.after_draw = None if isinstance(action, Draw) else old.state_after_draw()
        return new

    def _counted(self, old: State, new: State) -> int:
        """The actions of the turn (A1's cap of actions per turn) once ``old`` has become
        ``new``: one more in a turn that goes on, none in a new turn or once the hand is over."""
        if (
            new.hand_turns != old.hand_turns
            or new.hand_number != old.hand_number
            or new.phase not in (DRAW, PLAY)
        ):
            return 0
        if self._turn_of != (old.hand_number, old.hand_turns):
            return 1
        return self._turn_actions + 1

    # -- actions -----------------------------------------------------------------------------

    def _draw(self, st: State, seat: int, action: Draw, events: list[Event]) -> None:
        if st.phase != DRAW:
            if st.drew is None:
                # A turn that starts in play has no draw (ruling H2: the starter's first turn,
                # dealt the extra card; G9: the defender's turn after a knock).
                raise refuse(
                    "no_draw_this_turn", "This turn has no draw: play from the cards you hold."
                )
            raise refuse("already_drew", "You have already drawn this turn.")
        hooks = self.hooks
        sources = hooks.draw_sources(st, seat, working=True)
        if action.source not in sources:
            raise refuse(
                "source_unavailable",
                "You cannot draw from the %(source)s now; you can draw from: %(sources)s.",
                source=action.source,
                sources=sources,
            )
        violations = hooks.draw_violations(st, seat, action.source)
        if violations:
            raise IllegalAction(violations)
        top = st.top_discard()
        drawn = hooks.draw(st, seat, action.source)
        st.drew = action.source
        st.drawn = drawn
        st.phase = PLAY
        events.append(
            Drew(
                seat,
                action.source,
                tuple(drawn),
                len(drawn),
                top if action.source == DISCARD else None,
                _draw_is_private(action.source, drawn),
            )
        )

    def check_play(self, st: State, seat: int, action: Action) -> None:
        """Refuse a play made before the draw, or one ``rummy_action_violations`` forbids now.

        Melds, lay-offs and swaps are checked so; a plugin's action calls this to be checked too.
        """
        if st.phase != PLAY:
            raise refuse("draw_first", "Draw before you play cards.")
        violations = self.hooks.action_violations(st, seat, action)
        if violations:
            raise IllegalAction(violations)

    def _meld(self, st: State, seat: int, action: MeldDown, events: list[Event]) -> None:
        self.check_play(st, seat, action)
        if not action.melds:
            raise refuse("empty_meld", "Choose the cards to meld.")
        hand = st.hands[seat]
        take_from_hand(hand, [c for m in action.melds for c in m.cards])
        hooks = self.hooks
        melds = new_melds(seat, action, hooks.meld_rules)
        violations = hooks.meld_violations(st, seat, melds)
        violations += opening_violations(hooks, st, seat, melds)
        violations += self._keep_cards_violations(st, seat)
        if violations:
            raise IllegalAction(violations)
        first = len(st.table)
        st.table.extend(melds)
        self._played(st, seat, "meld")
        for index, meld in enumerate(melds, start=first):
            events.append(Melded(seat, index, meld.kind, meld.cards, meld.reps))
        self._after_play(st, seat, events)

    def _lay_off(self, st: State, seat: int, action: LayOff, events: list[Event]) -> None:
        self.check_play(st, seat, action)
        before = meld_at(st, action.meld)
        if not action.cards:
            raise refuse("empty_lay_off", "Choose the cards to lay off.")
        hand = st.hands[seat]
        take_from_hand(hand, action.cards)
        hooks = self.hooks
        after = extended(before, seat, action, hooks.meld_rules)
        violations = hooks.lay_off_violations(st, seat, action.meld, before, after)
        violations += self._keep_cards_violations(st, seat)
        if violations:
            raise IllegalAction(violations)
        st.table[action.meld] = after
        self._played(st, seat, "lay_off")
        events.append(LaidOff(seat, action.meld, action.cards, action.end, after.reps))
        self._after_play(st, seat, events)

    def _keep_cards_violations(self, st: State, seat: int) -> list[Violation]:
        keep = self.hooks.min_hand_after_play(st, seat, working=True)
        return keep_cards_violations(keep, len(st.hands[seat]))

    def _swap(self, st: State, seat: int, action: Swap, events: list[Event]) -> None:
        self.check_play(st, seat, action)
        before = meld_at(st, action.meld)
        take_from_hand(st.hands[seat], [action.card])
        after, wild = swapped(before, seat, action.card, action.wild, self.hooks.meld_rules)
        violations = self.hooks.swap_violations(st, seat, action.meld, before, after, wild)
        if violations:
            raise IllegalAction(violations)
        st.table[action.meld] = after
        st.hands[seat].append(wild)
        self._played(st, seat, "swap")
        events.append(Swapped(seat, action.meld, action.card, wild))

    def _discard(self, st: State, seat: int, action: Discard, events: list[Event]) -> None:
        self.discard_card(st, seat, action.card, events)
        self.end_turn(st, seat, events)

    def discard_card(self, st: State, seat: int, card: int, events: list[Event]) -> None:
        """Move ``card`` from ``seat``'s hand to the discard pile, as a discard does.

        Refused when a discard rule or an unmet turn-end obligation forbids it.
        """
        if st.phase != PLAY:
            raise refuse("draw_first", "Draw before you discard.")
        hooks = self.hooks
        violations = hooks.discard_violations(st, seat, card)
        take_from_hand(st.hands[seat], [card])
        if violations:
            raise IllegalAction(violations)
        st.discard.append(card)
        st.discard_face_down = hooks.discard_face_down(st, seat, card)
        violations = hooks.turn_end_violations(st, seat)
        if violations:
            raise IllegalAction(violations)
        events.append(Discarded(seat, card, st.discard_face_down))

    def end_turn(self, st: State, seat: int, events: list[Event]) -> None:
        """End ``seat``'s turn: count it, then end the hand (out, or capped: A1) or pass it on."""
        hooks = self.hooks
        st.turns_taken[seat] += 1
        st.hand_turns += 1
        hooks.turn_ended(st, seat)
        if hooks.goes_out(st, seat):
            self._end_hand(st, seat, "out", events)
        elif (dead := hooks.dead_hand(st, seat)) is not None:
            self._end_hand(st, None, dead, events)
        elif st.hand_turns >= hooks.turn_cap:
            self._end_hand(st, None, "capped", events)
        else:
            st.turn = (seat + 1) % st.players
            self._begin_turn(st, events)

    def end_hand(
        self, st: State, went_out: int | None, reason: Reason, events: list[Event]
    ) -> None:
        """End the hand now and score it: ``went_out`` closed it (None: nobody), for ``reason``.

        The step of a plugin action that ends the hand other than by going out on its own turn:
        a pass that ends a defender's lay-offs after a knock (the knocker went out), a pass at a
        wall of cards never drawn (nobody did, ``"stock"``). It asks what a hand that ends asks
        (``rummy_hand_bonus`` when ``went_out`` is a seat, ``rummy_hand_scores`` ...
        ``rummy_hand_ended``); the turn is not counted (``end_turn`` does that).
        """
        if st.phase not in (DRAW, PLAY):
            raise ValueError("end_hand: the hand is not in a turn")
        if reason == "out" and went_out is None:
            raise ValueError("end_hand: a hand ends 'out' when a seat went out")
        self._end_hand(st, went_out, reason, events)

    def _before_deal(self, old: State, seat: int, action: Action, events: list[Event]) -> State:
        """The choice the deal waits for, made by the plugin's action that makes it; nothing
        else is made before the deal. Not followed by ``rummy_action_applied``: no turn has
        begun, and the deal's own hooks are asked instead."""
        kinds = self.hooks.action_kinds
        kind = kinds.waiting_in(old.phase)
        # Positions are loaded in a phase before the deal only when the game's rules have it.
        assert kind is not None and kind.before_deal is not None
        if not isinstance(action, PluginAction) or kinds.kind_of(action) is not kind:
            raise IllegalAction([kind.before_deal])
        new = old.clone()
        kinds.apply(self, new, seat, action, events)
        return new

    def _take_back(self, old: State, seat: int, events: list[Event]) -> State:
        if old.phase != PLAY:
            raise refuse("nothing_to_take_back", "There is nothing to take back before you draw.")
        scope = self.hooks.take_back(old, seat)
        if scope == "draw" and old.drew is not None:
            start = old.start_of_turn()
            if start is None:
                raise _unrecorded()
            new = start.clone()
            # The turn's start predates earlier give-backs: keep them all closed (ruling A3).
            new.refused_sources = [*old.refused_sources, old.drew]
            # The cards go back where they came from, as hidden as they were drawn.
            private = _draw_is_private(old.drew, old.drawn)
            events.append(TookBack(seat, True, old.drew, tuple(old.drawn), private))
            return new
        if not old.plays:
            raise refuse("nothing_to_take_back", "You have put nothing on the table this turn.")
        after_draw = old.after_draw
        if after_draw is None:
            raise _unrecorded()
        events.append(TookBack(seat, False))
        return after_draw.clone()

    _handlers: ClassVar[dict[type, Callable[[Game, State, int, Any, list[Event]], None]]] = {}
    """The method that makes each built-in kind of action (filled in below the class: a
    compiled class body cannot refer to its own methods)."""

    # -- shared steps ------------------------------------------------------------------------

    @staticmethod
    def _played(st: State, seat: int, kind: str) -> None:
        st.plays.append(kind)
        if st.first_play_turn[seat] is None:
            st.first_play_turn[seat] = st.turns_taken[seat]

    def _after_play(self, st: State, seat: int, events: list[Event]) -> None:
        if self.hooks.goes_out(st, seat):
            st.turns_taken[seat] += 1
            st.hand_turns += 1
            self.hooks.turn_ended(st, seat)
            self._end_hand(st, seat, "out", events)

    def _begin_turn(self, st: State, events: list[Event]) -> None:
        st.drew = None
        st.drawn = []
        st.plays = []
        st.refused_sources = []
        if self._refill_or_end(st, events):
            st.phase = DRAW if self.hooks.turn_starts_with_draw(st, st.turn) else PLAY

    def _refill_or_end(self, st: State, events: list[Event]) -> bool:
        """At a turn's start with an empty stock, refill it or end the hand; False if it ended."""
        if st.stock:
            return True
        rng = Random(f"{st.seed}/{st.hand_number}/refill/{st.refills}")
        if not self.hooks.refill_stock(st, rng):
            self._end_hand(st, None, "stock", events)
            return False
        events.append(Refilled(st.turn, st.refills, len(st.stock)))
        return True

    def _end_hand(
        self,
        st: State,
        went_out: int | None,
        reason: Reason,
        events: list[Event],
    ) -> None:
        hooks = self.hooks
        bonus = went_out is not None and hooks.hand_bonus(st, went_out, working=True)
        scores = hooks.hand_scores(st, went_out, reason, bonus, working=True)
        st.scores = [a + b for a, b in zip(st.scores, scores, strict=True)]
        st.hand_history = [*st.hand_history, scores]
        st.outcome = Outcome(went_out, reason, tuple(scores), st.hand_number)
        st.phase = HAND_OVER
        events.append(HandEnded(went_out, reason, tuple(scores), tuple(st.scores)))
        if hooks.match_over(st, working=True):
            st.winners = sorted(hooks.match_winners(st, working=True))
            st.phase = MATCH_OVER
            capped = hooks.match_capped(st, working=True)
            events.append(MatchEnded(tuple(st.winners), tuple(st.scores), capped))
        hooks.hand_ended(st)


Game._handlers.update(
    {
        Draw: Game._draw,
        MeldDown: Game._meld,
        LayOff: Game._lay_off,
        Swap: Game._swap,
        Discard: Game._discard,
    }
)
