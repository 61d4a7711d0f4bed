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

function ghost(picture, from) {
  const element = document.createElement("span");
  element.className = "card ghost";
  element.setAttribute("aria-hidden", "true");
  const img = document.createElement("img");
  img.src = picture;
  img.alt = "";
  element.append(img);
  element.style.left = `${from.left}px`;
  element.style.top = `${from.top}px`;
  element.style.width = `${from.width}px`;
  element.style.height = `${from.height}px`;
  document.body.append(element);
  return element;
}

/** Move the cards inside `root` from where `before` saw them: `from` maps a newly shown card to the element
 * it comes from (the seat that played it), `to` maps a card gone from the table to the pile that took it.
 * Every place is read first and every start written after, so the page is laid out once, not once a card. */
export function move(root, before, from, to) {
  if (still()) return;
  const shown = [...root.querySelectorAll("[data-card]")];
  const here = new Set(shown.map((element) => element.dataset.card));
  const slides = [];
  for (const element of shown) {
    const card = element.dataset.card;
    const seen = before.get(card);
    const source = seen ? seen.rect : from.has(card) ? from.get(card).getBoundingClientRect() : null;
    if (source) slides.push([element, source, element.getBoundingClientRect()]);
  }
  const flights = [];
  for (const [card, seen] of before) {
    if (!here.has(card) && to.has(card)) flights.push([seen, to.get(card).getBoundingClientRect()]);
  }
  const moving = [];
  for (const [element, from_, now] of slides) {
    const dx = from_.left - now.left;
    const dy = from_.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    element.classList.add("moving");
    element.style.transition = "none";
    element.style.transform = `translate(${dx}px, ${dy}px)`;
    moving.push(element);
  }
  const ghosts = flights.map(([seen, target]) => [ghost(seen.src, seen.rect), seen.rect, target]);
  if (!moving.length && !ghosts.length) return;
  root.getBoundingClientRect(); // the starts are laid out, once, before the transitions begin
  for (const element of moving) {
    element.style.transition = "";
    element.style.transform = "";
    element.addEventListener("transitionend", () => element.classList.remove("moving"), { once: true });
  }
  for (const [element, rect, target] of ghosts) {
    const dx = target.left + target.width / 2 - rect.left - rect.width / 2;
    const dy = target.top + target.height / 2 - rect.top - rect.height / 2;
    element.style.transform = `translate(${dx}px, ${dy}px) scale(0.4)`;
    element.style.opacity = "0";
    const done = () => element.remove();
    element.addEventListener("transitionend", done, { once: true });
    setTimeout(done, 1000); // a transition cut short (the tab hidden) still takes its ghost away
  }
}
