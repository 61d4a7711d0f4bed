// The page's switches in its bar: the language, high contrast and four colours, each kept in this browser.

import { useLanguage } from "./i18n.js";
import { setStyle } from "./cards.js";

const $ = (role) => document.querySelector(`[data-role="${role}"]`);

/** Wire the bar's switches, and set the look they keep; `redraw()` runs after any of them changes (once the new
 * language is loaded). Returns the language list. */
export function wireSwitches(redraw) {
  const language = $("language");
  const contrast = $("contrast");
  const four = $("four-colour");
  const root = document.documentElement;
  contrast.checked = localStorage.getItem("chinese-ten:contrast") === "1";
  four.checked = localStorage.getItem("chinese-ten:four-colour") === "1";
  const look = () => {
    root.dataset.look = contrast.checked ? "high-contrast" : "normal";
    setStyle(contrast.checked, four.checked);
    localStorage.setItem("chinese-ten:contrast", contrast.checked ? "1" : "0");
    localStorage.setItem("chinese-ten:four-colour", four.checked ? "1" : "0");
  };
  look();
  contrast.addEventListener("change", () => { look(); redraw(); });
  four.addEventListener("change", () => { look(); redraw(); });
  language.addEventListener("keydown", (event) => {
    // the arrows on a closed list would switch the language at each press: it opens with Space, Enter or Alt+↓
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"].includes(event.key) && !event.altKey) {
      event.preventDefault();
    }
  });
  language.addEventListener("change", async () => {
    await useLanguage(language.value, true);
    redraw();
  });
  return language;
}
