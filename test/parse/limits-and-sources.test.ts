import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoadError, loadDocument, loadSource, MemoryLedger } from '../../src/parse/index.js';
import { DOCUMENT_BYTES_PER_VALUE, documentCost, heapLimitBytes } from '../../src/parse/memory.js';

function rejection(run: () => unknown): LoadError {
  try {
    run();
  } catch (error) {
    if (error instanceof LoadError) return error;
    throw error;
  }
  throw new Error('expected a LoadError');
}

describe('hard limits', () => {
  it('refuses nesting deeper than maxDepth, in JSON and YAML, before parsing', () => {
    expect(rejection(() => loadDocument('['.repeat(10_000_000), { file: 'deep.json' }))).toMatchObject({
      code: 'limit-depth',
      line: 1,
      column: 257,
    });
    expect(rejection(() => loadDocument(`a: ${'['.repeat(1_000_000)}`, { file: 'deep.yaml' }))).toMatchObject(
      { code: 'limit-depth', line: 1 },
    );
    const nested = `${'{"a":'.repeat(20)}1${'}'.repeat(20)}`;
    expect(rejection(() => loadDocument(nested, { file: 'x.json', limits: { maxDepth: 10 } })).code).toBe(
      'limit-depth',
    );
    expect(loadDocument(nested, { file: 'x.json', limits: { maxDepth: 20 } }).value).toBeDefined();
  });

  it('refuses over-long strings and keys', () => {
    const long = 'x'.repeat(101);
    expect(
      rejection(() => loadDocument(`{"a": "${long}"}`, { file: 'x.json', limits: { maxScalarLength: 100 } })),
    ).toMatchObject({ code: 'limit-scalar', line: 1, column: 7 });
    expect(
      rejection(() => loadDocument(`${long}: 1\n`, { file: 'x.yaml', limits: { maxScalarLength: 100 } }))
        .code,
    ).toBe('limit-scalar');
  });

  it('refuses too many values and too many bytes', () => {
    expect(
      rejection(() => loadDocument('[1,2,3,4,5]', { file: 'x.json', limits: { maxNodes: 3 } })).code,
    ).toBe('limit-nodes');
    expect(
      rejection(() => loadDocument('- 1\n- 2\n- 3\n- 4\n', { file: 'x.yaml', limits: { maxNodes: 3 } })).code,
    ).toBe('limit-nodes');
    expect(rejection(() => loadDocument('{"a": 1}', { file: 'x.json', limits: { maxBytes: 4 } })).code).toBe(
      'limit-bytes',
    );
  });
});

