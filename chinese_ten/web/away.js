// Coming back to a seat: what a computer did in the person's place while the page was away, told from the frames
// the server kept for the seat (`missed`), and the seat's own moves that were a computer's marked as such.

import { _, format } from "./i18n.js";

const DECISIONS = new Set(["played", "captured"]);

/** Whether an event is a decision of `seat` (a card played, or the sets a card took). */
function decisionOf(event, seat) {
  return DECISIONS.has(event.kind) && event.seat === seat;
}

/** The events with `seat`'s decisions marked as a computer's (the seat was away when they were made). */
export function markedForYou(events, seat) {
  return events.map((event) => (decisionOf(event, seat) ? { ...event, forYou: true } : event));
}

/** In `story` (the deal's events as just told again), the last decisions of `seat` that `missed` shows were made
 * while the page was away are marked a computer's; `before`, the same deal's story as the page had it, keeps the
 * marks it had. */
export function markMissed(story, before, seat, missed) {
  const dealt = (events) => events.findLastIndex((event) => event.kind === "dealt");
  const late = (missed || []).filter((frame) => frame.type === "update").flatMap((frame) => frame.events || []);
  const count = late.slice(dealt(late) + 1).filter((event) => decisionOf(event, seat)).length;
  const mine = story.map((event, index) => (decisionOf(event, seat) ? index : -1)).filter((index) => index >= 0);
  const theirs = new Set(mine.slice(mine.length - count));
  return story.map((event, index) => {
    const kept = before[index] && before[index].forYou && before[index].kind === event.kind && before[index].card === event.card;
    return theirs.has(index) || kept ? { ...event, forYou: true } : event;
  });
}

/** What happened while the page was away, in one sentence ("" when nothing did): the turns a computer played for
 * `seat` and the last deal that ended, with its points. */
export function missedText(seat, missed) {
  let turns = 0;
  let ended = null;
  for (const frame of missed || []) {
    if (frame.type !== "update") continue;
    for (const event of frame.events || []) {
      if (event.kind === "played" && event.seat === seat) turns += 1;
      if (event.kind === "deal_over" && Array.isArray(event.points)) {
        ended = { deal: frame.state ? frame.state.deal : "", points: event.points.join(_(" to ")) };
      }
    }
  }
  if (ended && turns === 1) return format("While you were away a computer played 1 turn for you, and deal {deal} ended: {points}.", ended);
  if (ended && turns) return format("While you were away a computer played {n} turns for you, and deal {deal} ended: {points}.", { n: turns, ...ended });
  if (ended) return format("While you were away deal {deal} ended: {points}.", ended);
  if (turns === 1) return _("While you were away a computer played 1 turn for you.");
  if (turns) return format("While you were away a computer played {n} turns for you.", { n: turns });
  return "";
}

/** Whether a computer plays the seat though its page is here and connected (its clock ran out three times in a
 * row): the person is taken for away until the server hears from the page again. */
export function awayHere(model) {
  return model.welcomed && model.connected && (model.seats[model.seat] || {}).kind === "away";
}

/** What the page says while `awayHere(model)`: how to have the seat back ("" otherwise). */
export function backText(model) {
  return awayHere(model) ? _("A computer is playing for you: tap or press any key to play again.") : "";
}

/** Hear the person's next tap, click or key while `isAway()`: `hail()` then sends the server one message, and any
 * message from the seat's connection gives the seat back to its person (NETWORK.md "The turn clock"). Heard before
 * the page's own buttons, so the tap that brings the person back is not lost to a card not yet theirs to play. */
export function wireBack(isAway, hail) {
  const heard = () => {
    if (isAway()) hail();
  };
  document.addEventListener("pointerdown", heard, true);
  document.addEventListener("keydown", heard, true);
}
