// The web seat: which view the address asks for, the seat's model kept from the server's frames,
// and the page's switches. NETWORK.md, "The web seat", is its contract. At /w/TABLE (the root marked
// `data-watch`) the same page watches the table from no seat: it sends `watch`, and draws what it is told.

import { _, format, preferred, useLanguage } from "./i18n.js";
import { wireSwitches } from "./switches.js";
import { Connection } from "./connection.js";
import { forgetSeat, keepName, keepSeat, keptName, keptSeat } from "./seats_kept.js";
import { drawTable } from "./table.js";
import { drawCount } from "./count.js";
import { drawChat, wireChat } from "./chat.js";
import { eventText, seatName, timedOutText } from "./words.js";
import { drawClock, setClock } from "./clock.js";
import { awayHere, backText, markMissed, markedForYou, missedText, wireBack } from "./away.js";
import { moveDue, setTitle, wireElsewhere } from "./elsewhere.js";
import { snapshot, move } from "./motion.js";
import { wireKeys } from "./keys.js";
import { drawFront, wireFront } from "./front.js";
import { drawHost } from "./host.js";

const $ = (role) => document.querySelector(`[data-role="${role}"]`);
const root = document.documentElement;
const match = location.pathname.match(/^\/([tw])\/([A-Za-z0-9_-]{4,64})$/);
const watching = Boolean(match && match[1] === "w" && root.hasAttribute("data-watch"));
const CLAIM = /^[A-Za-z0-9_-]{32}$/; // the form of every claim the server writes (192 random bits, URL-safe)
const claim = location.hash.length > 1 ? location.hash.slice(1) : "";

/** Everything this seat was told, and what it is doing. */
const model = {
  table: match && (match[1] === "t" || watching) ? match[2] : null,
  seat: watching ? null : 0,
  watchers: 0,
  matchesBefore: 0, // the matches this table played before this one, as far as this page saw (a deal's link counts them)
  dealNumber: 0,
  seats: [],
  state: null,
  story: [],
  past: [],
  turns: [],
  values: null,
  chat: [],
  chatOn: true,
  dealOver: null,
  matchOver: null,
  readySent: false,
  againSent: false,
  sending: false,
  choice: null,
  lastSeq: null,
  last: "",
  refused: "",
  connected: false,
  welcomed: false,
  back: false,
  paused: false,
  missed: "",
  stopped: false,
  name: "",
  hails: 0,
};
let connection = null;
let actions = 0;
let backTimer = 0;
let shownNotice = null;

function show(view) {
  for (const section of document.querySelectorAll("[data-view]")) section.hidden = section.dataset.view !== view;
}

/** Show one notice instead of the table: `say()` gives its words, and `action` ({label(), run}), when given,
 * a button; both are asked again after a language switch. */
function notice(say, action = null) {
  shownNotice = { say, action };
  drawNotice();
  show("notice");
  root.dataset.state = pageState();
  if (action) $("notice-action").focus();
}

function drawNotice() {
  const { say, action } = shownNotice;
  $("notice").textContent = say();
  const button = $("notice-action");
  button.hidden = !action;
  button.onclick = action ? action.run : null;
  button.textContent = action ? action.label() : "";
}

/** The notice of a table this server does not have. */
function noTable() {
  return _("There is no such table on this server (a table waits 48 hours for its people).");
}

function pageState() {
  if (model.stopped) return "waiting";
  if (!model.welcomed) return "joining";
  if (!model.connected) return "reconnecting";
  if (model.matchOver) return "match-over";
  if (model.dealOver) return "deal-over";
  if (model.state && !model.sending && (model.state.pending || model.choice)) return "choosing";
  if (model.state && !model.sending && model.state.legal.length) return "my-turn";
  return "waiting";
}

