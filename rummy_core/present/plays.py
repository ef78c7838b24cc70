"""From what the player picked on screen to the engine's actions, through the generic API only.

The player selects cards in any order and points at a meld; the engine wants cards in meld order
with every wild's stand-in settled (ruling R7). These helpers list the actions a selection could
mean; the app keeps the legal ones, and asks the player only when they lead to different tables.
Nothing here knows a ruleset: the meld rules and ``Game.preview`` answer every question.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from rummy_core.bots.assess import new_meld
from rummy_core.engine.actions import Action, LayOff, MeldDown, NewMeld, PluginAction, Swap
from rummy_core.engine.cards import (
    JOKER,
    RANK_NAMES,
    SUIT_SYMBOLS,
    card_name,
    meld_card_text,
    parse_card,
    rank_of,
    suit_of,
)
from rummy_core.engine.errors import RuleError
from rummy_core.engine.game import Game
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.melds import RUN, read_meld, readings, wild_count
from rummy_core.engine.moves import meld_candidates
from rummy_core.formats.position import parse_meld_card
from rummy_core.i18n.uitext import UI
from rummy_core.solver import candidate_melds

MAX_SPLITS = 24
"""The most ways of splitting one selection into several melds that are offered."""
SEARCH_BUDGET = 20_000
"""Steps the split search may take, so a hand full of wilds cannot stall the screen."""


def card_label(code: int) -> str:
    """A card as the screen shows it: ``10♥``, ``A♠``, ``JK``."""
    if code == JOKER:
        return "JK"
    return RANK_NAMES[rank_of(code)] + SUIT_SYMBOLS[suit_of(code)]


def rep_label(rep: int) -> str:
    """What a wild stands for: a card (``5♠``) or, in a set, a rank only (``7``)."""
    return RANK_NAMES[-rep] if rep < 0 else card_label(rep)


def meld_label(cards: Sequence[int], reps: Sequence[int]) -> str:
    """A meld as text, each wild with what it stands for: ``5♠ 2♣=6♠ 7♠``."""
    return " ".join(
        card_label(c) if c == r else f"{card_label(c)}={rep_label(r)}"
        for c, r in zip(cards, reps, strict=True)
    )


def is_wild(code: int, rules: MeldRules) -> bool:
    """Whether the card is wild under the rules (it may still be natural in its own place)."""
    return code == JOKER or code in rules.wilds


def sort_hand(hand: Sequence[int], by_rank: bool) -> list[int]:
    """The hand in display order: by suit then rank, or by rank then suit; jokers last."""

    def key(code: int) -> tuple[int, int, int]:
        if code == JOKER:
            return (1, 0, 0)
        return (0, rank_of(code), suit_of(code)) if by_rank else (0, suit_of(code), rank_of(code))

    return sorted(hand, key=key)


# -- orderings ---------------------------------------------------------------------------------


def _rank_key(code: int, declared: int | None, rules: MeldRules) -> tuple[int, int]:
    """Sort key: the rank a card stands for; undeclared wilds go last."""
    if declared is not None:
        return (0, -declared if declared < 0 else rank_of(declared))
    if is_wild(code, rules):
        return (1, 0)
    return (0, rank_of(code))


def orderings(
    cards: Sequence[int], declared: Sequence[int | None], rules: MeldRules
) -> list[tuple[tuple[int, ...], tuple[int | None, ...]]]:
    """Orders worth trying for cards picked in any order: by rank, then each rotation of that.

    Rotations cover an ace played high and runs that go round the corner, and put undeclared
    wilds at the front as well as the back.
    """
    pairs = sorted(zip(cards, declared, strict=True), key=lambda p: _rank_key(p[0], p[1], rules))
    seen: dict[tuple[int, ...], tuple[int | None, ...]] = {}
    for shift in range(max(1, len(pairs))):
        turned = pairs[shift:] + pairs[:shift]
        seen.setdefault(tuple(c for c, _ in turned), tuple(d for _, d in turned))
    return list(seen.items())


# -- melding -----------------------------------------------------------------------------------


class Splits(NamedTuple):
    """The ways found to put a selection down, and whether they are all of them."""

    plays: list[MeldDown]
    complete: bool
    """False when the search stopped at ``MAX_SPLITS`` ways or at ``SEARCH_BUDGET`` steps: the
    selection may be laid down in ways not listed (the player can type them)."""


def meld_plays(cards: Sequence[int], rules: MeldRules) -> Splits:
    """Ways to put exactly ``cards`` down: as one meld, or split into several melds at once.

    The solver's candidate melds hold every reading of each group, so a group whose wild could
    stand for two cards (Q♦ K♦ 2♦: J♦ or A♦) gives one split per reading. Splits that use fewer
    cards as wilds come first: a 2 in its own place is read as a 2 before it is read as a wild.
    """
    solved = sorted(candidate_melds(cards, rules), key=lambda m: (wild_count(*m), m))
    singles = [new_meld(meld, rules) for meld in solved]
    spent = {id(new): wild_count(*meld) for new, meld in zip(singles, solved, strict=True)}
    # Each meld's cards counted once, and the melds holding each card: a step of the search
    # looks only at the melds that hold the lowest card left, not at every meld (with four wild
    # 2s selected there are thousands, and looking at all of them made one question take
    # seconds).
    needs = {id(meld): Counter(meld.cards) for meld in singles}
    holding: dict[int, list[NewMeld]] = {}
    for meld in singles:
        for code in needs[id(meld)]:
            holding.setdefault(code, []).append(meld)
    found: list[tuple[int, MeldDown]] = []
    budget = [SEARCH_BUDGET]
    cut = [False]
    dead: set[frozenset[tuple[int, int]]] = set()
    """Cards left over that were searched through without a split: not searched again."""

    def search(remaining: Counter[int], chosen: list[NewMeld]) -> None:
        if len(found) >= MAX_SPLITS or budget[0] <= 0:
            cut[0] = True
            return
        budget[0] -= 1
        if not remaining:
            found.append((sum(spent[id(m)] for m in chosen), MeldDown(tuple(chosen))))
            return
        key = frozenset(remaining.items())
        if key in dead:
            return
        before = len(found)
        # Every split covers the card with the fewest melds to go in (a natural card, seldom a
        # wild), so each split is found once and a card no meld takes ends the search at once.
        first = min(remaining, key=lambda code: (len(holding.get(code, ())), code))
        for meld in holding.get(first, ()):
            need = needs[id(meld)]
            if all(remaining[c] >= n for c, n in need.items()):
                search(remaining - need, [*chosen, meld])
        if len(found) == before and budget[0] > 0:
            dead.add(key)

    search(Counter(cards), [])
    # A stable sort keeps the search's order among splits that spend as many wilds.
    return Splits([play for _, play in sorted(found, key=lambda f: f[0])], not cut[0])


def wilds_spent(play: Action, rules: MeldRules) -> int:
    """How many cards of a lay-down stand for another card, as the engine reads it."""
    if not isinstance(play, MeldDown):
        return 0
    total = 0
    for meld in play.melds:
        found = read_meld(meld.cards, meld.declared, rules)
        total += wild_count(found[0][0], found[0][1].reps) if found else 0
    return total


def typed_melds(text: str, cards: Sequence[int], rules: MeldRules) -> list[MeldDown]:
    """Lay-downs read from what the player typed for the selected ``cards``.

    Several melds are separated by ``/``, each written in order (``2C=4S 5S 6S / 9D 9H 9S``). A
    single part may also name only the wilds (``2C=7S``): the other selected cards join it.
    ``bad_declaration`` when the typed cards are not the selected ones.
    """
    parts = [_typed_part(part) for part in text.replace("|", "/").split("/") if part.strip()]
    if not parts:
        raise RuleError(
            "bad_declaration", "Type what each wild stands for, like 2C=5S.", domain=UI.name
        )
    selected = Counter(cards)
    typed = Counter(c for part in parts for c, _ in part)
    if typed == selected:
        return [
            MeldDown(
                tuple(
                    NewMeld(tuple(c for c, _ in part), tuple(d for _, d in part)) for part in parts
                )
            )
        ]
    if len(parts) == 1 and not typed - selected:
        declared = _declare(cards, parts[0])
        return [
            MeldDown((NewMeld(order, decl),)) for order, decl in orderings(cards, declared, rules)
        ]
    names = " ".join(card_label(c) for c in sorted(cards))
    raise RuleError(
        "bad_declaration",
        "What you typed does not match the cards you selected (%(cards)s).",
        domain=UI.name,
        cards=names,
    )


def _typed_part(text: str) -> list[tuple[int, int | None]]:
    return [parse_meld_card(token) for token in text.replace(",", " ").split()]


def _declare(cards: Sequence[int], typed: list[tuple[int, int | None]]) -> list[int | None]:
    """Per selected card, what the player declared for it (each typed card used once)."""
    declared: list[int | None] = [None] * len(cards)
    for code, rep in typed:
        for i, c in enumerate(cards):
            if c == code and declared[i] is None and rep is not None:
                declared[i] = rep
                break
    return declared


# -- laying off and swapping ---------------------------------------------------------------------


def lay_off_plays(
    game: Game,
    meld: int,
    cards: Sequence[int],
    declared: Sequence[int | None] | None = None,
) -> list[LayOff]:
    """Lay-offs of ``cards`` on the table's meld ``meld``, in every order and at either end."""
    rules = game.hooks.meld_rules
    target = game.state.table[meld]
    ends: tuple[str | None, ...] = (None, "low", "high") if target.kind == RUN else (None,)
    given = tuple(declared) if declared is not None else (None,) * len(cards)
    return [
        LayOff(meld, order, decl, end)
        for order, decl in orderings(cards, given, rules)
        for end in ends
    ]


