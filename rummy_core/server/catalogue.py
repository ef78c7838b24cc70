"""What tables can be made of, for the lobby's start page: the installed rulesets and house rules
with their summaries and options (each with its description, as ``rummy rulesets`` and
``rummy house-rules`` list them), and the bots by level.

Each option comes with what a form needs to ask for it: its kind (``integer``, ``boolean``,
``string``), its choices, its least value and whether it may be null; its description in a
player's words too (``plain``: no ruling ids), whether it is ``advanced`` (a safety cap), and
the option it ``needs`` a value of to matter (gin's bonuses, a target), which a form may hide.
An option a variant string cannot set (a table of values, such as Riverside's ``card_values``)
and the player count (the seats decide it) are left out.
"""

from __future__ import annotations

import re
from typing import Any

from rummy_core.bots import bot_names
from rummy_core.bots.levels import DEFAULT_LEVEL, LEVELS
from rummy_core.engine.options import BaseOptions
from rummy_core.engine.plugin import HouseRule, Ruleset, plugin_text, ruleset_title
from rummy_core.engine.registry import house_rules, rulesets
from rummy_core.i18n.uitext import UI
from rummy_core.present.status import LEVEL_WORDS

SCALARS = ("integer", "boolean", "string")
"""The kinds of option a variant string can set (``name:option=value``)."""

RULING_NOTE = re.compile(r"\s*\([^()]*\b[ACGHR]\d+\b[^()]*\)")
"""A description's note of the rulings it follows, "(C7)", "(ruling A1)", in any language."""
NULL_NOTE = re.compile(r";\s*null\b[^.;]*")
"""A description's note of what the value null means, which the form offers as a choice."""


def plain_words(description: str) -> str:
    """An option's description in a player's words: without the ruling ids (the rules page
    has the rulings) or the note on null (the form offers that as a choice of its own)."""
    return NULL_NOTE.sub("", RULING_NOTE.sub("", description))


def advanced(name: str) -> bool:
    """Whether an option is one a table seldom changes: the safety caps on turns and hands,
    which a start page folds away."""
    return name.endswith("_cap")


def form_options(plugin: type[Ruleset] | type[HouseRule], lang: str) -> list[dict[str, Any]]:
    """The options of a ruleset or house rule a start page can offer: its own first, then those
    every ruleset shares; each description in ``lang``."""
    options = plugin.Options
    found = []
    fields = options.model_json_schema().get("properties", {})
    for name in sorted(fields, key=lambda n: n in BaseOptions.model_fields):
        field = fields[name]
        if name == "players":
            continue
        kinds = [field, *field.get("anyOf", [])]
        types = {k.get("type") for k in kinds}
        kind = next((t for t in SCALARS if t in types), None)
        if kind is None:
            continue
        choices = next((k["enum"] for k in kinds if "enum" in k), None)
        least = next((k["minimum"] for k in kinds if "minimum" in k), None)
        description = plugin_text(plugin, field.get("description", ""), lang)
        found.append(
            {
                "name": name,
                "kind": kind,
                "default": field.get("default"),
                "description": description,
                "plain": plain_words(description),
                "advanced": advanced(name),
                "nullable": "null" in types,
                "choices": choices,
                "minimum": least,
                "needs": field.get("needs"),
            }
        )
    return found


def catalogue(lang: str) -> dict[str, Any]:
    """The installed rulesets (title, player counts, summary, options), house rules (summary,
    what they apply to and conflict with, options) and bots, with the levels in players' words;
    every word in ``lang``."""
    return {
        "rulesets": [
            {
                "name": name,
                "title": ruleset_title(cls, lang),
                "summary": plugin_text(cls, cls.summary, lang),
                "min_players": cls.Options.min_players,
                "max_players": cls.Options.max_players,
                "options": form_options(cls, lang),
            }
            for name, cls in sorted(rulesets().items())
        ],
        "house_rules": [
            {
                "name": name,
                "summary": plugin_text(cls, cls.summary, lang),
                "applies_to": list(cls.applies_to),
                "conflicts_with": list(cls.conflicts_with),
                "options": form_options(cls, lang),
            }
            for name, cls in sorted(house_rules().items())
        ],
        "bots": bot_names(),
        # The strengths in players' words, as the terminal game's start screen offers them.
        "levels": [
            {"level": level, "name": UI.translate(lang, LEVEL_WORDS[level]), "bot": bot}
            for level, bot in LEVELS.items()
        ],
        "default_level": DEFAULT_LEVEL,
    }
