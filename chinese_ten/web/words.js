// The deal told in words: who a seat is, what each event was, whose move it is.

import { _, format } from "./i18n.js";
import { cardName, cardNames } from "./cards.js";

const STRENGTHS = { easy: () => _("Easy"), normal: () => _("Normal"), hard: () => _("Hard") };

/** A seat's label in the page's language ("host", "guest 2"). */
export function seatLabel(seat) {
  return seat === 0 ? _("Host") : format("Guest {number}", { number: seat });
}

/** How the page names a seat: its person's name, or a computer's label and strength ("guest 2 · Hard"). */
export function seatName(seats, seat) {
  const entry = seats[seat] || {};
  if (entry.kind === "computer") {
    const strength = STRENGTHS[entry.strength] ? STRENGTHS[entry.strength]() : _("Computer");
    return `${seatLabel(seat)} · ${strength}`;
  }
  return entry.name || seatLabel(seat);
}

function who(model, seat) {
  return seat === model.seat ? _("You") : seatName(model.seats, seat);
}

/** One event in words, or "" for one that tells nothing by itself (its play already told it). */
export function eventText(model, event) {
  const w = who(model, event.seat);
  switch (event.kind) {
    case "dealt":
      return format("Deal {n} of {m} is dealt.", { n: model.state ? model.state.deal : 1, m: model.state ? model.state.deals : 1 });
    case "played":
      if (event.took && event.took.length) {
        return format("{who} played {card} and took {cards}.", { who: w, card: cardName(event.card), cards: cardNames(event.took) });
      }
      return format("{who} played {card}.", { who: w, card: cardName(event.card) });
    case "turned":
      return format("{who} turned {card} from the stock.", { who: w, card: cardName(event.card) });
    case "captured":
      if (event.source === "flip") {
        return format("{card} took {cards}.", { card: cardName(event.card), cards: cardNames(event.taken) });
      }
      return "";
    case "choice":
      return event.seat === model.seat ? _("Choose what to take.") : format("{who} chooses what to take.", { who: w });
    case "dealer_sweep":
      return format("{who} took {cards}: four of a kind on the layout.", { who: w, cards: cardNames(event.cards) });
    case "thrown_in":
      return _("The layout was thrown in; the cards are dealt again.");
    case "refilled":
      return format("The layout was filled with {cards}.", { cards: cardNames(event.cards) });
    case "redealt":
      return _("New hands were dealt from the stock.");
    case "drawn":
      if (event.card) return format("{who} drew {card}.", { who: w, card: cardName(event.card) });
      return format("{who} drew a card.", { who: w });
    case "passed":
      return format("{who} has no cards and is passed over.", { who: w });
    case "deal_over":
      return _("The deal is over.");
    default:
      return "";
  }
}

/** Whose move it is, in words. */
export function turnText(model) {
  const state = model.state;
  if (!state) return _("Waiting for every seat to be taken.");
  if (state.pending) return format("Choose what {card} takes.", { card: cardName(state.pending.card) });
  if (model.choice) return format("What does {card} take?", { card: cardName(model.choice) });
  if (state.legal && state.legal.length) return _("Your move: choose a card from your hand.");
  if (state.to_move === null || state.to_move === undefined) return _("Waiting…");
  if (state.thinking === state.to_move) return format("{name} is thinking...", { name: seatName(model.seats, state.thinking) });
  return format("{who} to move.", { who: seatName(model.seats, state.to_move) });
}
