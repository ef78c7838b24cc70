// The browser's words in the page's language. The server writes the language into <html lang>
// (from ?lang=, the rummy_lang cookie or Accept-Language) and embeds its "web" catalog in the
// page (the JSON of /api/i18n/{lang}): t("Stock") and tn("{count} card", "{count} cards", n)
// read it, and fall back to the English they are given. Placeholders are {name}.

export const language = document.documentElement.lang || "en";

/** Whether a person chose the page's language (``?lang=``, or the switch's cookie), rather
 * than the browser's settings: a chosen language goes with the links the page makes. */
export const chosen = new URLSearchParams(location.search).has("lang") || /(^|; )rummy_lang=/.test(document.cookie);

const data = JSON.parse(document.getElementById("rummy-i18n")?.textContent || "null");
const messages = data?.messages ?? {};

// The plural rule of each language's catalog (its Plural-Forms header): which form n takes.
const PLURALS = { is: (n) => (n % 10 !== 1 || n % 100 === 11 ? 1 : 0) };
const pluralIndex = PLURALS[language] ?? ((n) => (n !== 1 ? 1 : 0));

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** ``msgid`` in the page's language, with ``params`` put in. */
export function t(msgid, params = {}) {
  const text = messages[msgid];
  return fill(typeof text === "string" && text ? text : msgid, params);
}

/** The form of a message for the count ``n`` (put in as {count}, unless params give one). */
export function tn(singular, plural, n, params = {}) {
  const forms = messages[singular];
  const text = Array.isArray(forms) ? forms[pluralIndex(n)] : null;
  return fill(text || (n === 1 ? singular : plural), { count: n, ...params });
}

/** A card's name in the language ("hjartasjöa", "seven of hearts"), for screen readers; a
 * rank alone ("7", what a wild stands for in a set) by the rank's name. */
export function cardName(rank, suit) {
  const named = data?.cards?.[rank + suit];
  if (named) return named;
  if (rank === "JK") return t("joker");
  const rankName = data?.ranks?.[rank] ?? rank;
  return suit ? t("{rank} of {suit}", { rank: rankName, suit: data?.suits?.[suit] ?? suit }) : rankName;
}

/** Make ``select`` the language switch: every language in its own words; a choice is kept in
 * the rummy_lang cookie (every page and table then speaks it) and the page opens again in it. */
export function languageSwitch(select) {
  const choices = data?.languages ?? [{ code: "en", name: "English" }];
  select.replaceChildren(...choices.map((l) => new Option(l.name, l.code)));
  select.value = language;
  select.addEventListener("change", () => {
    document.cookie = `rummy_lang=${select.value}; path=/; max-age=31536000; SameSite=Lax`;
    const address = new URL(location.href);
    if (address.searchParams.has("lang")) {
      address.searchParams.delete("lang");
      location.replace(address.href);
    } else {
      location.reload();
    }
  });
}
