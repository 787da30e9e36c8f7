// Baseline for scripts/bench: rolls per second of one expression with @dice-roller/rpg-dice-roller (npm, pinned in
// bench/package.json, installed into bench/node_modules). Two ways, matching `druzina bench-roll`:
//   full     new DiceRoll(expr) every time: parse, roll, output text (like dice::roll on the text)
//   reroll   one DiceRoll, .roll() again and again (like a parsed dice::Expression)
// Usage: node bench/dice_baseline.mjs EXPR [SECONDS] [ROUNDS]      Prints one JSON object.
//
// The measurement (the same as `druzina bench-roll --rounds`, and never to our side's advantage):
//   * warm-up: each way runs for a quarter of its time budget (at least 20,000 calls) before any timing, so the JIT
//     has optimised it (the former 2,000 calls could leave part of the timing to the interpreter or a lower tier);
//   * then ROUNDS rounds of SECONDS / ROUNDS each, full and reroll taking turns; rolls_per_second is the median of
//     the rounds' rates (a preempted stretch on the shared machine moves one round, not the figure; GC pauses
//     happen in every round and count as node's cost, as they would for a user), round_rates lists them.
// Wall-clock time (process.hrtime), like the native side: node's GC and JIT threads may run on the other core
// without being charged, which if anything favours node.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { DiceRoll } = require('@dice-roller/rpg-dice-roller');
const version = require('@dice-roller/rpg-dice-roller/package.json').version;

const expr = process.argv[2] ?? '4d6kh3+2';
const seconds = Number(process.argv[3] ?? 1);
const rounds = Math.max(1, Math.round(Number(process.argv[4] ?? 1)));

let sink = 0;
function timed(step, budgetSeconds) {
  let rolls = 0, sum = 0;
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(budgetSeconds * 1e9));
  let elapsed = 0n;
  while (elapsed < budget) {
    for (let i = 0; i < 1000; i++) sum += step();
    rolls += 1000;
    elapsed = process.hrtime.bigint() - start;
  }
  sink += sum;
  return { rolls, seconds: Number(elapsed) / 1e9, sum };
}

function median(values) {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

const one = new DiceRoll(expr);
const ways = {
  full: () => new DiceRoll(expr).total,
  reroll: () => { one.roll(); return one.total; },
};
for (const step of Object.values(ways)) {  // warm-up
  let n = 0;
  const until = process.hrtime.bigint() + BigInt(Math.round((seconds / 4) * 1e9));
  while (n < 20000 || process.hrtime.bigint() < until) {
    for (let i = 0; i < 1000; i++) sink += step();
    n += 1000;
  }
}
const out = {};
for (const name of Object.keys(ways)) out[name] = { rolls: 0, seconds: 0, sum: 0, round_rates: [] };
for (let r = 0; r < rounds; r++) {
  for (const [name, step] of Object.entries(ways)) {
    const t = timed(step, seconds / rounds);
    const o = out[name];
    o.rolls += t.rolls;
    o.seconds += t.seconds;
    o.sum += t.sum;
    o.round_rates.push(t.rolls / t.seconds);
  }
}
for (const o of Object.values(out)) {
  o.rolls_per_second = median(o.round_rates);
  o.mean_total = o.sum / o.rolls;
  delete o.sum;
}
console.log(JSON.stringify({ library: '@dice-roller/rpg-dice-roller', version, node: process.version, expr, rounds,
                             full: out.full, reroll: out.reroll }));
