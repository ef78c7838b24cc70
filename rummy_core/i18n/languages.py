"""Languages: the gettext catalogs, the current language, and how a language is chosen.

Messages are written in English in the source and translated through standard gettext catalogs
(``<package>/locale/<lang>/LC_MESSAGES/<domain>.mo``), managed with Babel (``make i18n``) and read
with the standard library alone (:mod:`rummy_core.i18n.catalogs`). Each package translates its own
strings in its own domain: ``rummy`` (the engine, refusals, cards, the command line) lives in
``rummy_core``; a plugin package names its domain in the ``rummy.locales`` entry point group, as
``rummy_rulesets`` does.

The current language is a context variable: a command sets the process default once
(:func:`set_language`), the server and tests choose one per connection or per block
(:func:`use_language`). A message with no translation shows its English source, never nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from rummy_core.engine.errors import RuleError
from rummy_core.i18n.catalogs import (
    DEFAULT_LANGUAGE,
    ENTRY_POINT_GROUP,
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    RUMMY,
    Domain,
    N_plural,
    PluralMessage,
    _,
    current_language,
    fill,
    get_domain,
    language_block,
    ngettext,
    pgettext,
    plugin_domains,
    pN_,
    register_domain,
    set_process_language,
)

# The rest of the program imports the language API from here, whichever module holds it.
__all__ = [
    "DEFAULT_LANGUAGE",
    "ENTRY_POINT_GROUP",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "RUMMY",
    "Domain",
    "N_plural",
    "PluralMessage",
    "_",
    "current_language",
    "fill",
    "get_domain",
    "language_from_accept",
    "language_from_environment",
    "ngettext",
    "normalize_language",
    "pN_",
    "pgettext",
    "plugin_domains",
    "register_domain",
    "require_language",
    "set_language",
    "use_language",
]


def set_language(lang: str) -> None:
    """Make ``lang`` the process's language (a command does this once, before any output).

    Raises ``RuleError`` ``unknown_language`` for a language that is not shipped.
    """
    set_process_language(require_language(lang))


@contextmanager
def use_language(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside the block (one connection, one request, one test)."""
    with language_block(require_language(lang)) as chosen:
        yield chosen


def require_language(tag: str) -> str:
    """The shipped language ``tag`` names; raises ``RuleError`` ``unknown_language`` if none."""
    lang = normalize_language(tag)
    if lang is None:
        raise RuleError(
            "unknown_language",
            N_("There is no language %(language)r. Languages: %(languages)s."),
            language=tag,
            languages=", ".join(LANGUAGES),
        )
    return lang


_TAG = re.compile(r"^([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]+)*$")


def normalize_language(tag: str) -> str | None:
    """The shipped language of a locale or language tag, or None.

    ``"is_IS.UTF-8"`` and ``"is-IS"`` are ``"is"``, ``"hu"`` is ``"hu"``; ``"C"``, ``"fr_FR"`` and
    anything unreadable are None.
    """
    base = tag.strip().split(".", 1)[0].split("@", 1)[0]
    match = _TAG.match(base)
    if match is None:
        return None
    lang = match.group(1).lower()
    return lang if lang in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, as gettext reads it; else English.

    ``LANGUAGE`` is a colon-separated list of preferences, tried in order; then the locale, which
    is the first set of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` (so ``LC_ALL=C`` means English
    whatever ``LANG`` says).
    """
    for tag in environ.get("LANGUAGE", "").split(":"):
        lang = normalize_language(tag) if tag else None
        if lang is not None:
            return lang
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return normalize_language(value) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def language_from_accept(header: str) -> str:
    """The shipped language a browser's ``Accept-Language`` header prefers most; else English."""
    ranked: list[tuple[float, int, str]] = []
    for position, item in enumerate(header.split(",")):
        tag, _, rest = item.strip().partition(";")
        quality = 1.0
        for param in rest.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        lang = normalize_language(tag)
        if lang is not None and quality > 0:
            ranked.append((-quality, position, lang))
    return min(ranked)[2] if ranked else DEFAULT_LANGUAGE
