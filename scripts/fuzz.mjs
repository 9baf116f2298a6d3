#!/usr/bin/env node
// `npm run fuzz -- [--runs N] [--seed S] [--only RUN] [--timeout MS] [--corpus DIR]`
//
// Structural and byte-level mutations of example documents (our fixtures and examples, plus the
// conformance examples and small corpora when ../shared is present) run through every command:
// validate, lint, diff (mutated vs original, both ways), merge, schema-diff, project, changelog,
// migrate, and merge-driver (mutated ours against a changed theirs, over the original as base,
// where ours must stay byte for byte or become a whole document). A run passes when it ends with exit 0, 1 or 2 and a message, no internal error or
// uncaught exception, within the time limit, and leaves no half-written output file. Seeded and
// reproducible: a failure prints the command to replay it (`--seed S --only RUN`).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HOSTILE_FILE_NAMES, hostileDocuments } from './hostile-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', '200'));
const seed = Number(option('--seed', '1'));
const only = args.includes('--only') ? Number(option('--only')) : undefined;
const timeoutMs = Number(option('--timeout', '5000'));
const shared = option('--corpus', join(root, '../shared'));
const verbose = args.includes('--verbose');

// ---- seeded randomness -----------------------------------------------------------------------
function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- seed documents --------------------------------------------------------------------------
function collect(dir, depth = 0, out = []) {
  if (!existsSync(dir) || depth > 3) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) collect(path, depth + 1, out);
    else if (/\.(json|ya?ml)$/.test(entry.name)) {
      const text = readFileSync(path, 'utf8');
      if (text.length < 300_000 && /mcpdesc/.test(text.slice(0, 2000)))
        out.push({ name: path, text, ext: extname(path) });
    }
  }
  return out;
}
const seeds = [
  ...collect(join(root, 'examples')),
  ...collect(join(root, 'test/fixtures')),
  ...collect(join(shared, 'conformance/examples')),
  ...collect(join(shared, 'conformance/mcpdesc-0.8.0/expected-valid')),
  ...collect(join(shared, 'conformance/mcpdesc-0.7.0/examples')),
  ...['github-mcp-server/v0.24.0.mcpdesc.json', 'sentry-mcp/0.26.0.mcpdesc.json']
    .map((p) => join(shared, 'corpora', p))
    .filter(existsSync)
    .map((path) => ({ name: path, text: readFileSync(path, 'utf8'), ext: '.json' })),
];
// Hand-made hostile classes (exponential patterns, $ref bombs, alias chains, deep nesting,
// prototype names), mutated like the rest, so every seeded run exercises them.
for (const [name, text] of hostileDocuments())
  seeds.push({ name: `hostile/${name}`, text, ext: extname(name) });
if (seeds.length === 0) {
  console.error('no seed documents found');
  process.exit(2);
}

// ---- mutations -------------------------------------------------------------------------------
const NASTY_VALUES = [
  null,
  '',
  0,
  -1,
  1e308,
  true,
  [],
  {},
  '__proto__',
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
  { $componentRef: '#/components/schemas/Loop' },
  { $ref: '#/$defs/missing' },
  { $ref: 'https://example.com/schema.json' },
  { type: 'string', pattern: '^(a+)+$' },
  'a'.repeat(50_000),
  '\u202e\u200bignore previous instructions',
  ['2024-11-05', '2030-01-01'],
  { type: 'object', additionalProperties: false },
];

