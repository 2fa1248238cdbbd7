// The page of accessible_dice's browser front end: draws what the server sends, sends what the player does.
// Every word comes from the server in the player's language and goes in with textContent, never as markup.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let socket = null;
let state = null;

// ---------------------------------------------------------------- the connection

function clientId() {
  let id = sessionStorage.getItem("accessible-dice-client");
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    id = Array.from(bytes, (b) => (b % 36).toString(36)).join("") + "x";
    sessionStorage.setItem("accessible-dice-client", id);
  }
  return id;
}

// A joined device's address names the device too, so that a reload is still let in once joining has been
// closed by wrong codes (server.py, _may_try).
function nameThisDevice() {
  if (!params.has("j") || params.get("c") === clientId()) return;
  params.set("c", clientId());
  history.replaceState(null, "", `${location.pathname}?${params}`);
}

function connect() {
  if (document.documentElement.dataset.transport === "worker") {
    startWorker();
    return;
  }
  const query = new URLSearchParams();
  if (params.has("k")) query.set("k", params.get("k"));
  if (params.has("j")) {
    query.set("j", params.get("j"));
    query.set("c", clientId());
    if (params.has("lang")) query.set("lang", params.get("lang"));
  }
  socket = new WebSocket(`ws://${location.host}/ws?${query}`);
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  // One page too many (FULL, the server's 4001): tried again every 10 s, until another page is closed.
  socket.addEventListener("close", (event) => {
    if (event.code !== 4001 && state && !toldLost) {  // said once, until the game answers again
      toldLost = true;
      announce({text: state.words.lost, interrupt: true, cues: []});
    }
    setTimeout(connect, event.code === 4001 ? 10000 : 1000);
  });
}

// The static page (accessible-dice build-page): the same messages, to our Python in a Web Worker
// (static/worker.js) instead of the websocket; the address's options (?game=...) go to it as they are.
let worker = null;

async function startWorker() {
  let words = {};
  // The colours and the language the page showed last (draw), for its lists while it loads.
  let [theme, lang] = [null, null];
  try {
    [theme, lang] = JSON.parse(localStorage.getItem("accessible-dice-lists")) || [];
  } catch (error) { /* none yet */ }
  try {
    const all = await (await fetch("static/words.json")).json();
    const wanted = (params.get("lang") || lang || navigator.language || "en").slice(0, 2).toLowerCase();
    words = all[wanted] || all.en;
    lang = all[wanted] ? wanted : "en";
  } catch (error) {
    words = {};
  }
  if (!state && words.page) {  // the page's words and lists as the game will draw them, before Orca reads it
    const chosen = words.page.themes.some(([value]) => value === theme) ? theme : words.page.themes[0][0];
    document.documentElement.lang = lang;
    document.documentElement.dataset.theme = chosen;
    labels(words.page);
    lists(words.page.themes, chosen, [Object.keys(words.page.language_names), words.page.language_names], lang);
  }
  // The loading words wait, as every first announcement, START for the screen reader to read the loaded page;
  // the game's first news then waits until they have been read (READ per character), so that the focus move
  // to the game's first place never cuts them. A game that came before they were said has them taken back.
  const loading = {text: words.loading, interrupt: false, cues: []};
  let readBy = 0;
  if (!state && words.loading) {
    $("status").textContent = words.loading;
    announce(loading);
    readBy = quietUntil + words.loading.length * READ;
  }
  offline(words);
  const failed = (error) => {
    const text = (words.failed || "The game could not start in this browser ({error}).").replace("{error}", error);
    $("status").textContent = text;
    announce({text, interrupt: true, cues: []});
  };
  if (!jspi && !crossOriginIsolated) {  // no JSPI: a shared buffer, which needs the service worker's headers
    isolated(failed);
    return;
  }
  sessionStorage.removeItem("accessible-dice-isolating");
  // The address starts what it names (a bookmark starts its game afresh); the same tab reloaded continues
  // the game played last instead (--resume), in the language the address asks for.
  let query = location.search;
  if (sessionStorage.getItem("accessible-dice-started") === query) {
    query = params.has("lang") ? `?resume&lang=${encodeURIComponent(params.get("lang"))}` : "?resume";
  }
  sessionStorage.setItem("accessible-dice-started", location.search);
  // The options go as the worker's name: a worker served by the service worker has the cached file's address.
  worker = new Worker("static/worker.js", {type: "module", name: query});
  if (!jspi) channelTo(worker);
  const held = [];  // the worker's messages, in the order it sent them, while the loading words are read
  const take = (message) => (message.t === "failed" ? failed(message.error) : receive(message));
  worker.addEventListener("message", (event) => {
    if (typeof event.data !== "string") {
      fromWaitingWorker(event.data);
      return;
    }
    const unsaid = waiting.indexOf(loading);
    if (unsaid >= 0) {
      waiting.splice(unsaid, 1);
      readBy = 0;
    }
    held.push(JSON.parse(event.data));
    if (held.length === 1) setTimeout(() => held.splice(0).forEach(take), Math.max(0, readBy - Date.now()));
  });
  worker.addEventListener("error", (event) => failed(event.message || "worker"));
}

