"""The browser table in Debian's Chromium, driven by Playwright: clicks, keys, drags and touch.

Each test starts the server on a free loopback port. The deals are the server's own (its seed
never leaves it), so a test reads its hand from the page and plays what that hand allows.
Screenshots go to ``build/screenshots`` for a person to look at; they are not committed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    DESKTOP,
    PHONE,
    SCRIPTED,
    box_of,
    card_button,
    hand_cards,
    join,
    needs_chromium,
    new_page,
    open_seat,
    select,
    shoot,
    state_id,
    view,
    wait_moved,
    wait_my_turn,
)
from playwright.sync_api import Browser, Page, WebSocketRoute, expect
from server_helpers import Client, create_table, of_type, running_server

from rummy_core.engine.cards import card_name, parse_card
from rummy_core.engine.meldrules import MeldRules
from rummy_core.engine.setup import new_game
from rummy_core.present.plays import held_melds

pytestmark = needs_chromium


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with running_server(f"sqlite:///{tmp_path / 'server.sqlite3'}", SCRIPTED) as url:
        yield url


def rules_of(variant: str) -> MeldRules:
    return new_game(variant, players=2, seed=0).hooks.meld_rules


def a_held_meld(page: Page, rules: MeldRules) -> list[str] | None:
    hand = [parse_card(c) for c in view(page)["hand"]]
    melds = held_melds(hand, rules)
    return [card_name(c) for c in melds[0].cards] if melds else None


def play_turn_by_clicks(page: Page, rules: MeldRules) -> None:
    """Draw from the stock, meld what the hand holds, lay off what fits, discard the highest."""
    before = state_id(page)
    page.click("#stock")
    wait_moved(page, before)
    while (meld := a_held_meld(page, rules)) and len(view(page)["hand"]) > len(meld):
        before = state_id(page)
        select(page, meld)
        page.click("#meld")
        wait_moved(page, before)
    for card in list(hand_cards(page)):
        if len(view(page)["hand"]) <= 1 or card not in view(page)["hand"]:
            continue
        select(page, [card])
        glowing = page.locator("#melds .meld.glow")
        if glowing.count():
            before = state_id(page)
            glowing.first.click()
            if page.locator("#chooser[open]").count():
                page.locator("#chooser-options button").first.click()
            wait_moved(page, before)
        else:
            card_button(page, card).click()  # unselect
    hand = view(page)["hand"]
    before = state_id(page)
    select(page, [hand[-1]])
    page.click("#discard-button")
    wait_moved(page, before)


def test_a_classic_hand_by_clicks_ends_in_the_score_sheet(base: str, browser: Browser) -> None:
    table = create_table(base, "classic", [None, "greedy"], 0)
    page = open_seat(browser, table["links"][0]["url"])
    shoot(page, "classic-desktop")
    rules = rules_of("classic")
    for _ in range(60):
        wait_my_turn(page)
        if view(page)["phase"] in ("hand_over", "match_over"):
            break
        play_turn_by_clicks(page, rules)
    sheet = page.locator("#sheet")
    expect(sheet).to_be_visible(timeout=20000)
    text = sheet.inner_text()
    assert "went out" in text or "stock ran out" in text
    scores = view(page)["outcome"]["hand_scores"]
    for points in scores:
        assert str(points) in text
    shoot(page, "classic-desktop-score-sheet")


def test_an_illegal_meld_shows_the_engines_message_and_changes_nothing(
    base: str, browser: Browser
) -> None:
    table = create_table(base, "classic", [None, "greedy"], 0)
    page = open_seat(browser, table["links"][0]["url"])
    wait_my_turn(page)
    before = state_id(page)
    page.click("#stock")
    wait_moved(page, before)
    hand = view(page)["hand"]
    rules = rules_of("classic")
    pair = next(
        [a, b]
        for a in hand
        for b in hand
        if a != b and not held_melds([parse_card(a), parse_card(b)], rules)
    )
    select(page, pair)
    page.click("#meld")
    expect(page.locator("#message")).to_contain_text("not a run or a set")
    assert view(page)["hand"] == hand
    assert view(page)["table"] == [] or all(m["owner"] != 0 for m in view(page)["table"])
    # A reload mid-turn resumes the same turn, with the same hand, still to play.
    page.reload()
    page.wait_for_function("window.rummyTable.view !== null")
    assert sorted(view(page)["hand"]) == sorted(hand)
    assert view(page)["phase"] == "play" and view(page)["turn"] == 0


def test_a_drag_onto_the_pile_discards(base: str, browser: Browser) -> None:
    table = create_table(base, "classic", [None, "greedy"], 5)
    page = open_seat(browser, table["links"][0]["url"])
    wait_my_turn(page)
    before = state_id(page)
    page.keyboard.press("d")
    wait_moved(page, before)
    card = hand_cards(page)[0]
    before = state_id(page)
    card_button(page, card).drag_to(page.locator("#discard"))
    wait_moved(page, before)
    assert view(page)["top_discard"] == card
    assert len(view(page)["hand"]) == 10


def test_an_action_while_disconnected_is_said_and_not_dropped(base: str, browser: Browser) -> None:
    # Game night: a click while the server cannot be reached tells the player so, the page looks
    # offline, and nothing is sent; back online, the same click plays.
    table = create_table(base, "classic", [None, "greedy"], 5)
    page = open_seat(browser, table["links"][0]["url"])
    wait_my_turn(page)
    before = state_id(page)
    page.evaluate("window.rummyTable.ws.close()")
    page.keyboard.press("d")
    expect(page.locator("#message")).to_contain_text("Not connected: that was not sent.")
    expect(page.locator("body")).to_have_class(re.compile(r"\boffline\b"))
    shoot(page, "offline-action-said")
    expect(page.locator("#status")).to_have_text("connected", timeout=15_000)
    expect(page.locator("body")).not_to_have_class(re.compile(r"\boffline\b"))
    assert state_id(page) == before and len(view(page)["hand"]) == 10
    page.keyboard.press("d")
    wait_moved(page, before)
    assert len(view(page)["hand"]) == 11


def test_a_tap_the_server_never_answered_is_sent_again_after_the_reconnection(
    base: str, browser: Browser
) -> None:
    # Never lose a tap (#36): the draw reaches a connection that dies before any answer (as
    # when the server is killed between the tap and its answer); back, the page sends it again.
    table = create_table(base, "classic", [None, "greedy"], 5)
    lost: list[str] = []

    def relay(route: WebSocketRoute) -> None:
        server = route.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if not lost and '"type":"action"' in str(message):
                lost.append(str(message))
                server.close()
                route.close(code=1012, reason="restarting")
                return
            server.send(message)

        route.on_message(from_page)

    page = new_page(browser)
    page.route_web_socket(re.compile(r".*/ws/tables/.*"), relay)
    join(page, table["links"][0]["url"])
    wait_my_turn(page)
    before = state_id(page)
    page.keyboard.press("d")
    expect(page.locator("#message")).to_have_text(
        "Back: your last move was sent again.", timeout=15_000
    )
    wait_moved(page, before)
    assert lost and '"draw"' in lost[0]
    assert len(view(page)["hand"]) == 11 and view(page)["drew"] == "stock"


def touch_drag(page: Page, source: Any, target: Any) -> None:
    """A finger's drag, as touch events (Chromium turns them into pointer events)."""
    cdp = page.context.new_cdp_session(page)
    a, b = box_of(source), box_of(target)
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
    )
    for step in range(1, 11):
        x, y = x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_touch_drags_on_a_phone_discard_and_lay_off(base: str, browser: Browser) -> None:
    table = create_table(base, "classic", [None, None], 0)
    pages = [open_seat(browser, link["url"], phone=True) for link in table["links"]]
    rules = rules_of("classic")
    # Play turns by clicks until a hand holds a card that fits a meld on the table.
    for _ in range(40):
        page = next(p for p in pages if view(p)["turn"] == p.evaluate("window.rummyTable.seat"))
        wait_my_turn(page)
        assert view(page)["phase"] == "draw"
        before = state_id(page)
        page.locator("#stock").tap()
        wait_moved(page, before)
        while (meld := a_held_meld(page, rules)) and len(view(page)["hand"]) > len(meld):
            before = state_id(page)
            select(page, meld)
            page.locator("#meld").tap()
            wait_moved(page, before)
        fits = [c for c in view(page)["hand"] if fits_somewhere(page, c)]
        if fits and len(view(page)["hand"]) > 1:
            before = state_id(page)
            index = fits_somewhere(page, fits[0])
            target = page.locator(f'#melds .meld[data-index="{index[0]}"]')
            touch_drag(page, card_button(page, fits[0]), target)
            if page.locator("#chooser[open]").count():
                page.locator("#chooser-options button").first.tap()
            wait_moved(page, before)
            assert fits[0] not in view(page)["hand"] or view(page)["hand"].count(fits[0]) < 2
            shoot(page, "classic-phone-after-lay-off")
            card = hand_cards(page)[0]
            before = state_id(page)
            touch_drag(page, card_button(page, card), page.locator("#discard"))
            wait_moved(page, before)
            assert view(page)["top_discard"] == card
            return
        before = state_id(page)
        select(page, [view(page)["hand"][-1]])
        page.locator("#discard-button").tap()
        wait_moved(page, before)
        if view(page)["phase"] != "draw":
            pytest.skip("the hand ended before any card fitted a meld")
    pytest.fail("no card ever fitted a meld on the table")


