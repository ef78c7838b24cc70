"""The server speaks each connection's language: an Icelandic and an English player share a
table, and each reads the refusals of their own moves, and the server's own errors, in theirs.

The language of a socket comes from its hello (``lang``), else the browser's
``Accept-Language``; of a page or an API call from ``?lang=``, the ``rummy_lang`` cookie, then
``Accept-Language``. Codes never change with the language.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_helpers import Client, create_table, of_type, running_server

from rummy_core.engine.errors import RuleError
from rummy_core.i18n.languages import RUMMY, set_language
from rummy_core.i18n.uitext import UI
from rummy_core.server.pages import WEB
from rummy_core.server.protocol import PROTOCOL


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path / 'server.sqlite3'}") as url:
        yield url


def seats(base: str, variant: str = "riverside") -> tuple[str, list[str]]:
    table = create_table(base, variant, [None, None])
    return table["table"]["id"], [link["token"] for link in table["links"]]


def test_two_players_at_one_table_read_refusals_in_their_own_languages(base: str) -> None:
    table, tokens = seats(base)
    icelandic = Client(base, table, tokens[0], lang="is")
    english = Client(base, table, tokens[1], accept_language="en-GB,en;q=0.8")
    for client in (icelandic, english):
        client.wait_for(of_type("welcome"))
    # Dealing the next hand while this one is played: the engine refuses it, for each in turn.
    for client in (icelandic, english):
        client.send({"type": "next_hand", "state_id": 0})
    said = {
        "is": icelandic.wait_for(of_type("refused")),
        "en": english.wait_for(of_type("refused")),
    }
    refusal = RuleError("hand_not_over", "The hand is still being played.")
    for lang, message in said.items():
        assert message["code"] == "hand_not_over"
        assert message["message"] == refusal.render(lang)
    assert said["en"]["message"] == "The hand is still being played."
    assert said["is"]["message"] == RUMMY.translate("is", "The hand is still being played.")
    assert said["is"]["message"] != said["en"]["message"]
    # A question about cards not in one's hand: the server's own refusal, in each language.
    for client in (icelandic, english):
        client.send({"type": "choices", "cards": ["JK"]})
    mine = icelandic.wait_for(of_type("refused"))
    theirs = english.wait_for(of_type("refused"))
    assert mine["code"] == theirs["code"] == "not_in_hand"
    assert mine["message"] == "Spurðu aðeins um spil á þinni eigin hendi."
    assert theirs["message"] == "Ask only about cards in your own hand."
    for client in (icelandic, english):
        client.close()


def test_a_spectator_hears_errors_in_the_language_of_its_browser(base: str) -> None:
    table, _ = seats(base)
    watcher = Client(base, table, None, accept_language="hu-HU,hu;q=0.9,en;q=0.5")
    watcher.wait_for(of_type("welcome"))
    watcher.send({"type": "next_hand", "state_id": 0})
    error = watcher.wait_for(of_type("error"))
    assert error["code"] == "not_seated"
    assert error["message"] == UI.translate("hu", "Spectators cannot act.")
    assert error["message"] == "A nézők nem léphetnek."
    watcher.close()


def test_pages_and_the_api_follow_the_asked_language(base: str) -> None:
    page = httpx.get(f"{base}/", headers={"accept-language": "it-IT,it;q=0.9"})
    assert '<html lang="it">' in page.text
    assert "Tavoli di ramino" in page.text
    assert page.headers["vary"] == "accept-language, cookie"
    # The address beats the cookie, and the cookie beats the browser.
    chosen = httpx.get(f"{base}/?lang=is", cookies={"rummy_lang": "hu"})
    assert '<html lang="is">' in chosen.text and "Rommíborð" in chosen.text
    kept = httpx.get(f"{base}/", cookies={"rummy_lang": "hu"}, headers={"accept-language": "is"})
    assert '<html lang="hu">' in kept.text and "Römiasztalok" in kept.text
    # Words in a table's page are translated, and the scripts' catalog comes with it.
    table = httpx.get(f"{base}/table/nothing", headers={"accept-language": "is"}).text
    assert ">Stokkur <b" in table and ">Kastbunki</span>" in table
    assert '"Select one card to discard.": "Veldu eitt spil til að kasta."' in table
    missing = httpx.get(f"{base}/api/tables/nothing?lang=is")
    assert missing.status_code == 404
    assert missing.json() == {
        "protocol": PROTOCOL,
        "code": "unknown_table",
        "message": "Þetta borð er ekki til.",
        "params": {},
    }
    refused = httpx.post(
        f"{base}/api/tables?lang=it", json={"variant": "riverside", "seats": [{}] * 7}
    )
    assert refused.json()["code"] == "bad_players"
    assert refused.json()["message"] == "riverside si gioca da 2 a 6 giocatori, non 7."


def test_the_catalog_of_the_browser(base: str) -> None:
    data = httpx.get(f"{base}/api/i18n/is").json()
    assert data["language"] == "is"
    assert [lang["code"] for lang in data["languages"]] == ["en", "is", "hu", "it"]
    assert data["messages"]["Stock"] == "Stokkur"
    assert data["messages"]["{count} card"] == ["{count} spil", "{count} spil"]
    assert data["messages"] == WEB.catalog("is")
    assert data["cards"]["7H"] == RUMMY.translations("is").pgettext("card", "7H")
    assert data["plural_forms"].startswith("nplurals=2;")
    english = httpx.get(f"{base}/api/i18n/en").json()
    assert english["cards"] == {}
    assert english["ranks"]["7"] == "seven" and english["suits"]["H"] == "hearts"
    unknown = httpx.get(f"{base}/api/i18n/xx")
    assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_language"


def test_the_rules_page_is_in_the_players_language(base: str) -> None:
    icelandic = httpx.get(f"{base}/rules/riverside", headers={"accept-language": "is"})
    assert icelandic.status_code == 200
    assert '<html lang="is">' in icelandic.text
    assert "<h1>Reglur í Árbakka Rommí</h1>" in icelandic.text
    assert "<h1>Úrskurðir</h1>" in icelandic.text
    # No Hungarian page is written: the English guide, under Hungarian headings.
    hungarian = httpx.get(f"{base}/rules/riverside?lang=hu")
    assert "<h1>Riverside Rommí</h1>" in hungarian.text
    assert "<h1>Döntések</h1>" in hungarian.text
    missing = httpx.get(f"{base}/rules/snap?lang=it")
    assert missing.status_code == 404
    assert missing.json()["code"] == "unknown_ruleset"


def test_a_browser_asking_for_none_of_the_languages_gets_the_servers_own(base: str) -> None:
    # `rummy serve --lang hu` sets the process's language, as set_language does here.
    set_language("hu")
    try:
        french = httpx.get(f"{base}/", headers={"accept-language": "fr-FR,fr;q=0.9"})
        assert '<html lang="hu">' in french.text
        assert '<html lang="is">' in httpx.get(f"{base}/", headers={"accept-language": "is"}).text
    finally:
        set_language("en")
    assert '<html lang="en">' in httpx.get(f"{base}/").text
