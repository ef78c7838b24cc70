// The lobby's start page: a table is made of a ruleset, its options and house rules (each with
// its description, from the installed plugins as GET /api lists them), and a person or a bot
// for each seat. The form writes the variant string `rummy play --ruleset` takes; the server
// checks it, and its refusal is shown in its own words.
import { chosen, language, languageSwitch, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const form = $("create");
let info = null;

// -- options: one input per option, and the option=value text it stands for ----------------------

// The built-in options by their names in players' words; another plugin's option goes by its
// own name. Each option's description comes in players' words from the server (``plain``: the
// ruling ids are on the rules page).
const OPTION_LABELS = {
  target: () => t("Points to win"),
  hands: () => t("Hands in the match"),
  opening: () => t("Points to open"),
  ace: () => t("An ace in an opening"),
  turn_cap: () => t("Most turns in a hand"),
  hand_cap: () => t("Most hands in a match"),
};
// The choices of the built-in options in players' words (another plugin's show as they are
// written); the value sent is the option's own.
const CHOICE_LABELS = {
  ace: () => ({ flat: t("10 points, always"), "low-high": t("1 in A-2-3, 11 elsewhere") }),
};
// What a missing value means, for an option that may have none: a choice of its own, in words.
const NONE_CHOICES = {
  target: () => [t("A race to a number of points"), t("A single hand")],
};

function optionLabel(option) {
  const named = OPTION_LABELS[option.name];
  if (named) return named();
  const words = option.name.replaceAll("_", " ");
  return words[0].toUpperCase() + words.slice(1);
}

function optionInput(option, prefix) {
  const box = document.createElement("div");
  box.className = "option";
  const label = document.createElement("label");
  label.className = "line";
  const id = `${prefix}-${option.name}`;
  label.htmlFor = id;
  label.textContent = optionLabel(option);
  let input;
  if (option.kind === "boolean") {
    input = Object.assign(document.createElement("input"), { type: "checkbox", checked: option.default === true });
  } else if (option.choices) {
    input = document.createElement("select");
    const said = CHOICE_LABELS[option.name]?.() ?? {};
    for (const choice of option.choices) input.add(new Option(said[choice] ?? choice, choice));
    input.value = option.default;
  } else {
    input = Object.assign(document.createElement("input"), { type: option.kind === "integer" ? "number" : "text" });
    if (option.minimum !== null) input.min = option.minimum;
    input.value = option.default ?? "";
  }
  input.id = id;
  input.dataset.option = option.name;
  input.addEventListener("input", showVariant);
  input.addEventListener("change", showVariant);
  label.append(" ", input);
  const text = Object.assign(document.createElement("p"), { className: "description", textContent: option.plain });
  if (option.nullable) box.append(...noneChoice(option, prefix, input));
  else box.append(label);
  box.append(text);
  box.option = option;
  return box;
}

/** An option that may have no value: its name over two choices, its value (with the input)
 * or none. */
function noneChoice(option, prefix, input) {
  const [some, none] = (NONE_CHOICES[option.name] ?? (() => [t("A value"), t("None")]))();
  const group = Object.assign(document.createElement("div"), { className: "none-choice" });
  group.setAttribute("role", "radiogroup");
  group.setAttribute("aria-label", optionLabel(option));
  const radio = (text, value, checked) => {
    const line = Object.assign(document.createElement("label"), { className: "line" });
    const button = Object.assign(document.createElement("input"), { type: "radio", name: `${prefix}-${option.name}-none`, value, checked });
    button.addEventListener("change", () => { input.disabled = value === "none"; showVariant(); });
    line.append(button, " ", text);
    return line;
  };
  const withValue = radio(some, "some", option.default !== null);
  // The number goes with its choice: "A race to a number of points [100]".
  withValue.append(" ", input);
  input.setAttribute("aria-label", some);
  input.disabled = option.default === null;
  group.append(withValue, radio(none, "none", option.default === null));
  const heading = Object.assign(document.createElement("p"), { className: "option-name", textContent: optionLabel(option) });
  return [heading, group];
}

/** The options of one box that differ from their defaults, as "name=value,..." (or ""). */
function optionText(box) {
  const parts = [];
  for (const el of box.querySelectorAll(":scope > .option")) {
    if (el.hidden) continue;
    const { option } = el;
    const input = el.querySelector("[data-option]");
    let value;
    if (option.kind === "boolean") value = input.checked;
    else if (option.nullable && el.querySelector('input[type=radio][value="none"]').checked) value = null;
    else if (input.value.trim() === "") value = option.default;
    else value = option.kind === "integer" ? Number(input.value) : input.value.trim();
    if (value === option.default) continue;
    parts.push(`${option.name}=${value === null ? "none" : value}`);
  }
  return parts.join(",");
}

function ruleset() { return info.rulesets.find((r) => r.name === form.ruleset.value); }

function showRuleset() {
  const r = ruleset();
  $("ruleset-summary").textContent = r.summary;
  $("ruleset-rules").href = `/rules/${r.name}?lang=${language}`;
  $("options").replaceChildren(...r.options.filter((o) => !o.advanced).map((o) => optionInput(o, r.name)));
  $("advanced-options").replaceChildren(...r.options.filter((o) => o.advanced).map((o) => optionInput(o, r.name)));
  const rules = info.house_rules.filter((h) => h.applies_to.length === 0 || h.applies_to.includes(r.name));
  $("house-rules").replaceChildren(...(rules.length ? rules.map(houseRule) : [Object.assign(document.createElement("p"), { className: "hint", textContent: t("None is installed for this game.") })]));
  const count = $("seat-count");
  count.min = r.min_players;
  count.max = r.max_players;
  count.value = Math.min(r.max_players, Math.max(r.min_players, Number(count.value)));
  seatKinds();
  showVariant();
}

function houseRule(rule) {
  const box = document.createElement("div");
  box.className = "rule";
  box.dataset.rule = rule.name;
  const label = document.createElement("label");
  const check = Object.assign(document.createElement("input"), { type: "checkbox", name: `rule-${rule.name}` });
  const text = document.createElement("span");
  // Told by its summary in players' words; its name shows in the rules' text below the form.
  const summary = document.createElement("span");
  summary.textContent = rule.summary;
  text.append(summary);
  if (rule.conflicts_with.length) {
    const others = rule.conflicts_with.map((other) => info.house_rules.find((h) => h.name === other)?.summary ?? other);
    text.append(Object.assign(document.createElement("span"), { className: "description", textContent: t("Not with: {rules}", { rules: others.join("; ") }) }));
  }
  label.append(check, text);
  const options = document.createElement("div");
  options.className = "options";
  options.hidden = true;
  options.append(...rule.options.map((o) => optionInput(o, rule.name)));
  check.addEventListener("change", () => { options.hidden = !check.checked || !rule.options.length; showVariant(); });
  box.append(label, options);
  return box;
}

function variantText() {
  const r = ruleset();
  const own = [optionText($("options")), optionText($("advanced-options"))].filter(Boolean).join(",");
  const parts = [own ? `${r.name}:${own}` : r.name];
  for (const box of $("house-rules").querySelectorAll(".rule")) {
    if (!box.querySelector("input[type=checkbox]").checked) continue;
    const opts = optionText(box.querySelector(".options"));
    parts.push(opts ? `${box.dataset.rule}:${opts}` : box.dataset.rule);
  }
  return parts.join("+");
}

function showVariant() {
  showNeeded();
  $("variant-text").textContent = variantText();
}

/** An option that only matters once another has a value (gin's bonuses: a target, big gin
 * checked) is shown only then, and is not part of the variant while hidden. */
function showNeeded() {
  for (const box of [$("options"), $("advanced-options")]) {
    for (const el of box.querySelectorAll(":scope > .option")) {
      const needs = el.option.needs;
      if (!needs) continue;
      const input = box.querySelector(`[data-option="${CSS.escape(needs)}"]`);
      const none = input?.closest(".option").querySelector('input[type=radio][value="none"]');
      el.hidden = input?.type === "checkbox" ? !input.checked : Boolean(none?.checked);
    }
  }
}

/** The form set to a variant's text ("hungarian:opening=40+ace-low-high"): its ruleset, its
 * options and its house rules with theirs, as variantText writes them. */
function applyVariant(text) {
  const [first, ...rules] = text.split("+");
  const [name, own = ""] = first.split(":");
  if (!info.rulesets.some((r) => r.name === name)) return;
  form.ruleset.value = name;
  showRuleset();
  setOptions([$("options"), $("advanced-options")], own);
  for (const part of rules) {
    const [rule, opts = ""] = part.split(":");
    const box = $("house-rules").querySelector(`.rule[data-rule="${CSS.escape(rule)}"]`);
    if (!box) continue;
    const check = box.querySelector("input[type=checkbox]");
    check.checked = true;
    check.dispatchEvent(new Event("change"));
    setOptions([box.querySelector(".options")], opts);
  }
  showVariant();
}

/** Each "name=value" of ``text`` put into the option of that name among ``boxes``. */
function setOptions(boxes, text) {
  for (const pair of text.split(",").filter(Boolean)) {
    const [key, written] = pair.split("=");
    // The server writes a variant's values as it reads them: none, true and false in any case.
    const value = ["none", "null", "true", "false"].includes(written.toLowerCase()) ? written.toLowerCase() : written;
    const el = boxes.flatMap((box) => [...box.querySelectorAll(":scope > .option")]).find((o) => o.option.name === key);
    if (!el) continue;
    const input = el.querySelector("[data-option]");
    if (el.option.kind === "boolean") input.checked = value === "true";
    else if (el.option.nullable && (value === "none" || value === "null")) el.querySelector('input[type=radio][value="none"]').click();
    else {
      if (el.option.nullable) el.querySelector('input[type=radio][value="some"]').click();
      input.value = value;
    }
  }
}

// -- seats -------------------------------------------------------------------------------------

function seatKinds() {
  const box = $("seat-kinds");
  const count = Number($("seat-count").value);
  const kept = [...box.querySelectorAll("select")].map((s) => s.value);
  const normal = (info.levels.find((l) => l.level === info.default_level) ?? {}).bot ?? "person";
  box.replaceChildren();
  for (let i = 0; i < count; i++) {
    const label = document.createElement("label");
    label.className = "line";
    label.textContent = t("Seat {number}", { number: i + 1 });
    const select = document.createElement("select");
    select.name = `seat-${i}`;
    select.add(new Option(t("a person"), "person"));
    // The levels first, in players' words, then any other installed bot by its name.
    for (const l of info.levels) select.add(new Option(t("bot: {name}", { name: l.name }), l.bot));
    for (const bot of info.bots.filter((b) => !info.levels.some((l) => l.bot === b))) {
      select.add(new Option(t("bot: {name}", { name: bot }), bot));
    }
    select.value = kept[i] ?? (i === 0 ? "person" : normal);
    label.append(" ", select);
    box.append(label);
  }
}

function botWord(bot) {
  const level = info?.levels.find((l) => l.bot === bot);
  return t("{level} bot", { level: level ? level.name : bot });
}

// -- creating, and the links to share ------------------------------------------------------------

// The table this page made: its creator token (kept in the browser, so the table pages opened
// from here are the host's too) and, per person's seat, its link, or null while a bot plays it.
const host = { tableId: null, token: null, links: new Map() };

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Over plain http from another machine there is no clipboard API: select and copy instead.
    const input = button.closest("li").querySelector("input");
    input.select();
    document.execCommand("copy");
  }
  button.textContent = t("Copied");
  setTimeout(() => { button.textContent = t("Copy"); }, 2000);
}

