// Baseline for scripts/bench: rolls per second of one expression with @dice-roller/rpg-dice-roller (npm, pinned in
// bench/package.json, installed into bench/node_modules). Two ways, matching `druzina bench-roll`:
//   full     new DiceRoll(expr) every time: parse, roll, output text (like dice::roll on the text)
//   reroll   one DiceRoll, .roll() again and again (like a parsed dice::Expression)
// Each is timed for about SECONDS after a warm-up. Prints one JSON object.
// Usage: node bench/dice_baseline.mjs EXPR [SECONDS]
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { DiceRoll } = require('@dice-roller/rpg-dice-roller');
const version = require('@dice-roller/rpg-dice-roller/package.json').version;

const expr = process.argv[2] ?? '4d6kh3+2';
const seconds = Number(process.argv[3] ?? 1);

function measure(step) {
  for (let i = 0; i < 2000; i++) step();  // warm-up for the JIT
  let rolls = 0, sum = 0;
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  let elapsed = 0n;
  while (elapsed < budget) {
    for (let i = 0; i < 1000; i++) sum += step();
    rolls += 1000;
    elapsed = process.hrtime.bigint() - start;
  }
  const secs = Number(elapsed) / 1e9;
  return { rolls, seconds: secs, rolls_per_second: rolls / secs, mean_total: sum / rolls };
}

const full = measure(() => new DiceRoll(expr).total);
const one = new DiceRoll(expr);
const reroll = measure(() => { one.roll(); return one.total; });
console.log(JSON.stringify({ library: '@dice-roller/rpg-dice-roller', version, node: process.version, expr, full, reroll }));