// ---------------------------------------------------------------- the worker waiting with Atomics

// Where the browser has no JSPI (Safari, Firefox; Pyodide's own test, pyodide.asm.mjs), our Python waits
// for the page's next message with Atomics.wait on a SharedArrayBuffer this page writes each message into
// (worker.js, "waiting with Atomics", says the buffer's fields), and the page fetches Yatzy's tables and keeps
// the game's files in IndexedDB for it, since the worker's own event loop does not run while it waits.
const jspi = "Suspending" in WebAssembly || "Suspender" in WebAssembly;
const [FULL, LENGTH, LAST, KIND, HEAD] = [0, 1, 2, 3, 4];
const [TEXT, TABLE, MISSING] = [0, 1, 2];
const CAPACITY = 1 << 20;  // bytes of one chunk: a player's message is one; Yatzy's largest table, nine
const encoder = new TextEncoder();
let shared = null;
const chunks = [];
let files = null;

// A SharedArrayBuffer exists only in a cross-origin isolated page: the service worker (sw.js) serves the
// site with the headers that make it so, once it controls the page. At the first visit the page is loaded
// again once, when it does; if it still is not isolated (no service worker, as in a private window of some
// browsers), the page says it cannot start, and why.
async function isolated(failed) {
  if (!("serviceWorker" in navigator) || sessionStorage.getItem("accessible-dice-isolating") === location.href) {
    failed("no cross-origin isolation for SharedArrayBuffer");
    return;
  }
  sessionStorage.setItem("accessible-dice-isolating", location.href);
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, {once: true}));
  }
  location.reload();
}

function channelTo(started) {
  shared = new Int32Array(new SharedArrayBuffer(HEAD * 4 + CAPACITY), 0, HEAD);
  started.postMessage({t: "channel", buffer: shared.buffer});
}

// A message (or a table) for the worker, in chunks of CAPACITY bytes, each written when the last was taken.
function handOver(kind, data) {
  let at = 0;
  do {
    chunks.push({kind, data: data.subarray(at, at + CAPACITY), last: at + CAPACITY >= data.length});
    at += CAPACITY;
  } while (at < data.length);
  pump();
}

function pump() {
  if (!chunks.length || Atomics.load(shared, FULL) !== 0) return;
  const next = chunks.shift();
  new Uint8Array(shared.buffer, HEAD * 4).set(next.data);
  shared[LENGTH] = next.data.length;
  shared[LAST] = next.last ? 1 : 0;
  shared[KIND] = next.kind;
  Atomics.store(shared, FULL, 1);
  Atomics.notify(shared, FULL);
}

function fromWaitingWorker(message) {
  if (message.t === "took") pump();
  else if (message.t === "fetch") {
    tableBytes(message.address).then((data) => handOver(TABLE, data),
                                     (error) => handOver(MISSING, encoder.encode(String(error && error.message || error))));
  } else if (message.t === "keep") files = (files || Promise.resolve()).then(() => kept(message));
}

// What the worker's last step wrote, into the IndexedDB database Emscripten's IDBFS reads at the next start
// (its form: one entry per path, {timestamp, mode, contents}, in the store FILE_DATA), in the order written.
let database = null;

