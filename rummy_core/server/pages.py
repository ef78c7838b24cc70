"""The browser's language: which one a request or a connection speaks, the pages filled in for
it, and the ``web`` catalog the pages' scripts translate with.

A page marks its words ``[[Like this]]``; the server puts each one's translation in before it
sends the page, so the page reads right before any script runs. The scripts translate with
``t("...")`` and ``tn("...", "...", n)`` from ``static/i18n.js``, which reads the catalog the
server embeds in the page (the same JSON as ``GET /api/i18n/{lang}``). The language is, in
order: ``?lang=`` on the page's address, the ``rummy_lang`` cookie the language switch sets,
then the browser's ``Accept-Language``.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from importlib.resources import files
from typing import IO, Any

from markdown_it import MarkdownIt
from starlette.requests import HTTPConnection

from rummy_core.engine.cards import RANK_NAMES, SUIT_LETTERS
from rummy_core.i18n.languages import (
    LANGUAGE_NAMES,
    LANGUAGES,
    Domain,
    current_language,
    language_from_accept,
    normalize_language,
    register_domain,
    use_language,
)
from rummy_core.i18n.words import CARD_CODES, card_label, rank_name, suit_name
from rummy_core.present.rules import help_rules

WEB = register_domain(Domain("web", "rummy_core"))
"""The catalog of the browser's table and lobby (``static/*.js`` and ``static/*.html``)."""

COOKIE = "rummy_lang"
"""The cookie the language switch sets: the language of every page and socket after it."""

MARK = re.compile(r"\[\[(.+?)\]\]", re.DOTALL)
"""A page's word to translate: ``[[Stock]]``."""


def chosen_language(conn: HTTPConnection) -> str | None:
    """The language a person chose for a request (``?lang=``, else the ``rummy_lang`` cookie
    the language switch sets), or None where only the browser's settings speak."""
    for tag in (conn.query_params.get("lang"), conn.cookies.get(COOKIE)):
        lang = normalize_language(tag) if tag else None
        if lang is not None:
            return lang
    return None


def request_language(conn: HTTPConnection, chosen: str | None = None) -> str:
    """The language of a page, an API call or a socket: ``chosen`` (a socket's hello says it),
    else ``?lang=``, else the ``rummy_lang`` cookie, else ``Accept-Language``, else the
    server's language (``rummy serve --lang``, English by default).

    A language that is not shipped is passed over, never refused: the page still opens.
    """
    lang = (normalize_language(chosen) if chosen else None) or chosen_language(conn)
    if lang is not None:
        return lang
    header = conn.headers.get("accept-language", "")
    wanted = (normalize_language(item.split(";")[0]) for item in header.split(","))
    if any(lang is not None for lang in wanted):
        return language_from_accept(header)
    # A browser that asks for none of them gets the server's own (``rummy serve --lang``).
    return current_language()


def render_page(name: str, lang: str) -> str:
    """The page ``static/<name>`` with its marked words in ``lang``, its ``lang`` attribute set
    (for the browser and its screen reader) and the catalog its scripts read embedded."""
    text = files("rummy_core.server").joinpath("static", name).read_text(encoding="utf-8")
    text = text.replace('<html lang="en">', f'<html lang="{lang}">', 1)
    # The scripts' words come with the page, so they read right from the first frame.
    words = json.dumps(catalog(lang), ensure_ascii=False).replace("</", "<\\/")
    embedded = f'<script type="application/json" id="rummy-i18n">{words}</script>\n</head>'
    text = text.replace("</head>", embedded, 1)
    return MARK.sub(lambda m: html.escape(WEB.translate(lang, _words(m.group(1)))), text)


def rules_page(ruleset: str, lang: str) -> str:
    """The rules page of ``ruleset`` in ``lang``: its players' guide in that language where one is
    shipped (else English) and its rulings, as the terminal game's help shows them.

    ``unknown_ruleset`` if no such ruleset is installed.
    """
    with use_language(lang):
        guide = help_rules(ruleset)
    # The guides are the packages' own files; raw HTML in them is not let through all the same.
    shown = MarkdownIt("commonmark", {"html": False}).enable("table").render(guide)
    return render_page("rules.html", lang).replace("<!-- rules -->", shown, 1)


def _words(marked: str) -> str:
    """A marked phrase as its message id: a phrase wrapped over lines reads as one line."""
    return " ".join(marked.split())


def catalog(lang: str) -> dict[str, Any]:
    """What ``static/i18n.js`` needs to speak ``lang``: the ``web`` messages, the names of the
    cards, ranks and suits (from the ``rummy`` catalog, for screen readers) and the languages to
    switch to."""
    cards = {code: card_label(code, lang) for code in CARD_CODES}
    ranks = {RANK_NAMES[rank]: rank_name(rank, lang) for rank in range(1, len(RANK_NAMES))}
    return {
        "language": lang,
        "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES],
        "plural_forms": WEB.plural_forms(lang),
        "messages": WEB.catalog(lang),
        # English names a card by its code; the browser then says it in words of its own.
        "cards": {code: name for code, name in cards.items() if name != code},
        "ranks": ranks,
        "suits": {letter: suit_name(suit, lang) for suit, letter in enumerate(SUIT_LETTERS)},
    }


def extract_html(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for the pages (``i18n/web.cfg``): each ``[[...]]`` with its line."""
    text = fileobj.read().decode("utf-8")
    for match in MARK.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        yield line, "t", _words(match.group(1)), []
