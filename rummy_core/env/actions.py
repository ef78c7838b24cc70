"""The fixed ``Discrete(N)`` action space of a variant, and its legal ids in a given position.

Ids are laid out in blocks, in this order (``ActionCodec.blocks`` gives each block's start and
size; ``docs/rl.md`` has the sizes per ruleset):

- ``draw``: one id per draw source, ``stock``, ``discard``, ``cut``.
- ``take_back``: one id.
- ``discard``: one id per card code (0..52, see ``rummy_core.engine.cards``).
- ``select``: one id per card code: put one more copy of that card into the meld being built
  (none with ``laydown="meld"``).
- ``stage``: ``K`` ids: the cards selected form a meld (the k-th way to order them, below) and
  another meld of the same lay-down follows. With ``laydown="meld"``, ``M`` ids: meld ``m``
  (below) is one meld of the lay-down and another follows.
- ``lay_down``: ``K`` ids: the cards selected form the last meld; the lay-down is made. With
  ``laydown="meld"``, ``M`` ids: meld ``m`` is the last meld, and the lay-down is made.
- ``lay_off``: ``T x 53 x 2`` ids: card ``c`` on table meld ``m`` at the low end (0) or the high
  end (1); a lay-off on a set, which has no ends, uses the low id.
- ``swap``: ``T x 53 x W`` ids: card ``c`` takes the place of wild number ``w`` (the variant's wild
  cards in code order) on table meld ``m``.
- one block per plugin action kind, in the order of the kinds' names: 53 ids for a kind with one
  card field (the ``knock`` house rule's "discard this card and knock"), one id for a kind with
  no fields (gin's ``pass``).

``T`` is the most melds the table can hold (the deck's size over the smallest meld), ``W`` the
number of wild card codes, ``K`` the most orders one set of selected cards can be laid in
(``_most_orderings``) and the most lay-downs of them with declared wilds, which
``legal_actions`` does not offer and ``rummy_core.env.declared`` adds (``declared_bound``).

Lay-downs come in one of two ways (``laydown``). Where the variant has no wilds (no card may
stand for another, no jokers), ``"meld"`` is the default: every meld the rules allow has an id of
its own (``ActionCodec.melds``: sets by rank, then runs by length, suit and lowest rank, as
OpenSpiel's gin rummy numbers its meld actions), so a meld is laid in one step and a lay-down of
several melds (an opening that needs points) takes one step per meld. Elsewhere, and with
``"select"``, lay-downs are the several-step part. Their melds are built one at a time: the
cards of a meld are selected in ascending card code, then ``stage`` or ``lay_down`` says which
ordering of those cards is meant (the k-th, counting the legal orderings of that set of cards by
their card sequence: a wild's place in a run says what it stands for). The melds of one
lay-down come in canonical order (by their sorted cards). Once a card is selected, only ids that
continue towards a legal lay-down are masked in, so every masked-in id leads to a legal action,
and every action of ``rummy_core.engine.moves.legal_actions`` has an id or a path of ids (but
the take-backs and draws ``take_back="escape"`` leaves out).

Taking back a turn's plays (``take_back``) undoes what the seat chose. With
``take_back="escape"`` (the default) its id is masked in only when no other id is legal (melds
laid that leave a taken discard no place), and a draw after which taking it back would be the
only legal action (a Hungarian discard or cut card the hand cannot meld, rulings H4 and H7) is
masked out: random play does not spend its steps undoing itself. ``take_back="always"`` offers
both whenever the engine allows them.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rummy_core.engine.actions import (
    CUT,
    DISCARD,
    STOCK,
    Action,
    Discard,
    Draw,
    LayOff,
    MeldDown,
    NewMeld,
    PluginAction,
    Swap,
    TakeBack,
)
from rummy_core.engine.cards import CARD_CODES, JOKER, card_name, cards_text
from rummy_core.engine.errors import RuleError
from rummy_core.engine.game import Game
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.moves import action_candidates, legal_actions
from rummy_core.engine.state import DRAW as DRAW_PHASE
from rummy_core.env.declared import Targets, declared_bound, declared_meld_downs, natural_melds

SOURCES = (STOCK, DISCARD, CUT)
"""The draw sources that have ids, in id order."""
ENDS = ("low", "high")
"""The run ends of a lay-off, in id order."""

Laydown = Literal["meld", "select"]
LAYDOWNS: tuple[Laydown, ...] = ("meld", "select")
TakeBackIds = Literal["escape", "always"]
TAKE_BACKS: tuple[TakeBackIds, ...] = ("escape", "always")

MeldKey = tuple[tuple[int, ...], int]
"""A meld as the encoding names it: its cards sorted, and which ordering of them (``K`` slot);
with ``laydown="meld"``, its cards sorted and its meld id."""


@dataclass(frozen=True, slots=True)
class Block:
    """A range of ids of one kind of action."""

    name: str
    start: int
    size: int


@dataclass(frozen=True, slots=True)
class Pending:
    """A lay-down being built: the melds already staged, and the cards selected for the next."""

    staged: tuple[MeldKey, ...] = ()
    selected: tuple[int, ...] = ()

    @property
    def empty(self) -> bool:
        """Whether nothing has been selected or staged."""
        return not self.staged and not self.selected


EMPTY = Pending()


class Choices:
    """The legal ids of one seat in one position, and the action each leads to."""

    __slots__ = ("_codec", "_ids", "laydowns", "simple")

    def __init__(self, codec: ActionCodec, legal: Sequence[Action]) -> None:
        self._codec = codec
        self._ids: tuple[Pending, tuple[int, ...]] | None = None
        self.simple: dict[int, Action] = {}
        """Every legal action with an id of its own, by id."""
        meld_downs = [a for a in legal if isinstance(a, MeldDown)]
        slots = (
            codec.meld_slots(meld_downs)
            if codec.laydown == "meld"
            else _ordering_slots(meld_downs, codec.orderings)
        )
        found: dict[tuple[MeldKey, ...], MeldDown] = {}
        for action in meld_downs:
            keys = tuple(sorted((tuple(sorted(m.cards)), slots[m]) for m in action.melds))
            # The same melds in another order are the same lay-down: the first one is kept.
            found.setdefault(keys, action)
        self.laydowns: list[tuple[tuple[MeldKey, ...], MeldDown]] = list(found.items())
        """Every legal lay-down by its canonical meld keys."""
        escape_only = codec.take_back_ids == "escape" and len(legal) > 1
        for other in legal:
            if isinstance(other, MeldDown) or (escape_only and isinstance(other, TakeBack)):
                continue
            action_id = codec.id_of(other)
            if self.simple.setdefault(action_id, other) != other:
                raise RuleError(
                    "env_encoding_overflow",
                    "%(first)s and %(second)s share the id %(action_id)s.",
                    action_id=action_id,
                    first=str(other),
                    second=str(self.simple[action_id]),
                )

    def ids(self, pending: Pending) -> list[int]:
        """The legal ids with ``pending`` under way, ascending."""
        # The mask asks, and then the step that resolves the id chosen: worked out once.
        last = self._ids
        if last is None or last[0] is not pending:
            last = self._ids = (pending, tuple(self._ids_with(pending)))
        return list(last[1])

    def _ids_with(self, pending: Pending) -> list[int]:
        codec = self._codec
        found: set[int] = set(self.simple) if pending.empty else set()
        depth = len(pending.staged)
        chosen = len(pending.selected)
        by_meld = codec.laydown == "meld"
        for keys, _ in self.laydowns:
            if len(keys) <= depth or keys[:depth] != pending.staged:
                continue
            cards, slot = keys[depth]
            if by_meld:
                last = len(keys) == depth + 1
                found.add((codec.lay_down if last else codec.stage).start + slot)
                continue
            if cards[:chosen] != pending.selected:
                continue
            if len(cards) > chosen:
                found.add(codec.select.start + cards[chosen])
            elif len(keys) == depth + 1:
                found.add(codec.lay_down.start + slot)
            else:
                found.add(codec.stage.start + slot)
        return sorted(found)

    def resolve(self, pending: Pending, action_id: int) -> tuple[Pending, Action | None]:
        """The pending lay-down and the engine action (None: none yet) that ``action_id`` gives.

        Raises ``RuleError`` ``illegal_action_id`` when the id is not legal now.
        """
        codec = self._codec
        if action_id not in self.ids(pending):
            raise RuleError(
                "illegal_action_id",
                "Action id %(action_id)s (%(action)s) is not legal now.",
                action_id=action_id,
                action=codec.describe(action_id),
            )
        if pending.empty and action_id in self.simple:
            return EMPTY, self.simple[action_id]
        if codec.select.start <= action_id < codec.select.start + codec.select.size:
            card = action_id - codec.select.start
            return Pending(pending.staged, (*pending.selected, card)), None
        slot = (action_id - codec.stage.start) % codec.stage.size
        key = (
            (tuple(sorted(codec.melds[slot])), slot)
            if codec.laydown == "meld"
            else (pending.selected, slot)
        )
        staged = (*pending.staged, key)
        if action_id < codec.lay_down.start:
            return Pending(staged, ()), None
        for keys, action in self.laydowns:
            if keys == staged:
                return EMPTY, action
        raise AssertionError("a masked-in lay-down id has no lay-down")  # ids() rules it out


def _most_orderings(wilds: int, kinds: int) -> int:
    """A bound on the runs one set of cards can be laid as, with up to ``wilds`` cards that may
    be wild (of ``kinds`` distinct codes) among them.

    A run's natural cards fix its suit, and its range to one of ``wilds + 1`` (the wilds split
    between its two ends), or two of each with an ace (low or high). Cards of several codes that
    may be wild can also trade places (``wilds!`` ways), and one of them may be the natural that
    sets the suit (4 suits, ``wilds`` ranges): Riverside's 2s lay 2D 2H AS 2S 4S-9S JS-KS in 13
    ways. Jokers alike trade places without changing the meld.
    """
    if kinds <= 1:
        return 2 * (wilds + 1)
    return max(2 * (wilds + 1), 8 * wilds) * math.factorial(wilds)


def _only_back(game: Game, seat: int, action: Action) -> bool:
    """Whether ``action`` is a draw the rules let the seat give back (a Hungarian discard that
    must be played, the cut card) after which taking it back is the only legal action: a step
    there and a step back. Worked out from the seat's own cards and the card drawn, which is in
    sight (a draw from the stock, which is not, always stands)."""
    if not isinstance(action, Draw) or action.source == STOCK:
        return False
    if game.hooks.shipped_only(("rummy_take_back",), defaults_only=True):
        # The engine's own answer is "play": a draw is never given back.
        return False
    after = game.preview(seat, action)
    if game.hooks.take_back(after, seat) != "draw":
        return False
    probe = Game(game.hooks, after)
    # The first legal action that is not a take-back settles it: melds come first among the
    # candidates, and where the card drawn must be played a meld is what there is.
    return not any(
        not isinstance(a, TakeBack) and probe.is_legal(seat, a)
        for a in action_candidates(probe, seat)
    )


def _ordering_slots(laydowns: Sequence[MeldDown], limit: int) -> dict[NewMeld, int]:
    """Each meld's ordering slot: its place among the melds of the same cards, by card order."""
    groups: dict[tuple[int, ...], set[NewMeld]] = {}
    for action in laydowns:
        for meld in action.melds:
            groups.setdefault(tuple(sorted(meld.cards)), set()).add(meld)
    slots: dict[NewMeld, int] = {}
    for cards, melds in groups.items():
        if len(melds) > limit:
            raise RuleError(
                "env_encoding_overflow",
                "%(orderings)s orderings of %(cards)s are legal; the action space has %(limit)s.",
                orderings=len(melds),
                cards=" ".join(map(card_name, cards)),
                limit=limit,
            )
        ordered = sorted(
            melds, key=lambda m: (m.cards, tuple(-1 if d is None else d for d in m.declared))
        )
        for slot, meld in enumerate(ordered):
            slots[meld] = slot
    return slots


