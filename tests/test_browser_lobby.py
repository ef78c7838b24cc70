"""The start page and the page a seat's link opens, in Chromium: a table is made of a ruleset,
its options and house rules (described as the installed plugins describe them), and a person or
a bot per seat; its links are copied and joined under a name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from browser_helpers import SCRIPTED, lobby, needs_chromium, new_page, shoot, view
from playwright.sync_api import Browser, expect
from server_helpers import running_server

from rummy_core.engine.plugin import ruleset_title
from rummy_core.engine.registry import house_rules, rulesets
from rummy_core.server.catalogue import advanced, plain_words

pytestmark = needs_chromium


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path / 'server.sqlite3'}", SCRIPTED) as url:
        yield url


def test_the_start_page_offers_what_is_installed_with_its_descriptions(
    base: str, browser: Browser
) -> None:
    page = lobby(browser, base)
    names = page.locator("#ruleset option").all_inner_texts()
    assert names == [ruleset_title(cls) for _, cls in sorted(rulesets().items())]
    for name, ruleset in rulesets().items():
        page.select_option("#ruleset", name)
        expect(page.locator("#ruleset-summary")).to_have_text(ruleset.summary)
        offered = page.locator("#house-rules .rule").evaluate_all(
            "(rules) => rules.map((r) => r.dataset.rule)"
        )
        meant = [n for n, rule in sorted(house_rules().items()) if name in rule.applies_to]
        assert offered == meant
        for rule in meant:
            box = page.locator(f'#house-rules .rule[data-rule="{rule}"]')
            expect(box).to_contain_text(house_rules()[rule].summary)
            # Its summary says it, not its name (#36 point 6): "pile-penalty" is for the text.
            if "-" in rule:
                assert rule not in box.inner_text()
        # Each option in players' words: the ruling ids are on the rules page, and the safety
        # caps fold away under Advanced.
        for field, info in ruleset.Options.model_fields.items():
            if field != "players" and isinstance(info.default, int | str | None):
                where = "#advanced-options" if advanced(field) else "#options"
                said = plain_words(info.description or "")
                if isinstance(info.json_schema_extra, dict) and info.json_schema_extra.get("needs"):
                    # Shown once the option it needs has a value (gin's bonuses: a target).
                    expect(page.locator(f"#{name}-{field}")).to_be_hidden()
                else:
                    expect(page.locator(where)).to_contain_text(said)
        expect(page.locator("#advanced-options")).to_be_hidden()
        assert not re.search(r"\b[ACHR]\d+\b|null", page.locator("#options").inner_text())
        expect(page.locator("#seat-count")).to_have_attribute(
            "max", str(ruleset.Options.max_players)
        )
    # Hungarian's ace choices in players' words; the variant keeps the option's own values.
    page.select_option("#ruleset", "hungarian")
    aces = page.locator("#hungarian-ace option").all_inner_texts()
    assert aces == ["10 points, always", "1 in A-2-3, 11 elsewhere"]
    page.select_option("#hungarian-ace", label="1 in A-2-3, 11 elsewhere")
    expect(page.locator("#variant-text")).to_have_text("hungarian:ace=low-high")
    # Classic's target may be none: a single hand, a choice of its own (no "null" to type).
    page.select_option("#ruleset", "classic")
    page.get_by_role("radio", name="A single hand").check()
    expect(page.locator("#classic-target")).to_be_disabled()
    expect(page.locator("#variant-text")).to_have_text("classic:target=none")
    page.get_by_role("radio", name="A race to a number of points").check()
    page.get_by_role("spinbutton", name="A race to a number of points").fill("150")
    expect(page.locator("#variant-text")).to_have_text("classic:target=150")
    page.get_by_text("Advanced").click()
    page.locator("#classic-turn_cap").fill("300")
    expect(page.locator("#variant-text")).to_have_text("classic:target=150,turn_cap=300")
    # Gin's game and line bonuses count only in a race (G14): shown with a target, and left
    # out of the variant again with a single hand; big gin's bonus only with big gin.
    page.select_option("#ruleset", "gin")
    expect(page.locator("#gin-game_bonus")).to_be_hidden()
    page.get_by_role("radio", name="A race to a number of points").check()
    page.get_by_role("spinbutton", name="A race to a number of points").fill("100")
    expect(page.locator("#gin-game_bonus")).to_be_visible()
    shoot(page, "lobby-gin-race-desktop")
    page.locator("#gin-line_bonus").fill("20")
    expect(page.locator("#variant-text")).to_have_text("gin:target=100,line_bonus=20")
    page.get_by_role("radio", name="A single hand").check()
    expect(page.locator("#gin-line_bonus")).to_be_hidden()
    expect(page.locator("#variant-text")).to_have_text("gin")
    # Big gin's bonus, once big gin is played (G13).
    expect(page.locator("#gin-big_gin_bonus")).to_be_hidden()
    page.locator("#gin-big_gin").check()
    page.locator("#gin-big_gin_bonus").fill("40")
    expect(page.locator("#variant-text")).to_have_text("gin:big_gin=true,big_gin_bonus=40")
    shoot(page, "lobby-desktop")
    phone = lobby(browser, base, phone=True)
    phone.select_option("#ruleset", "riverside")
    phone.check('input[name="rule-pile-penalty"]')
    expect(phone.locator('#house-rules .rule[data-rule="pile-penalty"] .options')).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the start page scrolls sideways on a phone"
    shoot(phone, "lobby-phone")


def test_a_table_made_on_the_start_page_is_joined_by_its_link(base: str, browser: Browser) -> None:
    page = lobby(browser, base)
    page.select_option("#ruleset", "hungarian")
    page.fill("#hungarian-hands", "3")
    page.check('input[name="rule-two-jokers-per-meld"]')
    page.fill("#seat-count", "3")
    page.select_option('select[name="seat-1"]', label="bot: easy")
    page.select_option('select[name="seat-2"]', "person")
    expect(page.locator("#variant-text")).to_have_text("hungarian:hands=3+two-jokers-per-meld")
    page.click("#create-button")
    links = page.locator("#links li")
    expect(links).to_have_count(2)
    expect(links.nth(0)).to_contain_text("Seat 1")
    expect(links.nth(1)).to_contain_text("Seat 3")
    url = links.nth(1).locator("input").input_value()
    assert "#seat=2&token=" in url
    links.nth(1).get_by_role("button", name="Copy").click()
    expect(links.nth(1).get_by_role("button", name="Copied")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == url
    expect(page.locator("#tables")).to_contain_text("Hungarian Römi")
    assert "hungarian:" not in page.locator("#tables").inner_text()
    shoot(page, "lobby-created")

    # The link on a phone: the table, the seat and a name field, then the table itself.
    friend = new_page(browser, phone=True)
    friend.goto(url)
    # The game by its title and its house rule by what it does, not "hungarian, 3 players".
    expect(friend.locator("#join-table")).to_have_text(
        "Hungarian Römi, 3 players · hand 1 · waiting for everyone to join."
    )
    expect(friend.locator("#join-rules")).to_have_text(house_rules()["two-jokers-per-meld"].summary)
    expect(friend.locator("#join-variant")).to_have_text("hungarian:hands=3+two-jokers-per-meld")
    expect(friend.locator("#join-seat")).to_have_text("This link is for seat 3.")
    expect(friend.locator("#join-seats li")).to_have_count(3)
    expect(friend.locator("#join-seats li").nth(1)).to_contain_text("easy bot")
    expect(friend.locator("#join-seats li.this")).to_contain_text("your seat")
    expect(friend.locator("#main")).to_be_hidden()
    shoot(friend, "join-phone")
    friend.fill("#join-name", "Bea")
    friend.click("#join-button")
    expect(friend.locator("#status")).to_have_text("connected")
    friend.wait_for_function("window.rummyTable.view !== null")
    assert view(friend)["seat"] == 2
    expect(friend.locator("#hand .card")).to_have_count(len(view(friend)["hand"]))
    # The lobby now lists her by name, here; a reload of her page goes straight to the table.
    expect(page.locator("#tables")).to_contain_text("3: Bea (here)", timeout=8000)
    friend.reload()
    expect(friend.locator("#status")).to_have_text("connected")
    expect(friend.locator("#join")).to_be_hidden()
    # Someone opening the same link elsewhere is told it takes the seat over.
    other = new_page(browser)
    other.goto(url)
    expect(other.locator("#join-seat")).to_contain_text("joining here takes it over")
    # The host hands the seat to a bot from the start page (no token to copy), and the link
    # says so and offers to watch instead.
    links.nth(1).get_by_role("button", name="Give to a bot").click()
    expect(links.nth(1)).to_contain_text("A bot plays this seat now.")
    expect(friend.locator("#status")).to_have_text("a bot now plays this seat")
    expect(page.locator("#tables")).to_contain_text("3: normal bot", timeout=8000)
    # The token is still there for scripts, out of the way.
    table_id = url.split("/table/")[1].split("#")[0]
    token = page.locator("#creator").text_content() or ""
    again = httpx.post(
        f"{base}/api/tables/{table_id}/seats/0/bot",
        json={"bot": "random"},
        headers={"authorization": f"Bearer {token}"},
    )
    assert again.status_code == 200, again.text
    late = new_page(browser)
    late.goto(url)
    expect(late.locator("#join-seat")).to_contain_text("A bot plays seat 3 now")
    expect(late.locator("#join-form")).to_be_hidden()
    late.get_by_role("link", name="watch the table").click()
    expect(late.locator("#status")).to_have_text("connected")
    late.wait_for_function("window.rummyTable.view !== null")
    assert late.evaluate("window.rummyTable.seat") is None
    expect(late.locator("#who")).to_have_text("Watching")
