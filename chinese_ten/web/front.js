// The front page (NETWORK.md, "The front page"): what the game is, Play the computer, Open a table, and the
// tables this browser holds a seat at. A table opened here is taken over by the seat page at /t/TABLE.

import { _, format } from "./i18n.js";
import { backCard, faceCard } from "./cards.js";
import { SUBPROTOCOL, frameOf, socketAddress } from "./connection.js";
import { forgetSeat, keepName, keepSeat, keptName, keptTables } from "./seats_kept.js";
import { loadGames } from "./games.js";
import { forgetLinks, keepLinks } from "./host.js";

const $ = (role) => document.querySelector(`[data-role="${role}"]`);
const CHOICE = "chinese-ten:front-choice";
const CLOCKS = [null, 15, 30, 60, 120];
const KINDS = ["person", "easy", "normal", "hard"];
const MATCH_TITLES = { one: () => _("One deal"), "per-seat": () => _("One per seat"),
  "two-per-seat": () => _("Two per seat"), six: () => _("Six deals") };
const KIND_TITLES = { person: () => _("A person (a link)"), easy: () => _("Easy"), normal: () => _("Normal"), hard: () => _("Hard") };
const REFUSED = {
  "too-many": () => _("Too many tables have been opened from this address this hour; try again later."),
  version: () => _("This server speaks another version of the game; reload the page."),
  unavailable: () => _("The server cannot keep a new table just now; try again in a moment."),
};

let games = [];
let choice = null;
let gameName = (game) => game;
let sending = false;
let reachTimer = 0;
const REACH_AGAIN_MS = 5000;

/** The remembered choice, each part checked against what the server offers now: whatever no longer exists (a game,
 * a preset, an option or value renamed) is the default, without a word. */
function checkedChoice(kept) {
  const game = games.find((g) => g.name === kept.game) || games[0];
  const seats = game.seats.includes(kept.seats) ? kept.seats : game.seats[0];
  const preset = game.presets.find((p) => p.name === kept.rules) || game.presets[0] || null;
  const options = {};
  for (const option of game.options) {
    const value = kept.options && Object.hasOwn(kept.options, option.name) ? kept.options[option.name] : undefined;
    const base = preset && Object.hasOwn(preset.options, option.name) ? preset.options[option.name] : option.default;
    options[option.name] = option.values.some((v) => v.value === value) ? value : base;
  }
  const kinds = [];
  for (let seat = 1; seat < 8; seat += 1) {
    const kind = Array.isArray(kept.kinds) ? kept.kinds[seat] : undefined;
    kinds[seat] = kind === "person" || game.strengths.includes(kind) ? kind : (game.strengths.includes("normal") ? "normal" : game.strengths[0]);
  }
  return {
    game: game.name, seats, rules: preset ? preset.name : null, options, kinds,
    match: matchesOf(game, preset).includes(kept.match) ? kept.match : matchesOf(game, preset)[0],
    clock: CLOCKS.includes(kept.clock) ? kept.clock : null,
    chat: typeof kept.chat === "boolean" ? kept.chat : true,
    watchers: typeof kept.watchers === "boolean" ? kept.watchers : true,
  };
}

/** The match lengths a table of `game` may have under `preset` (one, where the preset is played with its own). */
function matchesOf(game, preset) {
  return preset && preset.match && game.matches.includes(preset.match) ? [preset.match] : game.matches;
}

function keptChoice() {
  try {
    const kept = JSON.parse(localStorage.getItem(CHOICE) || "{}");
    return checkedChoice(kept && typeof kept === "object" ? kept : {});
  } catch {
    return checkedChoice({});
  }
}

function remember() {
  localStorage.setItem(CHOICE, JSON.stringify(choice));
}

function theGame() {
  return games.find((g) => g.name === choice.game);
}

/** The rules a `create` names: the preset's name, or an object of the preset and the options changed from it. */
function rulesOf(game) {
  const preset = game.presets.find((p) => p.name === choice.rules);
  if (!preset) return null;
  const changed = {};
  for (const option of game.options) {
    const base = Object.hasOwn(preset.options, option.name) ? preset.options[option.name] : option.default;
    if (choice.options[option.name] !== base) changed[option.name] = choice.options[option.name];
  }
  return Object.keys(changed).length ? { preset: preset.name, ...changed } : preset.name;
}

/** The `create` message for the choice; `computersOnly` makes every other seat a computer (Play the computer). */
function createMessage(computersOnly) {
  const game = theGame();
  const computers = {};
  for (let seat = 1; seat < choice.seats; seat += 1) {
    const kind = choice.kinds[seat];
    if (kind !== "person") computers[String(seat)] = kind;
    else if (computersOnly) computers[String(seat)] = game.strengths.includes("normal") ? "normal" : game.strengths[0];
  }
  const message = { type: "create", version: 1, name: keptName(), game: game.name, seats: choice.seats,
    match: choice.match, computers, chat: choice.chat, watchers: choice.watchers, clock: choice.clock };
  const rules = rulesOf(game);
  if (rules !== null) message.rules = rules;
  return message;
}