def typed_lay_offs(game: Game, meld: int, text: str, cards: Sequence[int]) -> list[LayOff]:
    """Lay-offs with the wilds declared as typed (``2C=8S``)."""
    typed = [pair for part in text.split("/") for pair in _typed_part(part)]
    if not typed or Counter(c for c, _ in typed) - Counter(cards):
        raise RuleError(
            "bad_declaration",
            "Type what each selected wild stands for, like 2C=8S.",
            domain=UI.name,
        )
    return lay_off_plays(game, meld, cards, _declare(cards, typed))


def swap_plays(game: Game, meld: int, card: int) -> list[Swap]:
    """Swaps of ``card`` for each wild of the table's meld ``meld``."""
    target = game.state.table[meld]
    wilds = sorted({c for c, r in zip(target.cards, target.reps, strict=True) if c != r})
    return [Swap(meld, card, None), *(Swap(meld, card, w) for w in wilds)]


def distinct_legal(game: Game, seat: int, actions: Sequence[Action]) -> list[Action]:
    """The legal ``actions``, one per different result (the table and the hand they leave)."""
    found: dict[tuple[object, ...], Action] = {}
    for action in actions:
        try:
            after = game.preview(seat, action)
        except RuleError:
            continue
        key = (
            tuple((m.cards, m.reps) for m in after.table),
            tuple(sorted(after.hands[seat])),
        )
        found.setdefault(key, action)
    return list(found.values())


