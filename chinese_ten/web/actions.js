// What the seat may send, read from the server's `state.legal` and `state.pending`: the page decides no rule.

import { _, format } from "./i18n.js";
import { cardNames } from "./cards.js";

/** An action's text taken apart: {verb, card, sets} ("play 9S take 5D+4H 9C" -> sets [["5D","4H"],["9C"]]). */
export function parseAction(text) {
  const words = text.split(" ");
  const sets = words[2] === "take" ? words.slice(3).map((set) => set.split("+")) : [];
  return { verb: words[0], card: words[1], sets, text };
}

/** The legal actions that play `card` from the hand. */
export function actionsFor(legal, card) {
  return (legal || []).map(parseAction).filter((a) => a.verb === "play" && a.card === card);
}

/** The layout cards a hand card may take in any of its legal plays. */
export function takeable(legal, card) {
  return new Set(actionsFor(legal, card).flatMap((a) => a.sets.flat()));
}

/** The choices the seat owes now: the pending capture's `choose` actions. */
export function pendingChoices(legal) {
  return (legal || []).map(parseAction).filter((a) => a.verb === "choose");
}

/** The words of one choice's button. */
export function choiceText(action) {
  if (action.verb === "choose") return format("Take {cards}", { cards: cardNames([action.card]) });
  if (!action.sets.length) return _("Take nothing: lay it on the layout");
  return format("Take {cards}", { cards: action.sets.map((set) => cardNames(set)).join(" · ") });
}

/** The points of some cards under the table's rules (`values` from the server), or null when unknown. */
export function pointsOf(values, cards) {
  if (!values) return null;
  return cards.reduce((sum, card) => sum + (values[card] || 0), 0);
}
