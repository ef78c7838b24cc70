"""The browser table in Icelandic: a browser that asks for Icelandic (``Accept-Language: is-IS``)
gets the table in the words of the Icelandic rules text, and the engine's refusals in Icelandic;
the language switch changes it for every page after. Screenshots of the Icelandic table go to
``build/screenshots`` (``docs/browser-table-is.png`` is one of them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import (
    PHONE,
    needs_chromium,
    new_page,
    select,
    shoot,
    state_id,
    table_at,
    view,
    wait_moved,
    wait_my_turn,
)
from playwright.sync_api import Browser, Page, expect

from rummy_core.engine.actions import Draw, MeldDown, NewMeld
from rummy_core.engine.cards import parse_cards
from rummy_core.engine.errors import RuleError
from rummy_core.engine.setup import game_from_position
from rummy_core.present.words import with_symbols

pytestmark = needs_chromium

# Seat 0 to draw, past the first turn; a run with a wild 2 (the bot's) and a set (seat 0's) on
# the table.
POSITION: dict[str, Any] = {
    "players": 2,
    "dealer": 1,
    "turn": 0,
    "turns_taken": [3, 3],
    "hands": [
        ["3C", "5C", "7H", "8H", "10H", "QD", "AD", "JS", "KS"],
        ["2H", "3D", "4S", "5H", "9C", "10S", "JD"],
    ],
    "discard": ["4C", "9H", "KD"],
    "table": [
        {"owner": 1, "cards": ["5S", "2C=6S", "7S"]},
        {"owner": 0, "cards": ["QC", "QH", "QS", "2D=QD"]},
    ],
}
SPEAKS_ICELANDIC = "is-IS"


def icelandic_seat(browser: Browser, url: str, phone: bool = False) -> Page:
    """The seat's link opened by a browser set to Icelandic, joined and connected."""
    page = new_page(browser, phone, locale=SPEAKS_ICELANDIC)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(url)
    expect(page.locator("#join-title")).to_have_text("Setjast við borðið")
    expect(page.locator("#join-seat")).to_have_text("Þessi hlekkur er fyrir sæti 1.")
    page.fill("#join-name", "Sigga")
    page.click("#join-button")
    expect(page.locator("#status")).to_have_text("tengt")
    page.wait_for_function("window.rummyTable.view !== null")
    assert not problems, problems
    return page


def meld_refusal(lang: str, cards: str) -> str:
    """What the engine says, in ``lang``, to a meld of ``cards`` after seat 0 draws."""
    game = game_from_position("riverside", POSITION, seed=11, choosers=[0])
    game.apply(0, Draw("stock"))
    try:
        game.preview(0, MeldDown((NewMeld.of(tuple(parse_cards(cards))),)))
    except RuleError as refusal:
        return refusal.render(lang)
    raise AssertionError(f"{cards} is a legal meld")


def test_the_table_in_icelandic(tmp_path: Path, browser: Browser) -> None:
    with table_at(tmp_path, "riverside", [None, "greedy"], POSITION) as (_, links):
        page = icelandic_seat(browser, links[0])
        wait_my_turn(page)
        assert page.evaluate("document.documentElement.lang") == "is"
        expect(page.locator("#stock .pile-label")).to_have_text("Stokkur 26")
        expect(page.locator("#discard-label")).to_have_text("Kastbunki (tekinn allur) 3")
        expect(page.locator("#turn")).to_have_text(
            "Þú átt leik: dragðu úr stokknum eða öllum kastbunkanum."
        )
        expect(page.locator("#melds .meld").first).to_contain_text("röð")
        expect(page.locator("#melds .meld").nth(1)).to_contain_text("samstæða")
        # A discard before the draw: the engine's refusal, in Icelandic.
        select(page, ["KS"])
        page.keyboard.press("x")
        expect(page.locator("#message")).to_have_text("Dragðu áður en þú kastar.")
        before = state_id(page)
        page.click("#stock")
        wait_moved(page, before)
        expect(page.locator("#log li").last).to_contain_text("Þú dróst úr stokknum")
        # Two cards are no meld: the rules' own refusal, in Icelandic.
        select(page, ["7H", "8H"])
        page.click("#meld")
        refusal = meld_refusal("is", "7H 8H")
        assert refusal != meld_refusal("en", "7H 8H")
        # The cards it names are shown as on the table, as the terminal game shows them.
        expect(page.locator("#message")).to_have_text(with_symbols(refusal))
        expect(page.locator("#meld")).to_have_text("Leggja niður")
        expect(page.locator("#discard-button")).to_have_text("Kasta")
        shoot(page, "browser-table-is")
        # The rules, a link away, are the Icelandic rules page.
        expect(page.locator("#rules-link")).to_have_text("Reglur")
        rules = page.context.new_page()
        rules.goto(page.locator("#rules-link").evaluate("(a) => a.href"))
        expect(rules.locator("h1").first).to_have_text("Reglur í Árbakka Rommí")


def test_the_icelandic_table_on_a_phone(tmp_path: Path, browser: Browser) -> None:
    with table_at(tmp_path, "riverside", [None, "greedy"], POSITION) as (_, links):
        page = icelandic_seat(browser, links[0], phone=True)
        wait_my_turn(page)
        before = state_id(page)
        page.locator("#stock").tap()
        wait_moved(page, before)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], "the page scrolls sideways"
        expect(page.locator("#stock .pile-label")).to_contain_text("Stokkur")
        shoot(page, "browser-table-is-phone")


def test_the_language_switch_changes_the_table_and_its_refusals(
    tmp_path: Path, browser: Browser
) -> None:
    with table_at(tmp_path, "riverside", [None, "greedy"], POSITION) as (_, links):
        page = icelandic_seat(browser, links[0])
        wait_my_turn(page)
        languages = page.locator("#language option").all_inner_texts()
        assert languages == ["English", "Íslenska", "Magyar", "Italiano"]
        page.select_option("#language", "en")
        # The page opens again in English, on the same seat, and the socket speaks English.
        expect(page.locator("#stock .pile-label")).to_have_text("Stock 26")
        expect(page.locator("#status")).to_have_text("connected")
        assert {c["name"]: c["value"] for c in page.context.cookies()}["rummy_lang"] == "en"
        wait_my_turn(page)
        select(page, ["KS"])
        page.keyboard.press("x")
        expect(page.locator("#message")).to_have_text("Draw before you discard.")
        assert view(page)["seat"] == 0
        # The lobby follows the cookie too.
        page.goto(links[0].split("/table/")[0] + "/")
        expect(page.locator("h1")).to_have_text("Rummy tables")
        page.select_option("#language", "it")
        expect(page.locator("h1")).to_have_text("Tavoli di ramino")
        expect(page.locator("#create-button")).to_have_text("Crea il tavolo")
