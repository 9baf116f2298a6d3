// Schema compatibility engine benchmark: every tool's input and output schema of the Docker catalogue
// against a re-parsed copy with 5 % of tools mutated (seeded, so runs are comparable).
// Run after `npm run build`: node bench/schema.mjs [path-to-catalog.json]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] ?? join(here, '../../shared/corpora/catalog/docker-catalog.mcpdesc.json');
if (!existsSync(file)) {
  console.log('skipped: corpus absent');
  process.exit(0);
}
const { compareSchemas, verdictOf } = await import('../dist/schema/index.js');

/** mulberry32: tiny seeded PRNG, enough for reproducible mutation choices. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MUTATIONS = [
  (s, r) => {
    s.properties = { ...(s.properties ?? {}), [`bench_${Math.floor(r() * 1000)}`]: { type: 'string' } };
    s.required = [...(s.required ?? []), Object.keys(s.properties).at(-1)];
  },
  (s, r) => {
    const names = Object.keys(s.properties ?? {});
    if (names.length > 0) delete s.properties[names[Math.floor(r() * names.length)]];
  },
  (s) => {
    s.additionalProperties = false;
  },
  (s, r) => {
    const names = Object.keys(s.properties ?? {});
    const p = names.length > 0 ? s.properties[names[Math.floor(r() * names.length)]] : undefined;
    if (p && typeof p === 'object') p.type = p.type === 'string' ? ['string', 'null'] : 'string';
  },
  (s, r) => {
    const names = Object.keys(s.properties ?? {});
    const p = names.length > 0 ? s.properties[names[Math.floor(r() * names.length)]] : undefined;
    if (p && typeof p === 'object') p.maxLength = 10;
  },
  (s) => {
    s.description = `${s.description ?? ''} (changed)`;
  },
];

const text = readFileSync(file, 'utf8');
let started = performance.now();
const oldDoc = JSON.parse(text);
const parseMs = performance.now() - started;
const newDoc = JSON.parse(text);
const random = rng(0x5eed);
let mutated = 0;
for (const tool of newDoc.tools) {
  if (random() >= 0.05 || typeof tool.inputSchema !== 'object') continue;
  MUTATIONS[Math.floor(random() * MUTATIONS.length)](tool.inputSchema, random);
  mutated++;
}

function compareAll(before, after) {
  const tally = { pairs: 0, changes: 0, breaking: 0, unknown: 0, compatible: 0 };
  const byName = new Map(after.tools.map((t) => [t.name, t]));
  for (const tool of before.tools) {
    const other = byName.get(tool.name);
    for (const [direction, key] of [
      ['input', 'inputSchema'],
      ['output', 'outputSchema'],
    ]) {
      if (tool[key] === undefined || other?.[key] === undefined) continue;
      const changes = compareSchemas(tool[key], other[key], { direction });
      tally.pairs++;
      tally.changes += changes.length;
      tally[verdictOf(changes)]++;
    }
  }
  return tally;
}

const runs = 5;
const times = [];
let tally;
for (let i = 0; i < runs; i++) {
  // fresh copies each run: fingerprints are memoised per object, so reusing objects would measure the cache
  const a = JSON.parse(text);
  const b = structuredClone(newDoc);
  started = performance.now();
  tally = compareAll(a, b);
  times.push(performance.now() - started);
}
times.sort((x, y) => x - y);
const median = times[Math.floor(runs / 2)];
console.log(`file: ${file}`);
console.log(`tools: ${oldDoc.tools.length}, mutated: ${mutated} (seeded, 5 %)`);
console.log(`JSON.parse of the file:            ${parseMs.toFixed(1)} ms`);
console.log(
  `compare all schemas (median of ${runs}): ${median.toFixed(1)} ms  (min ${times[0].toFixed(1)}, max ${times.at(-1).toFixed(1)})`,
);
console.log(
  `schema pairs: ${tally.pairs}, changes: ${tally.changes}, verdicts: ${tally.breaking} breaking, ${tally.unknown} unknown, ${tally.compatible} compatible`,
);
