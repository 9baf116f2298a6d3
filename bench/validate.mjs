#!/usr/bin/env node
// Validate time for the Docker catalogue (≈3,700 tools, 2.9 MB) next to its load time and a bare
// JSON.parse. Imports the built dist/ (run `npm run build` first). Numbers, not pass/fail.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const corpus = fileURLToPath(
  new URL('../../shared/corpora/catalog/docker-catalog.mcpdesc.json', import.meta.url),
);
if (!existsSync(corpus)) {
  console.log('skipped: corpus absent');
  process.exit(0);
}
const { loadDocument } = await import('../dist/parse/index.js');
const { validateDocument } = await import('../dist/validate/index.js');
const text = readFileSync(corpus, 'utf8');
const runs = Number(process.env.BENCH_RUNS ?? 5);

function time(fn) {
  const t0 = performance.now();
  const value = fn();
  return { value, ms: performance.now() - t0 };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const cold = time(() => validateDocument(loadDocument(text, { file: corpus })));
const parse = [];
const load = [];
const validate = [];
let result = cold.value;
for (let i = 0; i < runs; i++) {
  parse.push(time(() => JSON.parse(text)).ms);
  const loaded = time(() => loadDocument(text, { file: corpus }));
  load.push(loaded.ms);
  const validated = time(() => validateDocument(loaded.value));
  validate.push(validated.ms);
  result = validated.value;
}
const row = (label, ms) => console.log(`${label.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms`);
console.log(`docker catalogue: ${(text.length / 1e6).toFixed(2)} MB, ${runs} runs (median)`);
row('JSON.parse', median(parse));
row('loadDocument (parse + limits)', median(load));
row('validateDocument (warm)', median(validate));
row('first load + validate (cold Ajv)', cold.ms);
console.log(
  `validate / load: ${(median(validate) / median(load)).toFixed(2)}x; valid=${result.valid}, findings=${result.findings.length}`,
);
