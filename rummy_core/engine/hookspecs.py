"""The hook points of the turn engine: every rule decision is one of these.

A ruleset is a plugin that implements the hooks where its rules differ from the engine's
defaults (``rummy_core.engine.defaults``, all ``trylast``); a house rule is a plugin that overrides
the ruleset (``tryfirst=True``) or adjusts its answer (``wrapper=True``, ``result = yield``).

Four kinds of hook, each with one aggregation rule stated in its docstring:

- a *decision* (a noun) is ``firstresult``: the first implementation that returns something
  other than None decides; None passes the question on.
- a *validator* (a plural noun) collects: every implementation returns a list of
  ``Violation`` and all of them are reported, so a player learns every rule an action broke.
- a *notification* (past tense) is called on every plugin and its results are ignored.
- a *registrar* (``rummy_register_...``) is asked once at set-up; every plugin's answer is kept.

Hooks receive the engine's working ``State`` (``rummy_core.engine.state``). Validators and decisions
must not change it; the hooks whose docstring says so (deal, draw, refill) change it and nothing
else, and ``rummy_action_applied`` and ``rummy_turn_ended`` may keep a plugin's own records in
``state.extra``. The state is never
the game's own: an action works on a copy it keeps only on success, and a hook asked between
actions gets a copy of its own (``Hooks`` makes it), so a plugin that changes it and fails changes
nothing (A2). Which hooks each kind of action asks, and in which order, is the lifecycle table of
docs/hooks.md.
Hook implementations take any subset of the parameters, by name, and never give them defaults.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pluggy

from rummy_core.engine.action_kinds import ActionKind, DealWait
from rummy_core.engine.actions import Action
from rummy_core.engine.errors import Violation
from rummy_core.engine.events import Event
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.scorelines import ScoreLine
from rummy_core.engine.stages import TurnStage
from rummy_core.engine.state import Meld, Reason, State

hookspec = pluggy.HookspecMarker("rummy")

# ---------------------------------------------------------------------------------------------
# The deck, the cards and the melds: asked once when a game is set up.
# ---------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def rummy_deck() -> list[int] | None:
    """The cards of the deck, as card codes (``rummy_core.engine.cards``); duplicates for two packs.

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_meld_rules() -> MeldRules | None:
    """What a run and a set are, which cards are wild and how many wilds one meld may hold.

    A house rule that changes one of these wraps the hook and returns a modified copy
    (``dataclasses.replace(result, ...)``). Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_card_values() -> tuple[int, ...] | None:
    """The value of each card for scoring, a tuple of 53 ints indexed by card code.

    Asked once at set-up; the answer reaches ``rummy_hand_scores`` as ``values``, so a house rule
    that changes card values changes the score of every ruleset that counts cards. Bots value
    cards by it too. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_turn_cap() -> int | None:
    """The safety cap of turns in one hand (ruling A1); past it the hand ends, flagged capped.

    Stops at first non-None result.
    """


