// A deal's record (deal-v1 or fishing-v1, INTERFACE.md) read into the positions it passes through, one a turn,
// for the pages that step through a finished deal. The page decides no rule: each turn is applied as its record
// writes it (the card played, the cards it took, the card turned and what that took); what a record leaves
// unwritten is only what INTERFACE.md says follows from the stock's order (a Go Fishing layout filled to five and
// the card drawn after a turn, Chinese Ten's hands dealt again under `deal: six`, four of a kind on the opening
// layout going to the dealer). A record that does not hold together is refused with one sentence.

import { _, format } from "./i18n.js";

const CARD = /^(10|[2-9AJQK])[SHDC]$/;
const FORMATS = { "chinese-ten/deal-v1": "ten", "chinese-ten/fishing-v1": "fishing" };
const PRESET_DEALS = { simplified: "six", "play-red": "play-red" };
const PRESET_FOURS = { target: "refill" };
const PRESET_DIRECTIONS = { target: "counter-clockwise" };

/** Why a record cannot be stepped through, in one sentence. */
export class RecordProblem extends Error {}

function problem(text) {
  return new RecordProblem(text);
}

function cards(value, what) {
  if (!Array.isArray(value) || !value.every((card) => typeof card === "string" && CARD.test(card))) {
    throw problem(format("This record is damaged: {what} is not a list of cards.", { what }));
  }
  return [...value];
}

/** A rule option as the record names it (an object of options, or a preset's), or "". */
function option(record, name, presets) {
  const rules = record.rules ?? "classic";
  if (rules && typeof rules === "object") return rules[name] || presets[rules.preset] || "";
  return presets[rules] || "";
}

/** The list of sets a fishing turn's `take` names, or the card(s) a Chinese Ten take names, as a flat list. */
function taken(take) {
  if (take === undefined || take === null) return [];
  if (typeof take === "string") return [take];
  if (Array.isArray(take)) return take.flat();
  return [undefined];
}

/** The record's game ("ten" or "fishing"), its seats, and each position from the deal as dealt to its last turn:
 * `{hands, layout, stock, piles, seat, events}`, where `events` are the step's events in the form the table's
 * frames tell them (`played`, `turned`, `captured`, `drawn`, `refilled`, `dealer_sweep`), so they are told in
 * words and moved as at the table. Throws {@link RecordProblem} for anything else. */
export function stepsOf(record) {
  if (!record || typeof record !== "object" || Array.isArray(record) || !FORMATS[record.format]) {
    throw problem(format("This file is not a deal record of Chinese Ten or Chinese Go Fishing."));
  }
  const game = FORMATS[record.format];
  const seats = record.seats;
  if (!Number.isInteger(seats) || seats < 2 || seats > 8 || !Array.isArray(record.hands) || record.hands.length !== seats) {
    throw problem(format("This record is damaged: its seats and hands do not agree."));
  }
  const dealer = record.dealer ?? 0;
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= seats) throw problem(format("This record is damaged: its dealer is no seat."));
  const hands = record.hands.map((hand, seat) => cards(hand, format("seat {seat}'s hand", { seat: seat + 1 })));
  const layout = cards(record.layout, _("the layout"));
  const stock = cards(record.stock, _("the stock"));
  const all = [...hands.flat(), ...layout, ...stock];
  if (new Set(all).size !== all.length || all.length !== 52) {
    throw problem(format("This record is damaged: it does not hold each of the 52 cards once."));
  }
  if (!Array.isArray(record.turns)) throw problem(format("This record is damaged: it has no list of turns."));
  const piles = Array.from({ length: seats }, () => []);
  const positions = [];
  const keep = (seat, events) => positions.push({
    hands: hands.map((hand) => [...hand]), layout: [...layout], stock: [...stock], piles: piles.map((pile) => [...pile]), seat, events,
  });
  const opening = game === "ten" ? openingSweep(record, dealer, layout, stock, piles) : [];
  keep(null, opening);
  record.turns.forEach((turn, index) => {
    const number = index + 1;
    if (!turn || typeof turn !== "object" || typeof turn.play !== "string" || !Number.isInteger(turn.seat) || turn.seat < 0 || turn.seat >= seats) {
      throw problem(format("This record is damaged: turn {number} names no seat or no card.", { number }));
    }
    const events = [];
    if (game === "fishing") refill(layout, stock, events);
    const hand = hands[turn.seat];
    const at = hand.indexOf(turn.play);
    if (at < 0) throw problem(format("This record is damaged: turn {number} plays {card}, which its seat does not hold.", { number, card: turn.play }));
    hand.splice(at, 1);
    events.push({ kind: "played", seat: turn.seat, card: turn.play, took: taken(turn.take) });
    enter(turn.play, turn.take, turn.seat, "play", number, layout, piles, events, game);
    if (game === "ten" && turn.flip !== undefined && turn.flip !== null) {
      if (stock[0] !== turn.flip) throw problem(format("This record is damaged: turn {number} turns {card}, which is not the top of the stock.", { number, card: String(turn.flip) }));
      stock.shift();
      events.push({ kind: "turned", seat: turn.seat, card: turn.flip });
      enter(turn.flip, turn.flip_take, turn.seat, "flip", number, layout, piles, events, game);
    }
    if (game === "fishing" && stock.length) {
      const card = stock.shift();
      hand.push(card);
      events.push({ kind: "drawn", seat: turn.seat, card });
    }
    if (game === "fishing") refill(layout, stock, events); // the next turn's layout, as the table shows it at once
    if (game === "ten" && option(record, "deal", PRESET_DEALS) === "six" && hands.every((hand) => !hand.length)) {
      const step = option(record, "direction", PRESET_DIRECTIONS) === "counter-clockwise" ? seats - 1 : 1;
      redeal(hands, stock, (turn.seat + step) % seats, step, events);
    }
    keep(turn.seat, events);
  });
  return { game, seats, dealer, positions, result: record.result && typeof record.result === "object" ? record.result : null };
}

