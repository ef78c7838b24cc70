"""Every shipped catalog is complete, correct and compiled, whichever domain it belongs to.

Generic over the catalogs found: each domain (a ``.pot`` beside its ``<lang>/LC_MESSAGES``
folders) has every language, every message a translation with the language's plural forms and
the message's placeholders, no guess left fuzzy, and a compiled ``.mo`` that says the same as its
``.po``. The ``.pot`` holds exactly what the source marks, and no count is written without
``ngettext`` ("1 cards" never appears).
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from babel.util import pathmatch

from rummy_core.i18n.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
POTS = sorted([*ROOT.glob("rummy_core/locale/*.pot"), *ROOT.glob("rulesets/locale/*.pot")])
CATALOGS = [(pot, lang) for pot in POTS for lang in LANGUAGES]
PLURALS = {
    "en": "nplurals=2; plural=(n != 1);",
    "is": "nplurals=2; plural=(n%10!=1 || n%100==11);",
    "hu": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
}
"""The Plural-Forms each language must have (the same rule, however it is written)."""
PYTHON_PLACEHOLDER = re.compile(r"%\((\w+)\)[#0\- +]*\d*(?:\.\d+)?([a-zA-Z])")
WEB_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_the_domains_are_found() -> None:
    assert {pot.stem for pot in POTS} >= {"rummy", "rulesets"}


def _po(pot: Path, lang: str) -> Path:
    return pot.parent / lang / "LC_MESSAGES" / f"{pot.stem}.po"


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream, locale=lang)


def _messages(catalog: Catalog) -> list[Message]:
    return [m for m in catalog if m.id]


def _placeholders(text: str, domain: str) -> set[str]:
    if domain == "web":
        return set(WEB_PLACEHOLDER.findall(text))
    return {f"{name}:{kind}" for name, kind in PYTHON_PLACEHOLDER.findall(text)}


def _plural_rule(header: str) -> tuple[int, list[int]]:
    nplurals = int(re.search(r"nplurals\s*=\s*(\d+)", header).group(1))  # type: ignore[union-attr]
    expression = re.search(r"plural\s*=\s*(.+?);?\s*$", header).group(1)  # type: ignore[union-attr]
    rule = gettext.c2py(expression.rstrip(";"))
    return nplurals, [rule(n) for n in range(1000)]


@pytest.mark.parametrize(("pot", "lang"), CATALOGS, ids=lambda v: getattr(v, "stem", v))
def test_every_message_is_translated_with_its_placeholders(pot: Path, lang: str) -> None:
    path = _po(pot, lang)
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
    catalog = _read(path, lang)
    header = catalog.mime_headers
    plural_forms = dict(header)["Plural-Forms"]
    assert _plural_rule(plural_forms) == _plural_rule(PLURALS[lang]), plural_forms
    nplurals = _plural_rule(plural_forms)[0]
    source = {m.id if isinstance(m.id, str) else m.id[0] for m in _messages(_read(pot))}
    found = {m.id if isinstance(m.id, str) else m.id[0] for m in _messages(catalog)}
    assert found == source, f"{path.name} differs from its .pot: run make i18n"
    for message in _messages(catalog):
        where = f"{path.relative_to(ROOT)}: {message.id!r}"
        assert "fuzzy" not in message.flags, f"{where} is a guess (fuzzy)"
        if isinstance(message.id, tuple):
            forms = list(message.string)
            assert len(forms) == nplurals, f"{where} has {len(forms)} forms, not {nplurals}"
            allowed = [_placeholders(text, pot.stem) for text in message.id]
            for form in forms:
                assert form.strip(), f"{where} has an empty form"
                assert _placeholders(form, pot.stem) in allowed, f"{where}: {form!r}"
        else:
            assert isinstance(message.string, str) and message.string.strip(), f"{where} is empty"
            got = _placeholders(message.string, pot.stem)
            assert got == _placeholders(message.id, pot.stem), f"{where}: {message.string!r}"
    for message, errors in catalog.check():
        assert not errors, f"{path.relative_to(ROOT)}: {message.id!r}: {errors}"


@pytest.mark.parametrize(("pot", "lang"), CATALOGS, ids=lambda v: getattr(v, "stem", v))
def test_the_compiled_catalog_is_not_stale(pot: Path, lang: str) -> None:
    po = _po(pot, lang)
    mo = po.with_suffix(".mo")
    assert mo.is_file(), f"{mo.relative_to(ROOT)} is missing: run make i18n"
    with mo.open("rb") as stream:
        compiled = dict(map(_entry, (m for m in read_mo(stream) if m.id)))
    written = dict(map(_entry, _messages(_read(po, lang))))
    assert compiled == written, f"{mo.relative_to(ROOT)} is stale: run make i18n"


def _entry(message: Message) -> tuple[tuple[object, str | None], object]:
    """A message as comparable data (a plural's forms as a tuple, from a .po or a .mo)."""

    def plain(value: object) -> object:
        return tuple(value) if isinstance(value, list | tuple) else value

    return (plain(message.id), message.context), plain(message.string)


def _keywords() -> dict[str, tuple[int | tuple[int, str], ...] | None]:
    """The extraction keywords ``make i18n`` gives pybabel (read from the Makefile)."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    block = text.split("I18N_KEYWORDS :=", 1)[1].split("\n\n", 1)[0].split("\ni18n:", 1)[0]
    keywords: dict[str, tuple[int | tuple[int, str], ...] | None] = {}
    for spec in re.findall(r"-k\s+(\S+)", block):
        name, _, args = spec.partition(":")
        specs: list[int | tuple[int, str]] = []
        for arg in filter(None, args.split(",")):
            specs.append((int(arg[:-1]), "c") if arg.endswith("c") else int(arg))
        keywords[name] = tuple(specs) or None
    return keywords


def _mapping(domain: str) -> list[tuple[str, str]]:
    """The (pattern, method) pairs of ``i18n/<domain>.cfg``, in order."""
    pairs = []
    for line in (ROOT / "i18n" / f"{domain}.cfg").read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r"\[(\w+):\s*(.+)\]", line.strip())
        if match:
            pairs.append((match.group(2), match.group(1)))
    return pairs


@pytest.mark.parametrize("domain", [p.stem for p in POTS if p.stem != "web"])
def test_the_template_holds_what_the_source_marks(domain: str) -> None:
    from babel.messages.extract import DEFAULT_KEYWORDS

    keywords = {**DEFAULT_KEYWORDS, **_keywords()}
    marked: set[str] = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(ROOT),
        _mapping(domain),
        keywords=keywords,  # type: ignore[arg-type]
    ):
        text = message if isinstance(message, str) else message[0]
        marked.add(f"{context}\x04{text}" if context else text)
    (pot,) = (p for p in POTS if p.stem == domain)
    held = {
        (f"{m.context}\x04" if m.context else "") + (m.id if isinstance(m.id, str) else m.id[0])
        for m in _messages(_read(pot))
    }
    assert marked == held, "the .pot is stale: run make i18n"


def test_a_count_is_only_written_through_ngettext() -> None:
    for pot in POTS:
        for message in _messages(_read(pot)):
            if isinstance(message.id, str):
                assert "%(count)" not in message.id, f"{message.id!r} needs ngettext"


def _domain_sources() -> list[Path]:
    """The Python files some domain's mapping extracts from."""
    found = []
    for cfg in sorted((ROOT / "i18n").glob("*.cfg")):
        mapping = _mapping(cfg.stem)
        for path in sorted(ROOT.glob("r*/**/*.py")):
            relative = path.relative_to(ROOT).as_posix()
            for pattern, method in mapping:
                if pathmatch(pattern, relative):
                    if method == "python":
                        found.append(path)
                    break
    return found


def test_no_word_is_made_plural_by_gluing_an_s() -> None:
    glued = re.compile(r"""["']e?s["']\s*(\*|if\b)|\{['"]e?s['"]\s*\*""")
    sources = _domain_sources()
    assert sources
    for path in sources:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            assert not glued.search(line), f"{path.relative_to(ROOT)}:{number}: use ngettext"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_plural_message_has_a_singular_for_one(lang: str) -> None:
    """Rendered for 1 and for 2, a plural message takes the language's form for each; in English
    the two differ, so "1 cards" cannot be what a count of one shows."""
    for pot in POTS:
        catalog = _read(_po(pot, lang), lang)
        _n, rule = _plural_rule(dict(catalog.mime_headers)["Plural-Forms"])
        for message in _messages(catalog):
            if not isinstance(message.id, tuple):
                continue
            one, two = message.string[rule[1]], message.string[rule[2]]
            if lang == "en":
                assert one != two, f"{message.id!r} has one form for 1 and 2"
            if lang == "is":
                assert message.string[rule[21]] == one, "Icelandic 21 takes the singular"