describe('memory of the documents a command holds', () => {
  const budget = heapLimitBytes() * 0.75;
  /** Values whose estimate alone is `share` of the budget. */
  const valuesFor = (share: number) => Math.ceil((budget * share) / DOCUMENT_BYTES_PER_VALUE);

  it.each([
    ['one document within the budget', [0.9], [true]],
    ['one document over it', [1.01], [false]],
    ['two that fit together', [0.45, 0.45], [true, true]],
    ['a second that no longer fits, which takes nothing', [0.6, 0.6, 0.3], [true, false, true]],
  ])('%s', (_name, shares, fits) => {
    const ledger = new MemoryLedger();
    expect(shares.map((share) => ledger.reserve(valuesFor(share), 0) === undefined)).toEqual(fits);
  });

  it('counts a document’s text as well as its values', () => {
    expect(documentCost(10, 1000)).toBeGreaterThan(documentCost(10, 0));
    expect(new MemoryLedger().reserve(0, Math.ceil(budget / 2))).toMatch(/over three quarters of Node's/);
  });

  it.each([
    ['JSON', 'held.json', '{"a": [1, 2, 3]}'],
    ['YAML', 'held.yaml', 'a: [1, 2, 3]\n'],
  ])(
    'refuses a %s document that does not fit beside the others, at 1:1, naming the cure',
    (_f, file, text) => {
      const memory = new MemoryLedger();
      // All but less than one value's worth of the budget taken.
      expect(memory.reserve(valuesFor(1) - 1, 0)).toBeUndefined();
      const error = rejection(() => loadDocument(text, { file, memory }));
      expect(error).toMatchObject({ code: 'limit-memory', line: 1, column: 1 });
      expect(error.message).toMatch(
        /^Document too large for this machine's memory: its \d+ values would take about \d+ MB besides the [\d,]+ MB of the documents loaded before it, over three quarters of Node's [\d,]+ MB heap; give Node more memory \(NODE_OPTIONS=--max-old-space-size=<MB>\)$/,
      );
      // Alone, it loads.
      expect(loadDocument(text, { file }).value).toEqual({ a: [1, 2, 3] });
    },
  );

  it('adds each loaded document to the ledger it was given', () => {
    const memory = new MemoryLedger();
    loadDocument('{"a": [1, 2, 3]}', { file: 'a.json', memory });
    loadDocument('a: [1, 2, 3]\n', { file: 'a.yaml', memory });
    // The YAML loader counts keys as values too (as for --max-nodes).
    expect(memory.reserved).toBe(documentCost(5, 16) + documentCost(6, 13));
  });
});

describe('untrusted keys', () => {
  it('keeps __proto__, constructor and prototype as data without polluting prototypes', () => {
    const json = loadDocument('{"__proto__": {"polluted": 1}, "constructor": {"prototype": 2}}', {
      file: 'x.json',
    });
    const yaml = loadDocument('__proto__:\n  polluted: 1\nconstructor:\n  prototype: 2\n', {
      file: 'x.yaml',
    });
    for (const doc of [json, yaml]) {
      expect(Object.keys(doc.value as object)).toEqual(['__proto__', 'constructor']);
      expect(Object.getPrototypeOf(doc.value)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
    expect(yaml.value).toEqual(json.value);
  });
});

describe('format detection', () => {
  it('uses the extension, else sniffs the first character', () => {
    expect(loadDocument('{"a": 1}', { file: 'x.yaml' }).format).toBe('yaml');
    expect(loadDocument('{"a": 1}', { file: 'noext' }).format).toBe('json');
    expect(loadDocument('a: 1', { file: 'noext' }).format).toBe('yaml');
  });
});

describe('sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-src-'));

  it('reads files, refuses directories and missing files with one-line errors', async () => {
    writeFileSync(join(dir, 'a.json'), '{"a": 1}');
    expect((await loadSource(join(dir, 'a.json'))).value).toEqual({ a: 1 });
    await expect(loadSource(dir)).rejects.toMatchObject({ code: 'is-directory' });
    await expect(loadSource(join(dir, 'missing.json'))).rejects.toMatchObject({ code: 'not-found' });
  });

  it('reads - from the given stdin', async () => {
    const doc = await loadSource('-', { stdin: async () => Buffer.from('a: [1, 2]\n') });
    expect(doc).toMatchObject({ file: '<stdin>', format: 'yaml', value: { a: [1, 2] } });
  });

  it('refuses invalid UTF-8 with its position', async () => {
    writeFileSync(join(dir, 'bad.json'), Buffer.from([0x7b, 0x0a, 0x22, 0xff, 0x22, 0x7d]));
    await expect(loadSource(join(dir, 'bad.json'))).rejects.toMatchObject({
      code: 'invalid-utf8',
      line: 2,
      column: 2,
    });
  });

  it('reads REV:path from git', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'mcpdesc-git-'));
    const git = (...args: string[]) =>
      execFileSync(
        'git',
        ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args],
        { cwd: repo },
      );
    git('init', '-q');
    writeFileSync(join(repo, 'server.mcpdesc.yaml'), 'version: 1\n');
    git('add', '.');
    git('commit', '-qm', 'one');
    writeFileSync(join(repo, 'server.mcpdesc.yaml'), 'version: 2\n');
    git('commit', '-qam', 'two');
    const cwd = process.cwd();
    process.chdir(repo);
    try {
      expect((await loadSource('HEAD~1:server.mcpdesc.yaml')).value).toEqual({ version: 1 });
      expect((await loadSource('HEAD:server.mcpdesc.yaml')).file).toBe('HEAD:server.mcpdesc.yaml');
      await expect(loadSource('HEAD:missing.yaml')).rejects.toMatchObject({ code: 'git-error' });
      // Never a git option: `git show --output=FILE:x` would write FILE.
      const target = join(repo, 'written');
      await expect(loadSource(`--output=${target}:server.mcpdesc.yaml`)).rejects.toMatchObject({
        code: 'not-found',
      });
      expect(existsSync(`${target}:server.mcpdesc.yaml`)).toBe(false);
      expect(existsSync(target)).toBe(false);
    } finally {
      process.chdir(cwd);
    }
  });
});
