// A finished deal stepped through, turn by turn, forwards and back (buttons, ← and → keys, a slider): every hand
// face up, each turn's cards moving as they did at the table, and the count at the end. The same table drawing as
// the seat's, from no seat; what is drawn is only what the record's positions say (replay_steps.js).

import { _, format } from "./i18n.js";
import { drawTable } from "./table.js";
import { drawCount } from "./count.js";
import { snapshot, move } from "./motion.js";
import { eventText, strengthName } from "./words.js";

const $ = (role) => document.querySelector(`[data-role="${role}"]`);
const root = document.documentElement;
const NO_HANDLERS = { play() {}, act() {}, cancel() {} };

let shown = null; // {steps, record, table, number, at}
let wired = false;

/** How a seat of a record is named: "Seat 1", and a computer's strength beside it when the result names one. */
function seatEntries(steps) {
  const players = (steps.result && steps.result.players) || [];
  return Array.from({ length: steps.seats }, (_unused, seat) => {
    const player = players[seat];
    const computer = ["easy", "normal", "hard"].includes(player);
    return { kind: "replayed", name: format("Seat {number}", { number: seat + 1 }), strength: computer ? player : undefined,
      detail: computer ? strengthName({ strength: player }) : "" };
  });
}

/** The count is the step after the last turn. */
function last() {
  return shown.steps.positions.length;
}

/** The model the seat's drawing reads, for step `at` (the last: the count over the last position). */
function modelAt(at) {
  const { steps, record } = shown;
  const position = steps.positions[Math.min(at, steps.positions.length - 1)];
  const next = steps.positions[at + 1];
  const over = at >= last();
  const story = steps.positions.slice(0, Math.min(at, steps.positions.length - 1) + 1).flatMap((p) => p.events);
  return {
    table: shown.table, dealNumber: over ? shown.number : 0, seat: null, seats: seatEntries(steps), game: steps.game,
    connected: true, welcomed: true, values: null, story, matchOver: null, readySent: true, choice: null, sending: false,
    dealOver: over ? { record, totals: [] } : null,
    state: { game: steps.game, seats: steps.seats, hand: [], legal: [], pending: null, layout: position.layout,
      hands: position.hands, hand_sizes: position.hands.map((hand) => hand.length), pile_sizes: position.piles.map((pile) => pile.length),
      stock_left: position.stock.length, to_move: over || !next ? null : next.seat },
  };
}

/** The words of one step: what its turn did ("Seat 2 played 7 of diamonds and took 3 of hearts."). */
function stepWords(model, position) {
  return position.events.map((event) => eventText(model, event)).filter(Boolean).join(" ");
}

/** Where the cards of a step forward come from and go to: a card turned, drawn or laid from the stock comes from
 * the stock; a card taken flies to the pile of the seat that took it. */
function motionOf(events) {
  const from = new Map();
  const to = new Map();
  const box = (seat) => document.querySelector(`.seat[data-seat="${seat}"]`);
  for (const event of events) {
    if (event.kind === "turned" || event.kind === "drawn") from.set(event.card, $("stock"));
    if (event.kind === "refilled") for (const card of event.cards) from.set(card, $("stock"));
    if (event.kind === "captured" && box(event.seat)) {
      for (const card of [event.card, ...(event.taken || (event.sets || []).flat())]) to.set(card, box(event.seat));
    }
    if (event.kind === "dealer_sweep" && box(event.seat)) for (const card of event.cards) to.set(card, box(event.seat));
  }
  return { from, to };
}

function drawTurns(model) {
  const list = $("turns");
  const { positions } = shown.steps;
  const items = positions.map((position, index) => {
    const item = document.createElement("li");
    item.dataset.step = String(index);
    if (index === 0) item.className = "deal"; // the deal as dealt heads the list, and the turns count from 1 after it
    item.textContent = index === 0 ? (stepWords(model, position) || _("The deal as dealt.")) : stepWords(model, position);
    if (index === Math.min(shown.at, positions.length - 1)) item.setAttribute("aria-current", "step");
    return item;
  });
  list.replaceChildren(...items);
  const current = list.querySelector('[aria-current="step"]');
  if (current) current.scrollIntoView({ block: "nearest" });
}

