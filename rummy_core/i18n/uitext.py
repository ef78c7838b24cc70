"""The ``ui`` message catalog: the words of the terminal game, the text game and the server's
pages, in the player's language (``rummy_core/locale/<lang>/LC_MESSAGES/ui.po``).

Everything else the player reads comes from the catalog that owns it: refusals and card names
from ``rummy`` (the engine) and ``rulesets``, the browser's words from ``web``.
"""

from __future__ import annotations

from rummy_core.i18n.languages import N_, Domain, pN_, register_domain

__all__ = [
    "N_",
    "UI",
    "_",
    "deal_line_prefix",
    "join_names",
    "meld_kind_name",
    "ngettext",
    "pN_",
    "pgettext",
    "phase_name",
    "speed_name",
]

UI = register_domain(Domain("ui", "rummy_core"))
"""The catalog of the terminal game, the text game and the server's Python side (a refusal
of theirs names it: ``RuleError(code, message, domain=UI.name)``)."""

_ = UI.gettext
ngettext = UI.ngettext
pgettext = UI.pgettext

MELD_KINDS = {"run": N_("run"), "set": N_("set")}
"""The kinds of meld the engine knows, as the table names them."""

PHASES = {
    "cut": N_("cut"),
    "draw": N_("draw"),
    "play": N_("play"),
    "hand_over": N_("hand over"),
    "match_over": N_("match over"),
}
"""The phases of a hand (``rummy_core.engine.state``), as the text game's prompt names them."""

SPEED_WORDS = {"normal": N_("normal"), "fast": N_("fast")}
"""The computer players' paces (``tui.speed.PAUSES``)."""


def meld_kind_name(kind: str) -> str:
    """A meld's kind (``run``, ``set``) in the player's language; a plugin's own kind as it is."""
    return _(MELD_KINDS[kind]) if kind in MELD_KINDS else kind


def phase_name(phase: str) -> str:
    """A phase of the hand in the player's language; a plugin's own phase as it is."""
    return _(PHASES[phase]) if phase in PHASES else phase


def speed_name(speed: str) -> str:
    """A pace (``normal``, ``fast``) in the player's language; anything else as it is."""
    return _(SPEED_WORDS[speed]) if speed in SPEED_WORDS else speed


def join_names(names: list[str]) -> str:
    """``You``, ``You and Bot 1``, ``Bot 1, Bot 2 and Bot 3``, with the language's "and"."""
    if len(names) < 2:
        return "".join(names)
    return _("%(first)s and %(last)s", first=", ".join(names[:-1]), last=names[-1])


def deal_line_prefix() -> str:
    """How the log's line of a new deal starts in the player's language (``Hand ``), so the log
    can set it off; empty where the language puts the hand's number elsewhere."""
    return _("Hand %(number)s: %(name)s dealt.").partition("%(number)s")[0]
