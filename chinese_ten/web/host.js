// The host's panel at its own table: each seat's link with Copy and the system's Share, who has sat down, and a
// computer for a seat still empty. The links come once, in `created`; this browser keeps them per table so the panel
// is there again after a reload.

import { _, format } from "./i18n.js";
import { seatName } from "./words.js";
import { qrPicture } from "./qr.js";

const PREFIX = `chinese-ten:links:${location.origin}:`;
let drawn = "";

/** Keep a new table's seat links (`created.links`, seat number -> link) and its watch link (`created.watch`, when
 * watching is on) for the host's panel. */
export function keepLinks(table, links, watch) {
  const kept = {};
  for (const [seat, link] of Object.entries(links || {})) {
    if (/^\d+$/.test(seat) && typeof link === "string") kept[seat] = link;
  }
  if (typeof watch === "string") kept.watch = watch;
  localStorage.setItem(PREFIX + table, JSON.stringify(kept));
}

/** The seat links kept for `table` (seat number -> link), or null for a table this browser did not open. */
export function keptLinks(table) {
  try {
    const kept = JSON.parse(localStorage.getItem(PREFIX + table) || "null");
    return kept && typeof kept === "object" ? kept : null;
  } catch {
    return null;
  }
}

/** Forget a table's links (its seat is forgotten too). */
export function forgetLinks(table) {
  localStorage.removeItem(PREFIX + table);
}

function button(text, role, run) {
  const element = document.createElement("button");
  element.type = "button";
  element.dataset.role = role;
  element.textContent = text;
  element.addEventListener("click", run);
  return element;
}

function copy(link, pressed, shown) {
  const done = () => { pressed.textContent = _("Copied"); };
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link).then(done, () => {});
  else {
    const range = document.createRange();
    range.selectNodeContents(shown);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    if (document.execCommand("copy")) done();
  }
}

function watchRow(link) {
  const item = document.createElement("li");
  item.dataset.kind = "watch";
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = _("To watch the table");
  const text = document.createElement("code");
  text.dataset.role = "watch-link";
  text.textContent = link;
  const tools = document.createElement("span");
  tools.className = "tools";
  const copying = button(_("Copy"), "copy-link", () => copy(link, copying, text));
  tools.append(copying);
  item.append(who, text, tools);
  return item;
}

function row(model, seat, link, send) {
  const entry = model.seats[seat] || { kind: "empty" };
  const item = document.createElement("li");
  item.dataset.kind = entry.kind;
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = entry.kind === "empty" ? format("{seat}: waiting for a person", { seat: seatName(model.seats, seat) })
    : seatName(model.seats, seat);
  const text = document.createElement("code");
  text.dataset.role = "link";
  text.dataset.seat = String(seat);
  text.textContent = link;
  const tools = document.createElement("span");
  tools.className = "tools";
  const copying = button(_("Copy"), "copy-link", () => copy(link, copying, text));
  tools.append(copying);
  if (navigator.share) {
    tools.append(button(_("Share"), "share-link", () => {
      navigator.share({ title: _("A seat at a Chinese Ten table"), url: link }).catch(() => {});
    }));
  }
  if (entry.kind === "empty" || entry.kind === "away") {
    const fill = button(_("A computer takes it"), "fill", () => {
      fill.disabled = true;
      send({ type: "fill", seat, strength: "normal" });
    });
    fill.dataset.seat = String(seat);
    tools.append(fill);
  }
  item.append(who, text, tools);
  const code = qrPicture(link);
  if (code) {
    code.dataset.role = "qr";
    code.dataset.seat = String(seat);
    code.setAttribute("role", "img");
    code.setAttribute("aria-label", format("QR code of {seat}'s link", { seat: seatName(model.seats, seat) }));
    item.append(code);
  }
  return item;
}

/** Draw the host's panel into `panel` from the seat's `model` (shown at seat 0 of a table this browser opened);
 * `send(message)` sends a `fill`. */
export function drawHost(panel, model, send) {
  const links = model.seat === 0 && model.table ? keptLinks(model.table) : null;
  const seats = links ? Object.keys(links).filter((key) => /^\d+$/.test(key)).map(Number).sort((a, b) => a - b) : [];
  const key = JSON.stringify([document.documentElement.lang, seats, model.seats]);
  panel.hidden = !seats.length;
  if (!seats.length || key === drawn) return;
  drawn = key;
  const waiting = seats.some((seat) => !model.seats[seat] || model.seats[seat].kind === "empty");
  const heading = document.createElement("summary");
  heading.textContent = waiting ? _("Send each person their seat's link") : _("The seats' links");
  const list = document.createElement("ul");
  list.append(...seats.map((seat) => row(model, seat, links[seat], send)));
  if (typeof links.watch === "string") list.append(watchRow(links.watch));
  panel.replaceChildren(heading, list);
  panel.open = waiting;
}
