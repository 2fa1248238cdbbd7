// The static page's transport (accessible-dice build-page): our own Python, accessible_dice.page, in Pyodide
// on this worker's one thread. The page script (app.js) posts the same messages it sends a websocket with
// --ui web, and gets the same messages back; nothing of the game is written here.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import "./tables.js";

// Where the saves, the settings and the score history live (Python's home folder, kept in the browser's
// IndexedDB), and where our package is unpacked (not kept: it comes with the page).
const HOME = "/home/pyodide";
const CODE = "/lib/accessible-dice";

const base = new URL("../", import.meta.url);
const inbox = [];
let waiter = null;
let py = null;

// How Python waits for the page: with WebAssembly's JavaScript Promise Integration where the browser has
// it (Pyodide's run_sync; Pyodide's own test, pyodide.asm.mjs), else with Atomics.wait on the buffer the
// page writes each message into (the page decides the same way: app.js, startWorker).
self.waitsBy = "Suspending" in WebAssembly || "Suspender" in WebAssembly ? "jspi" : "atomics";
let channelled = null;
const channel = new Promise((resolve) => { channelled = resolve; });

self.addEventListener("message", (event) => {
  if (event.data && event.data.t === "channel") channelled(event.data.buffer);
  if (typeof event.data !== "string") return;
  if (waiter) {
    const take = waiter;
    waiter = null;
    take(event.data);
  } else inbox.push(event.data);
});

function keep() {  // what Python wrote, into IndexedDB (true: read from it, at the start)
  return new Promise((resolve) => py.FS.syncfs(false, (error) => {
    if (error) console.warn("the browser's storage refused the game's files", error);
    resolve();
  }));
}

function restore() {
  return new Promise((resolve) => py.FS.syncfs(true, () => resolve()));
}

// The table's next message (accessible_dice.page.PageInbox), waited for by Python through run_sync; first
// every file the last step wrote is kept, so a reload or a closed tab loses nothing. After ``timeout`` ms
// (a computer player's pace), undefined: Python's None.
self.nextMessage = async (timeout) => {
  await keep();
  if (inbox.length) return inbox.shift();
  return new Promise((resolve) => {
    let timer = null;
    waiter = (text) => { clearTimeout(timer); resolve(text); };
    if (timeout >= 0) timer = setTimeout(() => { waiter = null; resolve(undefined); }, timeout);
  });
};

self.sendToPage = (text) => postMessage(text);

// A Yatzy strategy table (accessible_dice.strategy.yatzy_turn), fetched from the site's strategy/ the first
// time Yatzy's hints or computer players need it, unpacked (gzip) into Python's files at ``path``: "" when
// done, else the reason (Python checks the file and says in words when it cannot be used). After
// ``timeout`` ms (unless it is -1), undefined if it is not done yet: Python says the hints are being
// prepared (accessible_dice.page.fetched) and asks again, which waits for the same fetch.
const tables = new Map();

async function fetchInto(name, path) {
  try {
    py.FS.writeFile(path, await tableBytes(new URL(`strategy/${name}.gz`, base)));
    return "";
  } catch (error) {
    return String(error && error.message || error);
  }
}

self.fetchTable = (name, path, timeout) => {
  if (!tables.has(name)) tables.set(name, fetchInto(name, path));
  const done = tables.get(name);
  if (timeout < 0) return done;
  return Promise.race([done, new Promise((resolve) => setTimeout(() => resolve(undefined), timeout))]);
};

// ---------------------------------------------------------------- waiting with Atomics (no JSPI)
//
// Where the browser has no JSPI (Safari, Firefox), Python's thread cannot give this worker's event loop a
// turn while it waits. The page (app.js, handOver) writes each message into a SharedArrayBuffer: HEAD
// Int32 fields, then the bytes. FULL is 1 while a chunk waits there; the page writes the next one only when
// this worker has taken it (set FULL to 0 and posted {t: "took"}). A message longer than the buffer comes in
// chunks, LAST set on its last; KIND says what it is: the player's message (TEXT), or the table the page
// fetched for fetchTableNow (TABLE, its bytes; MISSING, the reason in words).
const [FULL, LENGTH, LAST, KIND, HEAD] = [0, 1, 2, 3, 4];
const [TEXT, TABLE, MISSING] = [0, 1, 2];
let shared = null;
let bytes = null;
let parts = [];
const decoder = new TextDecoder();