/** The host's request about a seat; its answer's body, or null after saying why not. */
async function hostCall(path, item, body = null) {
  const answer = await fetch(chosen ? `/api/tables/${host.tableId}/${path}?lang=${language}` : `/api/tables/${host.tableId}/${path}`, {
    method: "POST",
    body: body === null ? null : JSON.stringify(body),
    headers: { "content-type": "application/json", authorization: `Bearer ${host.token}` },
  }).catch(() => null);
  const data = answer ? await answer.json() : null;
  if (!answer?.ok) {
    item.querySelector(".said").textContent = data?.message ?? t("Not connected: that was not sent. Try again once the table is back.");
    return null;
  }
  return data;
}

// A seat whose player has gone is given to a bot of the default strength; one a bot took over
// is given back with a new link; a player is removed by giving the seat a new link (the old one
// stops working). All with the creator's token this page was given (no curl needed).
async function giveToBot(seat, item) {
  const level = info.levels.find((l) => l.level === info.default_level) ?? info.levels[0];
  if (!await hostCall(`seats/${seat}/bot`, item, { bot: level.bot })) return;
  host.links.set(seat, null);
  seatItem(seat, item, t("A bot plays this seat now."));
  refresh();
}

async function newLink(seat, item, said) {
  const data = await hostCall(`seats/${seat}/person`, item);
  if (!data) return;
  host.links.set(seat, data.link);
  seatItem(seat, item, said);
  refresh();
}