const handlers = {
  play(card) {
    const options = model.state.legal.filter((a) => a === `play ${card}` || a.startsWith(`play ${card} `));
    if (options.length === 1) {
      handlers.act(options[0]);
    } else if (options.length > 1) {
      model.choice = card;
      render();
      const first = document.querySelector('[data-role="choice"] button');
      if (first) first.focus();
    }
  },
  act(text) {
    actions += 1;
    model.missed = "";
    model.choice = null;
    model.sending = connection.send({ type: "act", id: `a${actions}`, action: text });
    if (!model.sending) model.last = _("Not sent: the server cannot be reached. Play it again once it is back.");
    render();
  },
  cancel() {
    const card = model.choice;
    model.choice = null;
    render();
    const again = card && document.querySelector(`[data-role="hand"] [data-card="${card}"]`);
    if (again) again.focus();
  },
};

function next() {
  if (model.readySent || !model.connected) return;
  model.readySent = connection.send({ type: "next" });
  render();
}

/** Ask for another match at this table, once (the server marks the seat `again` for everyone). */
function again() {
  if (model.againSent || !model.connected || !model.matchOver) return;
  model.againSent = connection.send({ type: "again" });
  render();
}

/** Draw everything again from the model; the cards slide from where they were. */
function render(motion = null) {
  const began = performance.now();
  try {
    draw(motion);
  } finally {
    // the page's own timeline of its drawing (Chromium's performance tools and benchmarks/web.py read it)
    if (performance.getEntriesByName("draw").length > 500) performance.clearMeasures("draw");
    performance.measure("draw", { start: began });
  }
}

/** A selector for the element that has the focus, by the hook it carries, so it can have it again once drawn anew. */
function focusKey() {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const { card, action, role } = element.dataset;
  if (card) return `[data-card="${card}"]`;
  if (action) return `[data-action="${action}"]`;
  return role ? `[data-role="${role}"]` : null;
}