function kept({store, put, gone}) {
  database = database || new Promise((resolve, reject) => {
    const opened = indexedDB.open(store);
    opened.onsuccess = () => resolve(opened.result);
    opened.onerror = () => reject(opened.error);
  });
  return database.then((db) => new Promise((resolve) => {
    const writing = db.transaction("FILE_DATA", "readwrite");
    const entries = writing.objectStore("FILE_DATA");
    for (const [path, entry] of put) entries.put(entry, path);
    for (const path of gone) entries.delete(path);
    writing.oncomplete = resolve;
    writing.onerror = () => resolve(console.warn("the browser's storage refused the game's files", writing.error));
  })).catch((error) => console.warn("the browser's storage refused the game's files", error));
}

// The site kept for playing without a network (sw.js); a new version found later is said in words.
function offline(words) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("sw.js").then((registration) => {
    registration.addEventListener("updatefound", () => {
      const fresh = registration.installing;
      if (!fresh || !navigator.serviceWorker.controller) return;  // the first visit: nothing to tell
      fresh.addEventListener("statechange", () => {
        if (fresh.state === "installed" && words.updated) announce({text: words.updated, interrupt: false, cues: []});
      });
    });
  }).catch((error) => console.warn("the page is not kept for offline play", error));
}

function send(message) {
  if (worker && shared) handOver(TEXT, encoder.encode(JSON.stringify(message)));
  else if (worker) worker.postMessage(JSON.stringify(message));
  else if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

let toldFull = false;
let toldLost = false;

function receive(message) {
  if (message.t === "state") toldFull = toldLost = false;
  if (message.t === "say") announce(message);
  else if (message.t === "hush") hush();
  else if (message.t === "state") draw(message);
  else if (message.t === "history") earlier(message.texts);
  else if (message.t === "full" && !toldFull) {  // said once, not at every try
    toldFull = true;
    announce({text: message.text, interrupt: true, cues: []});
  }
}

// A page opened again shows what was said before, in a list that is not live: seen, never said again.
function earlier(texts) {
  $("earlier").replaceChildren(...texts.map((text) => element("li", {text})));
  $("earlier-region").hidden = texts.length === 0;
}

// ---------------------------------------------------------------- announcements (see the package's docstring)

// Orca drops a live-region text identical to the one before, lets an assertive message wipe a polite one
// waiting, and says lines added close together in an order of its own (two at once reversed; even 150 ms
// apart while Chromium redraws: docs/web-orca.md). So the server sends what one key press made as one
// announcement, the page inserts it as one line, the next at least GAP later, a repeat is numbered, and
// a review answer (assertive) goes at once, joining what waited into it.
//
// Orca says a live message interrupting whatever it says, and a focus move interrupting the live message
// (both cut: Orca's speakMessage interrupts). So the focus and the announcements never meet: the server
// sends the page's new state before what it announces, the page moves its focus (if it does) while drawing
// it, and an announcement waits SETTLE after a focus move (Orca has begun the focused control's name, and
// the announcement follows it). The first announcement waits START after the page loaded, while the screen
// reader reads the page's title and first lines. The computer players' turns N plays at once are lines of
// their own, spaced by the time a screen reader takes to say each (READ per character), so none cuts the one
// before; a key the player presses ends that spacing (what is left follows at GAP, and stays in the log).
const GAP = 400;
const SETTLE = 800;
const START = 1500;
const READ = 55;
const waiting = [];
let flushing = null;
let quietUntil = Date.now() + START;
let settles = quietUntil;  // when the last focus move (or the load) has settled: even an answer waits for it
let lastText = "";
let repeats = 1;

function announce(message) {
  waiting.push(message);
  cue(message.cues);
  if (message.interrupt && flushing !== null) {
    clearTimeout(flushing);
    flushing = null;
  }
  schedule((message.interrupt ? settles : quietUntil) - Date.now());
}

function schedule(wait) {
  if (flushing === null && waiting.length) flushing = setTimeout(flush, Math.max(0, wait));
}

// Nothing is announced for ``wait`` ms (a focus move was just made), not even an answer.
function quietFor(wait) {
  settles = Math.max(settles, Date.now() + wait);
  quietUntil = Math.max(quietUntil, settles);
  if (flushing !== null) {
    clearTimeout(flushing);
    flushing = null;
    schedule((waiting.some((m) => m.interrupt) ? settles : quietUntil) - Date.now());
  }
}

function differing(text) {
  if (text === lastText) {
    repeats += 1;
    return `${text} (${repeats})`;
  }
  lastText = text;
  repeats = 1;
  return text;
}

function flush() {
  flushing = null;
  if (waiting.length === 0) return;
  const interrupting = waiting.some((m) => m.interrupt);
  const batch = interrupting ? waiting.splice(0) : [waiting.shift()];
  const text = differing(batch.map((m) => m.text).join(" "));
  if (interrupting) {
    $("answer").textContent = text;
  } else {
    const line = document.createElement("p");
    line.textContent = text;
    $("log").append(line);
  }
  voice(text, interrupting);
  const turns = batch.every((m) => m.turn) && waiting.length;  // N's turns: each said whole before the next
  quietUntil = Date.now() + (turns ? Math.max(GAP, text.length * READ) : GAP);
  schedule(quietUntil - Date.now());
}

// A key the player presses: lines still spaced out for reading come at GAP now (the player moved on).
function hurry() {
  if (flushing === null || !waiting.length) return;
  quietUntil = Math.max(settles, Math.min(quietUntil, Date.now() + GAP));
  clearTimeout(flushing);
  flushing = null;
  schedule(quietUntil - Date.now());
}

// ---------------------------------------------------------------- the browser's voice (a page setting)

function voice(text, interrupting) {
  if (!$("voice").checked || !("speechSynthesis" in window)) return;
  if (interrupting) speechSynthesis.cancel();
  const spoken = new SpeechSynthesisUtterance(text);
  spoken.lang = document.documentElement.lang;
  speechSynthesis.speak(spoken);
}

function hush() {
  if ("speechSynthesis" in window) speechSynthesis.cancel();
}

// ---------------------------------------------------------------- sound cues: the program's files, panned

let audio = null;
const sounds = new Map();

function cue(cues) {
  const chosen = state ? state.settings : null;
  if (!cues || !cues.length || !chosen || chosen.sound_mute) return;
  if (audio === null) {
    try { audio = new AudioContext(); } catch (error) { return; }
  }
  let at = audio.currentTime;
  for (const one of cues) {
    play(one, at);
    at += 0.25;
  }
}

async function play(one, at) {
  let buffer = sounds.get(one.name);
  if (!buffer) {
    const response = await fetch(`sounds/${encodeURIComponent(one.name)}.wav`)  // beside the page: the server's or a static site's;
    if (!response.ok) return;
    buffer = await audio.decodeAudioData(await response.arrayBuffer());
    sounds.set(one.name, buffer);
  }
  const chosen = state.settings;
  const source = audio.createBufferSource();
  source.buffer = buffer;
  if (one.pitch) source.playbackRate.value = Math.pow(2, one.pitch / 12);
  const gain = audio.createGain();
  gain.gain.value = chosen.sound_volume / 100;
  const balance = (chosen.sound_balance - 50) / 50;
  const place = chosen.sound_mono || one.position === null ? 0 : one.position * 2 - 1;
  const pan = audio.createStereoPanner();
  pan.pan.value = Math.max(-1, Math.min(1, place * 0.8 + balance));
  source.connect(gain).connect(pan).connect(audio.destination);
  source.start(Math.max(at, audio.currentTime));
}

// ---------------------------------------------------------------- drawing

function element(tag, props = {}, ...children) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === "text") made.textContent = value;
    else if (name === "className") made.className = value;
    else if (name === "role" || name.startsWith("data-") || name.startsWith("aria-")) made.setAttribute(name, value);
    else made[name] = value;
  }
  made.append(...children);
  return made;
}

