// The table drawn from one seat's model: the other seats round the felt, the stock and layout,
// the seat's hand and the capture choice. Everything shown comes from what the server told this seat. A model
// with no seat (`seat` null: a watcher, or a finished deal's page) has every seat round the felt and no hand; a
// state that carries `hands` (a finished deal, every card known) shows each seat's hand face up.

import { _, format } from "./i18n.js";
import { backCard, cardName, faceCard } from "./cards.js";
import { actionsFor, choiceText, pendingChoices, takeable, takeText } from "./actions.js";
import { seatLabel, seatName, strengthName, turnText } from "./words.js";

const $ = (role) => document.querySelector(`[data-role="${role}"]`);

/** The seats in the order they sit from this seat's left round to its right (this seat left out); every seat,
 * from the first, for a model from no seat. */
export function others(model) {
  const n = model.state ? model.state.seats : model.seats.length;
  if (model.seat === null) return Array.from({ length: n }, (_unused, seat) => seat);
  return Array.from({ length: n - 1 }, (_unused, i) => (model.seat + 1 + i) % n);
}

function presenceText(entry, connected) {
  if (!entry) return "";
  if (entry.kind === "replayed") return entry.detail || ""; // a seat of a finished deal: its computer's strength, if any
  if (!connected && entry.kind !== "computer") return _("not known now");
  if (entry.kind === "computer") return _("computer");
  if (entry.kind === "empty") return _("empty seat");
  if (entry.kind === "away") return _("away: a computer plays for now");
  return entry.online ? _("online") : _("offline");
}

function seatBox(model, seat, mine) {
  const state = model.state;
  const entry = model.seats[seat] || {};
  const box = document.createElement("div");
  box.className = "seat";
  box.dataset.seat = String(seat);
  box.dataset.presence = !model.connected && entry.kind !== "computer" ? "unknown"
    : entry.kind === "human" ? (entry.online ? "online" : "offline") : entry.kind || "empty";
  if (state && state.to_move === seat && !model.dealOver) box.classList.add("to-move");
  const name = document.createElement("p");
  name.className = "name";
  // a computer's box names its label once: "Guest 2" above, "Hard · computer" below
  const named = entry.kind === "computer" ? seatLabel(seat) : seatName(model.seats, seat);
  name.textContent = mine ? `${named} (${_("you")})` : named;
  const detail = document.createElement("p");
  detail.className = "detail";
  const bits = entry.kind === "computer" ? [strengthName(entry), presenceText(entry, model.connected)]
    : entry.kind === "replayed" ? [presenceText(entry, model.connected)] : [seatLabel(seat), presenceText(entry, model.connected)];
  if (entry.ready && model.dealOver) bits.push(_("ready"));
  phrases(detail, bits);
  box.append(name, detail);
  if (state) {
    const size = (state.hand_sizes || [])[seat] || 0;
    const pile = (state.pile_sizes || [])[seat] || 0;
    const points = state.points ? state.points[seat] || 0 : null; // a finished deal stepped through counts at its end
    const faces = state.hands ? state.hands[seat] : null; // a finished deal: every hand face up
    if (faces) {
      const hand = document.createElement("div");
      hand.className = "faces";
      hand.dataset.role = "seat-hand";
      hand.style.setProperty("--n", String(Math.max(faces.length, 1)));
      hand.append(...faces.map((card) => faceCard(card)));
      box.append(hand);
    } else if (!mine) {
      const hand = document.createElement("div");
      hand.className = "backs";
      for (let i = 0; i < Math.min(size, 12); i += 1) hand.append(backCard());
      box.append(hand);
    }
    const figures = document.createElement("p");
    figures.className = "figures";
    figures.dataset.role = "pile";
    const total = ((model.dealOver && model.dealOver.totals) || state.totals || [])[seat]; // the count's, once a deal is over
    phrases(figures, [mine ? "" : format("{size} in hand", { size }), format("pile {pile}", { pile }),
      points === null ? "" : format("{points} points", { points }), total === undefined ? "" : format("match {total}", { total: signed(total) })]);
    box.append(figures);
  }
  const label = `${name.textContent}: ${detail.textContent}${box.lastChild.dataset.role === "pile" ? `, ${box.lastChild.textContent}` : ""}`;
  box.setAttribute("aria-label", label);
  return box;
}

/** Fill `line` with phrases joined by " · ", each kept whole on its line (a narrow box breaks between them). */
function phrases(line, bits) {
  const shown = bits.filter(Boolean);
  line.replaceChildren(...shown.flatMap((bit, i) => {
    const span = document.createElement("span");
    span.textContent = i < shown.length - 1 ? `${bit} ·` : bit;
    return i < shown.length - 1 ? [span, " "] : [span]; // the space between phrases is where a line may break
  }));
}

/** A match's margin so far as the count shows it, with a plus sign when it is ahead ("+12", "-3.5", "0"). */
export function signed(total) {
  const shown = String(Math.round(Number(total) * 10) / 10);
  return Number(total) > 0 ? `+${shown}` : shown;
}

/** Where each of the other seats sits on a wide screen, from this seat's left over the top to its right. */
function place(box, index, count) {
  const angle = Math.PI - ((index + 1) * Math.PI) / (count + 1);
  box.style.setProperty("--x", `${4 + ((index + 0.5) * 92) / count}%`);
  box.style.setProperty("--y", `${56 - 56 * Math.sin(angle)}%`);
}