function button(text, onClick, className = "") {
  const b = Object.assign(document.createElement("button"), { type: "button", textContent: text, className });
  b.addEventListener("click", onClick);
  return b;
}

/** Fill ``item`` with ``seat``'s link to share (Copy, Share, Open, its QR code) and the host's
 * controls; ``said`` tells what the host's last change did. */
function seatItem(seat, item = document.createElement("li"), said = "") {
  const link = host.links.get(seat);
  item.dataset.seat = seat;
  const who = Object.assign(document.createElement("span"), { className: "who", textContent: t("Seat {number}", { number: seat + 1 }) });
  const parts = [who];
  if (link) {
    const input = Object.assign(document.createElement("input"), { readOnly: true, value: link.url });
    input.setAttribute("aria-label", t("Link for seat {number}", { number: seat + 1 }));
    input.addEventListener("focus", () => input.select());
    const copyButton = button(t("Copy"), () => copy(link.url, copyButton));
    parts.push(input, copyButton);
    // The Web Share API (a phone's share sheet: messages, mail) where the browser has it.
    if (navigator.share) {
      parts.push(button(t("Share"), () => navigator.share({ title: document.title, text: t("Your seat at the rummy table"), url: link.url }).catch(() => {})));
    }
    parts.push(Object.assign(document.createElement("a"), { href: link.url, target: "_blank", textContent: t("Open") }));
    const qr = document.createElement("details");
    qr.className = "qr";
    const summary = Object.assign(document.createElement("summary"), { textContent: t("QR code") });
    const image = Object.assign(document.createElement("img"), { src: link.qr, alt: t("QR code of the link for seat {number}", { number: seat + 1 }), width: 200, height: 200 });
    qr.append(summary, image);
    parts.push(qr, button(t("Give to a bot"), () => giveToBot(seat, item), "secondary"),
      button(t("Remove the player"), () => newLink(seat, item, t("A new link: the old one no longer works.")), "secondary remove"));
  } else {
    parts.push(button(t("Give back to a person"), () => newLink(seat, item, t("A new link for the seat: send it to its player.")), "secondary"));
  }
  parts.push(Object.assign(document.createElement("span"), { className: "said hint", textContent: said }));
  item.replaceChildren(...parts);
  return item;
}

