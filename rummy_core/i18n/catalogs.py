"""The gettext catalogs and the current language, underneath ``rummy_core.i18n.languages``.

Messages are written in English in the source and translated through standard gettext catalogs
(``<package>/locale/<lang>/LC_MESSAGES/<domain>.mo``), read here with the standard library alone.
The current language is a context variable over a process default; ``rummy_core.i18n.languages``
sets them (after checking the language is shipped) and is where the rest of the program imports
from.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from importlib.resources import files
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "is", "hu", "it")
"""The languages every shipped catalog is complete in."""
DEFAULT_LANGUAGE = "en"
"""The language of the source strings, used when nothing else is chosen."""
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "is": "Íslenska",
    "hu": "Magyar",
    "it": "Italiano",
}
"""Each language in its own words, for a language switch."""
ENTRY_POINT_GROUP = "rummy.locales"
"""Entry point group of plugin catalogs: the name is the domain, the value the package."""

_LANGUAGE: ContextVar[str | None] = ContextVar("rummy_language", default=None)
# A thread starts with an empty context, so the process default lives outside the variable: a
# worker thread of a command still speaks the language the command was given.
_process_language = DEFAULT_LANGUAGE


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction; it is translated later, where it is shown."""
    return msgid


def pN_(context: str, msgid: str) -> str:
    """Mark ``msgid`` in ``context`` for extraction; it is translated later with ``pgettext``."""
    return msgid


@dataclass(frozen=True)
class PluralMessage:
    """A message with a singular and a plural msgid, chosen by the ``count`` parameter."""

    singular: str
    plural: str

    def __str__(self) -> str:
        return self.plural


def N_plural(singular: str, plural: str) -> PluralMessage:
    """Mark a message that depends on a count; it is rendered with ``count`` from its params."""
    return PluralMessage(singular, plural)


def current_language() -> str:
    """The language of what is shown now: this context's, else the process default."""
    return _LANGUAGE.get() or _process_language


def set_process_language(lang: str) -> None:
    """Make ``lang`` the process's language, as given (``rummy_core.i18n.set_language`` checks it
    first); a block's own language (:func:`language_block`) is dropped."""
    global _process_language
    _process_language = lang
    _LANGUAGE.set(None)


@contextmanager
def language_block(lang: str) -> Iterator[str]:
    """Speak ``lang``, as given, inside the block (``rummy_core.i18n.use_language`` checks it)."""
    token = _LANGUAGE.set(lang)
    try:
        yield lang
    finally:
        _LANGUAGE.reset(token)


