"""What the shell completes beyond commands and options: variants, rulesets, house rules, bots.

Click completes the commands and options by itself (``_RUMMY_COMPLETE=bash_source rummy``,
docs/cli.md); these answer for the values. A variant is completed part by part as it is written,
``ruleset[:option=value,...][+house-rule[:option=value,...]]...``: the ruleset, the option names
of the plugin being written, and the house rules that apply to the ruleset and are not given yet.
"""

from __future__ import annotations

from typing import Any

import click
from click.shell_completion import CompletionItem

from rummy_core.bots import bot_names
from rummy_core.bots.levels import LEVELS
from rummy_core.engine.plugin import HouseRule, Ruleset
from rummy_core.engine.registry import house_rules, rulesets


def _starting(incomplete: str, prefix: str, words: list[str]) -> list[CompletionItem]:
    return [CompletionItem(prefix + w) for w in words if w.startswith(incomplete)]


def _ruleset(name: str) -> type[Ruleset] | None:
    for key, cls in rulesets().items():
        if name == key or name in cls.aliases:
            return cls
    return None


def complete_variant(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """A variant string, part by part."""
    *given, current = incomplete.split("+")
    prefix = "".join(part + "+" for part in given)
    name, colon, options = current.partition(":")
    if not given and not colon:
        return _starting(name, "", sorted(rulesets()))
    ruleset = _ruleset(given[0].partition(":")[0] if given else name)
    if colon:
        plugin: type[Ruleset] | type[HouseRule] | None = (
            house_rules().get(name) if given else ruleset
        )
        if plugin is None:
            return []
        done, _, option = options.rpartition(",")
        head = f"{prefix}{name}:{done + ',' if done else ''}"
        return _starting(option, head, [f"{field}=" for field in plugin.Options.model_fields])
    used = {part.partition(":")[0] for part in given[1:]}
    applicable = [
        rule
        for rule, cls in sorted(house_rules().items())
        if rule not in used
        and (not cls.applies_to or ruleset is None or ruleset.name in cls.applies_to)
    ]
    return _starting(name, prefix, applicable)


def complete_house_rule(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """An installed house rule's name."""
    return _starting(incomplete, "", sorted(house_rules()))


def complete_bots(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """A strength or a bot, or several separated by commas (``rummy play --bot``)."""
    done, comma, current = incomplete.rpartition(",")
    return _starting(current, done + comma, [*LEVELS, *bot_names()])


def complete_bot(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """One bot's name (``rummy duel``)."""
    return _starting(incomplete, "", bot_names())


def complete_check_target(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """A scenario file or folder, or a ruleset or house rule whose scenarios are installed."""
    names: list[Any] = [*sorted(rulesets()), *sorted(house_rules())]
    return [*_starting(incomplete, "", names), CompletionItem(incomplete, type="file")]
