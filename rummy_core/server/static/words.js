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

/** Why the hand's points are what they are, from the outcome and what the table showed. */
export function explainScores(v, out, who, openedBefore) {
  const scores = out.hand_scores ?? [];
  const winner = out.went_out;
  const lines = [];
  if (winner === null || winner === undefined) {
    lines.push(out.reason === "stock" ? "The stock ran out, so nobody went out." : "Nobody went out.");
  } else {
    lines.push(`${who[winner]} went out.`);
  }
  if (v.ruleset === "classic" && winner !== null && winner !== undefined) {
    const rummy = openedBefore && openedBefore[winner] === false;
    lines.push(`The others' cards count for the winner: ${scores[winner]} points${rummy ? ", doubled for a rummy (out in one go, with nothing melded before)" : ""}.`);
  }
  if (v.ruleset === "hungarian") {
    if (winner !== null && winner !== undefined) {
      lines.push(scores[winner] === -20 ? `${who[winner]} went out in one turn: -20.` : `${who[winner]} went out: ${scores[winner]}.`);
    }
    v.opened.forEach((opened, i) => { if (!opened && i !== winner) lines.push(`${who[i]} never opened: 100 points.`); });
    lines.push("Everyone else counts the cards left in hand; the lowest total wins the match.");
  }
  if (v.ruleset === "riverside") {
    lines.push("Every card counts for whoever put it down, and each card left in hand counts against its holder. The face-down closing card counts for nobody.");
  }
  return lines.join(" ");
}
