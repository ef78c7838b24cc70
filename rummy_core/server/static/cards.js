// Cards as the table draws them: "10H", "JK", and a wild on the table as "2C=5S" or "JK=7".
import { cardName, t } from "./i18n.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** The rank and suit of a card name ("10H" -> ["10", "H"]); a joker has suit "". */
export function split(name) {
  const suit = name.slice(-1);
  return suit in SUITS ? [name.slice(0, -1), suit] : [name, ""];
}

/** A card name as short text with its suit symbol: "10♥", "JK". */
export function label(name) {
  const [card, stands] = name.split("=");
  const text = (c) => { const [r, s] = split(c); return s ? r + SUITS[s] : r; };
  return stands ? `${text(card)}=${text(stands)}` : text(card);
}

/** A sentence of the server's with its cards written as on the table ("7H 8H" -> "7♥ 8♥"):
 * refusals name cards as the player types them, the table shows them with their suits. */
export function withSymbols(sentence) {
  return sentence.replace(/\b(?:10|[2-9AJQK])[CDHS]\b/g, (card) => label(card));
}

/** A card in words, for screen readers: "10 of hearts", "joker", in the page's language. */
export function spoken(name) {
  const [card, stands] = name.split("=");
  const words = (c) => {
    const [r, s] = split(c);
    return cardName(r, s);
  };
  return stands ? t("{card} standing for {stands}", { card: words(card), stands: words(stands) }) : words(card);
}

/** A card as a button (or a span when it is only shown). */
export function cardElement(name, tag = "span") {
  const el = document.createElement(tag);
  const [card, stands] = name.split("=");
  const [rank, suit] = split(card);
  el.className = `card ${suit.toLowerCase()}${suit === "H" || suit === "D" ? " red" : ""}${rank === "JK" ? " joker" : ""}`;
  if (tag === "button") el.type = "button";
  el.setAttribute("aria-label", spoken(name));
  const r = document.createElement("span");
  r.className = "rank";
  r.textContent = rank === "JK" ? "JK" : rank + (suit ? SUITS[suit] : "");
  const s = document.createElement("span");
  s.className = "suit";
  s.textContent = suit ? SUITS[suit] : "★";
  el.append(r, s);
  if (stands) {
    const x = document.createElement("span");
    x.className = "stands";
    x.textContent = "=" + label(stands);
    el.append(x);
  }
  el.dataset.card = card;
  return el;
}

const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT_ORDER = ["S", "H", "C", "D"];

/** Cards sorted by suit then rank, or by rank then suit; jokers last. */
export function sorted(cards, byRank) {
  const key = (c) => {
    const [r, s] = split(c);
    if (r === "JK") return [99, 99];
    const rank = RANK_ORDER.indexOf(r), suit = SUIT_ORDER.indexOf(s);
    return byRank ? [rank, suit] : [suit, rank];
  };
  return [...cards].sort((a, b) => { const x = key(a), y = key(b); return x[0] - y[0] || x[1] - y[1]; });
}