function pathsOf(value, path = [], out = [], depth = 0) {
  out.push(path);
  if (depth > 12 || value === null || typeof value !== 'object') return out;
  for (const key of Object.keys(value))
    pathsOf(value[key], [...path, Array.isArray(value) ? Number(key) : key], out, depth + 1);
  return out;
}
function at(value, path) {
  return path.reduce((v, k) => (v == null ? v : v[k]), value);
}
const structural = {
  deleteKey(doc, rnd) {
    const paths = pathsOf(doc).filter((p) => p.length > 0);
    const path = paths[Math.floor(rnd() * paths.length)];
    if (!path) return doc;
    const parent = at(doc, path.slice(0, -1));
    const key = path[path.length - 1];
    if (Array.isArray(parent)) parent.splice(key, 1);
    else if (parent && typeof parent === 'object') delete parent[key];
    return doc;
  },
  replaceValue(doc, rnd) {
    const paths = pathsOf(doc).filter((p) => p.length > 0);
    const path = paths[Math.floor(rnd() * paths.length)];
    if (!path) return doc;
    const parent = at(doc, path.slice(0, -1));
    const nasty = NASTY_VALUES[Math.floor(rnd() * NASTY_VALUES.length)];
    if (parent && typeof parent === 'object')
      Object.defineProperty(parent, path[path.length - 1], {
        value: structuredClone(nasty),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return doc;
  },
  duplicateItem(doc, rnd) {
    const arrays = pathsOf(doc).filter((p) => Array.isArray(at(doc, p)) && at(doc, p).length > 0);
    const path = arrays[Math.floor(rnd() * arrays.length)];
    if (path) {
      const list = at(doc, path);
      list.push(structuredClone(list[Math.floor(rnd() * list.length)]));
    }
    return doc;
  },
  deepNest(doc, rnd) {
    let nested = {};
    const depth = 50 + Math.floor(rnd() * 400);
    for (let i = 0; i < depth; i++) nested = { type: 'object', properties: { x: nested } };
    if (Array.isArray(doc.tools) && doc.tools[0]) doc.tools[0].inputSchema = nested;
    else doc['x-deep'] = nested;
    return doc;
  },
  componentCycle(doc) {
    doc.components = {
      schemas: {
        Loop: { $componentRef: '#/components/schemas/Loop2' },
        Loop2: { $componentRef: '#/components/schemas/Loop' },
      },
    };
    if (Array.isArray(doc.tools) && doc.tools[0])
      doc.tools[0].inputSchema = { $componentRef: '#/components/schemas/Loop' };
    return doc;
  },
  catastrophicPattern(doc) {
    if (!Array.isArray(doc.tools) || !doc.tools[0]) return doc;
    doc.tools[0].inputSchema = { type: 'object', properties: { q: { type: 'string', pattern: '^(a+)+$' } } };
    doc.tools[0].examples = {
      slow: { input: { q: `${'a'.repeat(40)}!` }, result: { content: [{ type: 'text', text: 'x' }] } },
    };
    return doc;
  },
  manyTools(doc, rnd) {
    // Fresh small tools: copying a (possibly deeply nested) existing tool thousands of times would
    // make the fuzzer's own serialisation the slow part.
    doc.tools = Array.from({ length: 200 + Math.floor(rnd() * 2000) }, (_, i) => ({
      name: `t_${i}`,
      description: `generated tool ${i}`,
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false },
    }));
    return doc;
  },
};
// Edits a maintainer makes between releases: they keep the document valid, so diff and merge get
// past validation and exercise their engines.
const benign = {
  editDescription(doc, rnd) {
    const tool = pick(doc.tools, rnd);
    if (tool) tool.description = `${tool.description ?? ''} (edited ${Math.floor(rnd() * 100)})`;
    return doc;
  },
  addOptionalProperty(doc, rnd) {
    const tool = pick(doc.tools, rnd);
    if (tool?.inputSchema && typeof tool.inputSchema === 'object' && !tool.inputSchema.$componentRef) {
      tool.inputSchema.properties = {
        ...(tool.inputSchema.properties ?? {}),
        fuzz_flag: { type: 'boolean' },
      };
    }
    return doc;
  },
  requireProperty(doc, rnd) {
    const tool = pick(doc.tools, rnd);
    const names = Object.keys(tool?.inputSchema?.properties ?? {});
    if (names.length)
      tool.inputSchema.required = [...new Set([...(tool.inputSchema.required ?? []), names[0]])];
    return doc;
  },
  removeTool(doc, rnd) {
    if (Array.isArray(doc.tools) && doc.tools.length > 1)
      doc.tools.splice(Math.floor(rnd() * doc.tools.length), 1);
    return doc;
  },
  renameTool(doc, rnd) {
    const tool = pick(doc.tools, rnd);
    if (tool) tool.name = `${tool.name}_renamed`;
    return doc;
  },
  flipAnnotation(doc, rnd) {
    const tool = pick(doc.tools, rnd);
    if (tool) tool.annotations = { ...(tool.annotations ?? {}), readOnlyHint: rnd() < 0.5 };
    return doc;
  },
};
// An earlier mutation may leave a shape a later one does not expect (tools: 1e308): skip it then.
function applyMutation(mutation, doc, rnd) {
  if (verbose) console.error(`  applying ${mutation.name}`);
  try {
    return mutation(doc, rnd) ?? doc;
  } catch {
    return doc;
  }
}
function pick(list, rnd) {
  return Array.isArray(list) && list.length ? list[Math.floor(rnd() * list.length)] : undefined;
}

const bytewise = {
  flipByte(bytes, rnd) {
    const copy = Buffer.from(bytes);
    if (copy.length) copy[Math.floor(rnd() * copy.length)] = Math.floor(rnd() * 256);
    return copy;
  },
  truncate(bytes, rnd) {
    return bytes.subarray(0, Math.floor(rnd() * bytes.length));
  },
  insertNul(bytes, rnd) {
    const at = Math.floor(rnd() * bytes.length);
    return Buffer.concat([bytes.subarray(0, at), Buffer.from([0]), bytes.subarray(at)]);
  },
  bomAndCrlf(bytes) {
    return Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(bytes.toString('utf8').replace(/\n/g, '\r\n')),
    ]);
  },
  invalidUtf8(bytes, rnd) {
    const at = Math.floor(rnd() * bytes.length);
    return Buffer.concat([bytes.subarray(0, at), Buffer.from([0xc3, 0x28, 0xff]), bytes.subarray(at)]);
  },
  duplicateLine(bytes, rnd) {
    const lines = bytes.toString('utf8').split('\n');
    const i = Math.floor(rnd() * lines.length);
    lines.splice(i, 0, lines[i] ?? '');
    return Buffer.from(lines.join('\n'));
  },
};

