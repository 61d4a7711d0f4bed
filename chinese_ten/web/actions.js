// What the seat may send, read from the server's `state.legal` and `state.pending`: the page decides no rule.

import { _, format } from "./i18n.js";
import { cardName } from "./cards.js";

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

/** Sets of cards in words, as every take is told: a set's cards joined by "+" (a sum), the sets by commas. */
export function setsText(sets) {
  return sets.map((set) => set.map(cardName).join(" + ")).join(_(", "));
}

/** What a take gives in words: the cards taken and, when the rules' values are known, the points of every card
 * the take puts in the pile (the played card's own with them, so none reads as worth it all). */
export function takeText(values, played, sets) {
  const cards = setsText(sets);
  const points = pointsOf(values, [played, ...sets.flat()]);
  return points === null ? cards : format("{cards} ({points} points in all)", { cards, points });
}

/** The words of one choice's button; `played` is the card the choice takes with. */
export function choiceText(action, values, played) {
  if (action.verb === "choose") return format("Take {cards}", { cards: takeText(values, played, [[action.card]]) });
  if (!action.sets.length) return _("Take nothing: lay it on the layout");
  return format("Take {cards}", { cards: takeText(values, action.card, action.sets) });
}

/** The points of some cards under the table's rules (`values` from the server), or null when unknown. */
export function pointsOf(values, cards) {
  if (!values) return null;
  return cards.reduce((sum, card) => sum + (values[card] || 0), 0);
}