# ---------------------------------------------------------------------------------------------
# The deal.
# ---------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def rummy_hand_size(players: int, seat: int, dealer: int) -> int | None:
    """How many cards ``seat`` is dealt in a game of ``players`` with ``dealer`` dealing.

    :param players: how many seats play.
    :param seat: the seat being dealt to.
    :param dealer: the dealer's seat.

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_deal(
    state: State, deck: list[int], sizes: list[int], rng: Random, choice: int | None
) -> bool | None:
    """Deal the shuffled ``deck`` into ``state``: the hands, the stock, the discard pile.

    :param state: a fresh hand: empty hands, stock, pile and table; dealer and hand number set.
    :param deck: the shuffled deck; the last element is the top card.
    :param sizes: each seat's hand size (``rummy_hand_size``).
    :param rng: the hand's seeded random source, for anything else the deal needs (a cut depth).
    :param choice: what the seat the deal waited for chose (``rummy_deal_wait``), as its action
        gave it to ``game.deal_waiting`` (Hungarian Römi's cut depth); None when nobody chose,
        and the deal draws whatever it needs from ``rng``.

    Changes ``state``. Returns True once dealt. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_deal_wait(state: State, deck: list[int]) -> DealWait | None:
    """Whether the deal waits for one seat's choice first (a cut), or None: it is made at once.

    :param state: a fresh hand, not yet dealt: dealer and hand number set; not to be changed.
    :param deck: the shuffled deck, the last element the top card; not to be changed.

    The answer names the seat and the kind of action it chooses with, one the plugin registered
    with ``before_deal`` set (``rummy_register_actions``). When that seat is a person's
    (``Game.choosers``), the hand waits in the phase named after the action, the deck as its
    stock, and the answer's ``events`` are told; the action's ``apply`` deals with
    ``game.deal_waiting``. For a bot's seat the deal is made at once, with no choice (a bot
    leaves it to chance). Stops at first non-None result. Hungarian Römi waits for the cut of
    the seat right of the dealer (ruling H12).
    """


@hookspec(firstresult=True)
def rummy_first_player(state: State) -> int | None:
    """The seat that starts the hand, given the dealt ``state``. Stops at first non-None result.

    :param state: the hand just dealt.
    """


@hookspec(firstresult=True)
def rummy_next_dealer(state: State) -> int | None:
    """The dealer of the next hand, given the finished one. Stops at first non-None result.

    :param state: the hand that just ended, scored.
    """


# ---------------------------------------------------------------------------------------------
# Drawing, and the stock running out.
# ---------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def rummy_turn_starts_with_draw(state: State, seat: int) -> bool | None:
    """Whether ``seat``'s turn, now starting, begins with a draw (False: it starts in play).

    :param state: the match as it stands; not to be changed.
    :param seat: the seat whose turn starts.

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_turn_stage(state: State) -> TurnStage | None:
    """The stage of the turn under way, where its phase does not say it and every player should
    be told: gin's defender laying off on the knocker's melds. None: the phase says it all.

    :param state: the match as it stands; not to be changed.

    A public fact, shown to every seat and spectator (the browser table's and the terminal
    game's turn line), so it must not tell what a seat may not see. Asked between actions.
    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_draw_sources(state: State, seat: int) -> list[str] | None:
    """The draw sources open to ``seat`` now: ``"stock"``, ``"discard"``, ``"cut"`` or others.

    :param state: the match as it stands; not to be changed.
    :param seat: the seat to draw.

    Stops at first non-None result.
    """


@hookspec
def rummy_draw_violations(state: State, seat: int, source: str) -> list[Violation]:  # type: ignore[empty-body]
    """Every reason ``seat`` may not draw from ``source`` now.

    :param state: the match as it stands; not to be changed.
    :param seat: the seat to draw.
    :param source: the source asked for (one of ``rummy_draw_sources``).

    Collects the violations of every plugin.
    """


@hookspec(firstresult=True)
def rummy_draw(state: State, seat: int, source: str) -> list[int] | None:
    """Draw from ``source`` into ``seat``'s hand; returns the cards drawn.

    :param state: the working state; the hook moves the drawn cards in it.
    :param seat: the seat drawing.
    :param source: the source drawn from.

    Changes ``state``. A plugin that adds a source handles it and returns None for the others.
    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_refill_stock(state: State, rng: Random) -> bool | None:
    """The stock is empty at the start of a turn: refill it, or end the hand.

    :param state: the hand whose stock is empty at a turn's start; the hook refills it here.
    :param rng: the refill's random source, from the game's seed.

    Changes ``state`` (the stock, the pile, ``refills``) and returns True when refilled; returns
    False when the hand ends with no one going out. Stops at first non-None result.
    """


# ---------------------------------------------------------------------------------------------
# Playing cards to the table: melds, lay-offs, swaps, openings.
# ---------------------------------------------------------------------------------------------


@hookspec
def rummy_action_violations(state: State, seat: int, action: Action) -> list[Violation]:  # type: ignore[empty-body]
    """Every reason ``seat`` may not make the play ``action`` now, whatever the cards.

    :param state: the match as it stands; not to be changed.
    :param seat: the seat to move.
    :param action: the play being tried.

    Asked before a meld, lay-off or swap, and by a plugin action that calls ``game.check_play``
    (turn restrictions, a first turn, an unopened player). Collects the violations of every
    plugin.
    """


@hookspec
def rummy_meld_violations(state: State, seat: int, melds: list[Meld]) -> list[Violation]:  # type: ignore[empty-body]
    """Every rule broken by laying down ``melds`` (already read as melds, not yet on the table).

    :param state: the state with the cards already out of the hand.
    :param seat: the seat melding.
    :param melds: the new melds as read, not yet on the table.

    Rules about which melds may go down together belong here: each card on the table once
    (ruling R8), a card that must be in the opening (H4). The opening's points are not: the
    engine checks them with ``rummy_opening_minimum`` and ``rummy_meld_points``. Collects the
    violations of every plugin.
    """


@hookspec
def rummy_lay_off_violations(  # type: ignore[empty-body]
    state: State, seat: int, index: int, before: Meld, after: Meld
) -> list[Violation]:
    """Every rule broken by turning the table's meld ``index`` from ``before`` into ``after``.

    :param state: the state with the cards already out of the hand.
    :param seat: the seat laying off.
    :param index: the meld's place on the table.
    :param before: the meld as it is.
    :param after: the meld with the cards added.

    Collects the violations of every plugin.
    """


@hookspec
def rummy_swap_violations(  # type: ignore[empty-body]
    state: State, seat: int, index: int, before: Meld, after: Meld, wild: int
) -> list[Violation]:
    """Every rule broken by swapping a real card for the wild ``wild`` on meld ``index``.

    :param state: the state with the real card already out of the hand.
    :param seat: the seat swapping.
    :param index: the meld's place on the table.
    :param before: the meld as it is.
    :param after: the meld with the real card in the wild's place.
    :param wild: the wild card the seat takes into its hand.

    ``after`` is the meld with the real card in the wild's place. Collects the violations of
    every plugin.
    """


@hookspec(firstresult=True)
def rummy_min_hand_after_play(state: State, seat: int) -> int | None:
    """How many cards ``seat`` must still hold after a meld or lay-off (0: may go out so).

    :param state: the state with the cards already out of the hand (between actions, the match as
        it stands); not to be changed.
    :param seat: the seat playing.

    Not asked for a swap: it gives a wild back for the card, so the hand keeps its size. Stops at
    first non-None result.
    """


@hookspec(firstresult=True)
def rummy_opening_minimum(state: State, seat: int) -> int | None:
    """The points ``seat``'s first lay-down of the hand must be worth (0: no requirement).

    :param state: the match as it stands; not to be changed.
    :param seat: the seat that has not opened yet.

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_meld_points(state: State, meld: Meld) -> int | None:
    """What ``meld`` is worth towards an opening. Stops at first non-None result.

    :param state: the match as it stands; not to be changed.
    :param meld: a meld as read, on the table or about to be.
    """


# ---------------------------------------------------------------------------------------------
# Discarding and the end of a turn.
# ---------------------------------------------------------------------------------------------


@hookspec
def rummy_discard_violations(state: State, seat: int, card: int) -> list[Violation]:  # type: ignore[empty-body]
    """Every reason ``seat`` may not discard ``card`` now. Collects every plugin's violations.

    :param state: the match as it stands; not to be changed.
    :param seat: the seat discarding.
    :param card: the card to discard.
    """


@hookspec(firstresult=True)
def rummy_discard_face_down(state: State, seat: int, card: int) -> bool | None:
    """Whether ``card``, just discarded by ``seat``, lies face down (hidden from the others).

    :param state: the state with the card already on the pile.
    :param seat: the seat that discarded.
    :param card: the card discarded.

    ``state`` is as after the discard. Stops at first non-None result.
    """


@hookspec
def rummy_turn_end_violations(state: State, seat: int) -> list[Violation]:  # type: ignore[empty-body]
    """Every obligation ``seat`` has not met by the end of its turn (``state``: after the discard).

    :param state: the state after the discard.
    :param seat: the seat whose turn would end.

    For cards that had to reach the table this turn. The discard is refused when any is found.
    Collects the violations of every plugin.
    """


@hookspec
def rummy_action_applied(state: State, seat: int, events: list[Event]) -> None:
    """Notification: ``seat``'s action (a draw, meld, lay-off, swap, discard or a plugin's own)
    has been applied to the working state and made ``events``.

    :param state: the state after the action; a plugin may keep its own records in
        ``state.extra``.
    :param seat: the seat that acted.
    :param events: what the action made, in order (``rummy_core.engine.events``); not to be changed.

    For rules that remember what happened during a turn: Hungarian Römi counts here the jokers
    taken by swaps that must go down again (H6). Asked last, once the action is whole: after the
    ``rummy_turn_ended`` and ``rummy_hand_ended`` it brought about and the next turn's start, so
    ``state`` may already be the next seat's turn, or the hand scored. Only an action that
    reaches the cap of actions in one turn (ruling A1) ends the hand after it. Not called for a
    refused action, a take-back (it returns to an earlier state with that state's records) or a
    cut. The one change allowed is to a plugin's own JSON-ready records in ``state.extra``; a
    plugin that raises refuses the action. Results are ignored.
    """


@hookspec(firstresult=True)
def rummy_goes_out(state: State, seat: int) -> bool | None:
    """Whether ``seat`` has gone out (or closed) and the hand ends now.

    :param state: the state after the action.
    :param seat: the seat that acted.

    Asked after a meld or a lay-off, and when a turn ends (a discard, or a plugin action that
    calls ``game.end_turn``), then after ``rummy_turn_ended``. Not asked after a draw, a swap (it
    gives a wild back for the card, so the hand keeps its size), a take-back or a cut. Stops at
    first non-None result.
    """


@hookspec(firstresult=True)
def rummy_dead_hand(state: State, seat: int) -> Reason | None:
    """Whether the hand ends now with nobody out, ``seat``'s turn having just ended: why, or
    None to play on.

    :param state: the state after the turn; not to be changed.
    :param seat: the seat whose turn ended.

    Asked when a turn ends (a discard, or a plugin action that calls ``game.end_turn``), once
    ``rummy_goes_out`` has said no, before the turn cap (ruling A1). ``"stock"``: the stock counts
    as run out (a wall of cards never drawn); ``"capped"``: a rule against endless play. The hand
    is then scored with nobody out, as when the stock cannot be refilled. Stops at first non-None
    result.
    """


@hookspec(firstresult=True)
def rummy_take_back(state: State, seat: int) -> str | None:
    """What a take-back undoes: ``"play"`` (back to just after the draw) or ``"draw"`` too.

    :param state: the match as it stands; not to be changed.
    :param seat: the seat taking back.

    With ``"draw"`` the draw's source is closed for the rest of the turn. Stops at first non-None
    result.
    """


@hookspec
def rummy_turn_ended(state: State, seat: int) -> None:
    """Notification: ``seat``'s turn just ended, by a discard or by going out on a play.

    :param state: the state after the turn; a plugin may keep its own records in ``state.extra``.
    :param seat: the seat whose turn ended.

    ``state`` counts the turn in ``turns_taken``. When a discard (or a plugin action's
    ``game.end_turn``) ends the turn, this comes before ``rummy_goes_out``; when a meld or lay-off
    goes out, after ``rummy_goes_out`` said yes. Either way the hand is not scored yet, so what is
    recorded here is seen by ``rummy_hand_scores``. The one change allowed is to a plugin's own
    JSON-ready records in ``state.extra`` (a penalty to count later, say). Results are ignored.
    """


# ---------------------------------------------------------------------------------------------
# Scoring and the match.
# ---------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def rummy_hand_scores(
    state: State, went_out: int | None, reason: str, values: tuple[int, ...], bonus: bool
) -> list[int] | None:
    """Each seat's points for the hand that just ended.

    :param state: the hand as it ended, before its scores are added.
    :param went_out: the seat that went out or closed, or None.
    :param reason: ``"out"``, ``"stock"`` (the stock ran out) or ``"capped"`` (ruling A1).
    :param values: each card's value, as ``rummy_card_values`` answered.
    :param bonus: whether ``went_out`` earned the hand's bonus, as ``rummy_hand_bonus`` answered
        (False when nobody went out).

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_hand_bonus(state: State, went_out: int) -> bool | None:
    """Whether ``went_out`` earned a bonus in the hand that just ended (``state``: as it ended).

    :param state: the hand as it ended, before its scores are added.
    :param went_out: the seat that went out.

    Classic's doubled "rummy" (ruling C5) and Hungarian's -20 (ruling H8) are bonuses. The engine
    asks this when a hand ends with someone out, before scoring, and passes the answer to
    ``rummy_hand_scores`` as ``bonus``: a wrapper that answers False removes the bonus, one that
    answers True gives it. Statistics count bonus hands by it (``rummy compare``). Stops at
    first non-None result.
    """


@hookspec(firstresult=True)
def rummy_score_lines(
    state: State, went_out: int | None, reason: str, values: tuple[int, ...], bonus: bool
) -> list[list[ScoreLine]] | None:
    """Why each seat scored what it did in the hand that just ended: per seat, its items.

    :param state: the hand as it ended (its scores may already be added: read the hands, the
        table and ``state.extra``, not ``state.scores``).
    :param went_out: the seat that went out or closed, or None.
    :param reason: ``"out"``, ``"stock"`` (the stock ran out) or ``"capped"`` (ruling A1).
    :param values: each card's value, as ``rummy_card_values`` answered.
    :param bonus: whether ``went_out`` earned the hand's bonus, as ``rummy_hand_bonus`` answered.

    Each ``ScoreLine`` is a message id with its params, translated where it is shown, and the
    points it adds: a seat's items add up to its points from ``rummy_hand_scores``, and a seat
    with no items scored 0. Whoever answers ``rummy_hand_scores`` answers this the same way: a
    plugin that decides the scores (``tryfirst``) decides the items, and one that adjusts the
    scores (a wrapper) adds its own items to each seat's. Score sheets ask it once a hand is over
    (the terminal game, the server), so no front end reads a rule off the numbers. Stops at
    first non-None result.
    """


@hookspec(firstresult=True)
def rummy_leftover_value(state: State, seat: int, values: tuple[int, ...]) -> int | None:
    """What the cards ``seat`` holds when a hand is over count for, as a score sheet shows them.

    :param state: the hand as it ended.
    :param seat: the seat whose cards left in hand are counted.
    :param values: each card's value, as ``rummy_card_values`` answered.

    The engine's default sums the cards' values. Gin counts what its scoring compares: the
    knocker's cards as they are (ruling G7), the other hand's deadwood once its best melds are
    taken out (G9). The score sheet (the terminal game, the server) shows the answer next to
    the cards left. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_match_over(state: State) -> bool | None:
    """Whether the match ends with the hand just scored (``state``: scores and outcome updated).

    :param state: the match after the hand just scored.

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_match_capped(state: State) -> bool | None:
    """Whether the match that just ended was ended by a limit of hands rather than its target.

    :param state: the match after its last hand was scored.

    Like a hand that reaches the turn cap (ruling A1), a match stopped by a safety cap says so:
    the ``match_ended`` event carries the answer as ``capped``. Asked only once
    ``rummy_match_over`` has said the match is over. Stops at first non-None result.
    """


@hookspec(firstresult=True)
def rummy_match_winners(state: State) -> list[int] | None:
    """The winners of the match that just ended: one seat, several sharing the win, or none.

    :param state: the match after its last hand was scored.

    An empty list is a match with no winner (ruling C8: a single hand that nobody went out of).
    Asked only once ``rummy_match_over`` has said the match is over. Stops at first non-None
    result.
    """


@hookspec
def rummy_hand_ended(state: State) -> None:
    """Notification: a hand ended and was scored (``state.outcome``). Results are ignored.

    :param state: the state after the hand was scored (and the match decided).
    """


# ---------------------------------------------------------------------------------------------
# New kinds of action: asked once when a game is set up.
# ---------------------------------------------------------------------------------------------


@hookspec
def rummy_register_actions() -> list[ActionKind[Any, Any]]:  # type: ignore[empty-body]
    """Registrar: the new kinds of action this plugin adds (``rummy_core.engine.action_kinds``).

    Each ``ActionKind`` names its JSON ``type``, its engine and JSON forms, how it changes the
    state, and its candidates for the legal-move list. Collects every plugin's kinds; a type
    registered twice, or a built-in one, fails when the game is set up, naming the plugin.
    """