/** The host's seats as the table is now: each seat's player by name, and whether they are here. */
function showHostSeats(table) {
  for (const item of $("links").querySelectorAll("li[data-seat]")) {
    const seat = table.seats[Number(item.dataset.seat)];
    if (!seat) continue;
    item.querySelector(".who").textContent = `${t("Seat {number}", { number: seat.seat + 1 })} · ${seatName(seat)}`;
    const remove = item.querySelector(".remove");
    if (remove) remove.hidden = !seat.claimed;
  }
}

// Opened from a finished table's "Change the rules" (by its host): the form plays another
// match there under the rules it makes, with the same seats, instead of making a new table.
const rematchOf = new URLSearchParams(location.search).get("rematch");
const rematchToken = rematchOf && localStorage.getItem(`rummy-creator:${rematchOf}`);

async function rematchUnderNewRules() {
  const answer = await fetch(chosen ? `/api/tables/${rematchOf}/rematch?lang=${language}` : `/api/tables/${rematchOf}/rematch`, {
    method: "POST",
    body: JSON.stringify({ variant: variantText() }),
    headers: { "content-type": "application/json", authorization: `Bearer ${rematchToken}` },
  });
  const data = await answer.json();
  if (!answer.ok) { $("create-error").textContent = data.message; return; }
  $("create-error").classList.add("ok");
  localStorage.setItem(`rummy-creator:${data.table.id}`, rematchToken);
  const watch = Object.assign(document.createElement("a"), { href: `/table/${data.table.id}`, textContent: t("watch") });
  const [before, after] = t("The players' pages go on to the new table. You can {watch}.").split("{watch}");
  $("create-error").replaceChildren(before, watch, after ?? "");
  refresh();
}

