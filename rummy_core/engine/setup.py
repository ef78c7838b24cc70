"""Setting up a game: a ruleset and house rules by name, with options, checked before play.

A variant can be written as one string: ``ruleset[:opt=value,...][+house-rule[:opt=value,...]]...``,
for example ``hungarian:opening=40`` or ``riverside+three-of-a-kind``.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from numbers import Integral
from random import Random
from typing import Any

from pydantic import BaseModel, ValidationError

from rummy_core.engine.errors import RuleError
from rummy_core.engine.game import Game
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.plugin import HouseRule, Ruleset
from rummy_core.engine.registry import find_house_rule, find_ruleset
from rummy_core.engine.state import State
from rummy_core.formats.position import load_position
from rummy_core.i18n.languages import N_, _


@dataclass(frozen=True)
class Variant:
    """A ruleset with options and house rules (each with its options), in the order applied."""

    ruleset: str
    options: Mapping[str, Any] = field(default_factory=dict)
    house_rules: tuple[tuple[str, Mapping[str, Any]], ...] = ()

    @staticmethod
    def parse(text: str) -> Variant:
        """Read ``classic:target=100+some-rule:x=1``; values become ints or booleans if they can."""
        parts = [p.strip() for p in text.split("+")]
        if not parts[0]:
            raise RuleError("bad_variant", "%(text)r names no ruleset.", text=text)
        name, options = _name_and_options(parts[0], text)
        rules = tuple(_name_and_options(p, text) for p in parts[1:])
        return Variant(name, options, rules)

    def player_range(self) -> tuple[int, int]:
        """How many players the ruleset seats, fewest and most (``unknown_ruleset`` if there
        is no such ruleset)."""
        options = find_ruleset(self.ruleset).Options
        return options.min_players, options.max_players

    def label(self) -> str:
        """The variant written back as one string."""
        return "+".join(
            name + (":" + ",".join(f"{k}={v}" for k, v in opts.items()) if opts else "")
            for name, opts in [(self.ruleset, self.options), *self.house_rules]
        )


def _name_and_options(part: str, text: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = part.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, (i.strip() for i in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise RuleError(
                "bad_variant", "In %(text)r, %(item)r is not option=value.", text=text, item=item
            )
        options[key.strip().replace("-", "_")] = _value(value.strip())
    return name.strip(), options


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def make_options(model: type[BaseModel], values: Mapping[str, Any], owner: str) -> BaseModel:
    """Validate ``values`` against an options model; ``bad_options`` says what is wrong.

    A yes/no value is refused for an option that is not yes/no (pydantic would read ``true`` as
    the number 1).
    """
    for key, value in values.items():
        info = model.model_fields.get(key)
        if isinstance(value, bool) and info is not None and not _admits_bool(info.annotation):
            raise RuleError(
                "bad_options",
                "Options for %(owner)s: %(option)s takes %(kind)s, not %(value)s.",
                owner=owner,
                option=key,
                kind=_kind(info.annotation),
                value=str(value).lower(),
                problems=f"{key}: not a yes/no option",
            )
    try:
        return model.model_validate(dict(values))
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'options'}: {e['msg']}" for e in exc.errors()
        )
        raise RuleError(
            "bad_options", "Options for %(owner)s: %(problems)s.", owner=owner, problems=problems
        ) from None


def _admits_bool(annotation: Any) -> bool:
    return annotation is bool or any(_admits_bool(a) for a in typing.get_args(annotation))


def _kind(annotation: Any) -> str:
    names = [a.__name__ for a in (typing.get_args(annotation) or (annotation,)) if a is not None]
    words = {
        "int": N_("a whole number"),
        "float": N_("a number"),
        "str": N_("a word"),
        "NoneType": N_("null"),
    }
    # Shown in the language of the moment the refusal is made (a kind is rarely more than one).
    return " / ".join(_(words[n]) if n in words else n for n in names)


def build_hooks(
    variant: Variant,
    players: int | None = None,
    *,
    local_rules: Sequence[type[HouseRule]] = (),
    plugins: Sequence[object] = (),
) -> Hooks:
    """The rules of a game: the ruleset and house rules instantiated, checked and registered.

    ``local_rules`` are house rule classes found by name before the installed ones (a plugin's
    own tests, before it is installed); ``plugins`` are extra plugin objects registered after
    the house rules (``Hooks``).
    """
    ruleset_cls = find_ruleset(variant.ruleset)
    values = dict(variant.options)
    if players is not None:
        if values.get("players", players) != players:
            raise RuleError(
                "conflicting_settings",
                "%(variant)s sets players=%(given)s, but this game seats %(players)s: give the"
                " number of players once.",
                option="players",
                variant=variant.label(),
                given=values["players"],
                players=players,
            )
        values["players"] = players
    options = make_options(ruleset_cls.Options, values, ruleset_cls.name)
    ruleset: Ruleset = ruleset_cls(options)  # type: ignore[arg-type]
    house: list[HouseRule] = []
    local = {cls.name: cls for cls in local_rules}
    for name, opts in variant.house_rules:
        cls = local.get(name.strip().lower()) or find_house_rule(name)
        if cls.applies_to and ruleset.name not in cls.applies_to:
            raise RuleError(
                "house_rule_not_applicable",
                "The house rule %(house_rule)r is for %(applies_to)s, not %(ruleset)r.",
                house_rule=cls.name,
                applies_to=", ".join(cls.applies_to),
                ruleset=ruleset.name,
            )
        for other in house:
            if other.name in cls.conflicts_with or cls.name in other.conflicts_with:
                raise RuleError(
                    "house_rules_conflict",
                    "The house rules %(first)r and %(second)r cannot be combined.",
                    first=other.name,
                    second=cls.name,
                )
            if other.name == cls.name:
                raise RuleError(
                    "house_rule_repeated", "%(house_rule)r is given twice.", house_rule=cls.name
                )
        _check_settings(variant, cls, house)
        house.append(cls(make_options(cls.Options, opts, cls.name), ruleset))
    return Hooks(ruleset, house, plugins)


def _check_settings(variant: Variant, cls: type[HouseRule], earlier: Sequence[HouseRule]) -> None:
    """Refuse a setting given twice: by the ruleset's options and by a house rule, or two rules."""
    for option in cls.sets_options:
        if option in variant.options:
            raise RuleError(
                "conflicting_settings",
                "%(ruleset)s's option %(option)s=%(value)s and the house rule %(house_rule)r both"
                " set %(option)s: keep one of them.",
                option=option,
                house_rule=cls.name,
                ruleset=variant.ruleset,
                value=variant.options[option],
            )
        for other in earlier:
            if option in other.sets_options:
                raise RuleError(
                    "conflicting_settings",
                    "The house rules %(first)r and %(house_rule)r both set %(option)r: keep one"
                    " of them.",
                    option=option,
                    house_rule=cls.name,
                    first=other.name,
                )