def fits_somewhere(page: Page, card: str) -> list[int]:
    """The table melds ``card`` can be laid off on, as the server answers the page."""
    found: list[int] = page.evaluate(
        """(card) => new Promise((done) => {
            const s = window.rummyTable;
            const key = card;
            if (!s.waiting.has(key)) s.waiting.set(key, []);
            s.waiting.get(key).push(
                (c) => done(c.plays.filter((p) => p.kind !== "meld").map((p) => p.meld)));
            s.ws.send(JSON.stringify({type: "choices", cards: [card], state_id: s.stateId}));
        })""",
        card,
    )
    return found


def test_two_seats_see_their_own_hands_and_each_others_moves(base: str, browser: Browser) -> None:
    table = create_table(base, "hungarian", [None, None], 0)
    pages = [
        open_seat(browser, link["url"], phone=(i == 1)) for i, link in enumerate(table["links"])
    ]
    for i, page in enumerate(pages):
        assert view(page)["seat"] == i
        shown = page.locator("#hand .card").count()
        assert shown == len(view(page)["hand"])
    # The Hungarian cut (H12): the seat that cuts chooses how deep on the deck's strip.
    cutter = next(
        p for p in pages if view(p)["phase"] == "cut" and view(p)["turn"] == view(p)["seat"]
    )
    other = next(p for p in pages if p is not cutter)
    expect(cutter.locator("#cut-panel")).to_be_visible()
    expect(other.locator("#cut-text")).to_contain_text("is cutting")
    shoot(cutter, "hungarian-cut-" + ("phone" if cutter is pages[1] else "desktop"))
    cutter.locator("#cut-depth").fill("30")
    before = state_id(other)
    cutter.click("#cut-here")
    wait_moved(other, before)  # the cut pushed to the other seat
    for page in pages:
        page.wait_for_function("window.rummyTable.view.phase === 'play'")
        assert len(view(page)["on_show"]["cut"]) == 1
    # The starter holds one card more and opens the hand with a discard (H3).
    starter = next(p for p in pages if view(p)["turn"] == view(p)["seat"])
    before = state_id(starter)
    select(starter, [view(starter)["hand"][0]])
    starter.click("#discard-button")
    for page in pages:
        wait_moved(page, before)
    mover = next(p for p in pages if view(p)["turn"] == view(p)["seat"])
    watcher = next(p for p in pages if p is not mover)
    seat = view(mover)["seat"]
    size = view(mover)["hand_sizes"][seat]
    assert view(watcher)["hand_sizes"][seat] == size
    # Take the cut card (H7), then give it back with the one control.
    (cut,) = view(mover)["on_show"]["cut"]
    expect(mover.locator("#take-cut")).to_be_visible()
    before = state_id(mover)
    mover.locator("#take-cut").click()
    wait_moved(mover, before)
    assert cut in view(mover)["hand"]
    watcher.wait_for_function(f"window.rummyTable.view.hand_sizes[{seat}] === {size + 1}")
    back = mover.locator("#take-back")
    expect(back).to_have_text("Give back the cut card")
    shoot(mover, "hungarian-cut-card-" + ("phone" if mover is pages[1] else "desktop"))
    before = state_id(mover)
    back.click()
    wait_moved(mover, before)
    assert view(mover)["phase"] == "draw"
    assert "cut" not in view(mover)["draw_sources"]
    assert cut not in view(mover)["hand"] or view(mover)["hand"].count(cut) == 1
    watcher.wait_for_function(f"window.rummyTable.view.hand_sizes[{seat}] === {size}")
    # The watcher never holds the mover's hand in its page.
    assert watcher.evaluate("window.rummyTable.view.seat") != seat


