// Every game the server offers, as its forms read them: served at /games.json in the page's language (each game's
// name and title, seat counts, match lengths, computer strengths, house-rule options and presets). The shape of
// that list is read here only. A server without the list is offered the two games played their one default way.

import { _, language } from "./i18n.js";

const PLAIN = [
  { name: "ten", title: "Chinese Ten", seat_counts: [2, 3, 4], match_lengths: ["one", "per-seat", "two-per-seat", "six"],
    strengths: ["easy", "normal", "hard"], options: [], presets: [] },
  { name: "fishing", title: "Chinese Go Fishing", seat_counts: [2, 3, 4, 5, 6, 7, 8],
    match_lengths: ["per-seat", "one", "two-per-seat"], strengths: ["easy", "normal", "hard"], options: [], presets: [] },
];

/** One game as the forms read it: `{name, title, seats: [2, 3, 4], matches, strengths, presets: [{name, title, help,
 * options, match}], options: [{name, title, help, default, values: [{value, title}]}]}`. */
function gameOf(entry) {
  const list = (value) => (Array.isArray(value) ? value : []);
  return {
    name: String(entry.name),
    title: String(entry.title || entry.name),
    seats: list(entry.seat_counts).filter(Number.isInteger),
    matches: list(entry.match_lengths).map(String),
    strengths: list(entry.strengths).map(String),
    presets: list(entry.presets).map((p) => ({ name: String(p.name), title: String(p.title || p.name), help: String(p.help || ""),
      options: p.options && typeof p.options === "object" ? p.options : {}, match: p.match_length || null })),
    options: list(entry.options).map((o) => ({ name: String(o.name), title: String(o.title || o.name), help: String(o.help || ""),
      default: o.default, values: list(o.values).map((v) => ({ value: v.value, title: String(v.title) })) })),
  };
}

/** Every game this server offers, in the page's language (the server's own list, or the two played one way). */
export async function loadGames() {
  try {
    const answer = await fetch(`/games.json?lang=${encodeURIComponent(language())}`);
    if (answer.ok) {
      const data = await answer.json();
      const games = Array.isArray(data.games) ? data.games.map(gameOf).filter((g) => g.seats.length) : [];
      if (games.length) return games;
    }
  } catch {
    // no list from this server: the plain games below
  }
  return PLAIN.map((entry) => ({ ...gameOf(entry), title: _(entry.title) }));
}
