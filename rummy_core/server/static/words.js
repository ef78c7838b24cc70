// What happened, in words: the log's lines and the score sheet's explanation, in the page's
// language (each sentence whole, never glued from pieces).
import { label } from "./cards.js";
import { t, tn } from "./i18n.js";

const cards = (list) => list.map(label).join(" ");

/** The names of several seats: "A", "A and B", "A, B and C". */
export function joinNames(names) {
  if (names.length < 2) return names.join("");
  return t("{first} and {last}", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

// Each sentence is said two ways: of the reader's own seat ("You took...") and of another's,
// since most languages conjugate the verb differently for "you".
function drew(e, name, you) {
  const shown = e.cards ? { name, cards: cards(e.cards) } : { name };
  if (e.source === "stock") {
    if (e.cards) return you ? t("You took {cards} from the stock.", shown) : t("{name} took {cards} from the stock.", shown);
    return you ? tn("You took {count} card from the stock.", "You took {count} cards from the stock.", e.count)
      : tn("{name} took {count} card from the stock.", "{name} took {count} cards from the stock.", e.count, shown);
  }
  if (e.source === "discard") {
    if (e.cards) return you ? t("You took {cards} from the pile.", shown) : t("{name} took {cards} from the pile.", shown);
    return you ? tn("You took {count} card from the pile.", "You took {count} cards from the pile.", e.count)
      : tn("{name} took {count} card from the pile.", "{name} took {count} cards from the pile.", e.count, shown);
  }
  if (e.source === "cut") {
    if (e.cards) return you ? t("You took {cards} from the cut card.", shown) : t("{name} took {cards} from the cut card.", shown);
    return you ? t("You took the cut card.") : t("{name} took the cut card.", shown);
  }
  return you ? t("You drew from {source}.", { source: e.source }) : t("{name} drew from {source}.", { name, source: e.source });
}

function tookBack(e, name, you) {
  if (!e.draw) return you ? t("You took back the turn's plays.") : t("{name} took back the turn's plays.", { name });
  if (e.source === "stock") return you ? t("You gave back the stock card and took back the turn's plays.") : t("{name} gave back the stock card and took back the turn's plays.", { name });
  if (e.source === "discard") return you ? t("You gave back the pile and took back the turn's plays.") : t("{name} gave back the pile and took back the turn's plays.", { name });
  if (e.source === "cut") return you ? t("You gave back the cut card and took back the turn's plays.") : t("{name} gave back the cut card and took back the turn's plays.", { name });
  return you ? t("You gave back the draw and took back the turn's plays.") : t("{name} gave back the draw and took back the turn's plays.", { name });
}

function handEnded(e, name, you) {
  if (e.seat !== null) return you ? t("You went out.") : t("{name} went out.", { name });
  return e.reason === "stock" ? t("The hand ended (the stock ran out).") : t("The hand ended (no one went out).");
}

/** One event as a line of the log; ``who`` names each seat ("You" for the reader's own). */
export function describeEvent(e, who, seat) {
  const name = who[e.seat] ?? t("Seat {number}", { number: e.seat + 1 });
  const you = seat !== null && e.seat === seat;
  switch (e.type) {
    case "dealt": return t("Hand {number} dealt.", { number: e.hand_number });
    case "cut_offered": return you ? tn("You are to cut the deck of {count} card.", "You are to cut the deck of {count} cards.", e.cards)
      : tn("{name} is to cut the deck of {count} card.", "{name} is to cut the deck of {count} cards.", e.cards, { name });
    case "cut":
      if (e.depth === null) return you ? t("You cut the deck anywhere.") : t("{name} cut the deck anywhere.", { name });
      return you ? tn("You cut the deck {count} card down.", "You cut the deck {count} cards down.", e.depth)
        : tn("{name} cut the deck {count} card down.", "{name} cut the deck {count} cards down.", e.depth, { name });
    case "drew": return drew(e, name, you);
    case "melded": return you ? t("You melded {cards}.", { cards: cards(e.cards) }) : t("{name} melded {cards}.", { name, cards: cards(e.cards) });
    case "laid_off": {
      const shown = { name, cards: cards(e.cards), meld: e.meld + 1 };
      return you ? t("You laid off {cards} on meld {meld}.", shown) : t("{name} laid off {cards} on meld {meld}.", shown);
    }
    case "swapped": {
      const shown = { name, card: label(e.card), wild: label(e.wild), meld: e.meld + 1 };
      return you ? t("You swapped {card} for the {wild} on meld {meld}.", shown) : t("{name} swapped {card} for the {wild} on meld {meld}.", shown);
    }
    case "discarded":
      if (e.face_down) return you ? t("You closed with a card face down.") : t("{name} closed with a card face down.", { name });
      return you ? t("You discarded {card}.", { card: label(e.card) }) : t("{name} discarded {card}.", { name, card: label(e.card) });
    case "refilled": return tn("The stock was refilled from the pile ({count} card).", "The stock was refilled from the pile ({count} cards).", e.stock);
    case "took_back": return tookBack(e, name, you);
    case "hand_ended": return handEnded(e, name, you);
    case "match_ended": return e.winners.length ? t("The match is over: {names} won.", { names: joinNames(e.winners.map((w) => who[w])) })
      : t("The match is over with no winner.");
    // A plugin's own kind of event: its name says what happened.
    default: return e.seat !== undefined ? t("{event} ({name}).", { event: e.type.replace("_", " "), name }) : `${e.type.replace("_", " ")}.`;
  }
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
