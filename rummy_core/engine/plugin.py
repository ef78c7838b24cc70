"""Base classes for the two kinds of plugin: a ruleset, and a house rule that changes one.

A plugin is a class whose instances carry their options; its hook implementations are methods
marked with ``hookimpl``. Rulesets are published under the entry-point group ``rummy.rulesets``,
house rules under ``rummy.house_rules``.
"""

from __future__ import annotations

from typing import ClassVar

import pluggy
from pydantic import BaseModel, ConfigDict

from rummy_core.engine.options import BaseOptions
from rummy_core.i18n.languages import RUMMY, current_language, get_domain

hookimpl = pluggy.HookimplMarker("rummy")
"""Marks a hook implementation: ``@hookimpl``, ``@hookimpl(tryfirst=True)``, ``wrapper=True``."""


class Ruleset:
    """A complete variant. Subclasses set the metadata and implement the hooks where they differ.

    How the computer players play it is theirs to know, not part of this contract: a ruleset
    may tune the expert bot with an ``expert_tuning`` attribute (``rummy_core.bots.tuning``).
    """

    name: ClassVar[str]
    """The name players type (``rummy play --ruleset NAME``)."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names that find this ruleset."""
    title: ClassVar[str] = ""
    """The name shown to players (``"Riverside Rommí"``), a msgid of :attr:`domain`; the
    name when empty."""
    summary: ClassVar[str] = ""
    """One line for ``rummy rulesets``, a msgid of :attr:`domain`."""
    domain: ClassVar[str] = RUMMY.name
    """The gettext domain of the title, summary, option descriptions and refusals."""
    Options: ClassVar[type[BaseOptions]] = BaseOptions
    """The typed options model, with defaults."""
    low_score_wins: ClassVar[bool] = False
    """Whether the lowest score is the best one; tools that rank seats by score read it."""
    shows: ClassVar[dict[str, str]] = {}
    """The labels under which this ruleset puts cards on show (``State.on_show``), each with
    what the table calls them: ``{"cut": "cut card"}``."""
    public_records: ClassVar[frozenset[str]] = frozenset()
    """The keys of ``State.extra`` this plugin writes that every player may know (a knock, the
    passes on the upcard): a game rebuilt from one seat's knowledge (``env.resample``) keeps
    them. Leave out a record of what some seat may not know (how many of a card a hand holds)."""

    def __init__(self, options: BaseOptions) -> None:
        self.options = options

    @hookimpl
    def rummy_turn_cap(self) -> int:
        return self.options.turn_cap


class NoOptions(BaseModel):
    """The options of a house rule that has none."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class HouseRule:
    """A change to one or more rulesets, installed like any Python package."""

    name: ClassVar[str]
    summary: ClassVar[str] = ""
    """One line for ``rummy house-rules``, a msgid of :attr:`domain`."""
    domain: ClassVar[str] = RUMMY.name
    """The gettext domain of the summary, option descriptions and refusals."""
    applies_to: ClassVar[tuple[str, ...]] = ()
    """Names of the rulesets this house rule works with; empty for all."""
    conflicts_with: ClassVar[tuple[str, ...]] = ()
    """Names of house rules that cannot be combined with this one."""
    sets_options: ClassVar[tuple[str, ...]] = ()
    """Ruleset options this house rule decides itself: a variant that also gives one of them
    (``hungarian:opening=45+opening-40``) is refused rather than letting one silently win."""
    Options: ClassVar[type[BaseModel]] = NoOptions
    shows: ClassVar[dict[str, str]] = {}
    """The labels under which this house rule puts cards on show (``State.on_show``), each with
    what the table calls them: ``{"kitty": "kitty"}``."""
    public_records: ClassVar[frozenset[str]] = frozenset()
    """The keys of ``State.extra`` this plugin writes that every player may know (a knock, the
    passes on the upcard): a game rebuilt from one seat's knowledge (``env.resample``) keeps
    them. Leave out a record of what some seat may not know (how many of a card a hand holds)."""

    def __init__(self, options: BaseModel, ruleset: Ruleset) -> None:
        self.options = options
        self.ruleset = ruleset


def plugin_text(cls: type[Ruleset] | type[HouseRule], text: str, lang: str | None = None) -> str:
    """A text of the plugin ``cls`` (its title, summary, an option's description) in ``lang``
    (default: the current language), from the plugin's own domain."""
    if not text:
        return text
    lang = lang or current_language()
    shown = get_domain(cls.domain).translate(lang, text)
    # Options every ruleset shares are described in the framework's own domain.
    return shown if shown != text else RUMMY.translate(lang, text)


def ruleset_title(cls: type[Ruleset], lang: str | None = None) -> str:
    """The name of the ruleset ``cls`` as players see it, in ``lang``."""
    return plugin_text(cls, cls.title, lang) if cls.title else cls.name


SHIPPED = "rummy_rulesets"
"""The package of the rulesets and house rules that ship with the framework."""


def ships(plugin: object) -> bool:
    """Whether ``plugin`` is an instance of a class of the built-in rulesets and house rules:
    code the framework's tests hold to changing nothing it is asked between actions."""
    module: str = type(plugin).__module__
    return module == SHIPPED or module.startswith(SHIPPED + ".")