/** Say why nothing was opened, in the page's language, in the form. */
function refused(code, message) {
  const said = $("create-refused");
  said.textContent = REFUSED[code] ? REFUSED[code]()
    : code ? format("The server opened no table: {reason}", { reason: message || code })
      : _("The server cannot be reached; nothing was opened.");
  said.hidden = false;
  sending = false;
  for (const button of [$("create"), $("play-computer")]) button.disabled = false;
}

/** Open a table on this server with `message`; once it is open, keep the seat (and the links) and sit at it. */
function open(message) {
  if (sending) return;
  sending = true;
  $("create-refused").hidden = true;
  for (const button of [$("create"), $("play-computer")]) button.disabled = true;
  const socket = new WebSocket(socketAddress("/ws"), SUBPROTOCOL);
  let done = false;
  socket.addEventListener("open", () => socket.send(JSON.stringify(message)));
  socket.addEventListener("message", (event) => {
    const frame = frameOf(event.data);
    if (!frame || done) return;
    if (frame.type === "created" && typeof frame.table === "string" && typeof frame.token === "string") {
      done = true;
      keepSeat(frame.table, { token: frame.token, seat: 0, game: message.game, seats: message.seats, lastSeq: null,
        name: message.name, deal: 0, deals: 0, over: false });
      keepLinks(frame.table, frame.links || {}, frame.watch);
      socket.close(1000);
      location.assign(`/t/${frame.table}`);
    } else if (frame.type === "error") {
      done = true;
      socket.close(1000);
      refused(frame.code, frame.message);
    }
  });
  socket.addEventListener("close", () => {
    if (!done) refused(null, "");
  });
}

function field(labelText, control) {
  const label = document.createElement("label");
  const words = document.createElement("span");
  words.textContent = labelText;
  label.append(words, control);
  return label;
}

function select(role, values, current, title, onChange) {
  const element = document.createElement("select");
  element.dataset.role = role;
  for (const value of values) {
    const option = document.createElement("option");
    option.value = JSON.stringify(value);
    option.textContent = title(value);
    option.selected = value === current;
    element.append(option);
  }
  element.addEventListener("change", () => {
    onChange(JSON.parse(element.value));
    remember();
    drawForm();
  });
  return element;
}

function checkbox(role, checked, onChange) {
  const box = document.createElement("input");
  box.type = "checkbox";
  box.dataset.role = role;
  box.checked = checked;
  box.addEventListener("change", () => { onChange(box.checked); remember(); });
  return box;
}

/** The form, offering only what the chosen game allows for the seats chosen. */
function drawForm() {
  const form = $("open-table");
  const game = theGame();
  const rows = [];
  const name = document.createElement("input");
  name.dataset.role = "host-name";
  name.maxLength = 32;
  name.autocomplete = "nickname";
  name.value = keptName();
  name.addEventListener("change", () => keepName(name.value.trim().slice(0, 32)));
  rows.push(field(_("Your name"), name));
  rows.push(field(_("Game"), select("game", games.map((g) => g.name), game.name,
    (value) => games.find((g) => g.name === value).title, (value) => { choice = checkedChoice({ ...choice, game: value }); })));
  rows.push(field(_("Seats"), select("seats", game.seats, choice.seats, String, (value) => { choice.seats = value; })));
  if (game.presets.length) {
    rows.push(field(_("Rules"), select("rules", game.presets.map((p) => p.name), choice.rules,
      (value) => game.presets.find((p) => p.name === value).title,
      (value) => { choice = checkedChoice({ ...choice, rules: value, options: {} }); })));
  }
  for (const option of game.options) {
    const control = select("rule-option", option.values.map((v) => v.value), choice.options[option.name],
      (value) => option.values.find((v) => v.value === value).title, (value) => { choice.options[option.name] = value; });
    control.dataset.option = option.name;
    control.title = option.help;
    rows.push(field(option.title, control));
  }
  const preset = game.presets.find((p) => p.name === choice.rules) || null;
  rows.push(field(_("Match"), select("match", matchesOf(game, preset), choice.match,
    (value) => (MATCH_TITLES[value] ? MATCH_TITLES[value]() : value), (value) => { choice.match = value; })));
  rows.push(field(_("Turn clock"), select("clock", CLOCKS, choice.clock,
    (value) => (value === null ? _("No clock") : format("{seconds} seconds a move", { seconds: value })),
    (value) => { choice.clock = value; })));
  for (let seat = 0; seat < choice.seats; seat += 1) {
    const kinds = seat === 0 ? ["person"] : KINDS.filter((k) => k === "person" || game.strengths.includes(k));
    const control = select("seat-kind", kinds, seat === 0 ? "person" : choice.kinds[seat],
      (value) => (seat === 0 ? _("You (the host)") : KIND_TITLES[value]()), (value) => { choice.kinds[seat] = value; });
    control.dataset.seat = String(seat);
    control.disabled = seat === 0;
    rows.push(field(format("Seat {n}", { n: seat + 1 }), control));
  }
  rows.push(field(_("Chat"), checkbox("chat-on", choice.chat, (on) => { choice.chat = on; })));
  rows.push(field(_("Watchers"), checkbox("watchers-on", choice.watchers, (on) => { choice.watchers = on; })));
  const create = document.createElement("button");
  create.type = "submit";
  create.dataset.role = "create";
  create.textContent = _("Open the table");
  create.disabled = sending;
  const said = document.createElement("p");
  said.dataset.role = "create-refused";
  said.setAttribute("role", "alert");
  said.hidden = true;
  const heading = document.createElement("h2");
  heading.textContent = _("Open a table");
  const note = document.createElement("p");
  note.className = "note";
  note.textContent = _("Play the computer deals with these choices too, a computer in every other seat.");
  form.replaceChildren(heading, note, ...rows, create, said);
}

