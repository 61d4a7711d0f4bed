// Play by keyboard: Tab reaches each group, the arrows move along the cards or choices in it, Enter plays.

const GROUPS = '[data-role="hand"], [data-role="choice"], [data-role="layout"]';

/** Let the arrow keys move the focus within the hand, the choice and the layout. */
export function wireKeys() {
  document.addEventListener("keydown", (event) => {
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) return;
    const group = event.target.closest && event.target.closest(GROUPS);
    if (!group) return;
    const items = [...group.querySelectorAll("button:not([disabled])")];
    const at = items.indexOf(event.target);
    if (at < 0 || !items.length) return;
    event.preventDefault();
    let to = at + (event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 1);
    if (event.key === "Home") to = 0;
    if (event.key === "End") to = items.length - 1;
    items[(to + items.length) % items.length].focus();
  });
}
