// The page's words: English as written, or the game's own catalogs (served as /web/texts/CODE.json).

const LANGUAGES = ["en", "zh-Hans", "zh-Hant"];
const KEY = "chinese-ten:language";
let table = {};
let current = "en";

/** The language a browser's preferences ask for, among the three the game speaks. */
export function preferred() {
  const kept = localStorage.getItem(KEY);
  if (LANGUAGES.includes(kept)) return kept;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const low = tag.toLowerCase();
    if (low.startsWith("zh")) {
      return /hant|-tw|-hk|-mo/.test(low) ? "zh-Hant" : "zh-Hans";
    }
    if (low.startsWith("en")) return "en";
  }
  return "en";
}

/** The language shown now. */
export function language() {
  return current;
}

/** Show every text in `code` from now on (its catalog fetched from this server); `keep` remembers it. */
export async function useLanguage(code, keep = false) {
  if (!LANGUAGES.includes(code)) code = "en";
  let loaded = {};
  if (code !== "en") {
    try {
      const answer = await fetch(`/web/texts/${code}.json`);
      if (answer.ok) loaded = await answer.json();
    } catch {
      loaded = {};
    }
  }
  table = loaded;
  current = code;
  if (keep) localStorage.setItem(KEY, code);
  document.documentElement.lang = code;
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = translate(element.dataset.text);
  }
}

/** One text in the language shown. */
export function translate(text) {
  return table[text] || text;
}

/** A text translated, with its {fields} filled from `values`. */
export function format(text, values = {}) {
  return translate(text).replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

/** The mark of a text to translate (found by tools/messages.py), translated. */
export const _ = translate;
