// The static page's transport (accessible-dice build-page): our own Python, accessible_dice.page, in Pyodide
// on this worker's one thread. The page script (app.js) posts the same messages it sends a websocket with
// --ui web, and gets the same messages back; nothing of the game is written here.
import { loadPyodide } from "../pyodide/pyodide.mjs";

// Where the saves, the settings and the score history live (Python's home folder, kept in the browser's
// IndexedDB), and where our package is unpacked (not kept: it comes with the page).
const HOME = "/home/pyodide";
const CODE = "/lib/accessible-dice";

const base = new URL("../", import.meta.url);
const inbox = [];
let waiter = null;
let py = null;

self.addEventListener("message", (event) => {
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
    const answer = await fetch(new URL(`strategy/${name}.gz`, base));
    if (!answer.ok) return `HTTP ${answer.status}`;
    let bytes = new Uint8Array(await answer.arrayBuffer());
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {  // still gzipped (a host may have unpacked it already)
      const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = new Uint8Array(await new Response(unpacked).arrayBuffer());
    }
    py.FS.writeFile(path, bytes);
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

(async () => {
  py = await loadPyodide({indexURL: new URL("pyodide/", base).href});
  py.FS.mkdirTree(HOME);
  py.FS.mount(py.FS.filesystems.IDBFS, {}, HOME);
  await restore();
  const archive = await fetch(new URL("python/site.zip", base));
  if (!archive.ok) throw new Error(`python/site.zip: ${archive.status}`);
  py.unpackArchive(await archive.arrayBuffer(), "zip", {extractDir: CODE});
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
