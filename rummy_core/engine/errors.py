"""The errors the framework raises, each with a stable machine-readable code.

Every refusal a player or a program can meet is a ``RuleError``: ``code`` is stable (tests and
front ends key on it), ``message`` is a sentence a player understands, ``params`` holds the values
the message speaks of. A refused action changes nothing (ruling A2).

The message is given as a gettext msgid template with named placeholders (``%(points)s``),
never as an f-string, and shown in the current language (``rummy_core.i18n.languages``):
``.message`` renders it when read, ``.render(lang)`` renders it in a given language. ``domain``
names the catalog that translates it (a ruleset's refusals are in its package's domain). A ``card``
parameter (or one named ``..._card``) holds a card code and is shown by its name in the
language, as are the draw sources
``source`` and ``sources`` (:mod:`rummy_core.i18n.words`); a message that counts
(:func:`rummy_core.i18n.N_plural`) takes the number as ``count``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummy_core.i18n.catalogs import N_, RUMMY, PluralMessage, current_language, fill, get_domain
from rummy_core.i18n.words import card_label, source_label

Message = str | PluralMessage
"""A refusal's message template: one msgid, or a singular and a plural chosen by ``count``."""


def render_message(
    message: Message, params: Mapping[str, Any], domain: str = RUMMY.name, lang: str | None = None
) -> str:
    """``message`` in ``lang`` (default: the current language) with ``params`` put in."""
    lang = lang or current_language()
    shown = dict(params)
    for key, value in params.items():
        if (key == "card" or key.endswith("_card")) and isinstance(value, str):
            shown[key] = card_label(value, lang)
    if isinstance(shown.get("source"), str):
        shown["source"] = source_label(shown["source"], lang)
    if isinstance(shown.get("sources"), list):
        shown["sources"] = ", ".join(source_label(str(s), lang) for s in shown["sources"])
    if isinstance(shown.get("melds"), list):
        # Melds of card codes (a score sheet's melds still in hand): each card named, and
        # the melds told apart.
        shown["melds"] = " · ".join(
            " ".join(card_label(str(code), lang) for code in meld) for meld in shown["melds"]
        )
    translations = get_domain(domain).translations(lang)
    if isinstance(message, PluralMessage):
        count = shown.get("count")
        n = count if isinstance(count, int) else 0
        text = translations.ngettext(message.singular, message.plural, n)
        return fill(text, shown, message.singular if n == 1 else message.plural)
    text = translations.gettext(message)
    return fill(text, shown, message) if shown else text


class _Coded:
    """What a refusal and a broken rule share: a stable ``code``, a message ``template`` in a
    catalog ``domain``, and the ``params`` it speaks of."""

    __slots__ = ()
    code: str
    template: Message
    domain: str
    params: dict[str, Any]

    @property
    def message(self) -> str:
        """The message in the current language."""
        return self.render()

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        return render_message(self.template, self.params, self.domain, lang)

    def to_dict(self) -> dict[str, Any]:
        """The code, message (in the current language) and params as plain data, as they cross
        a border."""
        return {"code": self.code, "message": self.message, "params": self.params}


class RuleError(_Coded, Exception):
    """An action, a file or a name was refused; the game state is unchanged."""

    def __init__(
        self, code: str, message: Message, *, domain: str = RUMMY.name, **params: Any
    ) -> None:
        super().__init__(message)
        self.code = code
        self.template = message
        self.domain = domain
        self.params = params

    def __str__(self) -> str:
        return f"{self.message} [{self.code}]"

    def __reduce__(self) -> tuple[Any, ...]:
        # Subclasses take other constructor arguments; rebuild from the fields so that a refusal
        # can cross from a worker process to the parent (multiprocessing, Ray) intact.
        return (_restore, (type(self), self.args, dict(self.__dict__)))


def _restore(cls: type[RuleError], args: tuple[Any, ...], fields: dict[str, Any]) -> RuleError:
    error = Exception.__new__(cls)
    error.args = args
    error.__dict__.update(fields)
    return error


class Violation(_Coded):
    """One broken rule found by a collecting validator hook (several may be found at once)."""

    __slots__ = ("code", "domain", "params", "template")

    def __init__(
        self, code: str, message: Message, *, domain: str = RUMMY.name, **params: Any
    ) -> None:
        self.code = code
        self.template = message
        self.domain = domain
        self.params = params

    def __repr__(self) -> str:
        return f"Violation({self.code!r}, {self.message!r})"


class IllegalAction(RuleError):
    """An action that breaks a rule. ``violations`` lists every rule it broke, first one first."""

    def __init__(self, violations: list[Violation]) -> None:
        first = violations[0]
        super().__init__(first.code, first.template, domain=first.domain, **first.params)
        self.violations = violations

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        data["violations"] = [v.to_dict() for v in self.violations]
        return data


class PluginError(RuleError):
    """A plugin misbehaved: it raised, returned the wrong type, or does not fit the hook spec."""

    def __init__(self, plugin: str, hook: str, problem: str) -> None:
        super().__init__(
            "plugin_error",
            N_("The rules plugin %(plugin)r failed in %(hook)s: %(problem)s"),
            plugin=plugin,
            hook=hook,
            problem=problem,
        )


def refuse(code: str, message: Message, **params: Any) -> IllegalAction:
    """An ``IllegalAction`` for one broken rule; ``message`` is a msgid of the ``rummy`` domain."""
    return IllegalAction([Violation(code, message, **params)])