function draw(motion) {
  const focused = document.activeElement;
  const key = focusKey();
  const inPlay = Boolean(focused && focused.closest && focused.closest('[data-role="count"], [data-role="choice"], [data-role="hand"]'));
  try {
    drawAll(motion);
  } finally {
    if (key && focused !== document.activeElement) {
      const again = document.querySelector(`[data-role="felt"] ${key}, [data-role="count"] ${key}`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
      else if (inPlay) focusHand();
    }
  }
}

/** Give the focus to the hand (its first card that may be played, or the hand itself): where play goes on after
 * the count or a choice closes, instead of falling to the page and from there to the language list. */
function focusHand() {
  const hand = $("hand");
  const card = hand.querySelector("button:enabled");
  if (card) {
    card.focus({ preventScroll: true });
    return;
  }
  hand.tabIndex = -1;
  hand.focus({ preventScroll: true });
}

function drawAll(motion) {
  const felt = $("felt");
  const before = motion ? snapshot(felt) : null;
  root.dataset.state = pageState();
  moveDue(["my-turn", "choosing"].includes(root.dataset.state));
  root.dataset.deal = model.state ? String(model.state.deal) : "";
  root.dataset.seq = model.lastSeq === null ? "" : String(model.lastSeq);
  root.dataset.game = model.state ? model.state.game : "";
  drawTable(model, handlers);
  drawClock(model);
  // the finished deal's number across the table's matches: its /d/ link
  model.dealNumber = model.dealOver && model.state ? model.matchesBefore * model.state.deals + model.state.deal : 0;
  drawCount($("count"), model, next, again);
  drawChat(model.chat, model.chatOn);
  drawTurns();
  drawHost($("host"), model, (message) => connection && connection.send(message));
  drawWatchers();
  $("last").textContent = model.last;
  $("missed").textContent = model.missed || backText(model);
  $("missed").hidden = !$("missed").textContent;
  $("connection").textContent = model.connected || model.stopped ? "" : _("Connection lost: joining again…");
  drawOutage();
  if (before) move(felt, before, motion.from, motion.to);
}

/** How many watch the table ("2 watching"), to the seats and the watchers alike; a watcher has no chat field. */
function drawWatchers() {
  const line = $("watchers");
  line.hidden = !model.watchers;
  line.textContent = model.watchers ? format("{n} watching", { n: model.watchers }) : "";
  $("chat-form").hidden = watching;
  $("chat").hidden = watching && !model.chat.length; // a watcher reads the table's chat, once there is any
}

/** The table's word on the server's reach: lost (nothing may be pressed until it is back), or back again. */
function drawOutage() {
  const line = $("outage");
  const lost = model.welcomed && !model.connected && !model.stopped;
  line.hidden = !lost && !model.back;
  line.dataset.kind = lost ? "lost" : "back";
  line.textContent = lost ? _("The server cannot be reached: nothing can be played until it is back. Joining again…")
    : model.back ? _("The server is back: play on.") : "";
  $("felt").classList.toggle("cut-off", lost);
}

/** The list of turns: only the new lines added, unless the list was told again from its start. A deal's first
 * line (its deal) sets it apart from the deal before. */
function drawTurns() {
  const list = $("turns");
  const line = (turn) => Object.assign(document.createElement("li"), { textContent: turn.text, className: turn.deal ? "deal" : "" });
  const shown = list.children.length;
  if (shown > model.turns.length || (shown && list.firstElementChild.textContent !== model.turns[0].text)) {
    list.replaceChildren(...model.turns.map(line));
  } else if (shown < model.turns.length) {
    list.append(...model.turns.slice(shown).map(line));
  } else {
    return;
  }
  const panel = list.closest(".turns"); // the panel scrolls, its newest line in view
  requestAnimationFrame(() => { panel.scrollTop = panel.scrollHeight; });
}

/** Where the cards of some events come from and go to, for the motion. */
function motionOf(events) {
  const from = new Map();
  const to = new Map();
  const box = (seat) => document.querySelector(`.seat[data-seat="${seat}"]`);
  for (const event of events) {
    if (event.kind === "played" && event.seat !== model.seat && box(event.seat)) from.set(event.card, box(event.seat));
    if (event.kind === "turned") from.set(event.card, $("stock"));
    if (event.kind === "captured" && box(event.seat)) {
      for (const card of [event.card, ...(event.taken || (event.sets || []).flat())]) to.set(card, box(event.seat));
    }
  }
  return { from, to };
}

function told(events) {
  let timedOut = null; // the seat whose clock ran out: its decision, told next, was a computer's
  const tell = (text, deal = false) => {
    model.turns.push({ text, deal });
    model.last = text;
  };
  for (const event of events) {
    if (event.kind === "timed_out") {
      if (timedOut !== null) tell(timedOutText(model, timedOut, null));
      timedOut = event.seat;
      continue;
    }
    let text = eventText(model, event);
    if (text && timedOut !== null) {
      text = timedOutText(model, timedOut, event);
      timedOut = null;
    }
    if (text) tell(text, event.kind === "dealt");
  }
  if (timedOut !== null) tell(timedOutText(model, timedOut, null));
  if (model.turns.length > 400) model.turns.splice(0, model.turns.length - 400);
}

/** A deal's events as received, its "dealt" event marked with the deal's number (its line names it ever after). */
function marked(events, state) {
  return events.map((event) => (event.kind === "dealt" && state ? { ...event, deal: state.deal, deals: state.deals } : event));
}

/** Say on the table, for a few seconds, that the server is back. */
function said() {
  model.back = true;
  clearTimeout(backTimer);
  backTimer = setTimeout(() => {
    model.back = false;
    if (model.welcomed) render();
  }, 6000);
}

/** The turns told again from every deal kept in this page (after a language switch). */
function tellAgain() {
  model.turns = [];
  told([...model.past, ...model.story]);
}

function keep() {
  if (watching) return; // a watcher has no seat to keep
  const state = model.state;
  keepSeat(model.table, { token: model.token, seat: model.seat, game: state ? state.game : model.game,
    seats: model.seats.length, lastSeq: model.lastSeq, name: model.name,
    people: model.seats.map((_entry, seat) => seatName(model.seats, seat)),
    deal: state ? state.deal : 0, deals: state ? state.deals : 0, over: Boolean(model.matchOver), matches: model.matchesBefore,
    yourMove: Boolean(state && state.legal && state.legal.length) });
}

/** The game's name in the page's language. */
function gameName(game) {
  return game === "fishing" ? _("Chinese Go Fishing") : _("Chinese Ten");
}

/** The page's headings name the table's game ("ten" or "fishing"), translated now and after a language switch. */
function nameGame(game) {
  const fishing = game === "fishing";
  const heading = document.querySelector("header h1");
  const join = document.querySelector('[data-view="join"] h2');
  heading.dataset.text = fishing ? "Chinese Go Fishing" : "Chinese Ten";
  heading.textContent = gameName(game);
  join.dataset.text = fishing ? "A seat at a Chinese Go Fishing table" : "A seat at a Chinese Ten table";
  join.textContent = fishing ? _("A seat at a Chinese Go Fishing table") : _("A seat at a Chinese Ten table");
}

function welcome(frame) {
  if (frame.token) model.token = frame.token;
  if (model.welcomed && !model.connected && !model.paused) said(); // back after an outage
  model.paused = false;
  model.welcomed = true;
  model.connected = true;
  model.seat = watching ? null : frame.seat;
  model.seats = frame.seats || [];
  if (typeof frame.watchers === "number") model.watchers = frame.watchers;
  model.state = frame.state || null;
  setClock(model.state);
  model.game = frame.game;
  nameGame(frame.game);
  setTitle(format("{game} · {table}", { game: gameName(frame.game), table: model.table }));
  const dealOf = (events) => (events.length && events[0].kind === "dealt" ? events[0].deal : null);
  let story = marked(frame.story || [], model.state);
  const sameDeal = model.story.length && dealOf(model.story) === dealOf(story);
  if (model.story.length && !sameDeal) model.past.push(...model.story); // a deal ended unseen
  if (!watching) story = markMissed(story, sameDeal ? model.story : [], frame.seat, frame.missed);
  model.story = story;
  model.missed = watching ? "" : missedText(frame.seat, frame.missed);
  model.values = frame.values || model.values;
  if (Array.isArray(frame.chat)) model.chat = frame.chat.map((line) => ({ name: line.name, text: line.text }));
  if (typeof frame.chat_on === "boolean") model.chatOn = frame.chat_on;
  else if (frame.chat === false) model.chatOn = false;
  model.lastSeq = frame.seq;
  model.sending = false;
  model.choice = null;
  model.dealOver = frame.deal_over || null;
  model.matchOver = frame.match_over || null;
  const me = model.seats[model.seat] || {};
  model.readySent = Boolean(me.ready);
  tellAgain();
  if (model.dealOver && !model.matchOver && frame.phase === "deal_over" && me.ready) model.readySent = true;
  keep();
  if (location.hash) history.replaceState(null, "", location.pathname); // the claim is spent: reloading comes back with the token
  $("app-link").hidden = true;
  show("table");
  render();
}

function frameArrived(frame) {
  switch (frame.type) {
    case "welcome":
    case "watching":
      welcome(frame);
      return;
    case "update": {
      const events = frame.events || [];
      model.state = frame.state || model.state;
      if (frame.state) setClock(frame.state);
      if (events.some((e) => e.kind === "dealt")) {
        // a story of its deal alone was told again by this update (a table starting as this seat sat down)
        if (model.story.some((e) => e.kind !== "dealt")) model.past.push(...model.story);
        if (model.matchOver) model.matchesBefore += 1; // the match played again
        if (model.past.length > 2000) model.past.splice(0, model.past.length - 2000);
        model.story = [];
        model.dealOver = null;
        model.matchOver = null;
        model.readySent = false;
        model.againSent = false;
        keep();
      }
      const away = (model.seats[model.seat] || {}).kind === "away"; // a computer makes this seat's moves
      model.story.push(...marked(away ? markedForYou(events, model.seat) : events, model.state));
      model.lastSeq = frame.seq;
      model.choice = null;
      if (events.some((e) => e.kind === "dealt")) tellAgain(); // the deal told anew, once, after those before it
      else told(events);
      render(motionOf(events));
      return;
    }
    case "ack":
    case "error":
      if (frame.type === "error" && frame.code === "bad-message" && frame.id === undefined && model.hails) {
        model.hails -= 1; // the answer to the message that said the person is back: it has done its work unsaid
        return;
      }
      model.sending = false;
      if (frame.type === "error") {
        if (frame.code === "claimed" || frame.code === "bad-token") forgetSeat(model.table);
        model.refused = frame.code || "";
        model.last = frame.message || "";
        if (watching && !model.welcomed && frame.message) notice(() => frame.message); // refused: too many watch
      }
      render();
      return;
    case "deal_over":
      model.dealOver = frame;
      model.lastSeq = frame.seq;
      keep();
      render();
      return;
    case "match_over":
      model.matchOver = frame;
      model.lastSeq = frame.seq;
      keep();
      render();
      return;
    case "presence":
      model.seats = frame.seats || model.seats;
      if (typeof frame.watchers === "number") model.watchers = frame.watchers;
      keep();
      render();
      return;
    case "chat":
      model.chat.push({ name: frame.name || seatName(model.seats, frame.seat), text: frame.text });
      if (model.chat.length > 200) model.chat.shift();
      render();
      return;
    default:
  }
}

function statusChanged(status, code) {
  if (status === "open") return;
  model.connected = false;
  model.sending = false;
  model.hails = 0; // a new connection is heard from by its hello
  if (status === "lost" && !model.welcomed) notice(unreachable); // not seated yet, and no server to seat it
  if (status === "closed") {
    model.stopped = true;
    if (watching) {
      notice(code === 4003 ? () => _("The host has turned watching off at this table.")
        : code === 4004 ? noTable : () => _("This server speaks another version of the game."));
      return;
    }
    if (code === 4001) {
      notice(() => _("This seat was opened in another window or browser."), { label: () => _("Play here again"), run: takeBack });
    } else if (code === 4003) notice(refusedText);
    else if (code === 4004) {
      forgetSeat(model.table);
      notice(noTable);
    } else notice(() => _("This server speaks another version of the game."));
    return;
  }
  if (model.welcomed) render();
}

/** Why the server refused this seat: a claim of the wrong form is a link copied short or mistyped; one of the
 * right form is a link already spent (`claimed`) or one naming no seat of this table, a letter mistyped
 * (`bad-token`). */
function refusedText() {
  if (model.token) return _("This seat's key in this browser is not this table's any more. Open the host's link again.");
  if (!CLAIM.test(claim)) return _("This link is not whole: part of it is missing or mistyped. Open the whole link the host sent.");
  if (model.refused === "claimed") return _("This link's seat has been taken already: each link seats one person, once.");
  return _("This link is not right: check it letter by letter, or ask for it again.");
}

/** The notice of a server out of reach before the seat was taken (the page itself may come from the browser's
 * copy). */
function unreachable() {
  return _("The server cannot be reached. The page takes the seat as soon as it is back.");
}

/** Come back to the seat in this window after another window had taken it. */
function takeBack() {
  model.stopped = false;
  model.welcomed = false;
  notice(() => _("Coming back to your seat…"));
  sitDown(tokenHello);
}

/** Watch the table from no seat: `watch`, again on each connection (the server tells the table as it is then). */
function watch() {
  notice(() => _("Joining the table to watch…"));
  model.refused = "";
  connection = new Connection(model.table, () => ({ type: "watch", version: 1, table: model.table }), frameArrived, statusChanged);
  connection.open();
}

/** The first message of a connection coming back with the seat's token (and the last frame it had). */
function tokenHello() {
  return { type: "hello", version: 1, table: model.table, token: model.token, ...(model.lastSeq === null ? {} : { last_seq: model.lastSeq }) };
}

function sitDown(hello) {
  model.refused = "";
  connection = new Connection(model.table, hello, frameArrived, statusChanged);
  connection.open();
}

function join() {
  const kept = keptSeat(model.table);
  if (kept) {
    model.token = kept.token;
    model.name = kept.name || "";
    model.lastSeq = kept.lastSeq ?? null;
    model.matchesBefore = kept.matches || 0;
    sitDown(tokenHello);
    notice(() => _("Coming back to your seat…"));
    return;
  }
  if (!claim) {
    notice(() => _("This address has no seat in it. Open the whole link the host sent, with the part after #."));
    return;
  }
  const sit = (name) => {
    model.name = name;
    sitDown(() => (model.token ? tokenHello() : { type: "hello", version: 1, table: model.table, claim, name }));
  };
  show("join");
  const input = $("name-input");
  input.value = keptName(); // the name given at an earlier table, offered again: keep it with Enter, or change it
  input.focus();
  input.select();
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim().slice(0, input.maxLength); // the field's limit is the server's, 32
    if (!name) return;
    keepName(name);
    $("join").disabled = true;
    sit(name);
  });
}