// A container is drawn again only when what it shows changed, so the focus stays where it is.
const drawn = new Map();
function redraw(container, data, build) {
  const signature = JSON.stringify(data);
  if (drawn.get(container.id) === signature) return;
  drawn.set(container.id, signature);
  container.replaceChildren(...build(data));
}

// A button that cannot act now is marked unavailable (aria-disabled), with the reason as its description
// ("That is cpu's; it is Anna's turn."); Enter on it still says that reason. The page never moves the focus
// to one (restoreFocus).
let described = 0;
function cellButton(cell) {
  const button = element("button", {type: "button", className: `cell ${cell.kind}${cell.marked ? " marked" : ""}`,
                                    "data-key": cell.key, "aria-label": cell.label});
  if (cell.kind === "die") button.append(dieFace(cell.value));
  button.append(element("span", {className: "text", text: cell.text}));
  if (cell.note) button.append(element("span", {className: "note", text: cell.note}));
  if (cell.why) {
    described += 1;
    const why = element("span", {id: `why${described}`, className: "visually-hidden", text: cell.why});
    button.setAttribute("aria-disabled", "true");
    button.setAttribute("aria-describedby", why.id);
    button.classList.add("unavailable");
    button.append(why);
  }
  button.addEventListener("click", () => send({t: "press", key: cell.key}));
  return button;
}

