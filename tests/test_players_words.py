"""What the start page says of each option is in players' words (#36 point 6): no ruling ids,
in any language, for every installed ruleset and house rule."""

from __future__ import annotations

import re

import pytest

from rummy_core.engine.plugin import plugin_text
from rummy_core.engine.registry import house_rules, rulesets
from rummy_core.i18n.languages import LANGUAGES
from rummy_core.server.catalogue import plain_words

RULING_ID = re.compile(r"\b[ACGHR]\d{1,2}\b|\bruling\b|\búrskurð|\bdöntés|\bdecisione\b")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_option_shows_a_ruling_id(lang: str) -> None:
    for plugin in [*rulesets().values(), *house_rules().values()]:
        for name, field in plugin.Options.model_fields.items():
            shown = plain_words(plugin_text(plugin, field.description or "", lang))
            assert not RULING_ID.search(shown), f"{plugin.name} {name} ({lang}): {shown}"
