// A mutation fuzzer of the browser's LZMA decoder (web/unlzma.js), in node, for a bounded time: seeds packed by
// cmake/pack_lzma.py (given as files), mutated (bytes flipped, set, inserted, cut; the header's size rewritten; two
// inputs spliced), each unpacked whole and as a download in chunks. A finding: an error that is not the decoder's own
// "lzma: …", output of another size than the header declares, memory past what the decoding justifies (the largest
// typed array it made — output, input buffer or probability table: more than its first 1 MiB and twice what it
// declares, or twice the input), or time past what the declared size justifies (unpacked whole: more than 50 ms +
// four times the slowest seed's time per byte, measured at the start, per declared byte; a size over the decoder's
// 16 MB cap justifies nothing, it is refused at once).
//   node tests/fuzz/fuzz_unlzma.js SECONDS OUT_DIR SEED…      (scripts/fuzz unlzma)
// Prints one JSON line: inputs, seconds, findings, the slowest decode and what it declared, the largest typed array
// and the process's peak RSS, the largest time per declared byte seen.
"use strict";
const fs = require("fs"), path = require("path");

// The largest typed array (bytes) made since the last reset: the decoder's output and input buffers and its
// probability table (a plain typed array comes out: the decoder's fast paths stay).
let peak = 0;
const Plain = Uint8Array;
for (const name of ["Uint8Array", "Uint16Array", "Uint32Array"]) {
  globalThis[name] = new Proxy(globalThis[name], {
    construct(T, a) { const x = new T(...a); if (x.byteLength > peak) peak = x.byteLength; return x; }
  });
}
const MAX_OUT = 16 << 20;  // web/unlzma.js refuses a larger declared size at once
const unlzma = require(path.join(__dirname, "..", "..", "web", "unlzma.js"));

const [seconds, outDir, ...seedFiles] = process.argv.slice(2);
const seeds = seedFiles.map((f) => new Plain(fs.readFileSync(f)));
if (!seeds.length) { console.error("fuzz_unlzma.js: no seeds"); process.exit(2); }
let state = 0x2545F491;
function rnd(n) {  // xorshift32: the run is the same for the same seeds
  state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0;
  return state % n;
}
function declared(b) { return b.length >= 13 ? (b[5] | b[6] << 8 | b[7] << 16 | b[8] << 24) >>> 0 : 0; }

function mutate(src) {
  let b = Array.from(src);
  const n = 1 + rnd(4);
  for (let i = 0; i < n; i++) {
    switch (rnd(8)) {
      case 0: if (b.length) b[rnd(b.length)] ^= 1 << rnd(8); break;
      case 1: if (b.length) b[rnd(b.length)] = rnd(256); break;
      case 2: b.splice(rnd(b.length + 1), 0, rnd(256)); break;
      case 3: b = b.slice(0, rnd(b.length + 1)); break;
      case 4: if (b.length > 13) {  // the header's size: near the real one, the cap, or anything
        const v = [rnd(1 << 24), (16 << 20) - rnd(4), 16 << 20, declared(src) + rnd(5000) - 2500, 0xFFFFFFFF][rnd(5)] >>> 0;
        for (let k = 0; k < 8; k++) b[5 + k] = k < 4 ? (v >>> (8 * k)) & 255 : (rnd(8) === 0 ? rnd(256) : 0);
      } break;
      case 5: { const o = seeds[rnd(seeds.length)]; const at = rnd(b.length + 1); b = b.slice(0, at).concat(Array.from(o.subarray(rnd(o.length)))); } break;
      case 6: if (b.length > 14) b.splice(13 + rnd(b.length - 13), rnd(64)); break;
      default: if (b.length) b[rnd(Math.min(b.length, 20))] = rnd(256); break;  // the header
    }
  }
  return new Plain(b);
}

function download(bytes) {
  let i = 0;
  const step = 256 + rnd(4096);
  return new Response(new ReadableStream({ pull(c) {
    if (i >= bytes.length) { c.close(); return; }
    c.enqueue(bytes.slice(i, i + step)); i += step;
  } }));
}

