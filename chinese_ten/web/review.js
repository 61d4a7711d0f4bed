// A finished deal's review on its page: asked of the server (POST /d/TABLE/N/review), followed while it waits
// (GET …/review.json: its place in the queue, then its progress), then each seat's decisions, marked, with the
// best option, its reason and the points they stand at, and the evaluation graph drawn here as SVG.

import { _, format, language } from "./i18n.js";

const FOLLOW_MS = 1000;
const SVG = "http://www.w3.org/2000/svg";
const HEIGHT = 180;
const PAD = 24;
const LEFT = 44;

/** An element of `tag` with `role` as its data-role and `text` (translated by the caller) as its words. */
function element(tag, role, text) {
  const made = document.createElement(tag);
  if (role) made.dataset.role = role;
  if (text !== undefined) made.textContent = text;
  return made;
}

/** A margin as the review writes it: signed, to a tenth. */
function signed(value) {
  const shown = Number(value).toFixed(1);
  return value > 0 ? `+${shown}` : shown;
}

/** An SVG element of `tag` with `attributes`. */
function shape(tag, attributes) {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, String(value));
  return made;
}

/** The seat's expected margin after each turn it decided in, then the margin it got: a line across the deal,
 * a dot in its mark's colour where a decision lost points, the zero line and the scale's ends labelled. */
function graph(seat, last, width) {
  const points = seat.evaluation.map((point) => ({ turn: point.turn, value: point.value, label: point.label }));
  if (typeof seat.final === "number") points.push({ turn: Math.max(last, 1), value: seat.final, label: null });
  const span = Math.max(1, ...points.map((point) => Math.abs(point.value))) * 1.15;
  const turns = Math.max(1, last, ...points.map((point) => point.turn));
  const x = (turn) => LEFT + ((width - LEFT - PAD) * (turn - 1)) / Math.max(1, turns - 1);
  const y = (value) => HEIGHT / 2 - ((HEIGHT / 2 - PAD / 2) * value) / span;
  const svg = shape("svg", { viewBox: `0 0 ${width} ${HEIGHT}`, role: "img", class: "review-graph" });
  svg.dataset.role = "review-graph";
  svg.setAttribute("aria-label", _("Expected margin, decision by decision"));
  svg.append(shape("line", { x1: LEFT, x2: width - PAD, y1: y(0), y2: y(0), class: "zero" }));
  for (const value of [span / 1.15, -span / 1.15]) {
    const tick = shape("text", { x: 2, y: y(value) + 5, class: "tick" });
    const whole = Math.round(value);
    tick.textContent = whole > 0 ? `+${whole}` : String(whole);
    svg.append(tick);
  }
  svg.append(shape("polyline", { points: points.map((p) => `${x(p.turn)},${y(p.value)}`).join(" "), class: "line" }));
  for (const point of points) {
    const dot = shape("circle", { cx: x(point.turn), cy: y(point.value), r: point.label && point.label !== "best" ? 5 : 3,
      class: `dot ${point.label || "final"}` });
    dot.dataset.turn = String(point.turn);
    svg.append(dot);
  }
  return svg;
}

/** One decision as a list item: its turn, what was chosen and the margin it stands at, its mark, and where it
 * lost points the best option, the points lost and why. */
function decisionItem(decision) {
  const item = element("li", "review-decision");
  item.dataset.label = decision.label;
  item.dataset.turn = String(decision.turn);
  const mark = element("span", "review-mark", decision.mark);
  mark.className = `mark ${decision.label}`;
  item.append(mark, " ", element("span", null, chosenWords(decision)));
  if (decision.label !== "best") {
    const values = { best: decision.best_words, margin: signed(decision.best_expected),
      loss: Number(decision.loss).toFixed(1), error: Number(decision.loss_stderr).toFixed(1) };
    item.append(element("p", "review-best", decision.loss_stderr === null
      ? format("Best: {best} ({margin}), {loss} points lost", values)
      : format("Best: {best} ({margin}), {loss} ± {error} points lost", values)));
    if (decision.reason) item.append(element("p", "review-reason", decision.reason));
    if (decision.uncertain) {
      item.append(element("p", "review-doubt", _("Within the review's margin of error: the two options may be equally good.")));
    }
  }
  return item;
}

