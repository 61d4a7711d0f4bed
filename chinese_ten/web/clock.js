// The turn clock on the seat whose decision is due: a bar that empties as the time runs out, counted down in the
// page from the `left` the server sent, with the seconds written in the last ten.

import { _, format } from "./i18n.js";

const LAST = 10; // the seconds shown in figures once so few are left
let shown = null; // {seat, seconds, left, at}: the clock as last told, and when (performance.now())
let ticking = 0;

/** Take the clock of a state just received (or none): the countdown starts again from its `left`. */
export function setClock(state) {
  const clock = state && state.clock;
  if (!clock || typeof clock.left !== "number" || typeof clock.seconds !== "number") {
    shown = null;
    return;
  }
  shown = { seat: clock.seat, seconds: clock.seconds, left: clock.left, at: performance.now() };
}

/** The seconds left on the clock now, counted down from what the server said; null without a clock. */
export function secondsLeft() {
  if (!shown) return null;
  return Math.max(0, shown.left - (performance.now() - shown.at) / 1000);
}

function fill(element) {
  const left = secondsLeft();
  if (left === null) return;
  const whole = Math.ceil(left);
  element.style.setProperty("--left", String(shown.seconds ? left / shown.seconds : 0));
  element.classList.toggle("short", left <= LAST);
  const figure = element.querySelector(".seconds");
  figure.textContent = left <= LAST ? String(whole) : "";
  element.setAttribute("aria-label", format("{n} s left to decide", { n: whole }));
}

/** Draw the clock into the box of the seat whose decision is due (the seats were just drawn anew); nothing shown
 * while the model shows no clock (none at the table, a deal over, the server out of reach). */
export function drawClock(model) {
  clearInterval(ticking);
  const hide = !shown || model.dealOver || model.matchOver || !model.connected;
  if (hide) return;
  const box = shown.seat === model.seat ? document.querySelector('[data-role="me"] .seat')
    : document.querySelector(`[data-role="seats"] .seat[data-seat="${shown.seat}"]`);
  if (!box) return;
  const element = document.createElement("div");
  element.className = "clock";
  element.dataset.role = "clock";
  element.setAttribute("role", "timer");
  element.title = _("Turn clock");
  const bar = document.createElement("span");
  bar.className = "track";
  const figure = document.createElement("span");
  figure.className = "seconds";
  element.append(bar, figure);
  box.append(element);
  fill(element);
  ticking = setInterval(() => {
    if (!element.isConnected) clearInterval(ticking);
    else fill(element);
  }, 250);
}
