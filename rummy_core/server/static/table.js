// The browser card table: one seat's view, kept current by the server's pushes over the table's
// WebSocket. The page knows no rules: it asks the server (a "choices" message) what the selected
// cards can do, and sends the engine's actions; every refusal is the engine's own message.
import { cardElement, label, sorted, withSymbols } from "./cards.js";
import { language, languageSwitch, t, tn } from "./i18n.js";
import { chatPanel, showChat } from "./chat.js";
import { onJoin, showJoin } from "./join.js";
import { renderScores, renderSheet } from "./sheet.js";
import { callTurn, fly, noteMoves, recentMoves, snapshot, soundSwitch } from "./follow.js";
import { joinNames } from "./words.js";

// The protocol this page speaks (rummy_core/server/protocol.py PROTOCOL; a test checks they agree).
const PROTOCOL = 4;
const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
const link = new URLSearchParams(location.hash.slice(1));
const token = link.get("token");
const linkSeat = link.has("seat") ? Number(link.get("seat")) : null;
// Once joined, a reload in the same tab goes straight back to the table.
const joinedKey = `rummy-joined:${tableId}:${token}`;

const s = {
  ws: null, seat: null, table: null, view: null, stateId: null,
  order: [], nextId: 0, selected: new Set(), cursor: 0, byRank: false,
  choices: null, waiting: new Map(), sheet: null, sheetFor: null, seatStatus: [], levels: [], titles: {}, houseRules: {},
  flights: 0, retries: 0,
};

// -- talking to the server -------------------------------------------------------------------

// A message is sent only on an open socket; an action that cannot be is said, never dropped
// silently (once back, the page shows the table as it is then, and the player acts again).
function send(message) {
  if (s.ws?.readyState !== WebSocket.OPEN) return false;
  s.ws.send(JSON.stringify(message));
  return true;
}
function act(action) {
  say("");
  const message = { type: "action", action, state_id: s.stateId };
  if (!send(message)) {
    say(t("Not connected: that was not sent. Try again once the table is back."), true);
    return;
  }
  // Kept until the server answers: if the connection drops first, the reconnection sends it
  // again where the table still stands as it was (its state_id guards against playing twice).
  s.unconfirmed = message;
}

/** After a reconnection: the action the server never answered, sent again if the table has not
 * moved since (else it was played, or play went on without it, and the page shows the table). */
function resendUnconfirmed(stateId) {
  const message = s.unconfirmed;
  s.unconfirmed = null;
  if (!message || message.state_id !== stateId) return;
  if (send(message)) {
    s.unconfirmed = message;
    say(t("Back: your last move was sent again."));
  }
}

/** Ask what ``cards`` could do now; ``then`` gets the answer (the selection's own is kept). */
function ask(cards, then) {
  const key = cards.join(" ");
  if (!s.waiting.has(key)) s.waiting.set(key, []);
  if (then) s.waiting.get(key).push(then);
  send({ type: "choices", cards, state_id: s.stateId });
}