if (rematchToken) {
  $("rematch-note").hidden = false;
  $("seats-box").hidden = true;
  $("create-button").textContent = t("Play again");
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (rematchToken) { await rematchUnderNewRules(); return; }
  const seats = [...$("seat-kinds").querySelectorAll("select")].map((s) => ({ bot: s.value === "person" ? null : s.value }));
  const body = { variant: variantText(), seats, bot_pause: Number(form.bot_pause.value) };
  // The server answers in the page's language; one a person chose goes into the seat links.
  const answer = await fetch(chosen ? `/api/tables?lang=${language}` : "/api/tables", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
  const data = await answer.json();
  const problem = $("create-error");
  if (!answer.ok) { problem.textContent = data.message; return; }
  problem.textContent = "";
  // The page's browser is the host's: its table pages may start the table (table.js).
  localStorage.setItem(`rummy-creator:${data.table.id}`, data.creator_token);
  Object.assign(host, { tableId: data.table.id, token: data.creator_token, links: new Map(data.links.map((l) => [l.seat, l])) });
  $("links").replaceChildren(...data.links.map((link) => seatItem(link.seat)));
  if (!data.links.length) $("links").append(Object.assign(document.createElement("li"), { textContent: t("Every seat is a bot's: watch the table from the list below.") }));
  $("creator").textContent = data.creator_token;
  $("created").hidden = false;
  $("created").scrollIntoView({ behavior: "smooth" });
  refresh();
});

// -- the tables --------------------------------------------------------------------------------

/** A seat's player: a person by the name they gave (and whether they are here), a bot by its
 * level. */
function seatName(seat, here = true) {
  const name = seat.kind === "bot" ? botWord(seat.bot) : seat.name ?? (seat.claimed ? t("someone") : t("not joined yet"));
  return here && seat.kind === "human" && seat.connected ? t("{name} (here)", { name }) : name;
}

function seatText(seat) { return `${seat.seat + 1}: ${seatName(seat)}`; }

async function refresh() {
  const answer = await (await fetch("/api/tables")).json();
  const rows = answer.tables.map((table) => {
    const row = document.createElement("tr");
    const over = { hand_over: t("hand over"), match_over: t("match over") };
    const turn = table.seats[table.turn];
    const game = table.variant.split(/[:+]/)[0];
    const title = info?.rulesets.find((r) => r.name === game)?.title ?? game;
    const cells = [table.id, title, table.seats.map(seatText).join(", "), table.hand_number,
      !table.started ? t("waiting for everyone to join")
        : table.paused ? t("paused: the host may let the bots play on")
        : turn === undefined ? over[table.phase] ?? table.phase : seatName(turn, false)];
    for (const text of cells) { const td = document.createElement("td"); td.textContent = text; row.append(td); }
    // The whole variant (options and house rules) for whoever wants it, as `rummy play` takes it.
    row.children[1].title = table.variant;
    const link = Object.assign(document.createElement("a"), { href: `/table/${table.id}`, textContent: t("watch") });
    row.firstChild.append(" ", link);
    return row;
  });
  $("tables").replaceChildren(...rows);
  const mine = answer.tables.find((table) => table.id === host.tableId);
  if (mine) showHostSeats(mine);
}

languageSwitch($("language"));
form.ruleset.addEventListener("change", showRuleset);
$("seat-count").addEventListener("input", seatKinds);
fetch(`/api?lang=${language}`).then((r) => r.json()).then((data) => {
  info = data;
  for (const r of info.rulesets) form.ruleset.add(new Option(r.title, r.name));
  form.ruleset.value = info.rulesets.some((r) => r.name === "classic") ? "classic" : info.rulesets[0].name;
  showRuleset();
  // Changing the rules of a finished table starts from the rules it played.
  const start = rematchToken
    ? fetch(`/api/tables/${rematchOf}`).then((r) => (r.ok ? r.json() : null)).then((state) => { if (state) applyVariant(state.table.variant); })
    : Promise.resolve();
  start.finally(() => { window.rummyLobby = { ready: true }; });
  // The list names bots by their levels, which come with the catalogue.
  refresh();
});
setInterval(refresh, 3000);