function drawSeats(model) {
  const ring = $("seats");
  const order = others(model);
  ring.replaceChildren(...order.map((seat, i) => {
    const box = seatBox(model, seat, false);
    place(box, i, order.length);
    return box;
  }));
  ring.dataset.count = String(order.length);
  ring.style.setProperty("--seat-w", `${Math.min(92 / Math.max(order.length, 1), 30)}%`);
  if (model.seat === null) $("me").replaceChildren();
  else $("me").replaceChildren(seatBox(model, model.seat, true));
}

function drawCentre(model) {
  const state = model.state;
  const stock = $("stock");
  stock.replaceChildren();
  if (state && state.stock_left > 0) {
    stock.append(backCard());
    const left = document.createElement("span");
    left.className = "left";
    left.textContent = format("{n} in the stock", { n: state.stock_left });
    stock.append(left);
  }
  const layout = $("layout");
  layout.setAttribute("aria-label", _("Layout"));
  const cards = state ? state.layout : [];
  layout.style.setProperty("--n", String(Math.max(cards.length, 1)));
  layout.replaceChildren(...cards.map((card) => faceCard(card)));
}

/** What a hand card would take, in words: each of its takes with the points it gives, or nothing. */
export function pointedText(model, card) {
  const actions = actionsFor(model.state.legal, card);
  const takes = actions.filter((a) => a.sets.length);
  if (!takes.length) return format("{card} takes nothing; it joins the layout.", { card: cardName(card) });
  const options = takes.map((a) => takeText(model.values, card, a.sets));
  return format("{card} takes {options}.", { card: cardName(card), options: options.join(_(" or ")) });
}

/** Mark the layout cards a hand card may take while it is pointed at, and say so. */
export function point(model, card) {
  const may = card && model.state ? takeable(model.state.legal, card) : new Set();
  for (const element of $("layout").querySelectorAll("[data-card]")) {
    element.classList.toggle("takes", may.has(element.dataset.card));
  }
  $("status").textContent = card && model.state && model.state.legal.length ? pointedText(model, card) : turnText(model);
}

function drawHand(model, handlers) {
  const state = model.state;
  const hand = $("hand");
  hand.setAttribute("aria-label", _("Your hand"));
  const cards = state ? state.hand : [];
  hand.style.setProperty("--n", String(Math.max(cards.length, 1)));
  const free = state && model.connected && !state.pending && !model.sending && !model.choice;
  hand.replaceChildren(...cards.map((card) => {
    const button = faceCard(card, true);
    const actions = free ? actionsFor(state.legal, card) : [];
    button.disabled = actions.length === 0;
    if (actions.length) {
      button.setAttribute("aria-label", `${cardName(card)}: ${pointedText(model, card)}`);
      if (actions.length > 1) button.setAttribute("aria-haspopup", "true"); // it opens the choice of what it takes
      button.addEventListener("click", () => handlers.play(card));
      button.addEventListener("pointerenter", () => point(model, card));
      button.addEventListener("focus", () => point(model, card));
      button.addEventListener("pointerleave", () => point(model, null));
      button.addEventListener("blur", () => point(model, null));
    }
    return button;
  }));
}

function drawChoice(model, handlers) {
  const box = $("choice");
  const state = model.state;
  let actions = [];
  let title = "";
  if (!model.connected) {
    actions = [];
  } else if (state && state.pending && !model.sending) {
    actions = pendingChoices(state.legal);
    title = format("Choose what {card} takes.", { card: cardName(state.pending.card) });
  } else if (model.choice && state && !model.sending) {
    actions = actionsFor(state.legal, model.choice);
    title = format("What does {card} take?", { card: cardName(model.choice) });
  }
  box.hidden = actions.length === 0;
  if (box.hidden) {
    box.replaceChildren();
    return;
  }
  const heading = document.createElement("p");
  heading.textContent = title;
  const buttons = actions.map((action) => {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = action.text;
    button.textContent = choiceText(action, model.values, action.verb === "choose" ? state.pending.card : action.card);
    button.addEventListener("click", () => handlers.act(action.text));
    const takes = new Set(action.verb === "choose" ? [action.card] : action.sets.flat());
    const mark = (on) => {
      for (const element of $("layout").querySelectorAll("[data-card]")) {
        element.classList.toggle("takes", on && takes.has(element.dataset.card));
      }
    };
    button.addEventListener("pointerenter", () => mark(true));
    button.addEventListener("focus", () => mark(true));
    button.addEventListener("pointerleave", () => mark(false));
    button.addEventListener("blur", () => mark(false));
    return button;
  });
  const row = document.createElement("div");
  row.className = "options";
  row.append(...buttons);
  box.replaceChildren(heading, row);
  if (model.choice) {
    const back = document.createElement("button");
    back.type = "button";
    back.className = "quiet";
    back.textContent = _("Back");
    back.addEventListener("click", () => handlers.cancel());
    box.append(back);
  }
}

/** Draw the whole table from `model`; `handlers.play(card)`, `.act(text)`, `.cancel()` answer the buttons. */
export function drawTable(model, handlers) {
  drawSeats(model);
  drawCentre(model);
  drawHand(model, handlers);
  drawChoice(model, handlers);
  point(model, null);
}
