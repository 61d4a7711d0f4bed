// The count at a deal's end (each seat's points and every scoring card it took) and the match's end
// with its places.

import { _, format } from "./i18n.js";
import { faceCard } from "./cards.js";
import { seatName, waitingText } from "./words.js";

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

/** Draw the count of the deal just over (and the match's end, when it is over) into `box`. */
export function drawCount(box, model, onNext) {
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
  head.append(cell("th", _("Seat")), cell("th", _("Scoring cards")), cell("th", _("Points")), cell("th", _("Match")));
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
  if (model.matchOver) {
    const mine = model.matchOver.places[model.seat];
    parts.push(cell("p", mine === 1 ? _("You won the match.") : format("You came {place}.", { place: place(mine) })));
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