class Domain:
    """One gettext domain: the catalogs ``<package>/locale/<lang>/LC_MESSAGES/<name>.mo``."""

    def __init__(self, name: str, package: str) -> None:
        self.name = name
        self.package = package
        self._loaded: dict[str, _gettext.NullTranslations] = {}

    def __repr__(self) -> str:
        return f"Domain({self.name!r}, {self.package!r})"

    def translations(self, lang: str) -> _gettext.NullTranslations:
        """The catalog of ``lang`` (loaded once); the English source where there is none."""
        found = self._loaded.get(lang)
        if found is None:
            found = self._load(lang)
            self._loaded[lang] = found
        return found

    def _load(self, lang: str) -> _gettext.NullTranslations:
        try:
            path = files(self.package).joinpath("locale", lang, "LC_MESSAGES", f"{self.name}.mo")
            if path.is_file():
                with path.open("rb") as stream:
                    return _gettext.GNUTranslations(stream)
        except (ImportError, ValueError, OSError):
            # No such package (an unknown domain has none): its messages stay in English.
            pass
        return _gettext.NullTranslations()

    def has_catalog(self, lang: str) -> bool:
        """Whether a compiled catalog of ``lang`` is shipped."""
        return isinstance(self.translations(lang), _gettext.GNUTranslations)

    def gettext(self, msgid: str, **params: Any) -> str:
        """``msgid`` in the current language, with ``params`` put in when given."""
        return self.translate(current_language(), msgid, **params)

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        """The form of the message for ``n``; ``n`` is the ``count`` parameter unless given."""
        params.setdefault("count", n)
        text = self.translations(current_language()).ngettext(singular, plural, n)
        return fill(text, params, plural if n != 1 else singular)

    def pgettext(self, context: str, msgid: str, **params: Any) -> str:
        """``msgid`` in ``context`` (a word that means different things in different places)."""
        text = self.translations(current_language()).pgettext(context, msgid)
        return fill(text, params, msgid) if params else text

    def translate(self, lang: str, msgid: str, **params: Any) -> str:
        """``msgid`` in ``lang``, with ``params`` put in when given."""
        text = self.translations(lang).gettext(msgid)
        return fill(text, params, msgid) if params else text

    def translate_plural(self, lang: str, singular: str, plural: str, n: int, **params: Any) -> str:
        """The form of the message for ``n`` in ``lang``; ``count`` is ``n`` unless given."""
        params.setdefault("count", n)
        text = self.translations(lang).ngettext(singular, plural, n)
        return fill(text, params, plural if n != 1 else singular)

    def catalog(self, lang: str) -> dict[str, str | list[str]]:
        """Every entry of ``lang``'s catalog: msgid → text, a plural's singular → its forms.

        A message with a context has the key ``context\\x04msgid``, as in the ``.mo`` file. This
        is what a browser needs to translate by itself (see :meth:`plural_forms`).
        """
        translations = self.translations(lang)
        # GNUTranslations keeps what it read in ``_catalog``; the standard library offers no
        # public way to list it, and reading the .mo file a second time would duplicate it.
        raw: dict[Any, str] = getattr(translations, "_catalog", {})
        entries: dict[str, str | list[str]] = {}
        plurals: dict[str, dict[int, str]] = {}
        for key, text in raw.items():
            if isinstance(key, tuple):
                plurals.setdefault(key[0], {})[key[1]] = text
            elif key:
                entries[key] = text
        for msgid, forms in plurals.items():
            entries[msgid] = [forms[i] for i in sorted(forms)]
        return entries

    def plural_forms(self, lang: str) -> str:
        """The catalog's ``Plural-Forms`` header, e.g. ``nplurals=2; plural=(n != 1);``."""
        translations = self.translations(lang)
        header = translations.info().get("plural-forms", "")
        return header or "nplurals=2; plural=(n != 1);"


def fill(text: str, params: Mapping[str, Any], source: str) -> str:
    """Put ``params`` into the translated ``text``; a translation that does not fit its params
    falls back to the English ``source``, and that to itself, so a message never crashes."""
    for template in (text, source):
        try:
            return template % params
        except (KeyError, ValueError, TypeError):
            continue
    return source


RUMMY = Domain("rummy", "rummy_core")
"""The framework's own domain: engine refusals, cards and suits, the command line."""

_domains: dict[str, Domain] = {RUMMY.name: RUMMY}


def register_domain(domain: Domain) -> Domain:
    """Make ``domain`` known by its name, for refusals that name it (``domain="..."``)."""
    _domains[domain.name] = domain
    return domain


def get_domain(name: str) -> Domain:
    """The domain called ``name``: registered, or from the ``rummy.locales`` entry points.

    An unknown name gives a domain without catalogs, so its messages show in English.
    """
    found = _domains.get(name)
    if found is None:
        found = _plugin_domains().get(name, Domain(name, ""))
        _domains[name] = found
    return found


@cache
def _plugin_domains() -> dict[str, Domain]:
    return {ep.name: Domain(ep.name, ep.value) for ep in entry_points(group=ENTRY_POINT_GROUP)}


def plugin_domains() -> dict[str, Domain]:
    """Every domain installed through the ``rummy.locales`` entry point group, by name."""
    return dict(_plugin_domains())


def _(msgid: str, **params: Any) -> str:
    """``msgid`` of the ``rummy`` domain in the current language."""
    return RUMMY.gettext(msgid, **params)


def ngettext(singular: str, plural: str, n: int, **params: Any) -> str:
    """A ``rummy`` message that depends on the count ``n`` (``%(count)s``)."""
    return RUMMY.ngettext(singular, plural, n, **params)


def pgettext(context: str, msgid: str, **params: Any) -> str:
    """A ``rummy`` message in ``context``."""
    return RUMMY.pgettext(context, msgid, **params)