class ActionCodec:
    """The action ids of one variant: the fixed layout, and each engine action's id.

    Built from a game's ``Hooks``; every game of that variant shares it. ``laydown`` is how
    lay-downs are given (None: ``"meld"`` where the variant has no wilds, else ``"select"``),
    ``take_back`` when taking back has an id (see the module's docstring).
    """

    def __init__(
        self, hooks: Hooks, laydown: Laydown | None = None, take_back: TakeBackIds = "escape"
    ) -> None:
        rules = hooks.meld_rules
        sizes = [rules.run.min_len] if rules.run is not None else []
        if rules.set is not None:
            sizes.append(min(rules.set.sizes))
        self.table_slots = len(hooks.deck) // max(1, min(sizes, default=1))
        """``T``: the most melds the table can hold."""
        self.wilds: tuple[int, ...] = tuple(sorted(rules.wilds))
        """The wild card codes, in the order of the swap block."""
        special = [c for c in hooks.deck if c in rules.wilds or c == JOKER]
        budget = len(special) if rules.max_wilds is None else min(rules.max_wilds, len(special))
        self._targets = Targets(natural_melds(hooks) if special else ())
        self.orderings = _most_orderings(budget, len(set(special))) + declared_bound(
            hooks, self._targets.melds
        )
        """``K``: the most orderings of one set of selected cards that have ids, the lay-downs
        with declared wilds (``rummy_core.env.declared``) included."""
        if laydown is None:
            laydown = "select" if special else "meld"
        if laydown not in LAYDOWNS or (laydown == "meld" and special):
            raise RuleError(
                "bad_laydown",
                "laydown must be 'meld' (in a variant without wilds) or 'select', not %(laydown)r.",
                laydown=laydown,
            )
        if take_back not in TAKE_BACKS:
            raise RuleError(
                "bad_take_back",
                "take_back must be 'escape' or 'always', not %(take_back)r.",
                take_back=take_back,
            )
        self.laydown: Laydown = laydown
        """How lay-downs are given: one id per meld, or card by card."""
        self.take_back_ids: TakeBackIds = take_back
        """When taking back has an id: only when nothing else is legal, or always."""
        self.melds: tuple[tuple[int, ...], ...] = natural_melds(hooks) if laydown == "meld" else ()
        """``M``: with ``laydown="meld"``, every meld the rules allow, by meld id."""
        self._meld_ids = {cards: index for index, cards in enumerate(self.melds)}
        # An environment's seats are never a person's, so no deal waits for a choice
        # (``rummy_deal_wait``): the kinds made before the deal have no ids.
        self.plugin_kinds: tuple[str, ...] = tuple(
            sorted(name for name, kind in hooks.action_kinds.items() if kind.before_deal is None)
        )
        self._card_kinds: set[str] = set()
        for name in self.plugin_kinds:
            fields = [f.name for f in dataclasses.fields(hooks.action_kinds[name].action)]
            if fields == ["card"]:
                self._card_kinds.add(name)
            elif fields:
                raise RuleError(
                    "env_unsupported_action",
                    "The plugin action %(action)r has fields %(fields)s; the environments encode"
                    " plugin actions with one field, 'card', or none.",
                    action=name,
                    fields=", ".join(fields),
                )
        layout: list[tuple[str, int]] = [
            ("draw", len(SOURCES)),
            ("take_back", 1),
            ("discard", CARD_CODES),
            ("select", CARD_CODES if laydown == "select" else 0),
            ("stage", self.orderings if laydown == "select" else len(self.melds)),
            ("lay_down", self.orderings if laydown == "select" else len(self.melds)),
            ("lay_off", self.table_slots * CARD_CODES * len(ENDS)),
            ("swap", self.table_slots * CARD_CODES * len(self.wilds)),
            *(
                (f"plugin:{name}", CARD_CODES if name in self._card_kinds else 1)
                for name in self.plugin_kinds
            ),
        ]
        blocks: list[Block] = []
        start = 0
        for name, size in layout:
            blocks.append(Block(name, start, size))
            start += size
        self.blocks: tuple[Block, ...] = tuple(blocks)
        """The id blocks in order."""
        self.size = start
        """``N``: the number of ids."""
        by_name = {b.name: b for b in blocks}
        self.draw, self.take_back, self.discard = (
            by_name["draw"],
            by_name["take_back"],
            by_name["discard"],
        )
        self.select, self.stage = by_name["select"], by_name["stage"]
        self.lay_down, self.lay_off, self.swap = (
            by_name["lay_down"],
            by_name["lay_off"],
            by_name["swap"],
        )
        self._plugin_blocks = {name: by_name[f"plugin:{name}"] for name in self.plugin_kinds}

    def meld_slots(self, laydowns: Sequence[MeldDown]) -> dict[NewMeld, int]:
        """Each meld's id (``laydown="meld"``)."""
        slots: dict[NewMeld, int] = {}
        for action in laydowns:
            for meld in action.melds:
                found = self._meld_ids.get(meld.cards)
                if found is None:
                    raise RuleError(
                        "env_encoding_overflow",
                        "The meld %(cards)s has no id.",
                        cards=cards_text(meld.cards),
                    )
                slots[meld] = found
        return slots

    def choices(self, game: Game, seat: int) -> Choices:
        """The legal ids of ``seat`` now (none when it is not its turn)."""
        legal = legal_actions(game, seat)
        if self._targets:
            legal += declared_meld_downs(game, seat, self._targets)
        if self.take_back_ids == "escape" and game.state.phase == DRAW_PHASE:
            onward = [a for a in legal if not _only_back(game, seat, a)]
            legal = onward or legal
        return Choices(self, legal)

    def id_of(self, action: Action) -> int:
        """The id of an action that has one of its own (not a lay-down: those take several)."""
        if isinstance(action, Draw):
            if action.source not in SOURCES:
                raise self._no_id(action)
            return self.draw.start + SOURCES.index(action.source)
        if isinstance(action, TakeBack):
            return self.take_back.start
        if isinstance(action, Discard):
            return self.discard.start + action.card
        if isinstance(action, LayOff) and len(action.cards) == 1 and action.meld < self.table_slots:
            end = 1 if action.end == "high" else 0
            return self.lay_off.start + (action.meld * CARD_CODES + action.cards[0]) * 2 + end
        if (
            isinstance(action, Swap)
            and action.wild in self.wilds
            and action.meld < self.table_slots
        ):
            wild = self.wilds.index(action.wild)
            offset = (action.meld * CARD_CODES + action.card) * len(self.wilds) + wild
            return self.swap.start + offset
        if isinstance(action, PluginAction) and action.type in self._plugin_blocks:
            start = self._plugin_blocks[action.type].start
            if action.type not in self._card_kinds:
                return start
            card: int = getattr(action, "card")  # noqa: B009 (checked when the codec was built)
            return start + card
        raise self._no_id(action)

    @staticmethod
    def _no_id(action: Action) -> RuleError:
        return RuleError(
            "env_no_action_id",
            "%(action)s has no action id.",
            action=type(action).__name__,
            text=str(action),
        )

    def block_of(self, action_id: int) -> tuple[Block, int]:
        """The block an id is in, and its offset there."""
        if not 0 <= action_id < self.size:
            raise RuleError(
                "bad_action_id",
                "Action id %(action_id)s is outside 0..%(last)s.",
                action_id=action_id,
                last=self.size - 1,
            )
        for block in self.blocks:
            if action_id < block.start + block.size:
                return block, action_id - block.start
        raise AssertionError("the blocks cover every id")

    def fields(self, action_id: int) -> dict[str, Any]:
        """What an id means: its block's name and its parameters (card codes, meld slots)."""
        block, offset = self.block_of(action_id)
        name = block.name
        if name == "draw":
            return {"kind": name, "source": SOURCES[offset]}
        if name in ("discard", "select") or name.removeprefix("plugin:") in self._card_kinds:
            return {"kind": name, "card": offset}
        if name in ("stage", "lay_down"):
            if self.laydown == "meld":
                return {"kind": name, "meld_id": offset, "cards": self.melds[offset]}
            return {"kind": name, "ordering": offset}
        if name == "lay_off":
            slot, end = divmod(offset, 2)
            meld, card = divmod(slot, CARD_CODES)
            return {"kind": name, "meld": meld, "card": card, "end": ENDS[end]}
        if name == "swap":
            slot, wild = divmod(offset, len(self.wilds))
            meld, card = divmod(slot, CARD_CODES)
            return {"kind": name, "meld": meld, "card": card, "wild": self.wilds[wild]}
        return {"kind": name}

    def describe(self, action_id: int) -> str:
        """An id in words, for logs and error messages."""
        f = self.fields(action_id)
        kind = f["kind"]
        if kind == "draw":
            return f"draw from the {f['source']}"
        if kind in ("discard", "select") or kind.startswith("plugin:"):
            return f"{kind} {card_name(f['card'])}" if "card" in f else kind
        if kind in ("stage", "lay_down"):
            if "cards" in f:
                return f"{kind} {cards_text(f['cards'])}"
            return f"{kind} (ordering {f['ordering']})"
        if kind == "lay_off":
            return f"lay off {card_name(f['card'])} on meld {f['meld']} ({f['end']})"
        if kind == "swap":
            return f"swap {card_name(f['card'])} for {card_name(f['wild'])} on meld {f['meld']}"
        return "take back"