/** What was decided, by its kind: the card played, or the take chosen for it or for the turned card. */
function chosenWords(decision) {
  const values = { turn: decision.turn, chosen: decision.chosen_words, margin: signed(decision.chosen_expected) };
  if (decision.kind === "take") return format("Turn {turn}, its take: {chosen} ({margin})", values);
  if (decision.kind === "flip_take") return format("Turn {turn}, the turned card's take: {chosen} ({margin})", values);
  return format("Turn {turn}: {chosen} ({margin})", values);
}

/** Every seat's review: a heading with its accuracy, the graph (as wide as the panel, so its words stand at
 * the page's size), and its decisions. */
function drawReview(place, review) {
  const width = Math.max(280, Math.min(900, place.clientWidth || 600));
  place.replaceChildren(...review.seats.map((seat) => {
    const part = element("section", "review-seat");
    part.dataset.seat = String(seat.seat);
    part.append(element("h3", null, format("Seat {seat}: accuracy {accuracy}%, {loss} points lost", {
      seat: seat.seat + 1, accuracy: seat.accuracy, loss: Number(seat.total_loss).toFixed(1),
    })));
    part.append(graph(seat, review.last, width));
    const list = element("ol", "review-decisions");
    list.append(...seat.decisions.map(decisionItem));
    part.append(list);
    return part;
  }));
}

/** The review panel of deal `number` of `table`, in the page's `[data-role=review]` (made when the page has
 * none): the button that asks, the queue's position and the progress while it waits, then the review. */
export function reviewPanel(table, number) {
  let section = document.querySelector("[data-role=review]");
  if (!section) {
    section = element("section", "review");
    section.className = "panel";
    (document.querySelector("main") || document.body).append(section);
  }
  section.classList.add("review");
  const ask = element("button", "review-ask", _("Review this deal"));
  ask.type = "button";
  ask.hidden = true;
  const status = element("p", "review-status");
  status.setAttribute("aria-live", "polite");
  const seats = element("div", "review-seats");
  section.replaceChildren(element("h2", null, _("Review")), ask, status, seats);
  const address = `/d/${encodeURIComponent(table)}/${encodeURIComponent(number)}/review`;
  let timer = null;

  async function call(method) {
    const query = `?lang=${encodeURIComponent(language())}`;
    const answer = await fetch(method === "POST" ? `${address}${query}` : `${address}.json${query}`, { method });
    return { data: await answer.json() };
  }

  function show({ data }) {
    clearTimeout(timer);
    section.dataset.state = data.state || data.code || "error";
    if (data.state === "done") {
      ask.hidden = true;
      status.textContent = "";
      drawReview(seats, data);
      return;
    }
    if (data.state === "making" || data.state === "queued") {
      ask.hidden = true;
      status.textContent = data.state === "queued"
        ? format("In the queue, position {position}", data)
        : format("Being reviewed: {judged} of {total} decisions", data);
      timer = setTimeout(follow, FOLLOW_MS);
      return;
    }
    ask.hidden = false;
    ask.disabled = false;
    status.textContent = data.state === "not-asked" ? "" : (data.error || "");
  }

  async function follow() {
    try {
      show(await call("GET"));
    } catch (error) {
      status.textContent = String(error.message || error);
      timer = setTimeout(follow, FOLLOW_MS);
    }
  }

  ask.addEventListener("click", async () => {
    ask.disabled = true;
    try {
      show(await call("POST"));
    } catch (error) {
      ask.disabled = false;
      status.textContent = String(error.message || error);
    }
  });
  follow();
}