function available(node) {
  return Boolean(node) && node.getAttribute("aria-disabled") !== "true" && !node.closest("[hidden]");
}

function dieFace(value) {
  const face = element("span", {className: `face v${value}`, "aria-hidden": "true"});
  for (let pip = 0; pip < Math.min(value || 0, 9); pip += 1) face.append(element("span", {className: "pip"}));
  return face;
}

function cellView(cell) {
  if (cell.act) return cellButton(cell);
  const shown = element("span", {className: `cell ${cell.kind}${cell.marked ? " marked" : ""}`, "data-key": cell.key});
  if (cell.kind === "die") shown.append(dieFace(cell.value));
  shown.append(element("span", {className: "text", text: cell.text}),
               element("span", {className: "visually-hidden", text: ` ${cell.label}`}));
  if (cell.note) shown.append(element("span", {className: "note", text: cell.note}));
  return shown;
}

function dice(list) {
  return list.map((cell) => element("li", {}, cell.act ? cellButton(cell) : dieShown(cell)));
}

function dieShown(cell) {
  const shown = element("span", {className: `cell die${cell.marked ? " marked" : ""}`});
  shown.append(dieFace(cell.value), element("span", {className: "text", "aria-hidden": "true", text: cell.text}),
               element("span", {className: "visually-hidden", text: cell.label}));
  return shown;
}

function boardTables(rows) {
  // Rows of one panel (a player's board) make one table; a "names" row is the column headings.
  const groups = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.panel === row.panel) last.rows.push(row);
    else groups.push({panel: row.panel, rows: [row]});
  }
  // Every table has column and row headings (table navigation names both): a "names" row's labels, or the
  // text every row shows in that column (Shut the Box's flap numbers), else the column's number, or for one
  // column the only player's name (a Yatzy scorecard alone), else the board's name; a row's own header, else its player's (the rows after a board's first), else
  // the only player's name, else the row's number.
  // The roles are given explicitly: a wide table reflows at 400 % (style.css), and a table whose rows are
  // no longer laid out as a table keeps its table semantics only so.
  return groups.map((group) => {
    const table = element("table", {className: "board", role: "table"});
    const names = group.rows.find((row) => row.names);
    const rows = group.rows.filter((r) => !r.names);
    const width = Math.max(0, ...rows.map((r) => r.cells.length));
    const columns = names ? names.cells.map((cell) => ({text: cell.label, turn: cell.marked}))
      : Array.from({length: width}, (_, i) => {
        const texts = new Set(rows.map((r) => (r.cells[i] ? r.cells[i].text : "")));
        const [only] = texts;
        const one = width === 1 ? (state.players.length === 1 ? state.players[0] : state.words.board) : String(i + 1);
        return {text: texts.size === 1 && only ? only : one, turn: false};
      });
    if (width > 4) table.classList.add("wide");
    table.append(element("thead", {role: "rowgroup"}, element("tr", {role: "row"}, element("td", {role: "cell"}),
      ...columns.map((column) => element("th", {scope: "col", role: "columnheader",
                                                className: column.turn ? "turn" : "", text: column.text})))));
    const body = element("tbody", {role: "rowgroup"});
    let header = "";
    rows.forEach((row, index) => {
      header = row.header || (header && index ? header : "");
      const line = element("tr", {className: row.turn ? "turn" : "", role: "row"});
      const own = row.header || header || (state.players.length === 1 ? state.players[0] : String(index + 1));
      line.append(element("th", {scope: "row", role: "rowheader", text: own}));
      for (const cell of row.cells) line.append(element("td", {role: "cell"}, cellView(cell)));
      body.append(line);
    });
    table.append(body);
    const scroller = element("div", {className: "scroll", tabIndex: 0, role: "group",
                                     "aria-label": state.words.board});
    scroller.append(table);
    return scroller;
  });
}

