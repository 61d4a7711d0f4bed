// The table's chat: the lines said so far and the field to say one.

import { _ } from "./i18n.js";

let drawn = null;

/** Show the chat lines (`{name, text}`, oldest first) in the log, the newest in view (drawn again only when
 * they changed). */
export function drawChat(lines, on) {
  const log = document.querySelector('[data-role="chat-log"]');
  const key = `${lines.length}:${lines.length ? lines[lines.length - 1].text : ""}`;
  if (key !== drawn) {
    drawn = key;
    log.replaceChildren(...lines.map((line) => {
      const item = document.createElement("li");
      const who = document.createElement("b");
      who.textContent = `${line.name}: `;
      item.append(who, document.createTextNode(line.text));
      return item;
    }));
    requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
  }
  const input = document.querySelector('[data-role="chat-input"]');
  input.disabled = !on;
  input.placeholder = on ? _("Say something to the table") : _("Chat is off at this table");
  input.setAttribute("aria-label", _("Chat"));
}

/** Send what the field holds when its form is sent (a line of at most 300 characters). */
export function wireChat(send) {
  const form = document.querySelector('[data-role="chat-form"]');
  const input = document.querySelector('[data-role="chat-input"]');
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim().slice(0, 300);
    if (text) send(text);
    input.value = "";
  });
}
