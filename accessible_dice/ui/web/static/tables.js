// A Yatzy strategy table from the static site's strategy/ (accessible-dice build-page), its bytes unpacked
// (gzip, unless the host unpacked them already); an error with the reason when it cannot be had. Used by
// the worker where it waits with JSPI, and by the page where the worker waits with Atomics (worker.js).
self.tableBytes = async (address) => {
  const answer = await fetch(address);
  if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
  let bytes = new Uint8Array(await answer.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(unpacked).arrayBuffer());
  }
  return bytes;
};
