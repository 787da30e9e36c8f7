// Browser measurements for scripts/bench, in headless Chromium at phone size (tests/e2e/lib.mjs):
//   node bench/web_bench.mjs saveload SAVE.json [RUNS]  → {bytes, load_ms, save_ms} of the wasm build
//   node bench/web_bench.mjs openlink LINK.txt [RUNS] → {chars, decode_ms, kind, creatures}: decoding a share link
//   node bench/web_bench.mjs idle [SECONDS]             → frames rendered while idle, first-frame time
import fs from "node:fs";
import { launch, openApp, state } from "../tests/e2e/lib.mjs";

const [what, arg, runsArg] = process.argv.slice(2);
const env = await launch();
try {
  const t0 = Date.now();
  const { page, context } = await openApp(env);
  const firstFrameMs = Date.now() - t0;
  if (what === "saveload") {
    const text = fs.readFileSync(arg, "utf8");
    const runs = Number(runsArg || 21);
    const r = await page.evaluate(([t, n]) => JSON.parse(Module.ccall("druzina_bench_saveload", "string",
                                                                        ["string", "number"], [t, n])), [text, runs]);
    console.log(JSON.stringify(r));
  } else if (what === "openlink") {
    const link = fs.readFileSync(arg, "utf8").trim();
    const runs = Number(runsArg || 21);
    const r = await page.evaluate(([t, n]) => JSON.parse(Module.ccall("druzina_bench_openlink", "string",
                                                                        ["string", "number"], [t, n])), [link, runs]);
    console.log(JSON.stringify(r));
  } else if (what === "idle") {
    const seconds = Number(arg || 5);
    await page.waitForTimeout(1500);  // past the idle threshold after start-up
    const a = (await state(page)).frames;
    await page.waitForTimeout(seconds * 1000);
    const b = (await state(page)).frames;
    console.log(JSON.stringify({ seconds, frames: b - a, fps: (b - a) / seconds, app_ready_ms: firstFrameMs }));
  } else {
    throw new Error(`unknown measurement ${what}`);
  }
  await context.close();
} finally {
  await env.close();
}