/** Draw step `at`; the cards slide from where the step before left them. */
function draw(at, moving = false) {
  const felt = $("felt");
  const before = moving ? snapshot(felt) : null;
  shown.at = at;
  const model = modelAt(at);
  const turns = shown.steps.positions.length - 1;
  root.dataset.step = String(at);
  root.dataset.steps = String(last());
  root.dataset.state = at >= last() ? "count" : "step";
  drawTable(model, NO_HANDLERS);
  drawCount($("count"), model, () => {});
  const position = shown.steps.positions[Math.min(at, turns)];
  const said = at >= last() ? _("The count.") : at === 0 ? _("The deal as dealt.") : stepWords(model, position);
  $("status").textContent = said;
  $("step-at").textContent = at >= last() ? _("The count")
    : at === 0 ? format("As dealt · {turns} turns", { turns }) : format("Turn {number} of {turns}", { number: at, turns });
  const slider = $("step-slider");
  slider.max = String(last());
  slider.value = String(at);
  slider.setAttribute("aria-label", _("Turn"));
  slider.setAttribute("aria-valuetext", $("step-at").textContent);
  $("step-first").disabled = at === 0;
  $("step-back").disabled = at === 0;
  $("step-forward").disabled = at >= last();
  $("step-last").disabled = at >= last();
  drawTurns(model);
  drawResult();
  if (!before) return;
  const { from, to } = at > 0 && at <= turns ? motionOf(position.events) : { from: new Map(), to: new Map() };
  move(felt, before, from, to); // a step back slides the cards still shown to where they were
}

/** Each seat's points and margin as the record's result gives them. */
function drawResult() {
  const list = $("deal-result");
  const result = shown.steps.result || {};
  const points = result.points || [];
  const margins = result.margins || [];
  list.replaceChildren(...points.map((value, seat) => {
    const item = document.createElement("li");
    item.dataset.seat = String(seat);
    const margin = margins[seat] > 0 ? `+${margins[seat]}` : String(margins[seat] ?? "");
    item.textContent = format("Seat {seat}: {points} points, {margin}", { seat: seat + 1, points: value, margin });
    return item;
  }));
}

/** Go to step `at` (kept within the deal), moving the cards when it is the next one. */
function go(at) {
  if (!shown) return;
  const to = Math.max(0, Math.min(last(), at));
  if (to === shown.at) return;
  draw(to, to === shown.at + 1 || to === shown.at - 1);
}

function wire() {
  if (wired) return;
  wired = true;
  $("step-first").addEventListener("click", () => go(0));
  $("step-back").addEventListener("click", () => go(shown.at - 1));
  $("step-forward").addEventListener("click", () => go(shown.at + 1));
  $("step-last").addEventListener("click", () => go(last()));
  $("step-slider").addEventListener("input", (event) => go(Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!shown || event.altKey || event.ctrlKey || event.metaKey || target.matches("input, select, textarea")) return;
    const keys = { ArrowLeft: () => shown.at - 1, ArrowRight: () => shown.at + 1, Home: () => 0, End: () => last() };
    if (!keys[event.key]) return;
    event.preventDefault();
    go(keys[event.key]());
  });
}

/** Show `steps` (from {@link stepsOf} of `record`) from its start; `table` and `number` name a network deal (its
 * link shared from the count), null for a record from a file. */
export function showSteps(steps, record, table = null, number = 0) {
  shown = { steps, record, table, number, at: 0 };
  wire();
  for (const view of document.querySelectorAll('[data-view="table"]')) view.hidden = false;
  draw(0);
}

/** Draw the step shown again (the language or the look changed). */
export function redrawSteps() {
  if (shown) draw(shown.at);
}