def first_dealer(seed: int, players: int) -> int:
    """The first dealer of a match, drawn from its seed."""
    return Random(f"{seed}/dealer").randrange(players)


def _whole(name: str, value: object) -> int:
    """A set-up argument that must be a whole number (numpy's too; ``True`` is not one), as an
    int; ``ValueError`` naming the argument otherwise."""
    if not isinstance(value, Integral) or isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    return int(value)


def _seat(name: str, value: object, players: int) -> int:
    seat = _whole(name, value)
    if not 0 <= seat < players:
        raise ValueError(f"{name} must be a seat from 0 to {players - 1}, not {value!r}")
    return seat


def _check_variant(variant: object) -> None:
    if not isinstance(variant, Variant | str):
        raise ValueError(
            "variant must be a variant string such as 'classic+knock' or a Variant,"
            f" not {variant!r}"
        )


def _seats(choosers: object, players: int) -> list[int]:
    if isinstance(choosers, str | bytes) or not isinstance(choosers, Sequence | set | frozenset):
        raise ValueError(f"choosers must be a list of seats, not {choosers!r}")
    return [_seat("a chooser", seat, players) for seat in choosers]


def new_game(
    variant: Variant | str = "classic",
    *,
    players: int | None = None,
    seed: int = 0,
    dealer: int | None = None,
    hooks: Hooks | None = None,
    local_rules: Sequence[type[HouseRule]] = (),
    plugins: Sequence[object] = (),
    choosers: Sequence[int] = (),
) -> Game:
    """A new match, its first hand dealt.

    ``hooks`` reuses the rules of an earlier game of the same variant and players (simulations
    set up thousands of games; building the plugin manager is the slow part). ``local_rules``
    and ``plugins`` are passed to ``build_hooks``. ``choosers`` are the seats where people sit:
    they are asked what bots leave to chance: the deal waits for their choice
    (``rummy_deal_wait``, such as Hungarian Römi's cut, ruling H12).

    >>> game = new_game("classic", players=2, seed=7)
    >>> game.current_player() in (0, 1)
    True
    """
    _check_variant(variant)
    seed = _whole("seed", seed)
    if players is not None:
        players = _whole("players", players)
    if hooks is None:
        if isinstance(variant, str):
            variant = Variant.parse(variant)
        hooks = build_hooks(variant, players, local_rules=local_rules, plugins=plugins)
    count = hooks.ruleset.options.players
    if dealer is not None:
        dealer = _seat("dealer", dealer, count)
    choosers = _seats(choosers, count)
    state = State(count, seed)
    state.dealer = first_dealer(seed, count) if dealer is None else dealer
    game = Game(hooks, state, choosers)
    game.deal(state)
    return game


def game_from_position(
    variant: Variant | str,
    position: dict[str, Any],
    seed: int = 0,
    *,
    local_rules: Sequence[type[HouseRule]] = (),
    plugins: Sequence[object] = (),
    choosers: Sequence[int] = (),
) -> Game:
    """A match continued from a position (``rummy_core.formats.position``).

    ``local_rules`` and ``plugins`` are passed to ``build_hooks``; ``choosers`` to ``Game``.
    A position whose deal waits for a seat's choice (a cut) waits for a person there: that seat
    is a chooser.
    """
    _check_variant(variant)
    seed = _whole("seed", seed)
    if isinstance(variant, str):
        variant = Variant.parse(variant)
    players = position.get("players") if isinstance(position, dict) else None
    hooks = build_hooks(
        variant,
        players if isinstance(players, int) else None,
        local_rules=local_rules,
        plugins=plugins,
    )
    choosers = _seats(choosers, hooks.ruleset.options.players)
    state = load_position(position, hooks, seed)
    waiting = hooks.action_kinds.waiting_in(state.phase) is not None
    people = {*choosers, state.turn} if waiting else set(choosers)
    game = Game(hooks, state, people)
    game.resume()
    return game
