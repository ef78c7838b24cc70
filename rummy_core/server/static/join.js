// The way to a seat: the page a seat's link opens before its player joins. It shows the table
// (its game by title, its house rules by what they do, who sits where) and the seat, and asks
// for a name; the table page connects once it is given.
import { language, t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** The join page of ``linkSeat`` at ``tableId``; ``words`` names the games (``titles``), the
 * house rules (``houseRules``) and the bots (``botName``) as the table page does. */
export async function showJoin(tableId, linkSeat, words) {
  $("main").hidden = true;
  $("join").hidden = false;
  $("status").textContent = t("not joined yet");
  $("join-name").value = localStorage.getItem("rummy-name") ?? "";
  const answer = await fetch(`/api/tables/${tableId}?lang=${language}`);
  const data = await answer.json();
  if (!answer.ok) {
    $("join-problem").textContent = data.message;
    $("join-form").hidden = true;
    return;
  }
  const { table, view } = data;
  const over = { hand_over: t("hand over"), match_over: t("match over") };
  const turn = !table.started ? t("waiting for everyone to join")
    : table.turn === null ? over[table.phase] ?? table.phase : t("seat {seat} to play", { seat: table.turn + 1 });
  // The game by its title, its house rules by what they do; the variant string as
  // `rummy play` takes it only under Advanced.
  const [game, ...rules] = table.variant.split("+");
  const ruleset = game.split(":")[0];
  $("join-table").textContent = tn("{variant}, {count} player · hand {hand} · {turn}.", "{variant}, {count} players · hand {hand} · {turn}.", table.players, { variant: words.titles[ruleset] ?? ruleset, hand: table.hand_number, turn });
  $("join-rules").replaceChildren(...rules.map((rule) => Object.assign(document.createElement("li"), { textContent: words.houseRules[rule.split(":")[0]] ?? rule })));
  $("join-variant").textContent = table.variant;
  $("join-seats").replaceChildren(...table.seats.map((seat) => {
    const li = document.createElement("li");
    const name = seat.kind === "bot" ? words.botName(seat.bot) : seat.name ?? (seat.claimed ? t("someone") : t("not joined yet"));
    const who = seat.kind === "human" && seat.connected ? t("{name} (here)", { name }) : name;
    const points = t("{points} pts", { points: view.scores[seat.seat] });
    const yours = t("your seat");
    li.textContent = seat.seat === linkSeat ? `${who} · ${points} · ${yours}` : `${who} · ${points}`;
    if (seat.seat === linkSeat) li.className = "this";
    return li;
  }));
  const mine = table.seats[linkSeat];
  if (mine?.kind === "bot") {
    const watch = Object.assign(document.createElement("a"), { href: `/table/${tableId}`, textContent: t("watch the table") });
    // The sentence is translated whole; its link is put where the translation names it.
    const [before, after] = t("A bot plays seat {seat} now, so this link no longer seats you. You can {watch}.", { seat: linkSeat + 1 }).split("{watch}");
    $("join-seat").replaceChildren(before, watch, after ?? "");
    $("join-form").hidden = true;
    return;
  }
  $("join-seat").textContent = linkSeat === null ? t("This link is for a seat at this table.")
    : mine?.connected ? t("This link is for seat {seat}. Someone is playing it now: joining here takes it over.", { seat: linkSeat + 1 })
      : t("This link is for seat {seat}.", { seat: linkSeat + 1 });
  $("join-name").focus();
}

/** The join form: the name is kept in this browser, then ``joined`` connects. */
export function onJoin(joined) {
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("join-name").value.trim();
    if (name) localStorage.setItem("rummy-name", name); else localStorage.removeItem("rummy-name");
    $("join").hidden = true;
    $("main").hidden = false;
    joined();
  });
}