/** The tables this browser keeps a seat at: the unfinished first, each with its game, people, deal and Forget. */
function drawTables() {
  const kept = keptTables();
  $("no-tables").hidden = kept.length > 0;
  const row = (entry) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/t/${entry.table}`;
    const game = gameName(entry.game);
    const people = (entry.people || []).filter((_name, seat) => seat !== entry.seat);
    link.textContent = people.length ? format("{game} with {people}", { game, people: people.join(_(", ")) })
      : format("{game} at table {table}", { game, table: entry.table });
    const progress = document.createElement("span");
    progress.className = "progress";
    progress.textContent = entry.over ? _("Match over")
      : entry.deal ? format("Deal {n} of {m}", { n: entry.deal, m: entry.deals }) : _("Not started yet");
    const parts = [link, " ", progress];
    if (entry.yourMove && !entry.over) {
      const mark = document.createElement("strong");
      mark.textContent = _("Your move");
      parts.push(" ", mark);
    }
    const forget = document.createElement("button");
    forget.type = "button";
    forget.dataset.role = "forget";
    forget.textContent = _("Forget");
    forget.addEventListener("click", () => { forgetSeat(entry.table); forgetLinks(entry.table); drawTables(); });
    item.append(...parts, " ", forget);
    item.classList.toggle("over", Boolean(entry.over));
    return item;
  };
  $("tables").replaceChildren(...kept.filter((e) => !e.over).map(row), ...kept.filter((e) => e.over).map(row));
}

/** The picture of a table: a few cards face up on the felt and a hand's backs. */
function drawPicture() {
  const picture = $("front-picture");
  if (picture.childElementCount) return;
  const layout = document.createElement("div");
  layout.className = "front-layout";
  layout.append(...["9H", "AS", "4D", "KC"].map((code) => faceCard(code)));
  const hand = document.createElement("div");
  hand.className = "front-hand";
  hand.append(...["5H", "10D", "QS"].map((code) => faceCard(code)), backCard());
  picture.append(layout, hand);
}

/** Show the front page (again after a language switch); `names` gives a game's name in the page's language. */
export async function drawFront(names) {
  gameName = names;
  checkReach();
  $("rules-link").href = `/rules?lang=${encodeURIComponent(document.documentElement.lang)}`; // in the page's language
  drawPicture();
  drawTables();
  games = await loadGames();
  choice = keptChoice();
  drawForm();
}

/** Say plainly, above everything, when the server cannot be reached (the page itself then comes from the browser's
 * copy, kept by the service worker); asked again every few seconds meanwhile, so the line goes once it is back. */
async function checkReach() {
  clearTimeout(reachTimer);
  let reached = false;
  try {
    reached = (await fetch("/healthz", { cache: "no-store" })).ok;
  } catch {
    reached = false;
  }
  $("offline").hidden = reached;
  if (!reached) reachTimer = setTimeout(checkReach, REACH_AGAIN_MS);
}

/** Wire the front page's buttons once. */
export function wireFront() {
  $("play-computer").addEventListener("click", () => {
    if (!games.length) return;
    remember();
    open(createMessage(true));
  });
  $("show-open-table").addEventListener("click", () => {
    $("open-table").scrollIntoView({ behavior: "smooth", block: "start" });
    const first = $("open-table").querySelector("input, select");
    if (first) first.focus({ preventScroll: true });
  });
  $("open-table").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!games.length) return;
    const name = $("host-name").value.trim().slice(0, 32);
    if (name) keepName(name);
    remember();
    open(createMessage(false));
  });
}
