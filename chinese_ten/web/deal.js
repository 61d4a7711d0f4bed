// A finished deal's page (/d/TABLE/N): its record, fetched from /d/TABLE/N.json, and each seat's points.

import { format, preferred, useLanguage } from "./i18n.js";
import { reviewPanel } from "./review.js";

/** Each seat's points and margin from a record's `result`, one list item a seat. */
function drawResult(list, record) {
  const result = record.result || {};
  const points = result.points || [];
  const margins = result.margins || [];
  list.replaceChildren(...points.map((value, seat) => {
    const item = document.createElement("li");
    item.dataset.seat = String(seat);
    item.textContent = format("Seat {seat}: {points} points, {margin}", {
      seat: seat + 1, points: value, margin: margins[seat] > 0 ? `+${margins[seat]}` : String(margins[seat]),
    });
    return item;
  }));
}

async function main() {
  await useLanguage(preferred());
  const address = `${location.pathname}.json`;
  document.querySelector("[data-role=deal-record]").href = address;
  const [, , table, number] = location.pathname.split("/");
  document.querySelector("[data-role=deal-title]").textContent = format("Deal {number} of table {table}", { number, table });
  const notice = document.querySelector("[data-role=deal-notice]");
  try {
    const answer = await fetch(address);
    const data = await answer.json();
    if (!answer.ok) throw new Error(data.error || answer.statusText);
    drawResult(document.querySelector("[data-role=deal-result]"), data);
    document.documentElement.dataset.state = "shown";
    reviewPanel(table, number);
  } catch (error) {
    notice.textContent = String(error.message || error);
    notice.hidden = false;
    document.documentElement.dataset.state = "failed";
  }
}

main();
