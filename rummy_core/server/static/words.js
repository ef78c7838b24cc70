// The score sheet's explanation and a list of names, in the page's language (each sentence
// whole, never glued from pieces). The log's lines come from the server, already in words.
import { t, tn } from "./i18n.js";

/** The names of several seats: "A", "A and B", "A, B and C". */
export function joinNames(names) {
  if (names.length < 2) return names.join("");
  return t("{first} and {last}", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

/** Why each seat's points are what they are, a sentence a seat: the rules' own items, which
 * the server sends in the page's language (the sheet's ``why``), so nothing here reads a rule
 * off the numbers. A seat with no items scored its points with nothing to say about them. */
export function explainScores(out, sheet, who) {
  const points = out.hand_scores ?? [];
  const lines = [];
  if ((out.went_out ?? null) === null) lines.push(out.reason === "stock" ? t("The stock ran out: nobody went out.") : t("Nobody went out."));
  who.forEach((name, seat) => {
    const items = sheet.why[seat] ?? [];
    const p = points[seat] ?? 0;
    const why = items.length ? items.map((item) => item.message).join("; ") : tn("{count} point", "{count} points", Math.abs(p), { count: p });
    lines.push(t("{name}: {why}.", { name, why }));
  });
  return lines;
}
