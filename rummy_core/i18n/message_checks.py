"""Whether a plugin's messages can be translated: the check behind ``rummy_core.testing``.

A refusal's message is a msgid of the plugin's gettext domain, so that a player sees it in their
language. The check reads the source of the plugin's module and finds every ``Violation(...)``,
``RuleError(...)`` and ``refuse(...)``: the message must be a plain string (or ``N_plural``), not
an f-string or text glued together, the call must name the plugin's domain (``domain=...``),
and the msgid must be in every catalog the domain ships. The plugin's ``title``, ``summary`` and
option descriptions must be in them too.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from dataclasses import dataclass

from rummy_core.engine.plugin import HouseRule, Ruleset
from rummy_core.i18n.languages import LANGUAGES, Domain, get_domain

REFUSALS = ("Violation", "RuleError", "refuse")
"""The calls whose second argument (or ``message=``) is a refusal's message."""


@dataclass(frozen=True)
class MessageProblem:
    """A message of a plugin that cannot be translated as written."""

    line: int
    """Line in the plugin's module (0 for the class's texts)."""
    problem: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.problem}" if self.line else self.problem


def untranslated_messages(cls: type[Ruleset] | type[HouseRule]) -> list[MessageProblem]:
    """Every message of the plugin ``cls`` that a player would not see in their language."""
    domain = get_domain(cls.domain)
    known = _known_msgids(domain)
    problems: list[MessageProblem] = []
    if not known:
        problems.append(
            MessageProblem(0, f"the domain {domain.name!r} ships no compiled catalog (.mo)")
        )
    texts = [cls.summary, *(f.description or "" for f in cls.Options.model_fields.values())]
    if issubclass(cls, Ruleset):
        texts.append(cls.title)
    shared = _known_msgids(get_domain("rummy")) or set()
    for text in filter(None, texts):
        if known and text not in known and text not in shared:
            problems.append(MessageProblem(0, f"{text!r} is not in the {domain.name!r} catalogs"))
    source = inspect.getsource(inspect.getmodule(cls) or cls)
    for call, message in sorted(_refusals(ast.parse(source)), key=lambda found: found[0].lineno):
        problems += _call_problems(call, message, domain, known)
    return problems


def assert_messages_translated(cls: type[Ruleset] | type[HouseRule]) -> None:
    """Assert that every message of the plugin ``cls`` is marked and in its catalogs."""
    problems = untranslated_messages(cls)
    assert not problems, f"{cls.__name__}: " + "; ".join(map(str, problems))


def _known_msgids(domain: Domain) -> set[str] | None:
    """The msgids every shipped catalog of ``domain`` holds (None if it ships none)."""
    found: set[str] | None = None
    for lang in LANGUAGES:
        if domain.has_catalog(lang):
            ids = set(domain.catalog(lang))
            found = ids if found is None else found & ids
    return found


def _refusals(tree: ast.AST) -> Iterator[tuple[ast.Call, ast.expr | None]]:
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name not in REFUSALS:
            continue
        message = node.args[1] if len(node.args) > 1 else None
        for keyword in node.keywords:
            if keyword.arg == "message":
                message = keyword.value
        yield node, message


def _call_problems(
    call: ast.Call, message: ast.expr | None, domain: Domain, known: set[str] | None
) -> list[MessageProblem]:
    line = call.lineno
    if message is None:
        return []
    msgids = _msgids(message)
    if msgids is None:
        return [
            MessageProblem(
                line, "the message is built at run time; give a msgid with %(name)s placeholders"
            )
        ]
    problems = []
    named = {k.arg: k.value for k in call.keywords}
    given = named.get("domain")
    if domain.name != "rummy" and given is None:
        problems.append(MessageProblem(line, f"the refusal does not say domain={domain.name!r}"))
    for msgid in msgids:
        if known is not None and msgid not in known:
            problems.append(MessageProblem(line, f"{msgid!r} is not in the catalogs"))
    return problems


def _msgids(message: ast.expr) -> list[str] | None:
    """The msgids of a message argument, or None when it is not a literal message."""
    if isinstance(message, ast.Constant) and isinstance(message.value, str):
        return [message.value]
    if (
        isinstance(message, ast.Call)
        and isinstance(message.func, ast.Name)
        and message.func.id in ("N_plural", "N_")
        and message.args
        and isinstance(message.args[0], ast.Constant)
        and isinstance(message.args[0].value, str)
    ):
        # A plural's catalog entry is found by its singular msgid.
        return [message.args[0].value]
    return None
