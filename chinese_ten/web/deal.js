// A finished deal's page (/d/TABLE/N): its record, fetched from /d/TABLE/N.json, stepped through turn by turn
// (replay_view.js), shared by its link; a section left for the deal's review. The same page at /replay steps
// through a record file the visitor opens in it (replay.js).

import { _, format, preferred, useLanguage } from "./i18n.js";
import { wireSwitches } from "./switches.js";
import { RecordProblem, stepsOf } from "./replay_steps.js";
import { redrawSteps, showSteps } from "./replay_view.js";
import { dealLink, shareRow } from "./deal_share.js";
import { wireReplay } from "./replay.js";
import { reviewPanel } from "./review.js";

const $ = (role) => document.querySelector(`[data-role="${role}"]`);
const [, , table, number] = location.pathname.split("/");

function heading() {
  $("page-title").textContent = format("Deal {number} of table {table}", { number, table });
  document.title = $("page-title").textContent;
}

function sharing() {
  const box = $("deal-links");
  box.querySelector('[data-role="share"]')?.remove();
  box.prepend(shareRow(dealLink(table, Number(number)), $("page-title").textContent));
}

/** The page at /replay: no deal until a file is opened. */
async function replay() {
  let refused = () => {};
  const language = wireSwitches(() => { refused(); redrawSteps(); });
  await useLanguage(preferred());
  language.value = document.documentElement.lang;
  $("page-title").dataset.text = "A deal from a record file";
  $("page-title").textContent = _("A deal from a record file");
  document.title = $("page-title").textContent;
  refused = wireReplay();
}

async function main() {
  if (location.pathname === "/replay") {
    await replay();
    return;
  }
  const language = wireSwitches(() => { heading(); sharing(); redrawSteps(); });
  await useLanguage(preferred());
  language.value = document.documentElement.lang;
  heading();
  const address = `${location.pathname}.json`;
  $("deal-record").href = address;
  try {
    const answer = await fetch(address);
    const data = await answer.json();
    if (!answer.ok) throw new RecordProblem(data.error || answer.statusText);
    sharing();
    showSteps(stepsOf(data), data, table, Number(number));
    reviewPanel(table, number);
  } catch (error) {
    $("notice").textContent = error instanceof RecordProblem ? error.message : _("The deal could not be read from the server.");
    $("notice").closest('[data-view="notice"]').hidden = false;
    document.documentElement.dataset.state = "failed";
  }
}

main();
