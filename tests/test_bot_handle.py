"""A bot's handle leads nowhere but to its own seat's view and the rules.

Everything a bot is given (its handle, what each of its attributes and questions answers, the
events it observes) is walked as an object graph: attributes, items, closures, bound methods'
owners, and whatever a weak reference on the way points to. Modules, classes and functions'
globals are not followed: from them any object reaches the whole process (the garbage collector
lists every object), so no in-process handle could be sealed against them.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterable, Iterator
from types import CodeType, FunctionType, ModuleType

import pytest

from rummy_core.bots import SeatHandle, make_bot
from rummy_core.bots.turns import bot_turn
from rummy_core.engine.errors import RuleError
from rummy_core.engine.events import seen_by
from rummy_core.engine.game import Game
from rummy_core.engine.setup import new_game
from rummy_core.engine.state import DRAW, PLAY, State

PLAYERS = {"classic": 2, "riverside": 4, "hungarian": 3}


def reachable(roots: Iterable[object]) -> Iterator[object]:
    """Every object reachable from ``roots`` (see the module's docstring for the edges)."""
    seen: dict[int, object] = {}
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        yield obj
        if isinstance(obj, ModuleType | type | CodeType):
            continue
        if isinstance(obj, FunctionType):
            cells = [cell.cell_contents for cell in obj.__closure__ or ()]
            stack.extend([*cells, obj.__defaults__, obj.__kwdefaults__, obj.__dict__])
            continue
        if isinstance(obj, weakref.ref):
            stack.append(obj())
        stack.extend(gc.get_referents(obj))


def given(handle: SeatHandle) -> list[object]:
    """The handle, and every answer its attributes and questions give."""
    answers: list[object] = [handle]
    for name in dir(handle):
        if name.startswith("__"):
            continue
        value = getattr(handle, name)
        answers.append(value)
        if callable(value) and name in {
            "draw_sources",
            "opening_minimum",
            "min_hand_after_play",
            "candidates",
            "legal_actions",
        }:
            answers.append(value())
    return answers


def live_parts(state: State) -> list[object]:
    """The containers of the live state a bot must not hold (melds are immutable and public)."""
    parts: list[object] = [state, *state.hands]
    parts += [state.hands, state.stock, state.discard, state.table, state.drawn, state.plays]
    parts += [state.scores, state.turns_taken, state.extra, state.hand_history, state.winners]
    return parts + ([state.outcome] if state.outcome is not None else [])


def hidden_sequences(state: State, seat: int) -> list[list[int]]:
    """What the seat may not know, as card lists: the other hands and the stock's order."""
    found = [list(hand) for other, hand in enumerate(state.hands) if other != seat]
    return [cards for cards in [*found, list(state.stock)] if len(cards) >= 2]


def assert_leads_nowhere(game: Game, seat: int, received: list[object]) -> None:
    st = game.state
    forbidden = {id(part) for part in live_parts(st)}
    hidden = hidden_sequences(st, seat)
    count = 0
    for obj in reachable(received):
        count += 1
        assert not isinstance(obj, Game | State), f"a bot reaches {type(obj).__name__}"
        assert id(obj) not in forbidden, f"a bot holds a part of the live state: {obj!r}"
        if isinstance(obj, list | tuple) and obj and all(type(c) is int for c in obj):
            assert list(obj) not in hidden, f"a bot sees hidden cards: {obj!r}"
    assert count > 50, "the walk went nowhere: the test would prove nothing"


@pytest.mark.parametrize("ruleset", sorted(PLAYERS))
def test_nothing_a_bot_is_given_leads_to_another_hand_or_the_stock(ruleset: str) -> None:
    players = PLAYERS[ruleset]
    game = new_game(ruleset, players=players, seed=11)
    bots = [make_bot("greedy", seed) for seed in range(players)]
    for _ in range(40):
        seat = game.current_player()
        if seat is None or game.state.phase not in (DRAW, PLAY):
            break
        events = bot_turn(game, bots)
        seat = game.current_player()
        if seat is None:
            break
        handle = SeatHandle(game, seat)
        observed = [seen_by(e, seat) for e in events]
        assert_leads_nowhere(game, seat, [*given(handle), observed, bots[seat]])


def test_a_walk_finds_the_game_when_a_handle_holds_it() -> None:
    # The walk itself: an object that keeps the game, as the old handle did, is caught.
    game = new_game("classic", seed=2)

    class Leaky:
        def __init__(self, game: Game) -> None:
            self._game = game

    with pytest.raises(AssertionError, match="a bot reaches"):
        assert_leads_nowhere(game, 0, [Leaky(game), *given(SeatHandle(game, 0))])


def test_a_handle_cannot_be_changed_to_another_seat() -> None:
    game = new_game("classic", seed=4)
    seat = game.current_player()
    assert seat is not None
    handle = SeatHandle(game, seat)
    with pytest.raises(AttributeError):
        handle.seat = 1 - seat  # type: ignore[misc]
    # Even forced, the seat it answers for is the one its key was made for.
    # (Through the attribute's own descriptor: the compiled handle refuses ``object.__setattr__``.)
    vars(SeatHandle)["seat"].__set__(handle, 1 - seat)
    assert handle.seat == 1 - seat
    assert handle.view.hand == tuple(game.state.hands[seat])


def test_a_handle_keeps_no_game_alive() -> None:
    handle = SeatHandle(new_game("classic", seed=5), 0)
    gc.collect()
    with pytest.raises(RuleError) as err:
        handle.view  # noqa: B018 - the property is the question
    assert err.value.code == "game_gone"


def test_two_handles_of_one_seat_answer_alike_and_seats_differ() -> None:
    game = new_game("classic", seed=6)
    first, again, other = SeatHandle(game, 0), SeatHandle(game, 0), SeatHandle(game, 1)
    assert first.view == again.view
    assert first.view.hand != other.view.hand
    assert first.view.hand == tuple(game.state.hands[0])