def describe_choice(game: Game, seat: int, action: Action) -> str:
    """How a legal action would leave the melds it touches, for a choice between readings; a
    house rule's action in words."""
    if isinstance(action, PluginAction):
        return house_label(game, action)
    after = game.preview(seat, action)
    if isinstance(action, MeldDown):
        new = after.table[len(game.state.table) :]
        return "   ".join(meld_label(m.cards, m.reps) for m in new)
    index = action.meld if isinstance(action, LayOff | Swap) else 0
    target = after.table[index]
    return meld_label(target.cards, target.reps)


def typing_example(game: Game, seat: int, action: Action) -> str:
    """A wild of what ``action`` leaves on the table, written as the player would type it
    (``2C=8S``, ``JK=8S`` in Hungarian), for the hint of a choice between readings."""
    after = game.preview(seat, action)
    index = action.meld if isinstance(action, LayOff | Swap) else len(game.state.table)
    for meld in after.table[index:]:
        for code, rep in zip(meld.cards, meld.reps, strict=True):
            if code != rep:
                return meld_card_text(code, rep)
    return "2C=8S"


def action_cards(action: Action) -> list[int]:
    """The hand's cards an action puts on the table."""
    if isinstance(action, MeldDown):
        return [c for meld in action.melds for c in meld.cards]
    if isinstance(action, LayOff):
        return list(action.cards)
    if isinstance(action, Swap):
        return [action.card]
    return []


def wild_example(cards: Sequence[int], rules: MeldRules) -> str:
    """How to type a wild of the selection (``JK=5S``): names the wild the player holds."""
    wild = next((c for c in cards if is_wild(c, rules)), None)
    name = card_name(wild) if wild is not None else "2C"
    return f"{name}=5S"


def house_label(game: Game, action: PluginAction) -> str:
    """An action of a house rule in words: its kind and the cards it names (``knock: KD``)."""
    kind = game.hooks.action_kinds[action.type]
    fields = kind.to_model(action).model_dump(exclude={"type"})
    words = " ".join(
        " ".join(map(str, v)) if isinstance(v, list) else pretty_card(str(v))
        for v in fields.values()
    )
    return f"{action.type} {words}".strip()


def pretty_card(text: str) -> str:
    """A card written as in files (``KD``) as the table shows it (``K♦``); other text as is."""
    try:
        return card_label(parse_card(text))
    except RuleError:
        return text


# -- stripes ---------------------------------------------------------------------------------


def held_melds(hand: Sequence[int], rules: MeldRules) -> list[NewMeld]:
    """The natural melds the hand already holds, largest first, none inside another of its kind.

    Wild cards are left out: with wilds nearly any pair is "a meld", and stripes for all of them
    would say nothing.
    """
    naturals = [c for c in hand if not is_wild(c, rules)]
    found = [
        (m, readings(m.cards, m.declared, rules)[0].kind) for m in meld_candidates(naturals, rules)
    ]
    kept = [
        meld
        for meld, kind in found
        if not any(
            other is not meld
            and other_kind == kind
            and len(other.cards) > len(meld.cards)
            and not Counter(meld.cards) - Counter(other.cards)
            for other, other_kind in found
        )
    ]
    return sorted(kept, key=lambda m: -len(m.cards))


def stripe_lanes(order: Sequence[int], melds: Sequence[NewMeld], lanes: int = 2) -> list[list[int]]:
    """Stripes under the cards: per lane, per position in ``order``, a meld number or -1.

    Melds that share a card go to different lanes; a meld that finds no free lane is not shown.
    """
    rows = [[-1] * len(order) for _ in range(lanes)]
    for number, meld in enumerate(melds):
        spots = list(_positions(order, meld.cards))
        for row in rows:
            if all(row[p] == -1 for p in spots):
                for p in spots:
                    row[p] = number
                break
    return rows


def _positions(order: Sequence[int], cards: Sequence[int]) -> Iterator[int]:
    taken: set[int] = set()
    for code in cards:
        spot = next(i for i, c in enumerate(order) if c == code and i not in taken)
        taken.add(spot)
        yield spot