// The next whole message from the page ({kind, data}), or null when ``deadline`` (Date.now()'s) passed first;
// a message half taken goes on at the next call.
function taken(deadline) {
  for (;;) {
    while (Atomics.load(shared, FULL) === 0) {
      const left = deadline - Date.now();
      if (left <= 0) return null;
      Atomics.wait(shared, FULL, 0, left);
    }
    parts.push(bytes.slice(0, shared[LENGTH]));  // a copy: the page writes the next chunk over it
    const [last, kind] = [shared[LAST], shared[KIND]];
    Atomics.store(shared, FULL, 0);
    postMessage({t: "took"});
    if (last) {
      const data = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
      parts.reduce((at, part) => { data.set(part, at); return at + part.length; }, 0);
      parts = [];
      return {kind, data};
    }
  }
}

function deadline(timeout) {
  return timeout < 0 ? Infinity : Date.now() + timeout;
}

// What the last step wrote, kept without this worker's event loop: the page writes it into IndexedDB in
// the form Emscripten's IDBFS reads back at the next start (restore).
let kept = new Map();

function filesOf(folder, found = new Map()) {
  for (const name of py.FS.readdir(folder)) {
    if (name === "." || name === "..") continue;
    const path = `${folder}/${name}`;
    const stat = py.FS.lstat(path);
    found.set(path, stat);
    if (py.FS.isDir(stat.mode)) filesOf(path, found);
  }
  return found;
}

function keepNow() {
  const now = filesOf(HOME);
  const put = [];
  for (const [path, stat] of now) {
    const before = kept.get(path);
    if (before && +before.mtime === +stat.mtime && before.mode === stat.mode) continue;
    const entry = {timestamp: stat.mtime, mode: stat.mode};
    if (py.FS.isFile(stat.mode)) entry.contents = py.FS.readFile(path);
    if (py.FS.isDir(stat.mode) || py.FS.isFile(stat.mode)) put.push([path, entry]);
  }
  const gone = [...kept.keys()].filter((path) => !now.has(path));
  kept = now;
  if (put.length || gone.length) postMessage({t: "keep", store: HOME, put, gone});
}

// The table's next message (as nextMessage), Python's thread held with Atomics.wait meanwhile.
self.nextMessageNow = (timeout) => {
  keepNow();
  if (inbox.length) return inbox.shift();
  const until = deadline(timeout);
  for (;;) {
    const message = taken(until);
    if (message === null) return undefined;
    if (message.kind === TEXT) return decoder.decode(message.data);
  }
};

// A Yatzy table (as fetchTable): fetched by the page, whose event loop runs, and handed over in the buffer;
// the player's messages that come meanwhile wait in the inbox. The page is asked once for each table.
const asked = new Map();

self.fetchTableNow = (name, path, timeout) => {
  if (!asked.has(name)) {
    asked.set(name, undefined);
    postMessage({t: "fetch", address: new URL(`strategy/${name}.gz`, base).href});
  }
  const until = deadline(timeout);
  while (asked.get(name) === undefined) {
    const message = taken(until);
    if (message === null) return undefined;
    if (message.kind === TEXT) inbox.push(decoder.decode(message.data));
    else if (message.kind === MISSING) asked.set(name, decoder.decode(message.data));
    else {
      py.FS.writeFile(path, message.data);
      asked.set(name, "");
    }
  }
  return asked.get(name);
};

(async () => {
  py = await loadPyodide({indexURL: new URL("pyodide/", base).href});
  py.FS.mkdirTree(HOME);
  py.FS.mount(py.FS.filesystems.IDBFS, {}, HOME);
  await restore();
  const archive = await fetch(new URL("python/site.zip", base));
  if (!archive.ok) throw new Error(`python/site.zip: ${archive.status}`);
  py.unpackArchive(await archive.arrayBuffer(), "zip", {extractDir: CODE});
  if (self.waitsBy === "atomics") {
    shared = new Int32Array(await channel, 0, HEAD);
    bytes = new Uint8Array(shared.buffer, HEAD * 4);
    kept = filesOf(HOME);  // what the files are, for keepNow to send only what changed
  }
  py.globals.set("page_query", self.name);  // the address's options (app.js, startWorker)
  await py.runPythonAsync(`
import sys
sys.path.insert(0, "${CODE}")
import accessible_dice.page
accessible_dice.page.main(page_query)
`);
  await keep();
})().catch((error) => {  // the page says the reason's last line (a Python error's name), never a traceback
  console.error(error);
  const lines = String(error && error.message || error).trim().split("\n");
  postMessage(JSON.stringify({t: "failed", error: lines[lines.length - 1].slice(0, 200)}));
});
