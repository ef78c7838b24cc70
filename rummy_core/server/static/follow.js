// Following the play without reading the log: "your turn" calls (the tab's title, a short
// sound, a phone's buzz), each player's last move shown on their chip for a moment, and cards
// that fly from where they came from (the stock, the pile, the cards on show, a player) to
// where they went. The flights are CSS transitions (table.css's .fly), which a browser set to
// reduce motion turns off.
import { t } from "./i18n.js";

const MOVE_SHOWN_MS = 4000;
const baseTitle = document.title;
const moves = new Map(); // seat -> { text, at }
let wasMine = false;
let soundOn = false;
let audio = null;

/** The sound switch: on by default where the pointer is a finger (a phone in a pocket), off on a
 * desktop; the choice is kept in this browser. */
export function soundSwitch(checkbox) {
  const kept = localStorage.getItem("rummy-sound");
  soundOn = kept === null ? matchMedia("(pointer: coarse)").matches : kept === "1";
  checkbox.checked = soundOn;
  checkbox.addEventListener("change", () => {
    soundOn = checkbox.checked;
    localStorage.setItem("rummy-sound", soundOn ? "1" : "0");
  });
}

/** Two short notes, made here (no sound file to fetch). */
function chime() {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return;
  audio ??= new Context();
  const now = audio.currentTime;
  [660, 880].forEach((pitch, i) => {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = pitch;
    volume.gain.setValueAtTime(0.15, now + i * 0.12);
    volume.gain.exponentialRampToValueAtTime(0.001, now + i * 0.12 + 0.2);
    tone.connect(volume).connect(audio.destination);
    tone.start(now + i * 0.12);
    tone.stop(now + i * 0.12 + 0.22);
  });
}

/** The tab's title says whose turn it is; the turn's start calls the player (sound, buzz). */
export function callTurn(mine) {
  document.title = mine ? t("Your turn · {title}", { title: baseTitle }) : baseTitle;
  if (mine && !wasMine) {
    if (soundOn) chime();
    // A phone's browser buzzes only after the page was touched, and some never do.
    navigator.vibrate?.(200);
  }
  wasMine = mine;
}

/** Keep each seat's latest move from an update: its event and its sentence, in order. */
export function noteMoves(events, lines, redraw) {
  events.forEach((event, i) => {
    if (typeof event.seat !== "number" || !lines[i]) return;
    // Moved to the end: moves of one update share a time, and the map's order breaks the tie.
    moves.delete(event.seat);
    moves.set(event.seat, { text: lines[i], at: Date.now() });
  });
  if (events.length) setTimeout(redraw, MOVE_SHOWN_MS + 50);
}

/** The seats' moves of a moment ago, the latest last: ``[seat, sentence]`` each. */
export function recentMoves() {
  const now = Date.now();
  return [...moves.entries()].filter(([, m]) => now - m.at < MOVE_SHOWN_MS)
    .sort((a, b) => a[1].at - b[1].at).map(([seat, m]) => [seat, m.text]);
}

/** Where the cards are before an update is drawn: the hand's by card, each seat's chip. */
export function snapshot() {
  const hand = new Map();
  for (const el of document.querySelectorAll("#hand .card")) hand.set(el.dataset.card, el.getBoundingClientRect());
  const seats = [...document.querySelectorAll("#seats li")].map((li) => li.getBoundingClientRect());
  return { hand, seats };
}

function rectOf(selector) {
  return document.querySelector(selector)?.getBoundingClientRect() ?? null;
}

/** ``el`` starts at ``from`` and glides to where it is drawn. */
function flyFrom(el, from) {
  if (!el || !from) return;
  const to = el.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) + Math.abs(dy) < 2) return;
  el.classList.remove("fly");
  el.style.transform = `translate(${dx}px, ${dy}px) scale(.8)`;
  el.getBoundingClientRect(); // the start, laid out before the move begins
  el.classList.add("fly");
  el.style.transform = "";
  el.addEventListener("transitionend", () => el.classList.remove("fly"), { once: true });
  window.rummyTable.flights += 1;
}

/** After an update is drawn: each card it moved flies from where it was. */
export function fly(events, before, mySeat) {
  const from = (seat, card) => (seat === mySeat ? before.hand.get(card) : before.seats[seat]) ?? null;
  for (const event of events) {
    if (event.type === "drew" && event.seat === mySeat) {
      const source = event.source === "stock" ? rectOf("#stock") : event.source === "discard" ? rectOf("#discard") : rectOf(`#shown-${event.source}`) ?? rectOf("#stock");
      for (const card of event.cards ?? []) flyFrom(document.querySelector(`#hand .card.new[data-card="${card.split("=")[0]}"]`), source);
    } else if (event.type === "discarded" && event.card) {
      flyFrom(document.querySelector("#discard-top .card"), from(event.seat, event.card));
    } else if (event.type === "melded" || event.type === "laid_off") {
      for (const card of event.cards ?? []) {
        const name = card.split("=")[0];
        const el = [...document.querySelectorAll(`#melds .card[data-card="${name}"]`)].pop();
        flyFrom(el, from(event.seat, name));
      }
    }
  }
}