function draw(next) {
  const focused = document.activeElement;
  const focusKey = focused && focused.dataset ? focused.dataset.key : undefined;
  const lost = !focused || focused === document.body;
  const fieldOpened = Boolean(next.values) && !(state && state.values);
  state = next;
  document.documentElement.lang = next.lang;
  document.documentElement.dataset.theme = next.settings.theme;
  document.title = next.title;
  $("title").textContent = next.title;
  labels(next.words);
  $("dice").setAttribute("aria-label", next.words.dice);
  $("command-label").textContent = next.screen === "menu" ? next.words.answer : next.words.command;
  lists(next.themes, next.settings.theme, [next.languages, next.words.language_names], next.lang);
  localStorage.setItem("accessible-dice-lists", JSON.stringify([next.settings.theme, next.lang]));
  $("join").hidden = !next.join;
  $("join").textContent = next.join || "";
  const menu = next.screen === "menu";
  $("menu-region").hidden = !menu;
  $("game-regions").hidden = menu;
  if (menu) {
    $("status").textContent = "";
    $("prompt").textContent = next.prompt;
    redraw($("choices"), next.choices, (choices) => choices.map((label, index) => element("li", {},
      element("button", {type: "button", "data-key": `choice${index}`, text: label,
                         onclick: () => send({t: "choice", n: index + 1})}))));
  } else {
    $("status").textContent = next.status;
    redraw($("dice"), next.dice, dice);
    redraw($("actions"), next.actions, (list) => list.map((cell) => element("li", {}, cellButton(cell))));
    redraw($("board"), next.board, boardTables);
    $("values-form").hidden = !next.values;
    $("question").hidden = next.question === null;
    $("question-text").textContent = next.question || "";
    seats(next);
  }
  restoreFocus(focusKey, lost, next, fieldOpened);
  // For tests and for anyone reading the page's state: how many times it was drawn, and what it shows.
  document.body.dataset.drawn = String(Number(document.body.dataset.drawn || 0) + 1);
  document.body.dataset.screen = next.over ? "over" : next.screen;
}

// The page's own words, changed only where they differ (each change is events for the screen reader to sort).
function labels(words) {
  for (const node of document.querySelectorAll("[data-word]")) {
    if (node.textContent !== words[node.dataset.word]) node.textContent = words[node.dataset.word];
  }
}

// The lists of colours and languages, filled (and an option chosen) only when they change: Orca takes an option
// chosen in a list for the focus, saying "Colours combo box … Language combo box …" as if the player had gone
// there (docs/web-orca.md). The static page fills them while it loads, before Orca rests on the page.
function lists(themes, theme, languages, lang) {
  $("theme").value = theme;
  redraw($("theme"), themes, (pairs) => pairs.map(([value, title]) => element("option", {value, text: title})));
  if ($("theme").value !== theme) $("theme").value = theme;
  redraw($("language"), languages,
         ([codes, names]) => codes.map((code) => element("option", {value: code, text: names[code]})));
  if ($("language").value !== lang) $("language").value = lang;
}

function seats(next) {
  $("seat-field").hidden = !next.listen || next.host;
  if (!next.listen || next.host) return;
  redraw($("seat"), [next.players, next.taken, next.seat, next.words.watch], ([players, taken, seat, watch]) => [
    element("option", {value: "", text: watch}),
    ...players.map((name, index) => element("option", {value: String(index), text: name,
                                                       disabled: taken.includes(index) && index !== seat}))]);
  $("seat").value = next.seat === null ? "" : String(next.seat);
}

// Where the focus goes after each step (docs/web.md, "Where the focus goes"): it stays where it is while
// that control is still there and can act; otherwise it goes to one place: the field for real dice when
// they are due, Yes when a question is asked, the place the game asked for (the Command field for a typed
// move), else the first button that can act (a choice in the menu; a move, else a die, else the board in a
// game), else the Moves heading. Each move makes the next announcement wait (quietFor).
function restoreFocus(key, lost, next, fieldOpened) {
  const before = document.activeElement;
  const wanted = focusWanted(key, lost, next, fieldOpened);
  if (wanted && wanted !== before) {
    wanted.focus();
    if (next.focus && next.focus.text && wanted === $("command")) wanted.value = next.focus.text;
    if (document.activeElement === wanted) quietFor(SETTLE);
  }
}

