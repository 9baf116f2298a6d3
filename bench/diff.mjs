#!/usr/bin/env node
// Diff of the Docker catalogue (3,700+ tools, 2.9 MB) against a deterministic 5 %-mutated copy, next
// to the load time of both files. Needs `npm run build` and ../shared/corpora (prints
// "skipped: corpus absent" and exits 0 without it). Numbers, not pass/fail.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = join(root, '../shared/corpora/catalog/docker-catalog.mcpdesc.json');
if (!existsSync(corpus)) {
  console.log('skipped: corpus absent');
  process.exit(0);
}
const { loadSource } = await import(join(root, 'dist/parse/index.js'));
const { diffDocuments } = await import(join(root, 'dist/diff/engine.js'));

/** Deterministic PRNG (mulberry32) so every run mutates the same tools. */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(doc) {
  const copy = structuredClone(doc);
  const random = rng(5);
  const tools = copy.tools ?? [];
  const target = Math.round(tools.length * 0.05);
  let done = 0;
  const kinds = ['description', 'required', 'remove', 'annotation', 'rename'];
  for (let i = 0; i < tools.length && done < target; i++) {
    if (random() >= 0.05 * 1.2) continue;
    const tool = tools[i];
    const kind = kinds[done % kinds.length];
    if (kind === 'description') tool.description = `${tool.description ?? ''} (updated)`;
    else if (kind === 'required') {
      const props = Object.keys(tool.inputSchema?.properties ?? {});
      if (props.length)
        tool.inputSchema.required = [...new Set([...(tool.inputSchema.required ?? []), props[0]])];
      else tool.inputSchema = { ...tool.inputSchema, additionalProperties: false };
    } else if (kind === 'remove') tools[i] = null;
    else if (kind === 'annotation')
      tool.annotations = {
        ...(tool.annotations ?? {}),
        readOnlyHint: !(tool.annotations?.readOnlyHint ?? false),
      };
    else tool.name = `${tool.name}_v2`;
    done++;
  }
  copy.tools = tools.filter(Boolean);
  return { copy, mutated: done };
}

const ms = (t) => `${t.toFixed(0)} ms`;
const t0 = performance.now();
const a = await loadSource(corpus);
const tLoadA = performance.now() - t0;
const original = a.value;
const { copy, mutated } = mutate(original);
const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-bench-'));
const mutatedFile = join(dir, 'docker-catalog-mutated.mcpdesc.json');
writeFileSync(mutatedFile, JSON.stringify(copy, null, 2));
const t1 = performance.now();
await loadSource(mutatedFile);
const tLoadB = performance.now() - t1;

const runs = [];
let result;
for (let i = 0; i < 3; i++) {
  // Fresh source maps each run: line lookups are part of the cost of a report.
  const left = await loadSource(corpus);
  const right = await loadSource(mutatedFile);
  const t = performance.now();
  result = diffDocuments(left, right);
  runs.push(performance.now() - t);
}
const tSelf = performance.now();
diffDocuments(a, a);
const selfTime = performance.now() - tSelf;
rmSync(dir, { recursive: true, force: true });

const load = tLoadA + tLoadB;
const best = Math.min(...runs);
console.log(
  `docker catalog: ${original.tools.length} tools; mutated ${mutated} (${((mutated / original.tools.length) * 100).toFixed(1)} %)`,
);
console.log(`load both files:        ${ms(load)} (${ms(tLoadA)} + ${ms(tLoadB)})`);
console.log(
  `diff (best of 3):       ${ms(best)}  [runs: ${runs.map(ms).join(', ')}]  = ${(best / load).toFixed(2)}x load`,
);
console.log(`diff(a, a):             ${ms(selfTime)}`);
console.log(
  `changes: ${result.summary.total} (${result.summary.breaking} breaking, ${result.summary.warning} warning, ${result.summary.info} info)`,
);
