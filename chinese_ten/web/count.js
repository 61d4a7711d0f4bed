// The count at a deal's end (each seat's points and every scoring card it took) and the match's end
// with its places.

import { _, format } from "./i18n.js";
import { faceCard } from "./cards.js";
import { seatName, waitingText } from "./words.js";
import { dealLink, shareRow } from "./deal_share.js";

/** Each seat's captured cards, from the deal's events as this seat was told them (all were face up). */
export function piles(story, seats) {
  const found = Array.from({ length: seats }, () => []);
  for (const event of story) {
    if (event.kind === "dealt") found.forEach((pile) => pile.splice(0));
    if (event.kind === "captured") {
      const taken = event.taken || (event.sets || []).flat();
      found[event.seat].push(event.card, ...taken);
    }
    if (event.kind === "dealer_sweep") found[event.seat].push(...event.cards);
  }
  return found;
}

function place(n) {
  return [_("1st"), _("2nd"), _("3rd"), _("4th"), _("5th"), _("6th"), _("7th"), _("8th")][n - 1] || String(n);
}

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

function link(href, role, text) {
  const element = document.createElement("a");
  element.href = href;
  element.dataset.role = role;
  element.textContent = text;
  return element;
}

/** At the match's end: who has asked to play again, by name, and the ways on (Play again, New table, Your tables). */
function matchEnd(model, onAgain) {
  const asked = model.seats.map((entry, seat) => ({ entry, seat })).filter(({ entry }) => entry.again === true);
  const others = asked.filter(({ seat }) => seat !== model.seat).map(({ seat }) => seatName(model.seats, seat));
  const mine = asked.some(({ seat }) => seat === model.seat) || model.againSent;
  let said = "";
  if (mine) {
    said = others.length ? format("You and {names} want to play again; waiting for the others.", { names: others.join(_(", ")) })
      : _("You want to play again; waiting for the others.");
  } else if (others.length) {
    said = format("Asked to play again: {names}", { names: others.join(_(", ")) });
  }
  const wanting = cell("p", said);
  wanting.dataset.role = "wanting-again";
  const again = document.createElement("button");
  again.type = "button";
  again.dataset.role = "again";
  again.textContent = _("Play again");
  again.setAttribute("aria-disabled", String(mine || !model.connected));
  again.addEventListener("click", onAgain);
  const ways = document.createElement("div");
  ways.className = "ways";
  ways.append(again, link("/", "new-table", _("New table")), link("/", "your-tables", _("Your tables")));
  return [wanting, ways];
}

/** Draw the count of the deal just over (and the match's end, when it is over) into `box`; `onNext` goes on to
 * the next deal, `onAgain` asks for another match. */
export function drawCount(box, model, onNext, onAgain = () => {}) {
  const over = model.dealOver;
  if (!over) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const n = model.state ? model.state.seats : model.seats.length;
  const points = (over.record && over.record.result && over.record.result.points) || (model.state ? model.state.points : []);
  const taken = piles(model.story, n);
  const title = cell("h2", model.matchOver ? _("The match is over") : _("The count"));
  const grid = document.createElement("table");
  const head = document.createElement("tr");
  head.append(cell("th", _("Seat")), cell("th", model.values ? _("Scoring cards") : _("Cards taken")), cell("th", _("Points")), cell("th", _("Match")));
  if (model.matchOver) head.append(cell("th", _("Place")));
  grid.append(head);
  for (let seat = 0; seat < n; seat += 1) {
    const row = document.createElement("tr");
    if (seat === model.seat) row.className = "own";
    const scoring = document.createElement("td");
    const fan = document.createElement("div");
    fan.className = "scoring";
    const cards = model.values ? taken[seat].filter((card) => model.values[card]) : taken[seat];
    fan.append(...cards.map((card) => faceCard(card)));
    scoring.append(fan);
    const name = cell("td", seatName(model.seats, seat));
    name.className = "who";
    row.append(name, scoring, cell("td", String(points[seat] ?? "")),
      cell("td", String((over.totals || [])[seat] ?? "")));
    if (model.matchOver) row.append(cell("td", place(model.matchOver.places[seat])));
    grid.append(row);
  }
  const parts = [title, grid];
  if (model.table && model.dealNumber) parts.push(shareRow(dealLink(model.table, model.dealNumber), _("A finished deal")));
  if (model.seat === null) {
    // no seat: a watcher, or a finished deal's page, which neither goes on nor asks to play again
  } else if (model.matchOver) {
    const mine = model.matchOver.places[model.seat];
    parts.push(cell("p", mine === 1 ? _("You won the match.") : format("You came {place}.", { place: place(mine) })));
    parts.push(...matchEnd(model, onAgain));
  } else {
    const waiting = cell("p", waitingText(model));
    waiting.dataset.role = "waiting";
    const next = document.createElement("button");
    next.type = "button";
    next.dataset.role = "next";
    next.textContent = _("Next deal");
    // pressed, it stays where it is with the focus (a disabled button would drop it to the page) and does nothing
    next.setAttribute("aria-disabled", String(model.readySent || !model.connected));
    next.addEventListener("click", onNext);
    parts.push(waiting, next);
  }
  box.replaceChildren(...parts);
}
