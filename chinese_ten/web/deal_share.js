// A finished deal's link (`/d/TABLE/N`, NETWORK.md "Watching and sharing a deal") and the buttons that pass it
// on: Copy, and the system's Share where the browser has one.

import { _ } from "./i18n.js";

/** The address of deal `number` of `table` on this page's server. */
export function dealLink(table, number) {
  return `${location.origin}/d/${encodeURIComponent(table)}/${number}`;
}

/** Put `text` on the clipboard; `done()` once it is there. A page not served securely has no clipboard to write
 * to, and copies what the browser has selected instead (`shown`, the element showing the text). */
function toClipboard(text, shown, done) {
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, () => {});
    return;
  }
  const range = document.createRange();
  range.selectNodeContents(shown);
  getSelection().removeAllRanges();
  getSelection().addRange(range);
  if (document.execCommand("copy")) done();
}

/** A row sharing `link`: the link itself, Copy, and Share where the browser offers it (its `title` then). */
export function shareRow(link, title) {
  const row = document.createElement("p");
  row.className = "share";
  row.dataset.role = "share";
  const shown = document.createElement("code");
  shown.dataset.role = "share-link";
  shown.textContent = link;
  const copy = document.createElement("button");
  copy.type = "button";
  copy.dataset.role = "share-copy";
  copy.textContent = _("Copy the deal's link");
  copy.addEventListener("click", () => toClipboard(link, shown, () => { copy.textContent = _("Copied"); }));
  row.append(shown, " ", copy);
  if (navigator.share) {
    const share = document.createElement("button");
    share.type = "button";
    share.dataset.role = "share-system";
    share.textContent = _("Share");
    share.addEventListener("click", () => navigator.share({ title, url: link }).catch(() => {}));
    row.append(" ", share);
  }
  return row;
}