(async () => {
  // The decoder's own pace on this machine now: ms per byte unpacking the seeds (the best of three).
  // The slowest per byte of the seeds of 16 KiB or more (incompressible data: a literal per byte), the best of five
  // after a warm-up.
  let rate = 0;
  for (const sd of seeds) unlzma(sd);
  for (const sd of seeds) {
    if (declared(sd) < 16384) continue;  // (a small one measures the timer)
    let best = Infinity;
    for (let k = 0; k < 5; k++) {
      const t0 = process.hrtime.bigint();
      unlzma(sd);
      best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
    }
    rate = Math.max(rate, best / declared(sd));
  }
  const end = Date.now() + Number(seconds) * 1000;
  let inputs = 0, refused = 0, unpacked = 0, findings = 0, worstTime = 0, slowest = 0, biggest = 0, rss = 0;
  let slowestSize = 0;
  fs.mkdirSync(outDir, { recursive: true });
  function finding(bytes, why) {
    findings++;
    fs.writeFileSync(path.join(outDir, `unlzma-${findings}.lzma`), bytes);
    console.error("finding:", why);
  }
  while (Date.now() < end) {
    const bytes = inputs < seeds.length ? seeds[inputs] : mutate(seeds[rnd(seeds.length)]);
    inputs++;
    const size = declared(bytes);
    const justified = size > MAX_OUT ? 0 : size;  // a larger word is refused at once: it justifies nothing
    for (const streamed of [false, true]) {
      peak = 0;
      const t0 = process.hrtime.bigint();
      let out = null, err = null;
      try { out = streamed ? await unlzma.fromResponse(download(bytes)) : unlzma(bytes); } catch (e) { err = e; }
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (err && !String(err.message).startsWith("lzma: ")) finding(bytes, "not the decoder's error: " + err);
      if (out && out.length !== size) finding(bytes, `unpacked ${out.length} bytes, the header says ${size}`);
      if (err) refused++; else unpacked++;
      // memory: at most the first MiB, twice the declared size, or (streamed) the input buffer's growth
      const allowed = Math.max(1 << 20, 2 * justified, 2 * bytes.length) + 65536;
      if (peak > allowed) finding(bytes, `allocated ${peak} bytes (declared ${size})`);
      // time: the whole input only (a download's pace is the chunks', a promise each)
      if (!streamed && ms > 50 + 4 * rate * justified) {  // measured again (best of three): the machine may be busy
        let best = ms;
        for (let k = 0; k < 2; k++) {
          const t1 = process.hrtime.bigint();
          try { unlzma(bytes); } catch (e) {}
          best = Math.min(best, Number(process.hrtime.bigint() - t1) / 1e6);
        }
        if (best > 50 + 4 * rate * justified) finding(bytes, `${best.toFixed(1)} ms (best of 3) for a declared ${size} bytes`);
      }
      if (!streamed && size >= 65536) {
        worstTime = Math.max(worstTime, (ms * 1e6) / size);
      }
      if (ms > slowest) { slowest = ms; slowestSize = justified; }
      biggest = Math.max(biggest, peak);
      if ((inputs & 63) === 0) rss = Math.max(rss, process.memoryUsage.rss());
    }
  }
  console.log(JSON.stringify({ target: "unlzma", inputs, seconds: Number(seconds), decodes: 2 * inputs, refused, unpacked,
    findings, slowest_ms: +slowest.toFixed(1), slowest_declared: slowestSize, largest_allocation: biggest,
    peak_rss_mb: +(Math.max(rss, process.memoryUsage.rss()) / 1048576).toFixed(1), seed_ns_per_byte: +(rate * 1e6).toFixed(1),
    worst_ns_per_declared_byte_over_64k: +worstTime.toFixed(1) }));
  process.exit(findings ? 1 : 0);
})();