/** A card entering the layout: what it takes goes to the seat's pile with it, or it joins the layout. */
function enter(card, take, seat, source, number, layout, piles, events, game) {
  const takes = taken(take);
  if (!takes.length) {
    layout.push(card);
    return;
  }
  for (const one of takes) {
    const at = layout.indexOf(one);
    if (at < 0) throw problem(format("This record is damaged: turn {number} takes {card}, which is not on the layout.", { number, card: String(one) }));
    layout.splice(at, 1);
  }
  piles[seat].push(card, ...takes);
  const event = { kind: "captured", seat, card, source };
  if (game === "fishing") event.sets = take;
  else event.taken = takes;
  events.push(event);
}

/** Chinese Ten's opening: all four of one rank on the layout go to the dealer before anyone plays (with the
 * `refill` option, four more are turned from the stock in their place, again if needed). */
function openingSweep(record, dealer, layout, stock, piles) {
  const events = [];
  const refills = option(record, "four_of_a_kind", PRESET_FOURS) === "refill";
  for (let round = 0; round < 13; round += 1) {
    const rank = (card) => card.slice(0, -1);
    const four = layout.find((card) => layout.filter((other) => rank(other) === rank(card)).length === 4);
    if (!four) break;
    const swept = layout.filter((card) => rank(card) === rank(four));
    layout.splice(0, layout.length, ...layout.filter((card) => rank(card) !== rank(four)));
    piles[dealer].push(...swept);
    events.push({ kind: "dealer_sweep", seat: dealer, cards: swept });
    if (!refills) break;
    const added = stock.splice(0, 4);
    layout.push(...added);
    events.push({ kind: "refilled", cards: added });
  }
  return events;
}

/** Go Fishing: the layout filled to five from the top of the stock before a turn (the table fills it as the turn
 * before ends, after its draw). */
function refill(layout, stock, events) {
  const added = stock.splice(0, Math.max(0, 5 - layout.length));
  if (!added.length) return;
  layout.push(...added);
  events.push({ kind: "refilled", cards: added });
}

/** Chinese Ten under `deal: six`: every hand empty as a turn ends, up to six each (as many as leave the stock
 * twice what is dealt) dealt again from the top of the stock, one at a time round the table from the next seat. */
function redeal(hands, stock, first, step, events) {
  const seats = hands.length;
  const each = Math.min(6, Math.floor(stock.length / (2 * seats)));
  if (!each) return;
  for (let i = 0, seat = first; i < each * seats; i += 1, seat = (seat + step) % seats) hands[seat].push(stock.shift());
  events.push({ kind: "redealt" });
}
