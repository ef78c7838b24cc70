"""A ruleset's rules as a player reads them: its guide in the current language, then the
rulings that apply to it, as the terminal game's help and the server's rules page show them."""

from __future__ import annotations

import re

from rummy_core.engine.registry import find_ruleset
from rummy_core.formats.resources import guide
from rummy_core.i18n.languages import current_language
from rummy_core.i18n.uitext import _

CODE_IN_BRACKETS = re.compile(r" ?\(`[a-z][a-z_]+`\)")
"""A refusal's code cited in a ruling, ``(`must_keep_a_card`)``: for programmers, not players. A
key's note, one letter (``(`t`)``: take the upcard), is the player's and stays."""


ALL_RULESETS = "All rulesets"
"""The heading of the rulings that hold in every ruleset (``docs/rulings.md``)."""

RULINGS_LINK = re.compile(r"\[rulings\.md\]\((?:\.\./)?rulings\.md\)")
"""A guide's link to the rulings page (``../rulings.md`` from a translated guide)."""


def rules_text(ruleset: str) -> str:
    """The player's guide of ``ruleset`` in the current language (shipped as
    ``guides/<lang>/<name>.md``, else ``guides/<name>.md``, else its summary), then its rulings."""
    cls = find_ruleset(ruleset)
    page = guide(cls, cls.name, current_language())
    text = page or f"# {cls.name}\n\n{cls.summary}\n\n{cls.__doc__ or ''}"
    return text + rulings_text(ruleset)


def help_rules(ruleset: str) -> str:
    """``rules_text`` as the in-game help shows it: the rulings page is the section below, not
    a file, and refusal codes cited in brackets are left out."""
    text = RULINGS_LINK.sub(_("the Rulings section below"), rules_text(ruleset))
    return CODE_IN_BRACKETS.sub("", text)


def rulings_text(ruleset: str) -> str:
    """The sections of the rulings page (``docs/rulings.md``, shipped as ``guides/rulings.md``)
    for ``ruleset`` and for all rulesets, under a heading.

    The guides cite rulings by id (R3, H7, A3); the help shows them in full, so the player need
    not leave the game to look one up.
    """
    page = guide(find_ruleset(ruleset), "rulings")
    if page is None:
        return ""
    # Each ruleset's section is headed "## Name (`name`)"; the shared one "## All rulesets".
    sections = page.split("\n## ")[1:]
    wanted = [
        s for s in sections if s.startswith(ALL_RULESETS) or f"(`{ruleset}`)" in s.split("\n")[0]
    ]
    if not wanted:
        return ""
    body = "".join(f"\n## {s.rstrip()}\n" for s in wanted)
    heading = _("Rulings")
    intro = _("How this game settles the questions its rules leave open.")
    return f"\n\n# {heading}\n\n{intro}\n{body}"