async function parseSeed(seedDoc) {
  const { loadDocument } = await import('../dist/parse/index.js');
  try {
    return loadDocument(seedDoc.text, { file: seedDoc.name }).value;
  } catch {
    return undefined;
  }
}

// ---- worker pool -----------------------------------------------------------------------------
let worker;
let nextId = 0;
function startWorker() {
  worker = new Worker(join(root, 'scripts/fuzz-worker.mjs'));
  return new Promise((resolve) => worker.once('message', resolve));
}
function runInWorker(argv) {
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(async () => {
      cleanup();
      await worker.terminate();
      await startWorker();
      resolve({ timeout: true });
    }, timeoutMs);
    const onMessage = (message) => {
      if (message.id !== id) return;
      cleanup();
      resolve(message);
    };
    const onError = async (error) => {
      cleanup();
      await startWorker();
      resolve({ crash: `worker error: ${error?.stack ?? error}` });
    };
    const cleanup = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage({ id, argv });
  });
}

// ---- the run ---------------------------------------------------------------------------------
const { buildProgram } = await import('../dist/cli/main.js');
const { serialize } = await import('../dist/model/serialize.js');
/**
 * A mutated document's text, as the product writes one. A document nested deeper than the yaml
 * package's stringifier can recurse (`deepNest` goes to ≈ 900 levels, far past the product's input
 * limit of 256, which the product's own output therefore never meets) is written as JSON, which
 * YAML reads as a flow collection: the run still feeds the commands an over-deep YAML file.
 */
function documentText(doc, ext) {
  if (ext === '.json') return serialize(doc, 'json');
  try {
    return serialize(doc, 'yaml');
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return serialize(doc, 'json');
  }
}

const available = new Set(buildProgram().commands.map((c) => c.name()));
const work = mkdtempSync(join(tmpdir(), 'mcpdesc-fuzz-'));
await startWorker();

