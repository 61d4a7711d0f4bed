// The page at /replay: a deal's record file from the visitor's own disk (chosen, or dropped on the page), read in
// the page and sent nowhere, stepped through as a finished deal's page is. A file that is no record, or a damaged
// one, is named in one sentence, and the deal shown before stays as it was.

import { _, format } from "./i18n.js";
import { RecordProblem, stepsOf } from "./replay_steps.js";
import { showSteps } from "./replay_view.js";

const $ = (role) => document.querySelector(`[data-role="${role}"]`);
const LARGEST = 2_000_000; // bytes: a deal's record is a few kilobytes
let refusal = null; // what the last file was refused for, asked again after a language switch

function drawRefusal() {
  const line = $("replay-error");
  line.hidden = !refusal;
  line.textContent = refusal ? refusal() : "";
}

/** Read `file` and show its deal, or say in one sentence why it cannot be shown (nothing else changes). */
async function open(file) {
  const name = file.name;
  let record;
  try {
    if (file.size > LARGEST) throw new RecordProblem("");
    record = JSON.parse(await file.text());
  } catch {
    refusal = () => format("{name} is not a deal record: it is not a JSON file of one.", { name });
    drawRefusal();
    return;
  }
  let steps;
  try {
    steps = stepsOf(record);
  } catch (error) {
    const why = error instanceof RecordProblem ? error.message : _("This record is damaged.");
    refusal = () => format("{name}: {why}", { name, why });
    drawRefusal();
    return;
  }
  refusal = null;
  drawRefusal();
  document.documentElement.dataset.file = name;
  showSteps(steps, record);
}

/** Open the page's record files: the file field and a file dropped anywhere on the page; returns what draws the
 * refusal of the last file again (after a language switch). */
export function wireReplay() {
  $("replay-open").hidden = false;
  $("deal-links").hidden = true;
  const input = $("replay-file");
  input.addEventListener("change", () => {
    if (input.files.length) open(input.files[0]);
    input.value = ""; // the same file may be chosen again
  });
  document.addEventListener("dragover", (event) => event.preventDefault());
  document.addEventListener("drop", (event) => {
    event.preventDefault();
    const file = event.dataTransfer && event.dataTransfer.files[0];
    if (file) open(file);
  });
  document.documentElement.dataset.state = "open";
  return drawRefusal;
}
