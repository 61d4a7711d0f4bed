// The person's move while they look elsewhere: the tab's title begins "● Your move" while the tab is hidden, and,
// when they asked for them, a short sound (made here, no file) and a system notification.

import { _ } from "./i18n.js";

const SOUND = "chinese-ten:sound";
const NOTIFY = "chinese-ten:notify";
let title = document.title; // the page's own title, without the mark
let due = false; // whether it is the person's move
let audio = null;

/** Whether the tab is out of sight now. */
function hidden() {
  return document.visibilityState === "hidden";
}

function showTitle() {
  const marked = due && hidden() ? `● ${_("Your move")} · ${title}` : title;
  if (document.title !== marked) document.title = marked;
}

/** Set the page's own title (the mark, when due, is put before it). */
export function setTitle(text) {
  title = text;
  showTitle();
}

/** A short two-note chime, made by WebAudio. */
function chime() {
  if (!audio) return;
  if (audio.state === "suspended") audio.resume();
  const now = audio.currentTime;
  [660, 880].forEach((pitch, i) => {
    const tone = audio.createOscillator();
    const level = audio.createGain();
    tone.frequency.value = pitch;
    level.gain.setValueAtTime(0.0001, now + i * 0.12);
    level.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
    level.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.18);
    tone.connect(level).connect(audio.destination);
    tone.start(now + i * 0.12);
    tone.stop(now + i * 0.12 + 0.2);
  });
}

function notify() {
  if (localStorage.getItem(NOTIFY) !== "1" || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const note = new Notification(title, { body: _("Your move: choose a card from your hand."), tag: "your-move", icon: "/icon.svg" });
    note.onclick = () => { window.focus(); note.close(); };
  } catch {
    // a browser that shows notifications only from a service worker: the title and the sound still tell it
  }
}

/** Say whether it is the person's move now; a move newly due while the tab is hidden is told by sound and
 * notification, as the person chose. */
export function moveDue(now) {
  const fresh = now && !due;
  due = now;
  showTitle();
  if (!fresh || !hidden()) return;
  if (localStorage.getItem(SOUND) === "1") chime();
  notify();
}

/** Wire the Sound and Notify me switches (remembered in the browser; permission asked only on a click) and keep the
 * title's mark in step with the tab's visibility. */
export function wireElsewhere(sound, notifyMe) {
  sound.checked = localStorage.getItem(SOUND) === "1";
  const canNotify = "Notification" in window;
  notifyMe.closest("label").hidden = !canNotify;
  notifyMe.checked = canNotify && localStorage.getItem(NOTIFY) === "1" && Notification.permission === "granted";
  const hear = () => {
    if (!audio && sound.checked) audio = new AudioContext(); // made on a press, so the browser lets it sound
  };
  hear();
  sound.addEventListener("change", () => {
    localStorage.setItem(SOUND, sound.checked ? "1" : "0");
    hear();
    if (sound.checked) chime(); // what it will sound like
  });
  notifyMe.addEventListener("change", async () => {
    if (notifyMe.checked && Notification.permission !== "granted") {
      notifyMe.checked = (await Notification.requestPermission()) === "granted";
    }
    localStorage.setItem(NOTIFY, notifyMe.checked ? "1" : "0");
  });
  document.addEventListener("visibilitychange", showTitle);
}