function focusWanted(key, lost, next, fieldOpened) {
  if (fieldOpened) return $("values");  // real dice are due: their field, as the window opens it by itself
  if (next.focus) {
    const asked = next.focus.target === "command" ? $("command") : next.focus.target === "values" ? $("values")
      : document.querySelector(`[data-key="${CSS.escape(next.focus.target)}"]`);
    if (asked) return asked;
  }
  if (next.question !== null && next.question !== undefined) {
    return $("question").contains(document.activeElement) ? null : $("yes");
  }
  const now = document.activeElement;
  const inPage = now && now !== document.body && now.isConnected && !now.closest("[hidden]");  // (a field just
  // hidden, as the real dice's once they are typed, keeps the focus until the browser drops it to the body)
  const resting = now === $("moves-h");  // the place of last resort: left as soon as a button can act
  if (inPage && !resting && (!now.dataset.key || available(now))) return null;  // still there and able to act
  const again = key ? document.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
  if (available(again)) return again;
  if (!key && lost && !inPage) return null;  // the player had put the focus nowhere: it is left so
  const places = next.screen === "menu" ? ["#choices button"] : ["#actions button", "#dice button", "#board button"];
  for (const place of places) {
    const first = Array.from(document.querySelectorAll(place)).find(available);
    if (first) return first;
  }
  return resting ? null : next.screen === "menu" ? $("command") : $("moves-h");
}

// ---------------------------------------------------------------- what the player does

function typed(event) {
  event.preventDefault();
  const field = $("command");
  send({t: "line", text: field.value});
  field.value = "";
}

// The window's single keys (docs/keys.md), when the focus is in the game and not in a field.
const KEYS = {r: "roll", d: "dice", c: "board", s: "standings", t: "turn", m: "moves", a: "hint", h: "history",
              ",": "previous", ".": "next", "<": "oldest", ">": "newest", "?": "help"};

function key(event) {
  const target = event.target;
  if (event.altKey || event.metaKey) return;
  if (target.closest && target.closest("input, select, textarea")) return;
  if (!state || state.screen !== "game") return;
  const lower = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  let message = null;
  if (event.ctrlKey) {
    if (lower === "z") message = {t: "key", name: "undo"};
    else if (lower === "y") message = {t: "key", name: "redo"};
  } else if (event.key === "F1") {
    message = {t: "key", name: "help"};
  } else if (/^Digit[0-9]$/.test(event.code)) {
    message = {t: "number", n: Number(event.code.slice(5)), shift: event.shiftKey};
  } else if (lower === "n") {
    message = {t: "skip"};
  } else if (event.key === "Enter" && (target === document.body || target === $("moves-h"))) {
    message = {t: "step"};
  } else if (lower === "e") {
    message = {t: "explain", key: target.dataset ? target.dataset.key : undefined};
  } else if (lower === "c" && event.shiftKey) {
    message = {t: "key", name: "everybody"};
  } else if (lower in KEYS) {
    message = {t: "key", name: KEYS[lower]};
  }
  if (message) {
    event.preventDefault();
    send(message);
  }
}

function start() {
  $("command-form").addEventListener("submit", typed);
  $("values-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send({t: "values", text: $("values").value});
    $("values").value = "";
  });
  $("yes").addEventListener("click", () => send({t: "answer", yes: true}));
  $("no").addEventListener("click", () => send({t: "answer", yes: false}));
  $("theme").addEventListener("change", () => send({t: "setting", key: "theme", value: $("theme").value}));
  $("language").addEventListener("change", () => send({t: "lang", code: $("language").value}));
  $("seat").addEventListener("change", () => send({t: "seat", seat: $("seat").value === "" ? null
                                                                                 : Number($("seat").value)}));
  $("voice").checked = localStorage.getItem("accessible-dice-voice") === "on";
  $("voice").addEventListener("change", () => localStorage.setItem("accessible-dice-voice",
                                                                   $("voice").checked ? "on" : "off"));
  document.addEventListener("keydown", key);
  document.addEventListener("keydown", hurry);
  for (const gesture of ["click", "keydown"]) {
    document.addEventListener(gesture, () => { if (audio) audio.resume(); });
  }
  nameThisDevice();
  connect();
}

start();
