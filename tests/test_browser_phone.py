"""The table on a phone, measured in Chromium: with ten melds on a four-player Hungarian table,
the whole hand and the action buttons stay in view at the bottom (scrolled to the top of the
page or to its end), the players take one compact strip, the log is folded away, and every
meld card shows its rank ("10♥") and what a joker stands for ("=J♦") in full, no card over
another."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    join,
    needs_chromium,
    new_page,
    shoot,
    state_id,
    table_at,
    view,
    wait_moved,
)
from playwright.sync_api import Browser, Page, ViewportSize, expect

pytestmark = needs_chromium

TEN_MELDS: dict[str, Any] = {
    "players": 4,
    "dealer": 3,
    "turn": 0,
    "turns_taken": [3, 3, 3, 3],
    "hands": [
        ["2C", "3D", "4H", "5S", "6H", "8C", "8D", "9D", "10C", "QS", "QC", "KH", "AH", "AD"],
        ["2H", "3H", "4S", "5H"],
        ["6S", "6D", "8S"],
        ["2D", "4C", "QH", "KD"],
    ],
    "discard": ["5D"],
    "stock": ["JS", "AC", "2S"],
    "opened": [False, True, True, True],
    "table": [
        {"owner": 1, "cards": ["10H", "JH", "QH"]},
        {"owner": 2, "cards": ["10S", "10D", "10C"]},
        {"owner": 3, "cards": ["3C", "4C", "5C", "6C", "7C"]},
        {"owner": 1, "cards": ["10D", "JK=JD", "QD", "KD"]},
        {"owner": 2, "cards": ["7S", "7H", "7D"]},
        {"owner": 3, "cards": ["AS", "2S", "3S"]},
        {"owner": 1, "cards": ["8H", "9H", "10H"]},
        {"owner": 2, "cards": ["KC", "KH", "KS"]},
        {"owner": 3, "cards": ["4D", "5D", "6D", "7D"]},
        {"owner": 1, "cards": ["9S", "9C", "JK=9H"]},
    ],
}

IN_VIEW = """
(selector) => [...document.querySelectorAll(selector)].filter((el) => !el.hidden).flatMap((el) => {
  const r = el.getBoundingClientRect();
  const what = `${el.id || el.dataset.card}`;
  if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) {
    return [`${what} is out of view (${Math.round(r.top)}..${Math.round(r.bottom)})`];
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return el.contains(hit) ? [] : [`${what} is covered by ${hit?.className || hit?.tagName}`];
})
"""
"""Each matching element that is not wholly in the viewport, or is under something else."""

MELD_CARDS = """
() => {
  const problems = [];
  const cards = [...document.querySelectorAll('#melds .card')];
  for (const card of cards) {
    const box = card.getBoundingClientRect();
    for (const part of card.querySelectorAll('.rank, .stands')) {
      const r = part.getBoundingClientRect();
      const outside = r.left < box.left - .5 || r.right > box.right + .5
        || r.top < box.top - .5 || r.bottom > box.bottom + .5;
      if (outside || part.scrollWidth > part.clientWidth + 1) {
        problems.push(`"${part.textContent}" is cut off`);
      }
    }
  }
  cards.forEach((a, i) => cards.slice(i + 1).forEach((b) => {
    const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (x > .5 && y > .5) problems.push(`${a.dataset.card} and ${b.dataset.card} overlap`);
  }));
  for (const meld of document.querySelectorAll('#melds .meld')) {
    meld.scrollIntoView({ block: 'start' });
    for (const part of meld.querySelectorAll('.rank, .stands')) {
      const r = part.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!part.contains(hit)) problems.push(`"${part.textContent}" is hidden`);
    }
  }
  window.scrollTo(0, 0);
  return problems;
}
"""
"""Each meld card's rank or wild tag that sticks out of its card, is hidden, or overlaps."""


def measure(page: Page, label: str) -> None:
    for where in ("top", "end"):
        page.evaluate(
            "(where) => window.scrollTo(0, where === 'top' ? 0 : document.body.scrollHeight)", where
        )
        problems = page.evaluate(IN_VIEW, "#hand .card, #actions button")
        assert not problems, f"{label}, scrolled to the {where}: {problems}"
    problems = page.evaluate(MELD_CARDS)
    assert not problems, f"{label}: {problems}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("innerWidth"), f"{label}: the page scrolls sideways"


@pytest.mark.parametrize(
    "size", [{"width": 360, "height": 640}, {"width": 390, "height": 844}], ids=["360", "390"]
)
def test_ten_melds_leave_the_hand_and_buttons_in_view(
    tmp_path: Path, browser: Browser, size: ViewportSize
) -> None:
    bots: list[str | None] = [None, "greedy", "greedy", "greedy"]
    with table_at(tmp_path, "hungarian", bots, TEN_MELDS, pause=30) as (_, links):
        page = join(new_page(browser, phone=True, viewport=size), links[0])
        expect(page.locator("#melds .meld")).to_have_count(10)
        expect(page.locator('#melds .card[data-card="JK"] .stands').first).to_have_text("=J♦")
        # The players in one row; the log folded away, a tap opens it.
        rows = page.evaluate(
            "new Set([...document.querySelectorAll('#seats li')]"
            ".map((li) => Math.round(li.getBoundingClientRect().top))).size"
        )
        assert rows == 1, f"the four players take {rows} rows"
        expect(page.locator("#log")).to_be_hidden()
        measure(page, "drawing")
        shoot(page, f"phone-ten-melds-{size['width']}", full_page=False)
        before = state_id(page)
        page.click("#stock")
        wait_moved(page, before)
        assert len(view(page)["hand"]) == 15
        measure(page, "after the draw")
        page.locator("#log-fold summary").click()
        expect(page.locator("#log")).to_be_visible()
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        shoot(page, f"phone-ten-melds-{size['width']}-drawn", full_page=False)
        page.context.close()