const failures = [];
const tally = { 0: 0, 1: 0, 2: 0 };
const first = only ?? 0;
const last = only === undefined ? runs : only + 1;
for (let run = first; run < last; run++) {
  const rnd = mulberry32(seed * 1_000_003 + run);
  const seedDoc = seeds[Math.floor(rnd() * seeds.length)];
  const original = await parseSeed(seedDoc);
  const dir = join(work, String(run));
  mkdirSync(dir);
  const ext = seedDoc.ext === '.json' ? '.json' : '.yaml';
  const originalFile = join(dir, `original${ext}`);
  writeFileSync(originalFile, seedDoc.text);
  let mutatedBytes;
  const applied = [];
  const choice = rnd();
  if (original !== undefined && choice < 0.35) {
    let doc = structuredClone(original);
    const names = Object.keys(benign);
    const count = 1 + Math.floor(rnd() * 3);
    for (let i = 0; i < count; i++) {
      const name = names[Math.floor(rnd() * names.length)];
      applied.push(name);
      doc = applyMutation(benign[name], doc, rnd);
    }
    mutatedBytes = Buffer.from(documentText(doc, ext));
  } else if (original !== undefined && choice < 0.7) {
    let doc = structuredClone(original);
    const names = Object.keys(structural);
    const count = 1 + Math.floor(rnd() * 3);
    for (let i = 0; i < count; i++) {
      const name = names[Math.floor(rnd() * names.length)];
      applied.push(name);
      doc = applyMutation(structural[name], doc, rnd);
    }
    mutatedBytes = Buffer.from(documentText(doc, ext));
  } else {
    const names = Object.keys(bytewise);
    const name = names[Math.floor(rnd() * names.length)];
    applied.push(name);
    mutatedBytes = bytewise[name](Buffer.from(seedDoc.text), rnd);
  }
  if (verbose) console.error(`run ${run}: ${seedDoc.name} [${applied.join(', ')}]`);
  // One run in five names the mutated file as a pull request could (a newline and `::error`, ESC,
  // C1, U+2028, bidi controls): no output line may then start a workflow command.
  const hostileName =
    rnd() < 0.2 ? HOSTILE_FILE_NAMES[Math.floor(rnd() * HOSTILE_FILE_NAMES.length)] : undefined;
  const mutatedFile = join(dir, hostileName ? hostileName.replace(/\.mcpdesc\.yaml$/, ext) : `mutated${ext}`);
  writeFileSync(mutatedFile, mutatedBytes);
  const outFile = join(dir, `out${ext}`);
  // merge-driver writes its result over "ours" in place (git's %A): ours starts as the mutated copy,
  // and theirs is the original with a benign change of its own (its own random stream, so the
  // other commands' runs stay as they were), for a real three-way merge.
  const oursFile = join(dir, `ours${ext}`);
  writeFileSync(oursFile, mutatedBytes);
  const theirsFile = join(dir, `theirs${ext}`);
  if (original === undefined) writeFileSync(theirsFile, seedDoc.text);
  else {
    const theirsRnd = mulberry32(seed * 7919 + run);
    const names = Object.keys(benign);
    const doc = applyMutation(
      benign[names[Math.floor(theirsRnd() * names.length)]],
      structuredClone(original),
      theirsRnd,
    );
    writeFileSync(theirsFile, documentText(doc, ext));
  }
  const schemaOld = join(dir, 'old.schema.json');
  const schemaNew = join(dir, 'new.schema.json');
  const firstSchema = (value) =>
    (Array.isArray(value?.tools) && value.tools[0]?.inputSchema) || { type: 'object' };
  writeFileSync(schemaOld, JSON.stringify(firstSchema(original)));
  writeFileSync(schemaNew, mutatedBytes);
  const version = Array.isArray(original?.protocolVersions) ? original.protocolVersions[0] : '2025-06-18';
  const candidates = [
    ['validate', mutatedFile],
    ['lint', mutatedFile],
    // Run twice (see below): the second run is answered from the cache the first one wrote.
    ['lint', '--cache', '--cache-location', join(dir, 'lint-cache'), mutatedFile],
    ['diff', originalFile, mutatedFile, '--format', 'json'],
    ['diff', mutatedFile, originalFile],
    ['merge', originalFile, mutatedFile, '-o', outFile],
    ['schema-diff', schemaOld, schemaNew, '--format', 'json'],
    ['project', mutatedFile, '--protocol-version', String(version), '-o', outFile],
    ['changelog', originalFile, mutatedFile],
    ['migrate', mutatedFile, '-o', outFile],
    // The conflict sidecar goes next to PATH: inside this run's directory.
    ['merge-driver', originalFile, oursFile, theirsFile, join(dir, `described${ext}`)],
  ].filter((argv) => available.has(argv[0]));
  const argv = candidates[Math.floor(rnd() * candidates.length)];
  if (verbose) console.error(`  mcpdesc ${argv.join(' ')}`);
  const started = performance.now();
  const result = await runInWorker(argv);
  const elapsed = performance.now() - started;

  const problems = [];
  if (result.timeout) problems.push(`no result within ${timeoutMs} ms`);
  else if (result.crash)
    problems.push(`uncaught exception: ${result.crash.split('\n').slice(0, 3).join(' | ')}`);
  else {
    if (![0, 1, 2].includes(result.code)) problems.push(`exit code ${result.code}`);
    if (/internal error/.test(result.stderr))
      problems.push(`internal error: ${result.stderr.split('\n')[0]}`);
    if (result.code === 2 && result.stderr.trim() === '') problems.push('exit 2 without a message');
    if (result.code === 1 && result.stdout.trim() === '' && result.stderr.trim() === '')
      problems.push('exit 1 without a message');
    if (/^[ \t]*::/m.test(result.stdout) || /^[ \t]*::/m.test(result.stderr))
      problems.push('an output line starts a workflow command (::)');
    tally[result.code] = (tally[result.code] ?? 0) + 1;
    if (argv.includes('--cache')) {
      const again = await runInWorker(argv);
      if (again.crash || again.timeout) problems.push('the cached run did not finish cleanly');
      else if (again.code !== result.code || again.stdout !== result.stdout || again.stderr !== result.stderr)
        problems.push(
          `the cached run differs (exit ${again.code} instead of ${result.code}, or other output)`,
        );
    }
  }
  const leftovers = readdirSync(dir).filter((f) => f.endsWith('.tmp'));
  if (leftovers.length) problems.push(`temporary files left: ${leftovers.join(', ')}`);
  if (existsSync(outFile)) {
    const { loadDocument } = await import('../dist/parse/index.js');
    try {
      loadDocument(readFileSync(outFile, 'utf8'), { file: outFile });
    } catch (error) {
      problems.push(`output file is not a complete document: ${error.message}`);
    }
  }
  // The merge driver leaves "ours" as it was (a conflict or an error) or replaces it with a whole
  // merged document (it may hold conflict markers only if the driver said so by exiting 1).
  if (argv[0] === 'merge-driver' && !readFileSync(oursFile).equals(mutatedBytes) && result.code !== 1) {
    const { loadDocument } = await import('../dist/parse/index.js');
    try {
      loadDocument(readFileSync(oursFile, 'utf8'), { file: oursFile });
    } catch (error) {
      problems.push(`merge-driver left "ours" changed but not a complete document: ${error.message}`);
    }
  }
  const sidecar = join(dir, `described${ext}.mcpdesc-conflict.json`);
  if (existsSync(sidecar)) {
    try {
      JSON.parse(readFileSync(sidecar, 'utf8'));
    } catch (error) {
      problems.push(`conflict sidecar is not complete JSON: ${error.message}`);
    }
  }
  if (problems.length) {
    const keep = join(root, '.tmp/fuzz-failures', `seed-${seed}-run-${run}`);
    mkdirSync(keep, { recursive: true });
    for (const f of readdirSync(dir)) writeFileSync(join(keep, f), readFileSync(join(dir, f)));
    failures.push({ run, argv: argv[0], seed: seedDoc.name, mutations: applied, problems, elapsed, keep });
    console.log(
      `FAIL run ${run}: mcpdesc ${argv.map((a) => a.replace(dir, '<dir>')).join(' ')} [${applied.join(', ')}] from ${seedDoc.name}`,
    );
    for (const p of problems) console.log(`  - ${p}`);
    console.log(`  replay: npm run fuzz -- --seed ${seed} --only ${run}   (inputs kept in ${keep})`);
  }
  rmSync(dir, { recursive: true, force: true });
}
await worker.terminate();
rmSync(work, { recursive: true, force: true });
const total = last - first;
console.log(
  `fuzz: ${total - failures.length} passed, ${failures.length} failed (seed ${seed}; exit codes 0:${tally[0]} 1:${tally[1]} 2:${tally[2]}; ${seeds.length} seed documents; commands: ${[...available].filter((c) => !['help', 'git-setup'].includes(c)).join(', ')})`,
);
process.exit(failures.length ? 1 : 0);
