// The deal told in words: who a seat is, what each event was, whose move it is.

import { _, format } from "./i18n.js";
import { cardName, cardNames } from "./cards.js";
import { setsText } from "./actions.js";

const STRENGTHS = { easy: () => _("Easy"), normal: () => _("Normal"), hard: () => _("Hard") };

/** A seat's label in the page's language ("host", "guest 2"). */
export function seatLabel(seat) {
  return seat === 0 ? _("Host") : format("Guest {number}", { number: seat });
}

/** A computer's strength in words ("Hard"), or "Computer" when the server names none. */
export function strengthName(entry) {
  return STRENGTHS[entry.strength] ? STRENGTHS[entry.strength]() : _("Computer");
}

/** How the page names a seat: its person's name, or a computer's label and strength ("guest 2 · Hard"). */
export function seatName(seats, seat) {
  const entry = seats[seat] || {};
  if (entry.kind === "computer") return `${seatLabel(seat)} · ${strengthName(entry)}`;
  return entry.name || seatLabel(seat);
}

function who(model, seat) {
  return seat === model.seat ? _("You") : seatName(model.seats, seat);
}

/** A card a computer played for this seat while its person was away, and what it took (words, or null). */
function forYouText(card, took) {
  return took ? format("A computer played {card} for you and took {cards}.", { card: cardName(card), cards: took })
    : format("A computer played {card} for you.", { card: cardName(card) });
}

/** One event in words, or "" for one that tells nothing by itself (its play already told it). */
export function eventText(model, event) {
  const w = who(model, event.seat);
  switch (event.kind) {
    case "dealt":
      return format("Deal {n} of {m} is dealt.", { n: event.deal || (model.state ? model.state.deal : 1), m: event.deals || (model.state ? model.state.deals : 1) });
    case "played":
      if (event.took && event.took.length && model.game === "fishing") return ""; // its capture tells it, set by set
      if (event.forYou) return forYouText(event.card, event.took && event.took.length ? cardNames(event.took) : null);
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
      if (event.sets && event.forYou) return forYouText(event.card, setsText(event.sets));
      if (event.sets) return format("{who} played {card} and took {cards}.", { who: w, card: cardName(event.card), cards: setsText(event.sets) });
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
      return event.seat === model.seat ? _("You have no cards: passed over.") : format("{who} has no cards and is passed over.", { who: w });
    case "deal_over":
      return _("The deal is over.");
    default:
      return "";
  }
}

/** What a computer did for `seat` when its clock ran out, told by the event of that decision (a card played, or
 * a choice made); `event` null when the decision is not among the events yet. */
export function timedOutText(model, seat, event) {
  const card = event && event.card ? cardName(event.card) : null;
  if (seat === model.seat) {
    return card ? format("Your clock ran out; a computer played {card} for you.", { card })
      : _("Your clock ran out; a computer decided for you.");
  }
  const w = seatName(model.seats, seat);
  return card ? format("The clock ran out for {who}; a computer played {card}.", { who: w, card })
    : format("The clock ran out for {who}; a computer decided.", { who: w });
}

/** The people who have not yet sent `next` while a deal is over (computers and away seats never hold it up). */
export function notReady(model) {
  return model.seats.map((entry, seat) => ({ entry, seat })).filter(({ entry }) => entry.kind === "human" && !entry.ready)
    .map(({ seat }) => seat);
}

/** Who the table waits for at a deal's end, in words: this seat itself, or the others by name. */
export function waitingText(model) {
  const others = notReady(model).filter((seat) => seat !== model.seat);
  const names = others.map((seat) => seatName(model.seats, seat)).join(_(", "));
  if (!model.readySent) {
    return others.length ? format("The table waits for you and {names}: press Next deal.", { names })
      : _("The table waits for you: press Next deal.");
  }
  if (!others.length) return _("Waiting for the others to go on to the next deal.");
  return format("Waiting for {names} to go on to the next deal.", { names });
}

/** Whose move it is, in words. */
export function turnText(model) {
  const state = model.state;
  if (!model.connected && model.welcomed) return _("The server cannot be reached: nothing can be played until it is back.");
  if (model.matchOver) return _("The match is over.");
  if (model.dealOver) return waitingText(model);
  if (!state) return _("Waiting for every seat to be taken.");
  if (state.pending) return format("Choose what {card} takes.", { card: cardName(state.pending.card) });
  if (model.choice) return format("What does {card} take?", { card: cardName(model.choice) });
  if (state.legal && state.legal.length) return _("Your move: choose a card from your hand.");
  if (state.to_move === null || state.to_move === undefined) return _("Waiting…");
  if (state.thinking === state.to_move) return format("{name} is thinking...", { name: seatName(model.seats, state.thinking) });
  return format("{who} to move.", { who: seatName(model.seats, state.to_move) });
}
