// The table's chat: a few quick reactions and a line of one's own, for the players to send and
// everyone (spectators too) to read. Lines are shown as text, never as markup; the server keeps
// them with the table and limits how fast a seat may talk.
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let unread = 0;

/** Wire the chat panel: ``send`` sends a message to the server (false when offline), ``said``
 * shows a problem near the buttons, ``names`` names each seat as the page does. */
export function chatPanel(send, said, names) {
  const quick = [t("Nice one!"), t("Well played!"), t("Good game!"), t("Your turn!"), t("Oops!"), t("Bravo!")];
  const speak = (text) => {
    if (!send({ type: "chat", text })) said(t("Not connected: that was not sent. Try again once the table is back."), true);
  };
  $("chat-quick").replaceChildren(...quick.map((text) => {
    const b = Object.assign(document.createElement("button"), { type: "button", className: "secondary", textContent: text });
    b.addEventListener("click", () => speak(text));
    return b;
  }));
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) return;
    speak(text);
    $("chat-text").value = "";
  });
  $("chat-fold").addEventListener("toggle", () => { if ($("chat-fold").open) { unread = 0; count(); } });
  chatPanel.names = names;
}

function count() {
  $("chat-count").textContent = unread ? t("({count} new)", { count: unread }) : "";
}

/** Show chat lines (``replace``: a welcome's, instead of those shown). */
export function showChat(lines, replace = false) {
  const list = $("chat-lines");
  if (replace) list.replaceChildren();
  const who = chatPanel.names();
  for (const line of lines) {
    const item = document.createElement("li");
    const name = document.createElement("b");
    name.textContent = who[line.seat] ?? line.name ?? "";
    item.append(name, ": ", line.text);
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;
  if (!replace && !$("chat-fold").open) { unread += lines.length; count(); }
}
