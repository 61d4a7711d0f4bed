// Cards that move: each card is drawn where it now lies, then slid from where it was (or from the seat
// that played it) by a CSS transition; a card that left the table flies to the pile of the seat that took it.

const still = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Where every face-up card inside `root` lies now, by its code. */
export function snapshot(root) {
  const found = new Map();
  for (const element of root.querySelectorAll("[data-card]")) {
    const img = element.querySelector("img");
    found.set(element.dataset.card, { rect: element.getBoundingClientRect(), src: img ? img.src : "" });
  }
  return found;
}

function slide(element, from) {
  const to = element.getBoundingClientRect();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  element.classList.add("moving");
  element.style.transition = "none";
  element.style.transform = `translate(${dx}px, ${dy}px)`;
  element.getBoundingClientRect(); // the start is laid out before the transition begins
  element.style.transition = "";
  element.style.transform = "";
  element.addEventListener("transitionend", () => element.classList.remove("moving"), { once: true });
}

function fly(picture, from, to) {
  const ghost = document.createElement("span");
  ghost.className = "card ghost";
  ghost.setAttribute("aria-hidden", "true");
  const img = document.createElement("img");
  img.src = picture;
  img.alt = "";
  ghost.append(img);
  ghost.style.left = `${from.left}px`;
  ghost.style.top = `${from.top}px`;
  ghost.style.width = `${from.width}px`;
  ghost.style.height = `${from.height}px`;
  document.body.append(ghost);
  ghost.getBoundingClientRect();
  ghost.style.transform = `translate(${to.left + to.width / 2 - from.left - from.width / 2}px, ${to.top + to.height / 2 - from.top - from.height / 2}px) scale(0.4)`;
  ghost.style.opacity = "0";
  const done = () => ghost.remove();
  ghost.addEventListener("transitionend", done, { once: true });
  setTimeout(done, 1000); // a transition cut short (the tab hidden) still takes its ghost away
}

/** Move the cards inside `root` from where `before` saw them: `from` maps a newly shown card to the element
 * it comes from (the seat that played it), `to` maps a card gone from the table to the pile that took it. */
export function move(root, before, from, to) {
  if (still()) return;
  for (const element of root.querySelectorAll("[data-card]")) {
    const card = element.dataset.card;
    const seen = before.get(card);
    const source = seen ? seen.rect : from.has(card) ? from.get(card).getBoundingClientRect() : null;
    if (source) slide(element, source);
  }
  for (const [card, seen] of before) {
    if (!root.querySelector(`[data-card="${card}"]`) && to.has(card)) {
      fly(seen.src, seen.rect, to.get(card).getBoundingClientRect());
    }
  }
}