def test_four_players_on_a_phone_keep_the_hand_above_the_fold(base: str, browser: Browser) -> None:
    # Game night: the seat chips of four players take two rows on a phone, not four.
    table = create_table(base, "riverside", [None, "greedy", "greedy", "greedy"], 0)
    page = open_seat(browser, table["links"][0]["url"], phone=True)
    rows = page.evaluate(
        "new Set([...document.querySelectorAll('#seats li')]"
        ".map((li) => Math.round(li.getBoundingClientRect().top))).size"
    )
    assert rows <= 2, f"the four seats take {rows} rows"
    expect(page.locator("#seats li").first).not_to_contain_text("pts", use_inner_text=True)
    hand_top = page.evaluate("document.getElementById('hand').getBoundingClientRect().top")
    assert hand_top < PHONE["height"], "the hand is below the fold"
    shoot(page, "riverside-four-players-phone")


@pytest.mark.parametrize("variant", ["classic", "riverside", "hungarian"])
def test_screenshots_at_phone_and_desktop_sizes(base: str, browser: Browser, variant: str) -> None:
    table = create_table(base, variant, [None, "greedy", "greedy"], 0)
    for phone in (False, True):
        page = open_seat(browser, table["links"][0]["url"], phone=phone)
        if view(page)["phase"] == "cut" and view(page)["turn"] == 0:
            page.click("#cut-anywhere")
        wait_my_turn(page)
        if view(page)["phase"] == "draw":
            before = state_id(page)
            page.click("#stock")
            wait_moved(page, before)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= (PHONE if phone else DESKTOP)["width"], "the page scrolls sideways"
        smallest = page.evaluate(
            "Math.min(...[...document.querySelectorAll('#hand .card, .big')]"
            ".filter((e) => e.offsetParent !== null).map((e) =>"
            " Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height)))"
        )
        assert smallest >= 44, f"a target is {smallest} px"
        shoot(page, f"{variant}-{'phone' if phone else 'desktop'}")
        page.context.close()


def test_choices_answer_only_about_ones_own_cards(base: str) -> None:
    table = create_table(base, "classic", [None, None], 0)
    links = table["links"]
    client = Client(base, table["table"]["id"], links[0]["token"])
    try:
        welcome = client.wait_for(of_type("welcome"))
        hand = welcome["view"]["hand"]
        client.send({"type": "choices", "cards": hand[:1]})
        answer = client.wait_for(of_type("choices"))
        assert answer["cards"] == hand[:1] and answer["state_id"] == welcome["state_id"]
        assert answer["plays"] == []  # nothing to play before the draw
        stranger = next(c for c in ("AS", "KH", "5D", "9C", "QC", "2H") if c not in hand)
        client.send({"type": "choices", "cards": [stranger]})
        refused = client.wait_for(of_type("refused"))
        assert refused["code"] == "not_in_hand"
    finally:
        client.close()
