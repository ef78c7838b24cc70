"""Finding installed rulesets and house rules through their entry points."""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points

from rummy_core.engine.errors import RuleError
from rummy_core.engine.plugin import HouseRule, Ruleset

RULESET_GROUP = "rummy.rulesets"
HOUSE_RULE_GROUP = "rummy.house_rules"


@cache
def _entry_points(group: str) -> tuple[EntryPoint, ...]:
    # Scanning the installed distributions takes milliseconds; simulations set up many games.
    return tuple(entry_points(group=group))


def _load(group: str, base: type, wanted: str | None = None) -> dict[str, type]:
    """The plugins of ``group``. A plugin that fails to load is skipped, so one broken package
    cannot hide the others, unless it is the one ``wanted``: then its error is raised."""
    found: dict[str, type] = {}
    for ep in _entry_points(group):
        try:
            cls = ep.load()
        except Exception as exc:
            if wanted is not None and ep.name == wanted:
                raise RuleError(
                    "plugin_load_failed",
                    "The plugin %(plugin)r (%(value)s) could not be loaded: %(problem)s",
                    plugin=ep.name,
                    value=ep.value,
                    problem=str(exc),
                ) from exc
            continue
        if isinstance(cls, type) and issubclass(cls, base):
            found[ep.name] = cls
        elif wanted is not None and ep.name == wanted:
            raise RuleError(
                "plugin_not_a_class",
                "The entry point %(plugin)r (%(value)s) is not a %(base)s subclass.",
                plugin=ep.name,
                value=ep.value,
                base=base.__name__,
            )
    return found


def rulesets() -> dict[str, type[Ruleset]]:
    """Every installed ruleset by name, sorted."""
    return dict(sorted(_load(RULESET_GROUP, Ruleset).items()))


def house_rules() -> dict[str, type[HouseRule]]:
    """Every installed house rule by name, sorted."""
    return dict(sorted(_load(HOUSE_RULE_GROUP, HouseRule).items()))


def find_ruleset(name: str) -> type[Ruleset]:
    """The ruleset called ``name`` (or one of its aliases); ``unknown_ruleset`` lists the others."""
    key = name.strip().lower()
    known: dict[str, type[Ruleset]] = dict(sorted(_load(RULESET_GROUP, Ruleset, key).items()))
    for ruleset_name, cls in known.items():
        if key == ruleset_name or key in cls.aliases:
            return cls
    raise RuleError(
        "unknown_ruleset",
        "There is no ruleset %(name)r. Installed: %(installed)s.",
        name=name,
        known=list(known),
        installed=", ".join(known) or "-",
    )


def find_house_rule(name: str) -> type[HouseRule]:
    """The house rule called ``name``; ``unknown_house_rule`` lists the installed ones."""
    key = name.strip().lower()
    known: dict[str, type[HouseRule]] = dict(
        sorted(_load(HOUSE_RULE_GROUP, HouseRule, key).items())
    )
    cls = known.get(key)
    if cls is None:
        raise RuleError(
            "unknown_house_rule",
            "There is no house rule %(name)r. Installed: %(installed)s.",
            name=name,
            known=list(known),
            installed=", ".join(known) or "-",
        )
    return cls
