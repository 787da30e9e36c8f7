// Runs the browser test files with one Chromium for the whole run and several files at a time.
//
//   node tests/e2e/run.mjs [FILE.test.mjs ...]      default: every tests/e2e/*.test.mjs
//   env DRUZINA_E2E_JOBS    files at a time (default 1)
//   env DRUZINA_E2E_SHARED  1: one browser for the whole run (launchServer; every file connects to it through
//                           DRUZINA_BROWSER_WS, tests/e2e/lib.mjs launch()), each file still on its own static
//                           server (own origin) and in its own contexts
// Measured here: one shared browser with two files at a time was much SLOWER than a browser per file, one at a time
// (files took 85–220 s instead of ~35 s): every page of the shared browser renders through its single GPU process
// (SwiftShader, 160 % CPU), so the default is a browser per file, one file at a time.
// Measured again on 2026-12-05 (2 cores, load average 11–17 from other builds): the browser's GPU process
// (SwiftShader) takes ~3/4 of a file's CPU — ~35 ms of CPU per frame the app draws at 412×915, devicePixelRatio 1,
// of which ~16 ms is the page's own presentation (a page that only clears a WebGL canvas costs that much per frame);
// opening the app costs ~3 s of CPU (renderer, GPU, browser). --use-angle=gl or swiftshader-webgl (both still
// SwiftShader here), wasm lazy compilation / no tier-up and a 30 fps cap of requestAnimationFrame changed neither
// the CPU nor the time measurably; --disable-gpu-compositing: dice 65–68 s against 68–81 s, GPU process 36 against
// 45 CPU-s, one or two samples under that load — within the noise, not adopted. Two files at a time, a browser each:
// dice + combat 158 s against 171–184 s one after the other (~10 %); the whole run at 2 at a time (load 11–17)
// took ~2,160 s before its second runs, about the 2,111 s of the last run one at a time (its load not noted): each
// file took about twice as long, so the default stays 1 until it is measured on a quiet machine.
// Measured on a quieter machine on 2026-12-06 (load average 2–3 before the run, nothing else running): the whole
// run one at a time took 1,266 s (a fresh clone's scripts/test), two at a time 1,213 s (−4 %; each file about
// twice as long: combat 30 → 77 s, journey 108 → 198 s). Both CPU-bound on the two cores; the default stays 1.
// Most of those frames showed the same picture: the app ran ~600 ms of frames after every input (and all the
// while a notice showed), each drawn again. Since 2026-12-06 it draws only a frame whose picture changed and a
// notice no longer keeps it running (src/app/main.cpp step()). Measured back to back on the shared machine (load
// average 5–8), main's build against that one: combat 61–74 → 36–38 s (frames drawn ~1,300 → ~510 of ~1,130
// run), journey 135 → 77 s; the whole run one at a time took 1,303 s at load 6–11 (not yet measured quiet). At
// load 3–4 (near the 1,266 s run's): journey 60 s (108 there), storage 100 s (123), combat 26 s (30). A fresh
// clone's scripts/test with it (load average ≈ 2.6 at its start and end, nothing else running): the browser tests
// 889 s of 16.7 minutes; with the packed wasm (one more pwa test), at load average 2–3: 917 s of 17.6.
// A file that fails is run once more, alone, after the others; if it then passes it is reported as flaky — in the
// summary, never hidden. Output: each file's TAP "ok"/"not ok" lines as it ends, its log in build/e2e-logs/, and
// at the end the lines the caller parses:
//   # e2e pass N
//   # e2e fail M
//   # e2e flaky FILE ...      (only when some file needed its second run)
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root, chromiumArgs, chromiumPath } from "./lib.mjs";

const dir = path.join(root, "tests/e2e");
const logs = path.join(root, "build/e2e-logs");
fs.mkdirSync(logs, { recursive: true });
const files = (process.argv.length > 2 ? process.argv.slice(2).map((f) => path.resolve(f))
  : fs.readdirSync(dir).filter((f) => f.endsWith(".test.mjs")).sort().map((f) => path.join(dir, f)));
const jobs = Math.max(1, Number(process.env.DRUZINA_E2E_JOBS || 1));
const shared = process.env.DRUZINA_E2E_SHARED === "1";

const server = shared ? await chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs, headless: true }) : null;
const env = shared ? { ...process.env, DRUZINA_BROWSER_WS: server.wsEndpoint() } : { ...process.env };
delete env.DRUZINA_E2E_SHARED;

// Runs one file; resolves with {file, rc, pass, fail, seconds, log}.
function runFile(file, attempt) {
  return new Promise((resolve) => {
    const start = Date.now();
    const name = path.basename(file, ".test.mjs");
    const log = path.join(logs, `${name}${attempt > 1 ? ".retry" : ""}.log`);
    const out = fs.createWriteStream(log);
    const child = spawn(process.execPath, ["--test", "--test-reporter=tap", file], { env, cwd: root });
    let text = "";
    for (const s of [child.stdout, child.stderr]) s.on("data", (d) => { text += d; out.write(d); });
    child.on("close", (rc) => {
      out.end();
      const count = (k) => Number((text.match(new RegExp(`^# ${k} (\\d+)`, "m")) || [])[1] ?? NaN);
      resolve({ file, rc, pass: count("pass"), fail: count("fail"), seconds: (Date.now() - start) / 1000, log, text });
    });
  });
}

function report(r, label = "") {
  const lines = r.text.split("\n").filter((l) => /^(not )?ok /.test(l));
  for (const l of lines) console.log(l);
  const base = path.relative(root, r.file);
  console.log(`   ${base}${label}: ${r.rc === 0 ? "passed" : "FAILED"} in ${r.seconds.toFixed(0)} s (log ${path.relative(root, r.log)})`);
  if (r.rc !== 0) for (const l of r.text.split("\n").filter((l) => /^not ok|error:|Error:/.test(l)).slice(0, 6)) console.log(`     ${l.trim()}`);
}

const results = new Map();
const queue = [...files];
async function worker() {
  while (queue.length) {
    const file = queue.shift();
    const r = await runFile(file, 1);
    results.set(file, r);
    report(r);
  }
}
const started = Date.now();
await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, worker));

// Second runs, one at a time (a file that failed under load gets the machine to itself).
const flaky = [];
for (const file of files) {
  if (results.get(file).rc === 0) continue;
  const again = await runFile(file, 2);
  report(again, " (second run, alone)");
  if (again.rc === 0) flaky.push(path.relative(root, file));
  results.set(file, again);
}
await server?.close();

let pass = 0, fail = 0;
for (const r of results.values()) {
  pass += Number.isNaN(r.pass) ? 0 : r.pass;
  // A file that failed without a TAP count (it crashed before its tests ran) counts as one failure.
  fail += Number.isNaN(r.fail) ? (r.rc === 0 ? 0 : 1) : Math.max(r.fail, r.rc === 0 ? 0 : 1);
}
console.log(`   ${files.length} files, ${jobs} at a time, ${shared ? "one browser" : "a browser per file"}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`# e2e pass ${pass}`);
console.log(`# e2e fail ${fail}`);
if (flaky.length) console.log(`# e2e flaky ${flaky.join(" ")}`);
process.exit(fail ? 1 : 0);
