// The end of a hand: the scores, and the score sheet with each seat's cards left and the rules'
// own reasons for the points, as the server sends them (the page reads no rule off numbers).
import { cardElement, label, sorted } from "./cards.js";
import { t } from "./i18n.js";
import { explainScores, joinNames } from "./words.js";

const $ = (id) => document.getElementById(id);

/** The scores table: each seat's name and points. */
export function renderScores(v, who) {
  const rows = who.map((name, i) => `<tr><td></td><td>${v.scores[i]}</td></tr>`).join("");
  const table = $("scores");
  table.innerHTML = `<tr><th></th><th></th></tr>${rows}`;
  const [player, points] = table.querySelectorAll("th");
  player.textContent = t("Player");
  points.textContent = t("Points");
  [...table.querySelectorAll("tr td:first-child")].forEach((td, i) => { td.textContent = who[i]; });
}

/** The score sheet once a hand is over (the dialog, opened once per hand), and the bar that
 * keeps it and the next hand a click away; ``s`` is the table page's state (its ``sheet``, its
 * ``seat``, and ``sheetFor``, the hand the sheet was last opened for), ``host`` whether this
 * browser made the table (its sheet offers to change the rules). */
export function renderSheet(v, who, s, host, tableId) {
  const over = v.phase === "hand_over" || v.phase === "match_over";
  const dialog = $("sheet");
  // Closed to look at the table, the sheet stays one click away, and so does the next hand.
  $("over-bar").hidden = !over || !s.sheet;
  $("next-hand-bar").hidden = v.phase === "match_over" || s.seat === null;
  $("rematch-bar").hidden = v.phase !== "match_over" || s.seat === null;
  if (!over || !s.sheet) { if (dialog.open) dialog.close(); return; }
  const key = `${v.hand_number}:${v.phase}`;
  if (s.sheetFor === key) return;
  s.sheetFor = key;
  const sheet = s.sheet;
  const out = v.outcome ?? {};
  // A single hand may end a match with no winner (a void hand, gin's equal counts).
  $("sheet-title").textContent = v.phase !== "match_over" ? t("Hand {number} is over", { number: v.hand_number })
    : v.winners.length ? t("The match is over: {names} won", { names: joinNames(v.winners.map((w) => who[w])) })
    : t("The match is over with no winner");
  const cell = (tag, ...content) => { const el = document.createElement(tag); el.append(...content); return el; };
  const head = cell("tr", ...[t("Player"), t("Left in hand"), t("Worth"), t("This hand"), t("Total")].map((text) => cell("th", text)));
  const rows = who.map((name, i) => {
    const left = sheet.leftover[i];
    const cards = Object.assign(cell("span", ...sorted(left, false).map((c) => cardElement(c))), { className: "cards" });
    const hand = cell("td", left.length ? cards : t("none"));
    hand.className = "left";
    hand.setAttribute("aria-label", left.length ? left.map(label).join(" ") : t("none"));
    return cell("tr", cell("td", name), hand, cell("td", String(sheet.worth[i])),
      cell("td", String(out.hand_scores?.[i] ?? "")), cell("td", String(v.scores[i])));
  });
  $("sheet-table").replaceChildren(head, ...rows);
  $("sheet-why").replaceChildren(...explainScores(out, sheet, who).map((line) => cell("li", line)));
  $("next-hand").hidden = v.phase === "match_over" || s.seat === null;
  // At the match's end: another of the same seats and rules, or new rules (the host's).
  $("rematch").hidden = v.phase !== "match_over" || s.seat === null;
  $("change-rules").hidden = v.phase !== "match_over" || !host;
  $("change-rules").href = `/?rematch=${tableId}`;
  if (!dialog.open) dialog.showModal();
}
