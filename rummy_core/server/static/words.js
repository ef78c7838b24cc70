// What happened, in words: the log's lines and the score sheet's explanation.
import { label } from "./cards.js";

const SOURCES = { stock: "the stock", discard: "the pile", cut: "the cut card" };
const cards = (list) => list.map(label).join(" ");

/** One event as a line of the log; ``who`` names each seat ("You" for the reader's own). */
export function describeEvent(e, who, seat) {
  const name = who[e.seat] ?? `Seat ${e.seat + 1}`;
  switch (e.type) {
    case "dealt": return `Hand ${e.hand_number} dealt.`;
    case "cut_offered": return `${name} is to cut the deck of ${e.cards} cards.`;
    case "cut": return `${name} cut the deck ${e.depth === null ? "anywhere" : `${e.depth} cards down`}.`;
    case "drew": {
      const what = e.cards ? cards(e.cards) : `${e.count} card${e.count === 1 ? "" : "s"}`;
      return `${name} took ${what} from ${SOURCES[e.source] ?? e.source}.`;
    }
    case "melded": return `${name} melded ${cards(e.cards)}.`;
    case "laid_off": return `${name} laid off ${cards(e.cards)} on meld ${e.meld + 1}.`;
    case "swapped": return `${name} swapped ${label(e.card)} for the ${label(e.wild)} on meld ${e.meld + 1}.`;
    case "discarded": return e.face_down ? `${name} closed with a card face down.` : `${name} discarded ${label(e.card)}.`;
    case "refilled": return `The stock was refilled from the pile (${e.stock} cards).`;
    case "took_back": return e.draw ? `${name} gave back ${SOURCES[e.source] ?? "the draw"} and took back the turn's plays.` : `${name} took back the turn's plays.`;
    case "hand_ended": return e.seat === null ? `The hand ended (${e.reason === "stock" ? "the stock ran out" : "no one went out"}).` : `${name} went out.`;
    case "match_ended": return `The match is over: ${e.winners.map((w) => who[w]).join(" and ")} won.`;
    default: return `${e.type.replace("_", " ")}${e.seat !== undefined ? ` (${name})` : ""}.`;
  }
}

/** Why each seat's points are what they are, a sentence a seat, read off the numbers and the
 * sheet's counting as the terminal game's sheet does (no ruleset is named here). */
export function explainScores(v, out, sheet, who) {
  const points = out.hand_scores ?? [];
  const winner = out.went_out ?? null;
  const { worth, on_table: credit } = sheet;
  const lines = [];
  if (winner === null) lines.push(out.reason === "stock" ? "The stock ran out: nobody went out." : "Nobody went out.");
  who.forEach((name, seat) => {
    const p = points[seat] ?? 0, left = worth[seat], others = worth.reduce((a, b) => a + b, 0) - left;
    let why;
    if (seat === winner) {
      let how = sheet.all_at_once ? "went out all at once" : "went out";
      if (sheet.face_down) how += ", closing with a face-down discard that counts for nobody";
      if (sheet.table_scores && p === credit[seat] - left) why = `${how}: ${credit[seat]} on the table`;
      else if (others && p === 2 * others) why = `${how}: the others' cards, ${others}, doubled`;
      else if (others && p === others) why = `${how}: the others' cards, ${others}`;
      else why = `${how}: ${p} points`;
    } else if (sheet.opening && !v.opened[seat] && ![left, -left, 0].includes(p)) why = `never opened: ${p} points`;
    else if (credit[seat] && p === credit[seat] - left) why = `${credit[seat]} on the table, less ${left} in hand`;
    else if (p === left) why = `the cards left in hand, ${left}`;
    else if (left && p === -left) why = `the cards left in hand count against them: ${p}`;
    else if (p === 0 && winner !== null) why = `scores nothing: the points go to ${who[winner]}`;
    else why = `${p} points`;
    lines.push(`${name}: ${why}.`);
  });
  return lines;
}