function listTables() {
  show("list");
  root.dataset.state = "waiting";
  drawFront(gameName);
}

function appLink() {
  const link = $("app-link");
  const plain = location.protocol === "http:" ? "?http" : "";
  link.href = `chinese-ten://${location.host}${location.pathname}${plain}${location.hash}`;
  link.hidden = !claim;
}

function redraw() {
  if (!document.querySelector('[data-view="notice"]').hidden) drawNotice();
  else if (model.welcomed) render();
  else if (!model.table) listTables();
}

async function start() {
  const language = wireSwitches(() => {
    tellAgain(); // the turns in the language now shown
    redraw();
  });
  await useLanguage(preferred());
  language.value = document.documentElement.lang;
  appLink();
  wireChat((text) => connection && connection.send({ type: "chat", text }));
  wireKeys();
  wireElsewhere($("sound"), $("notify"));
  // Any message is the person heard from; the contract has none that says only that, so the page sends one the
  // server answers with `bad-message`, and lets that answer pass unsaid. One at a time, until it is answered.
  wireBack(() => awayHere(model) && !model.hails, () => {
    if (connection && connection.send({ type: "back" })) model.hails += 1;
  });
  if (root.dataset.game) nameGame(root.dataset.game); // the server names the table's game in the page
  if (watching) watch();
  else if (model.table) join();
  else if (/^\/[tw]\//.test(location.pathname)) notice(noTable);
  else {
    wireFront();
    listTables();
  }
  window.addEventListener("online", () => connection && connection.retryNow());
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => undefined); // installable, and opens offline
  // a page left (another address, the tab closed, the phone's browser put away) lets its seat go at once, so the
  // seat goes away on time: a page kept in the back-forward cache holds no connection; shown again, it comes back
  const leave = () => {
    if (!connection || connection.stopped) return;
    connection.pause();
    keep(); // the last frame seen, so that coming back by a new load hears only what was missed
    model.paused = true;
    model.connected = false;
  };
  const back = () => {
    if (connection && connection.resume() && model.welcomed) render();
  };
  window.addEventListener("pagehide", leave);
  document.addEventListener("freeze", leave);
  window.addEventListener("pageshow", (event) => { if (event.persisted) back(); });
  document.addEventListener("resume", back);
}

start();
