// What this browser keeps of its seats: the name it sits down with, and each table's seat token,
// per server (this page's origin) and table. A token is kept here only, never put in an address.

const NAME = "chinese-ten:name";
const PREFIX = `chinese-ten:seat:${location.origin}:`;

/** The name this browser sat down with last, or "". */
export function keptName() {
  return localStorage.getItem(NAME) || "";
}

/** Remember the name for the next table. */
export function keepName(name) {
  localStorage.setItem(NAME, name);
}

/** The seat kept at `table` ({token, seat, game, seats, lastSeq, at}), or null. */
export function keptSeat(table) {
  try {
    const kept = JSON.parse(localStorage.getItem(PREFIX + table) || "null");
    return kept && typeof kept.token === "string" ? kept : null;
  } catch {
    return null;
  }
}

/** Keep (or bring up to date) the seat at `table`. */
export function keepSeat(table, seat) {
  localStorage.setItem(PREFIX + table, JSON.stringify({ ...seat, at: Date.now() }));
}

/** Forget the seat at `table` (its token was refused, or the table is gone). */
export function forgetSeat(table) {
  localStorage.removeItem(PREFIX + table);
}

/** Every table this browser keeps a seat at on this server, the latest first. */
export function keptTables() {
  const found = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith(PREFIX)) {
      const table = key.slice(PREFIX.length);
      const seat = keptSeat(table);
      if (seat) found.push({ table, ...seat });
    }
  }
  return found.sort((a, b) => (b.at || 0) - (a.at || 0));
}
