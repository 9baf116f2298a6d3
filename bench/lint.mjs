#!/usr/bin/env node
// Lint time of the docker catalog (3,746 tools) with the `recommended` ruleset, next to its load
// time. Prints numbers only (no pass/fail). The lint rows include building the source map, since
// every finding needs a position; "rules only" skips spec validation.
// Usage: npm run build && node bench/lint.mjs [--runs N] [--corpus DIR]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintDocument, resolveConfig } from '../dist/lint/index.js';
import { loadDocument } from '../dist/parse/index.js';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const corpus = args.includes('--corpus')
  ? args[args.indexOf('--corpus') + 1]
  : join(import.meta.dirname, '../../shared/corpora/catalog');
const files = ['docker-catalog.mcpdesc.json', 'docker-catalog.mcpdesc.yaml'].map((f) => join(corpus, f));
if (!existsSync(files[0])) {
  console.log(`skipped: corpus absent (${files[0]})`);
  process.exit(0);
}

function median(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median time of `measure(prepared)` over fresh `prepare()` results (preparation not timed). */
function timed(prepare, measure) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const input = prepare();
    const start = performance.now();
    measure(input);
    times.push(performance.now() - start);
  }
  return median(times);
}

const recommended = await resolveConfig(undefined, 'recommended');
const strict = await resolveConfig(undefined, 'strict');
console.log(`docker catalog lint, median of ${runs} runs, node ${process.version}`);
console.log('| file | step | ms | × load |');
console.log('|---|---|---:|---:|');
for (const file of files) {
  if (!existsSync(file)) continue;
  const text = readFileSync(file, 'utf8');
  const name = file.endsWith('.json') ? 'json' : 'yaml';
  const load = () => loadDocument(text, { file });
  // First run in this process: includes compiling the validator's schemas (what one CLI run pays).
  const coldStart = performance.now();
  const first = lintDocument(load(), recommended);
  const cold = performance.now() - coldStart;
  const loadMs = timed(() => undefined, load);
  const withMap = timed(
    () => undefined,
    () => load().sourceMap.locate('/tools/0'),
  );
  const rows = [
    ['load (parse + decode)', loadMs],
    ['load + source map (positions for findings)', withMap],
    [
      'lint recommended, rules only',
      timed(load, (doc) => lintDocument(doc, recommended, { validate: false })),
    ],
    ['lint recommended (validation + rules)', timed(load, (doc) => lintDocument(doc, recommended))],
    ['lint strict (validation + rules)', timed(load, (doc) => lintDocument(doc, strict))],
    ['first lint in a fresh process (load + lint)', cold],
  ];
  for (const [step, ms] of rows)
    console.log(`| ${name} | ${step} | ${ms.toFixed(1)} | ${(ms / loadMs).toFixed(2)} |`);
  if (name === 'json') console.log(`| ${name} | findings (recommended) | ${first.findings.length} | |`);
}
