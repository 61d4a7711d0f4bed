// Cards as the page shows them: a face with its name read aloud, or a back that names nothing.

import { _, format } from "./i18n.js";

const RANKS = {
  A: () => _("Ace"), J: () => _("Jack"), Q: () => _("Queen"), K: () => _("King"),
};
const SUITS = {
  S: () => _("spades"), H: () => _("hearts"), D: () => _("diamonds"), C: () => _("clubs"),
};
let style = "classic";
// The page's modules come from /web/VERSION/, and the pictures' addresses carry the same version: a browser
// keeps them for good, and a release with other pictures has other addresses.
const VERSION = new URL(import.meta.url).pathname.split("/").at(-2);

/** The rank and suit of a card's code ("10H" -> ["10", "H"]). */
export function parts(code) {
  return [code.slice(0, -1), code.slice(-1)];
}

/** A card's name in the page's language ("7 of diamonds"). */
export function cardName(code) {
  const [rank, suit] = parts(code);
  const rankName = RANKS[rank] ? RANKS[rank]() : rank;
  return format("{rank} of {suit}", { rank: rankName, suit: SUITS[suit]() });
}

/** Several cards' names, joined. */
export function cardNames(codes) {
  return codes.map(cardName).join(_(", "));
}

/** The card pictures' style: high contrast and four colours each on or off. */
export function setStyle(contrast, fourColour) {
  style = (contrast ? "high-contrast" : "") + (contrast && fourColour ? "-" : "") + (fourColour ? "four-colour" : "");
  style = style || "classic";
  document.documentElement.style.setProperty("--back", `url("/cards/${style}/back.svg?v=${VERSION}")`);
}

const pictures = new Map();

function picture(code) {
  // one picture element per face, moved to wherever the card now lies: it is not loaded or decoded again
  const src = `/cards/${style}/${code}.svg?v=${VERSION}`;
  let img = pictures.get(src);
  if (!img) {
    img = document.createElement("img");
    img.src = src;
    img.alt = "";
    img.draggable = false;
    pictures.set(src, img);
  }
  return img;
}

/** A face-up card: an element (a button when `button`) with data-card and its name as its label. */
export function faceCard(code, button = false) {
  const element = document.createElement(button ? "button" : "span");
  if (button) element.type = "button";
  element.className = "card";
  element.dataset.card = code;
  element.setAttribute("aria-label", cardName(code));
  if (!button) element.setAttribute("role", "img");
  element.append(picture(code));
  return element;
}

/** A face-down card: it names nothing (its picture is the style's back, drawn by the style sheet). */
export function backCard() {
  const element = document.createElement("span");
  element.className = "card back";
  element.setAttribute("aria-hidden", "true");
  return element;
}