// Closes after which coming back cannot help (docs/server.md, close codes); after any other
// (the network, a server restart, 4408 no hello in time, 4413 too slow to read) the page
// reconnects, waiting longer each time up to half a minute.
const FINAL_CLOSES = new Set([4400, 4403, 4404, 4409, 4410, 4411, 4412]);

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}`);
  s.ws = ws;
  ws.onopen = () => send({ type: "hello", protocol: PROTOCOL, token, name: localStorage.getItem("rummy-name"), lang: language });
  ws.onmessage = (message) => receive(JSON.parse(message.data));
  ws.onclose = (event) => {
    if (s.ws !== ws) return;  // an earlier socket, already replaced
    const why = { 4403: t("this link is not a seat of this table"), 4404: t("there is no such table"),
      4409: t("this seat was opened elsewhere"), 4410: t("a bot now plays this seat"),
      4411: t("the host gave this seat to someone else"), 4412: t("the host closed this table") };
    $("status").textContent = why[event.code] ?? t("disconnected, reconnecting…");
    document.body.classList.add("offline");
    if (FINAL_CLOSES.has(event.code)) return;
    const wait = Math.min(30000, 1000 * 2 ** s.retries) * (0.75 + Math.random() / 2);
    s.retries += 1;
    setTimeout(connect, wait);
  };
}

function receive(data) {
  if (data.type === "welcome") {
    s.seat = data.seat;
    s.table = data.table;
    s.seatStatus = data.seat_status;
    s.ruleActions = data.rule_actions ?? [];
    s.retries = 0;
    $("status").textContent = t("connected");
    document.body.classList.remove("offline");
    document.body.classList.toggle("watching", s.seat === null);
  }
  if (data.type === "table" && data.table.rematch) { goOn(data.table.rematch); return; }
  if (data.type === "welcome" && data.table.rematch && data.table.phase === "match_over") { goOn(data.table.rematch); return; }
  if (data.type === "table") { s.table = data.table; render(); return; }
  if (data.type === "update" || data.type === "refused" || data.type === "error") s.unconfirmed = null;
  if (data.type === "welcome" || data.type === "update") {
    // The server says each event as this seat may read it, in this page's language.
    // A welcome brings the hand so far (a late joiner, a reload, a reconnect): it replaces the log.
    if (data.type === "welcome") { $("log").replaceChildren(); showChat(data.chat, true); }
    for (const line of data.log) addLog(line);
    s.stateId = data.state_id;
    s.sheet = data.sheet ?? null;
    const before = snapshot();
    if (data.type === "update") noteMoves(data.events, data.log, render);
    setView(data.view);
    if (data.type === "update") fly(data.events, before, s.seat);
    if (data.type === "welcome") resendUnconfirmed(data.state_id);
    return;
  }
  if (data.type === "choices") {
    const waiting = s.waiting.get(data.cards.join(" ")) ?? [];
    s.waiting.delete(data.cards.join(" "));
    if (data.state_id !== s.stateId) return;
    if (data.cards.join(" ") === selectedCards().join(" ")) { s.choices = data; render(); }
    for (const then of waiting) then(data);
    return;
  }
  if (data.type === "chat") { showChat([data.line]); return; }
  // The table's news (a table of bots pausing for its host) is shown in the table's own box,
  // in each reader's words, from the table's state: nothing more to say here.
  if (data.type === "notice") return;
  if (data.type === "refused" || data.type === "error") say(withSymbols(data.message), true);
}

/** The players went on to a rematch: this page follows them, its seat's token working there
 * too (and no need to join again). */
function goOn(tableId) {
  if (token) sessionStorage.setItem(`rummy-joined:${tableId}:${token}`, "1");
  location.assign(`/table/${tableId}${location.search}${location.hash}`);
}

// -- the view and the hand's order -----------------------------------------------------------

function setView(view) {
  const before = s.view;
  s.view = view;
  const hand = view.hand ?? [];
  const changed = !before || (before.hand ?? []).join(" ") !== hand.join(" ");
  if (changed) {
    syncOrder(hand, view.drawn ?? []);
    s.selected.clear();
  }
  s.choices = null;
  if (s.seat !== null) ask(selectedCards());
  render();
}

/** Keep the player's own arrangement: cards still held stay where they were, new ones go last. */
function syncOrder(hand, drawn) {
  const left = [...hand];
  const kept = [];
  for (const item of s.order) {
    const at = left.indexOf(item.card);
    if (at >= 0) { left.splice(at, 1); kept.push({ ...item, fresh: false }); }
  }
  const fresh = new Set(drawn);
  s.order = [...kept, ...left.map((card) => ({ id: s.nextId++, card, fresh: fresh.has(card) }))];
  if (kept.length === 0) s.order = sorted(hand, s.byRank).map((card) => ({ id: s.nextId++, card, fresh: false }));
  s.cursor = Math.min(s.cursor, Math.max(0, s.order.length - 1));
}

function selectedCards() { return s.order.filter((i) => s.selected.has(i.id)).map((i) => i.card); }
function toggle(id) {
  if (s.selected.has(id)) s.selected.delete(id); else s.selected.add(id);
  s.choices = null;
  say("");
  ask(selectedCards());
  render();
}

function names() {
  const seats = s.table?.seats ?? [];
  return Array.from({ length: s.view?.players ?? seats.length }, (_, i) => {
    if (i === s.seat) return t("You");
    const seat = seats[i];
    if (!seat) return t("Seat {number}", { number: i + 1 });
    return seat.kind === "bot" ? `${botName(seat.bot)} (${i + 1})` : seat.name || t("Seat {number}", { number: i + 1 });
  });
}

/** A bot by its level in players' words ("easy bot"), or by its name if it has none. */
function botName(bot) {
  const level = s.levels.find((l) => l.bot === bot);
  return t("{level} bot", { level: level ? level.name : bot });
}

function say(text, problem = false) {
  const box = $("message");
  box.textContent = text;
  box.classList.toggle("ok", !problem);
}

function addLog(text) {
  if (!text) return;
  const item = document.createElement("li");
  item.textContent = text;
  const log = $("log");
  log.append(item);
  log.scrollTop = log.scrollHeight;
}

// -- what the player does --------------------------------------------------------------------

// Until the table has started (everyone joined, or the host started it) nobody acts.
const started = () => s.table?.started !== false;
const mine = () => started() && s.seat !== null && s.view && s.view.turn === s.seat && (s.view.open_actions ?? []).length > 0;
const can = (type) => mine() && s.view.open_actions.includes(type);

/** Run ``use`` with the server's answer for the current selection (at once if it is here). */
function withChoices(use) {
  const cards = selectedCards();
  if (s.choices && s.choices.cards.join(" ") === cards.join(" ")) use(s.choices);
  else ask(cards, use);
}

function meld() {
  const cards = selectedCards();
  if (!cards.length) { say(t("Select the cards to meld first."), true); return; }
  withChoices((c) => {
    const plays = c.plays.filter((p) => p.kind === "meld");
    if (c.complete === false) {
      // The server stopped looking: what it lists is not all there is, so nothing is played
      // without asking (the protocol's "complete").
      if (plays.length === 0) say(t("These cards can be laid down in more ways than the table can list: select fewer at a time."), true);
      else choose(t("These cards can be laid down in more ways than the table can list. Is it one of these?"), plays);
      return;
    }
    if (plays.length === 0) act({ type: "meld", melds: [cards] });
    else if (plays.length === 1) act(plays[0].action);
    else choose(t("These cards can be read more than one way. Which do you mean?"), plays);
  });
}

function layOff(meldIndex = null) {
  const cards = selectedCards();
  if (!cards.length) { say(t("Select a card, then tap a glowing meld."), true); return; }
  withChoices((c) => {
    let plays = c.plays.filter((p) => p.kind !== "meld");
    if (meldIndex !== null) plays = plays.filter((p) => p.meld === meldIndex);
    if (plays.length === 0) {
      if (meldIndex !== null) act({ type: "lay_off", meld: meldIndex, cards });
      else say(t("{cards} fits no meld on the table.", { cards: cards.map(label).join(" ") }), true);
    } else if (plays.length === 1) act(plays[0].action);
    else choose(t("Where does it go?"), plays.map((p) => ({ ...p, label: playLabel(p) })));
  });
}

/** A play offered in the chooser, as a whole sentence for each kind, end and owner. */
function playLabel(play) {
  const ownerSeat = s.view.table[play.meld]?.owner;
  const owner = names()[ownerSeat] ?? "";
  const meld = play.label;
  const yours = ownerSeat === s.seat;
  if (play.kind === "swap") {
    return yours ? t("Swap for the wild on your meld: {meld}", { meld }) : t("Swap for the wild on {owner}'s meld: {meld}", { owner, meld });
  }
  if (play.action.end === "low") {
    return yours ? t("Lay off (low end) on your meld: {meld}", { meld }) : t("Lay off (low end) on {owner}'s meld: {meld}", { owner, meld });
  }
  if (play.action.end === "high") {
    return yours ? t("Lay off (high end) on your meld: {meld}", { meld }) : t("Lay off (high end) on {owner}'s meld: {meld}", { owner, meld });
  }
  return yours ? t("Lay off on your meld: {meld}", { meld }) : t("Lay off on {owner}'s meld: {meld}", { owner, meld });
}

function discard(card = null) {
  const cards = card ? [card] : selectedCards();
  if (cards.length !== 1) { say(t("Select one card to discard."), true); return; }
  act({ type: "discard", card: cards[0] });
}

function draw(source) { act({ type: "draw", source }); }

function choose(title, plays) {
  $("chooser-title").textContent = title;
  $("chooser-options").replaceChildren(...plays.map((p) => {
    const b = document.createElement("button");
    b.type = "button";
    // A lay-down of several melds reads meld by meld; the melds a wild is in stand out.
    for (const part of p.label.split("   ")) {
      const meld = document.createElement(part.includes("=") ? "strong" : "span");
      meld.textContent = part;
      b.append(meld);
    }
    b.onclick = () => { $("chooser").close(); act(p.action); };
    return b;
  }));
  $("chooser").showModal();
}

function sortHand() {
  s.byRank = !s.byRank;
  const cards = sorted(s.order.map((i) => i.card), s.byRank);
  const pool = [...s.order];
  s.order = cards.map((card) => pool.splice(pool.findIndex((i) => i.card === card), 1)[0]);
  render();
}

// -- dragging (pointer events: mouse, pen and touch alike) -----------------------------------

// The moves and the release are heard on the document, not on the card: an update from the
// server may draw the hand again mid-drag, and the card the drag began on (with the pointer's
// capture) is then gone. Heard on the card, that release went nowhere and the dragged card
// floated over the table until a reload.
let drag = null;

function onPointerDown(event, item) {
  if (event.button > 0 || drag) return;
  const el = event.currentTarget;
  el.setPointerCapture(event.pointerId);
  drag = { item, el, pointer: event.pointerId, x: event.clientX, y: event.clientY, moving: false, ghost: null, over: null };
}

/** The drag ends: its floating card and its marks go, whatever becomes of the drop. */
function endDrag() {
  const d = drag;
  drag = null;
  d.ghost?.remove();
  for (const el of document.querySelectorAll(".dragging, .drop, .drop-before")) el.classList.remove("dragging", "drop", "drop-before");
  return d;
}

function dropTarget(x, y) {
  const hit = document.elementFromPoint(x, y);
  return hit?.closest(".meld, #discard, #hand .card") ?? null;
}

function onPointerMove(event) {
  if (!drag || event.pointerId !== drag.pointer) return;
  if (!drag.moving && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
  if (!drag.moving) {
    drag.moving = true;
    drag.ghost = drag.el.cloneNode(true);
    drag.ghost.classList.add("ghost");
    drag.ghost.classList.remove("selected");
    document.body.append(drag.ghost);
    drag.el.classList.add("dragging");
    if (s.seat !== null) ask([drag.item.card], (c) => { if (drag) { drag.choices = c; glowFor(c); } });
  }
  drag.ghost.style.left = `${event.clientX}px`;
  drag.ghost.style.top = `${event.clientY}px`;
  const over = dropTarget(event.clientX, event.clientY);
  if (over !== drag.over) {
    drag.over?.classList.remove("drop", "drop-before");
    over?.classList.add(over.classList.contains("card") ? "drop-before" : "drop");
    drag.over = over;
  }
}

function onPointerUp(event) {
  if (!drag || event.pointerId !== drag.pointer) return;
  const d = endDrag();
  if (!d.moving) { toggle(d.item.id); return; }
  const target = dropTarget(event.clientX, event.clientY);
  if (!target) { render(); return; }
  if (target.id === "discard") discard(d.item.card);
  else if (target.classList.contains("meld")) dropOnMeld(d.item.card, Number(target.dataset.index));
  else if (target.dataset.id !== undefined) moveBefore(d.item.id, Number(target.dataset.id));
  render();
}

function dropOnMeld(card, index) {
  ask([card], (c) => {
    const plays = c.plays.filter((p) => p.kind !== "meld" && p.meld === index);
    if (plays.length === 0) act({ type: "lay_off", meld: index, cards: [card] });
    else if (plays.length === 1) act(plays[0].action);
    else choose(t("Where does it go?"), plays.map((p) => ({ ...p, label: playLabel(p) })));
  });
}

function moveBefore(id, beforeId) {
  if (id === beforeId) return;
  const from = s.order.findIndex((i) => i.id === id);
  const [item] = s.order.splice(from, 1);
  const to = s.order.findIndex((i) => i.id === beforeId);
  s.order.splice(to, 0, item);
}

function glowFor(choices) {
  const targets = new Set(choices.plays.filter((p) => p.kind !== "meld").map((p) => p.meld));
  for (const el of document.querySelectorAll("#melds .meld")) {
    el.classList.toggle("glow", targets.has(Number(el.dataset.index)));
  }
}

// -- keys (the classic text's: arrows + Space, M, X, L, S, D, T) -------------------------------

function onKey(event) {
  if (document.querySelector("dialog[open]") || event.target.closest?.("input, select, textarea")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const rule = ruleByKey(key);
  const moves = { ArrowLeft: -1, ArrowRight: 1 };
  if (key in moves && s.order.length) {
    s.cursor = (s.cursor + moves[key] + s.order.length) % s.order.length;
    render();
    $("hand").children[s.cursor]?.focus();
  } else if (key === " " && s.order.length && (event.target === document.body || event.target.closest("#hand"))) {
    toggle(s.order[s.cursor].id);
    $("hand").children[s.cursor]?.focus();
  } else if (key === "ArrowUp" || key === "ArrowDown") stepMelds(key === "ArrowDown" ? 1 : -1);
  else if (key === "Escape" && s.selected.size) { s.selected.clear(); s.choices = null; say(""); ask([]); render(); $("hand").children[s.cursor]?.focus(); }
  else if (key === "m") meld();
  else if (key === "x") discard();
  else if (key === "l") layOff();
  else if (key === "s") sortHand();
  else if (key === "d") draw("stock");
  else if (key === "t") draw("discard");
  else if (key === "c" && shownSource()) draw(shownSource());
  else if (rule) ruleAction(rule);
  else return;
  event.preventDefault();
}

/** The cards on show that may be drawn now (a Hungarian cut card), by their draw source. */
function shownSource() {
  return (mine() && s.view.draw_sources?.find((source) => source in (s.view.on_show ?? {}))) || null;
}

/** ↑ ↓ go through the melds the selection fits (all of them when it fits none); Enter lays
 * the selection off on the one in focus, as a tap does. */
function stepMelds(step) {
  const glowing = [...document.querySelectorAll("#melds .meld.glow")];
  const melds = glowing.length ? glowing : [...document.querySelectorAll("#melds .meld")];
  if (!melds.length) return;
  const at = melds.indexOf(document.activeElement);
  melds[at < 0 ? (step > 0 ? 0 : melds.length - 1) : (at + step + melds.length) % melds.length].focus();
}

// -- drawing the page -------------------------------------------------------------------------

function turnText(v, who) {
  if (!started()) return t("Waiting for everyone to join.");
  if (v.phase === "hand_over") return t("The hand is over.");
  if (v.phase === "match_over" && !v.winners.length) return t("The match is over with no winner.");
  if (v.phase === "match_over") return t("The match is over: {names} won.", { names: joinNames(v.winners.map((w) => who[w])) });
  if (s.table?.paused === true) return t("Play is paused.");
  if (!mine()) {
    const name = who[v.turn];
    // A stage the rules name (gin's defender laying off on the knock), in the reader's words.
    if (v.stage) return t("{name}'s turn ({phase}).", { name, phase: v.stage });
    const phases = { cut: t("{name}'s turn (the cut).", { name }), draw: t("{name}'s turn (drawing).", { name }), play: t("{name}'s turn (playing).", { name }) };
    return phases[v.phase] ?? t("{name}'s turn ({phase}).", { name, phase: v.phase });
  }
  if (v.phase === "cut") return t("You cut the deck: choose how deep, or cut anywhere.");
  // The actions the rules add that are open now (gin's pass, a knock), as the sentence says them.
  const rules = openRules().map((rule) => rule.phrase);
  if (v.phase === "draw") {
    // Cards on show are drawn by their label and called what the rules call them (v.shows).
    const sources = { stock: t("the stock"), discard: v.ruleset === "riverside" ? t("the whole pile") : t("the pile") };
    const from = v.draw_sources.map((src) => sources[src] ?? v.shows[src] ?? src);
    if (!from.length) return t("Your turn: {actions}.", { actions: rules.join(", ") });
    if (from.length === 1 && rules.length) return t("Your turn: draw from {source}, or {actions}.", { source: from[0], actions: rules.join(", ") });
    if (from.length === 1) return t("Your turn: draw from {source}.", { source: from[0] });
    return t("Your turn: draw from {sources}, or {last}.", { sources: from.slice(0, -1).join(", "), last: from[from.length - 1] });
  }
  if (!can("discard") && rules.length) {
    // A turn the rules end otherwise (gin: a knock after melding; the defender's pass).
    const plays = [can("meld") ? t("meld") : "", can("lay_off") ? t("lay off") : ""].filter(Boolean);
    return t("Your turn: {actions}.", { actions: [...plays, ...rules].join(", ") });
  }
  if (s.ruleActions?.length) {
    // Rules with actions of their own (gin, a knock) say what is open: gin lays off only after a
    // knock, and melds only toward one.
    const plays = [can("meld") ? t("meld") : "", can("lay_off") ? t("lay off") : "", ...rules, t("discard")];
    return t("Your turn: {actions}.", { actions: plays.filter(Boolean).join(", ") });
  }
  if (v.hand.length === 1 && v.ruleset === "riverside") return t("Your turn: meld, lay off, then discard. Your last card closes face down.");
  return t("Your turn: meld, lay off, then discard.");
}

function render() {
  const v = s.view;
  if (!v) return;
  const who = names();
  document.body.classList.toggle("four", $("four-colour").checked);
  $("who").textContent = s.seat === null ? t("Watching") : t("You are seat {seat} · {ruleset} · hand {hand}", { seat: s.seat + 1, ruleset: s.titles[v.ruleset] ?? v.ruleset, hand: v.hand_number });
  $("turn").textContent = turnText(v, who);
  callTurn(mine());
  renderWaiting(who);
  $("rules-link").href = `/rules/${v.ruleset}?lang=${language}`;

  $("seats").replaceChildren(...who.map((name, i) => {
    const li = document.createElement("li");
    li.className = started() && v.turn === i && !["hand_over", "match_over"].includes(v.phase) ? "now" : "";
    // A phone shows the name over the rest (CSS): the separator is left out there.
    const span = (className, text) => Object.assign(document.createElement("span"), { className, textContent: text });
    const status = span("status", "");
    const count = span("count", tn("{count} card", "{count} cards", v.hand_sizes[i]));
    status.append(count);
    // Only the rules that ask for an opening say who has opened (the server says which).
    // On a phone an opening is a check mark after the count (CSS), the words kept for readers.
    if (s.seatStatus.includes("opened")) {
      status.append(span(`opened${v.opened[i] ? " yes" : ""}`, ` · ${v.opened[i] ? t("opened") : t("not opened")}`));
    }
    li.append(span("name", name), span("sep", ": "), status);
    // The points are in the scores table too: a phone leaves them out of the chips (CSS).
    const points = document.createElement("span");
    points.className = "points";
    points.textContent = ` · ${t("{points} pts", { points: v.scores[i] })}`;
    li.append(points);
    return li;
  }));

  // Each player's move of a moment ago, on the table and as a glow on their chip.
  const recent = recentMoves();
  $("moves").replaceChildren(...recent.map(([, text]) => Object.assign(document.createElement("li"), { textContent: text })));
  for (const [seat] of recent) $("seats").children[seat]?.classList.add("moved");
  $("stock-size").textContent = v.stock_size;
  $("stock").classList.toggle("can", mine() && v.draw_sources?.includes("stock"));
  const top = v.discard_face_down ? Object.assign(document.createElement("span"), { className: "back" })
    : v.top_discard ? cardElement(v.top_discard) : document.createElement("span");
  $("discard-top").replaceChildren(top);
  const whole = v.ruleset === "riverside";
  $("discard-label").textContent = whole ? t("Pile (taken whole) {size}", { size: v.discard_size }) : t("Pile {size}", { size: v.discard_size });
  $("discard").setAttribute("aria-label", v.top_discard
    ? tn("The discard pile, {count} card, top {card}", "The discard pile, {count} cards, top {card}", v.discard_size, { card: label(v.top_discard) })
    : tn("The discard pile, {count} card", "The discard pile, {count} cards", v.discard_size));
  // The pile glows when a tap on it does something: a draw, or the discard of the one card selected.
  $("discard").classList.toggle("can", mine() && (v.draw_sources?.includes("discard") || (can("discard") && s.selected.size === 1)));

  renderOnShow(v);

  renderCut(v, who);
  renderMelds(v, who);

  renderActions(v);
  $("discard-button").textContent = whole && v.hand.length === 1 ? t("Close face down") : t("Discard");
  $("take-back").hidden = !can("take_back");
  $("take-back").textContent = v.drew === "cut" ? t("Give back the cut card")
    : v.drew === "discard" && v.ruleset === "hungarian" ? t("Give back the pile card") : t("Take back");
  $("sort").textContent = s.byRank ? t("Sort: rank") : t("Sort: suit");
  // C takes the cards on show, where the rules put any there (a Hungarian cut card).
  $("keys").textContent = Object.keys(v.shows ?? {}).length
    ? t("Keys: ← → move, Space select, Esc unselect, ↑ ↓ melds, Enter lay off there, M meld, L lay off, X discard, S sort, D draw, T take the pile, C take the cut card.")
    : t("Keys: ← → move, Space select, Esc unselect, ↑ ↓ melds, Enter lay off there, M meld, L lay off, X discard, S sort, D draw, T take the pile.");
  const ruleKeys = (s.ruleActions ?? []).filter((rule) => rule.key).map((rule) => `${rule.key.toUpperCase()} ${rule.label}`);
  $("rule-keys").textContent = ruleKeys.length ? t("Keys of these rules: {keys}.", { keys: ruleKeys.join(", ") }) : "";
  $("actions").hidden = s.seat === null;
  renderHand();
  renderScores(v, who);
  renderSheet(v, who, s, Boolean(creatorToken()), tableId);
}

// A button looks ready (yellow) only when it would do something now: Meld and Lay off once the
// server says the selection makes a meld or fits one (its "choices"), Discard with one card
// selected. One that can be pressed but is not known to work looks plain; one that cannot be
// pressed is grey, and the line under the buttons says why.
function renderActions(v) {
  const play = mine() && v.phase === "play";
  const picked = s.selected.size;
  const plays = s.choices?.plays ?? [];
  const meldReady = plays.some((p) => p.kind === "meld");
  const layReady = plays.some((p) => p.kind !== "meld");
  const set = (id, enabled, ready) => {
    $(id).disabled = !enabled;
    $(id).classList.toggle("secondary", enabled && !ready);
  };
  set("meld", play && picked > 0, meldReady);
  set("layoff", play && picked > 0 && v.table.length > 0, layReady);
  set("discard-button", can("discard") && picked === 1, true);
  renderRuleActions(picked);
  let why = "";
  const opening = s.choices?.opening;
  if (play && picked === 0) why = t("Tap cards to select them: several to meld, one to lay off or discard.");
  // A running total while an opening is put together (Hungarian's 51), from the server's count.
  else if (play && opening) why = tn("Selected: {count} point toward the {needed} you need to open.", "Selected: {count} points toward the {needed} you need to open.", opening.points, { needed: opening.needed });
  else if (can("discard") && picked > 1) why = t("Discard takes one card: select just one.");
  $("why").textContent = why;
}

// The actions the rules add (a knock, gin's pass): a button each, shown while the rules open it,
// ready once the one card it is made with is selected.
const openRules = () => (s.ruleActions ?? []).filter((rule) => can(rule.type));
const ruleByKey = (key) => openRules().find((rule) => rule.key === key);

function renderRuleActions(picked) {
  $("rule-actions").replaceChildren(...openRules().map((rule) => {
    const button = Object.assign(document.createElement("button"), {
      type: "button", className: "big", id: `rule-${rule.type}`, textContent: rule.label, title: rule.key?.toUpperCase() ?? "",
    });
    button.classList.toggle("secondary", rule.card && picked !== 1);
    button.onclick = () => ruleAction(rule);
    return button;
  }));
}

function ruleAction(rule) {
  if (!rule.card) { act({ type: rule.type }); return; }
  const cards = selectedCards();
  if (cards.length !== 1) { say(t("Select the one card to {action} with.", { action: rule.label.toLowerCase() }), true); return; }
  act({ type: rule.type, card: cards[0] });
}

// The creator's token, kept by this browser when it made the table (the start page), makes
// this page the host's: it may start the table without the ones who have not joined, and let a
// table of bots that paused play on.
const creatorToken = () => localStorage.getItem(`rummy-creator:${tableId}`);

function renderWaiting(who) {
  const waiting = !started();
  const paused = s.table?.paused === true;
  $("waiting").hidden = !(waiting || paused);
  $("start-now").hidden = !creatorToken();
  if (paused) {
    $("waiting-text").textContent = creatorToken()
      ? t("These bots have played as long as they may without you, and pause here.")
      : t("These bots have played as long as they may without the host, and pause here until the host lets them play on.");
    $("start-now").textContent = t("Let them play on");
    return;
  }
  if (!waiting) return;
  const missing = s.table.seats.filter((seat) => seat.kind === "human" && !seat.claimed).map((seat) => who[seat.seat]);
  const names = joinNames(missing);
  $("waiting-text").textContent = creatorToken()
    ? t("Not here yet: {names}. Nobody plays until they join, or until you start without them.", { names })
    : t("Not here yet: {names}. Nobody plays until they join, or until the host starts the table.", { names });
  $("start-now").textContent = t("Start now");
}

async function startNow() {
  const answer = await fetch(`/api/tables/${tableId}/start?lang=${language}`, {
    method: "POST", headers: { authorization: `Bearer ${creatorToken()}` },
  }).catch(() => null);
  if (!answer) say(t("Not connected: that was not sent. Try again once the table is back."), true);
  else if (!answer.ok) say((await answer.json()).message, true);
}

// Cards the rules put face up beside the stock (a Hungarian cut card), each under its label,
// with a control to draw them where the rules allow it: the label is the draw source.
function renderOnShow(v) {
  $("on-show").replaceChildren(...Object.entries(v.on_show).map(([labelKey, cards]) => {
    const name = v.shows[labelKey] ?? labelKey;
    const box = Object.assign(document.createElement("div"), { id: `shown-${labelKey}`, className: "pile shown" });
    const slot = Object.assign(document.createElement("span"), { className: "slot" });
    slot.replaceChildren(...cards.map((card) => cardElement(card)));
    const caption = Object.assign(document.createElement("span"), { className: "pile-label", textContent: name[0].toUpperCase() + name.slice(1) });
    box.append(slot, caption);
    if (mine() && v.draw_sources?.includes(labelKey)) {
      const take = Object.assign(document.createElement("button"), { id: `take-${labelKey}`, type: "button", className: "small", textContent: t("Take: {name}", { name }) });
      take.onclick = () => draw(labelKey);
      box.append(take);
    }
    return box;
  }));
}

function renderCut(v, who) {
  const cutting = v.phase === "cut";
  $("cut-panel").hidden = !cutting;
  if (!cutting) return;
  const mineToCut = can("cut");
  $("cut-text").textContent = mineToCut
    ? tn("Cut the deck of {count} card: lift as many as you like, or let it be cut anywhere.", "Cut the deck of {count} cards: lift as many as you like, or let it be cut anywhere.", v.stock_size)
    : t("{name} is cutting the deck.", { name: who[v.turn] });
  for (const id of ["cut-depth", "cut-here", "cut-anywhere"]) $(id).disabled = !mineToCut;
  const range = $("cut-depth");
  range.max = String(Math.max(1, v.stock_size - 1));
  if (!range.dataset.set) { range.value = String(Math.floor(v.stock_size / 2)); range.dataset.set = "1"; }
  $("cut-depth-text").textContent = range.value;
  const strip = $("cut-strip");
  if (strip.children.length !== v.stock_size) {
    strip.replaceChildren(...Array.from({ length: v.stock_size }, () => document.createElement("span")));
  }
  [...strip.children].forEach((el, i) => el.classList.toggle("lifted", i < Number(range.value)));
}

function renderMelds(v, who) {
  const targets = new Set((s.choices?.plays ?? []).filter((p) => p.kind !== "meld").map((p) => p.meld));
  // A meld in focus (picked by ↑ ↓) keeps it when the melds are drawn again.
  const focused = document.activeElement?.closest?.("#melds .meld")?.dataset.index;
  $("melds").replaceChildren(...v.table.map((m) => {
    const el = document.createElement("button");
    el.type = "button";
    el.className = `meld${targets.has(m.index) ? " glow" : ""}`;
    el.dataset.index = m.index;
    const owner = document.createElement("span");
    owner.className = "owner";
    const kind = { run: t("run"), set: t("set") }[m.kind] ?? m.kind;
    // Numbered as the log numbers them ("laid off 4♣ on meld 1").
    owner.textContent = `${m.index + 1} · ${who[m.owner]} · ${kind}`;
    const cards = document.createElement("span");
    cards.className = "cards";
    cards.append(...m.cards.map((c) => cardElement(c)));
    el.append(owner, cards);
    const said = { name: who[m.owner], kind, cards: m.cards.map(label).join(" ") };
    const fits = targets.has(m.index);
    // One's own melds are said in the second person ("Your run"), never "You's run".
    el.setAttribute("aria-label", m.owner === s.seat
      ? (fits ? t("Your {kind}: {cards}, your selection fits", said) : t("Your {kind}: {cards}", said))
      : (fits ? t("{name}'s {kind}: {cards}, your selection fits", said) : t("{name}'s {kind}: {cards}", said)));
    el.onclick = () => { if (s.selected.size) layOff(m.index); };
    return el;
  }));
  if (focused !== undefined) $("melds").querySelector(`.meld[data-index="${focused}"]`)?.focus();
}

const STRIPES = 6;

function renderHand() {
  const held = s.choices?.held ?? s.lastHeld ?? [];
  s.lastHeld = held;
  const lanes = stripeLanes(s.order.map((i) => i.card), held);
  // The keyboard's cursor keeps the focus when the hand is drawn again (a choices answer, an
  // update), so the keys go on where they were.
  const hadFocus = Boolean(document.activeElement?.closest?.("#hand"));
  $("hand").replaceChildren(...s.order.map((item, pos) => {
    const el = cardElement(item.card, "button");
    el.dataset.id = item.id;
    el.setAttribute("role", "option");
    el.setAttribute("aria-selected", String(s.selected.has(item.id)));
    el.tabIndex = pos === s.cursor ? 0 : -1;
    if (s.selected.has(item.id)) el.classList.add("selected");
    if (item.fresh) el.classList.add("new");
    el.addEventListener("pointerdown", (e) => onPointerDown(e, item));
    // Drawn again mid-drag, the card being dragged still looks it.
    if (drag?.moving && drag.item.id === item.id) { el.classList.add("dragging"); drag.el = el; }
    // A click made by a key (Enter) has detail 0; pointer clicks are handled on pointerup.
    el.addEventListener("click", (e) => { if (e.detail === 0) toggle(item.id); });
    el.addEventListener("focus", () => { s.cursor = pos; });
    const stripes = document.createElement("span");
    stripes.className = "stripes";
    for (const lane of lanes) {
      const number = lane[pos];
      const bar = document.createElement("i");
      bar.style.background = number < 0 ? "transparent" : `var(--stripe-${number % STRIPES})`;
      stripes.append(bar);
    }
    el.append(stripes);
    return el;
  }));
  if (hadFocus) $("hand").children[s.cursor]?.focus();
}

/** Per lane, per card position, the held meld it belongs to or -1 (melds sharing a card split). */
function stripeLanes(order, melds, count = 2) {
  const rows = Array.from({ length: count }, () => order.map(() => -1));
  melds.forEach((meld, number) => {
    const taken = new Set();
    const spots = meld.map((c) => { const at = order.findIndex((x, i) => x === c && !taken.has(i)); taken.add(at); return at; });
    if (spots.includes(-1)) return;
    const row = rows.find((r) => spots.every((p) => r[p] === -1));
    if (row) for (const p of spots) row[p] = number;
  });
  return rows;
}

// -- wiring ----------------------------------------------------------------------------------

$("stock").onclick = () => draw("stock");
$("discard").onclick = () => {
  if (mine() && s.view.phase === "play" && s.selected.size === 1) discard();
  else draw("discard");
};
$("meld").onclick = meld;
$("layoff").onclick = () => layOff();
$("discard-button").onclick = () => discard();
$("take-back").onclick = () => act({ type: "take_back" });
$("start-now").onclick = startNow;
$("sort").onclick = sortHand;
$("cut-depth").oninput = () => render();
$("cut-here").onclick = () => act({ type: "cut", depth: Number($("cut-depth").value) });
$("cut-anywhere").onclick = () => act({ type: "cut", depth: null });
const dealNext = () => {
  $("sheet").close();
  if (!send({ type: "next_hand", state_id: s.stateId })) {
    say(t("Not connected: that was not sent. Try again once the table is back."), true);
  }
};
$("next-hand").onclick = dealNext;
const playAgain = () => {
  if (!send({ type: "rematch", state_id: s.stateId })) {
    say(t("Not connected: that was not sent. Try again once the table is back."), true);
  }
};
$("rematch").onclick = playAgain;
$("rematch-bar").onclick = playAgain;
$("next-hand-bar").onclick = dealNext;
$("show-sheet").onclick = () => { if (!$("sheet").open) $("sheet").showModal(); };
$("sheet-close").onclick = () => $("sheet").close();
$("four-colour").checked = localStorage.getItem("rummy-four-colour") === "1";
$("four-colour").onchange = () => { localStorage.setItem("rummy-four-colour", $("four-colour").checked ? "1" : "0"); render(); };
document.addEventListener("keydown", onKey);
soundSwitch($("sound"));
chatPanel(send, say, names);
document.addEventListener("pointermove", onPointerMove);
document.addEventListener("pointerup", onPointerUp);
document.addEventListener("pointercancel", (event) => { if (drag?.pointer === event.pointerId) { endDrag(); render(); } });
// On a phone the scores and the log fold away; a tap opens them.
if (matchMedia("(max-width: 760px)").matches) {
  for (const fold of ["scores-fold", "log-fold", "chat-fold", "settings"]) $(fold).open = false;
}
languageSwitch($("language"));
window.rummyTable = s; // for the browser tests and for a curious player's console
// The bots' levels first, to name them as the lobby does (the table plays on without them).
const levels = fetch(`/api?lang=${language}`).then((r) => r.json()).then((info) => {
  s.levels = info.levels;
  s.titles = Object.fromEntries(info.rulesets.map((r) => [r.name, r.title]));
  s.houseRules = Object.fromEntries(info.house_rules.map((r) => [r.name, r.summary]));
}).catch(() => {});
// Joined: "connecting…" until the welcome, not "not joined yet" (a slow server's welcome).
onJoin(() => { sessionStorage.setItem(joinedKey, "1"); $("status").textContent = t("connecting…"); connect(); });
const join = () => showJoin(tableId, linkSeat, { titles: s.titles, houseRules: s.houseRules, botName });
levels.finally(token && !sessionStorage.getItem(joinedKey) ? join : connect);
