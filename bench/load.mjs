#!/usr/bin/env node
// Load-time figures for the docker catalog (JSON and its YAML twin) next to the floor a JavaScript
// tool cannot beat: JSON.parse / the yaml package's own parse of the same text. Prints numbers only.
// Usage: npm run build && node bench/load.mjs [--runs N] [--corpus DIR]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as yamlParse } from 'yaml';
import { loadDocument } from '../dist/parse/index.js';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const corpus = args.includes('--corpus')
  ? args[args.indexOf('--corpus') + 1]
  : join(import.meta.dirname, '../../shared/corpora/catalog');
const jsonFile = join(corpus, 'docker-catalog.mcpdesc.json');
const yamlFile = join(corpus, 'docker-catalog.mcpdesc.yaml');
if (!existsSync(jsonFile)) {
  console.log(`skipped: corpus absent (${jsonFile})`);
  process.exit(0);
}

function median(fn) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const rows = [];
const json = readFileSync(jsonFile, 'utf8');
const jsonParse = median(() => JSON.parse(json));
const load = median(() => loadDocument(json, { file: jsonFile }));
// Positions are found on demand: locate something in every tool, as a lint run with findings does.
const toolCount = JSON.parse(json).tools.length;
const locateAll = (doc) => {
  for (let i = 0; i < toolCount; i++) doc.sourceMap.locate(`/tools/${i}/inputSchema`);
};
const loadWithMap = median(() => locateAll(loadDocument(json, { file: jsonFile })));
rows.push(['JSON.parse (floor)', jsonParse, 1]);
rows.push(['loadDocument json', load, load / jsonParse]);
rows.push(['loadDocument json + one position per tool', loadWithMap, loadWithMap / jsonParse]);
if (existsSync(yamlFile)) {
  const yaml = readFileSync(yamlFile, 'utf8');
  const yamlFloor = median(() => yamlParse(yaml));
  const yamlLoad = median(() => loadDocument(yaml, { file: yamlFile }));
  const yamlWithMap = median(() => locateAll(loadDocument(yaml, { file: yamlFile })));
  rows.push(['yaml package parse (floor)', yamlFloor, 1]);
  rows.push(['loadDocument yaml', yamlLoad, yamlLoad / yamlFloor]);
  rows.push(['loadDocument yaml + one position per tool', yamlWithMap, yamlWithMap / yamlFloor]);
}

console.log(
  `docker catalog: ${(json.length / 1e6).toFixed(2)} MB JSON, median of ${runs} runs, node ${process.version}`,
);
console.log('| step | ms | × floor |');
console.log('|---|---:|---:|');
for (const [name, ms, ratio] of rows) console.log(`| ${name} | ${ms.toFixed(1)} | ${ratio.toFixed(2)} |`);
