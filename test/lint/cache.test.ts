/** `lint --cache` in the library: what a key depends on, and the cache file read as untrusted. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type CachedLint,
  cacheKey,
  configFingerprint,
  LintCache,
  type ResolvedConfig,
  resolveConfig,
} from '../../src/lint/index.js';
import type { Finding } from '../../src/model/finding.js';

const root = mkdtempSync(join(tmpdir(), 'mcpdesc-lint-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;
const fresh = (name: string): string => {
  const dir = join(root, `case-${counter++}`);
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
};

const finding = (message: string, file = 'a.json'): Finding => ({
  code: 'tool-description',
  severity: 'warning',
  message,
  location: { file, pointer: '/tools/0', line: 3, column: 5 },
});
const result = (...findings: Finding[]): CachedLint => ({ findings, complete: true, notes: [] });

/** Writes `cache` the way the CLI does and reads it back. */
function roundTrip(cache: LintCache, version = '1.0.0'): LintCache {
  const file = fresh('.mcpdesc-cache');
  writeFileSync(file, [...cache.chunks()].join(''));
  return LintCache.read(file, version);
}

describe('cacheKey', () => {
  const base = {
    version: '1.0.0',
    config: 'c0',
    bytes: new TextEncoder().encode('{"mcpdesc":"0.8.0"}'),
    path: '/repo/a.mcpdesc.json',
    limits: { maxBytes: 100, maxDepth: 10 },
    now: new Date('2026-12-03T10:00:00Z'),
    expiring: false,
  };
  const keyOf = (change: Partial<typeof base>) => cacheKey({ ...base, ...change });

  const expiring = { expiring: true };
  // [what differs, the key it is compared with, the key that must differ from it]
  it.each([
    ['another tool version', {}, { version: '1.0.1' }],
    ['another config', {}, { config: 'c1' }],
    ['other bytes (one space more)', {}, { bytes: new TextEncoder().encode('{"mcpdesc": "0.8.0"}') }],
    ['another path (overrides and ignores match paths)', {}, { path: '/repo/b.mcpdesc.json' }],
    ['other limits', {}, { limits: { maxBytes: 100, maxDepth: 11 } }],
    [
      'another day, with an expiring ignore entry',
      expiring,
      { ...expiring, now: new Date('2026-12-04T00:00:01Z') },
    ],
  ])('changes with %s', (_name, baseline, change) => {
    expect(keyOf(change)).not.toBe(keyOf(baseline));
  });

  it.each([
    ['the same inputs', {}, {}],
    ['another day when no ignore entry expires', {}, { now: new Date('2027-05-01T00:00:00Z') }],
    [
      'another hour of the same day, with an expiring entry',
      expiring,
      { ...expiring, now: new Date('2026-12-03T23:59:59Z') },
    ],
  ])('stays with %s', (_name, baseline, change) => {
    expect(keyOf(change)).toBe(keyOf(baseline));
  });
});

describe('configFingerprint', () => {
  const config = (dir: string) => resolveConfig(join(dir, '.mcpdesc.yaml'));
  const setup = (rules: string, fn = 'export default () => [];\n') => {
    const dir = fresh('');
    writeFileSync(join(dir, 'fn.mjs'), fn);
    writeFileSync(join(dir, '.mcpdesc.yaml'), `functions: { mine: ./fn.mjs }\nrules:\n${rules}`);
    return dir;
  };
  const RULE = `  my-rule: { description: d, severity: warning, given: Tool, then: { function: mine } }\n`;

  it('is the same for two resolutions of one config, and differs between built-in rulesets', async () => {
    const [a, b, strict] = await Promise.all([
      resolveConfig(undefined, 'recommended'),
      resolveConfig(undefined, 'recommended'),
      resolveConfig(undefined, 'strict'),
    ]);
    expect(configFingerprint(a)).toBe(configFingerprint(b));
    expect(configFingerprint(a)).not.toBe(configFingerprint(strict));
  });

  it('changes when a rule changes severity', async () => {
    const dir = setup(RULE);
    const before = configFingerprint(await config(dir));
    writeFileSync(
      join(dir, '.mcpdesc.yaml'),
      readFileSync(join(dir, '.mcpdesc.yaml'), 'utf8').replace('warning', 'error'),
    );
    expect(configFingerprint(await config(dir))).not.toBe(before);
  });

  it('changes when a custom function module changes, even when the rules do not', async () => {
    const first = await config(setup(RULE, 'export default () => [];\n'));
    const second = await config(setup(RULE, "export default () => [{ message: 'x' }];\n"));
    expect([...first.rules.values()].map((r) => r.severity)).toEqual(
      [...second.rules.values()].map((r) => r.severity),
    );
    expect(configFingerprint(first)).not.toBe(configFingerprint(second));
  });

  it('changes when a file the config was built from changes on disk (a comment is enough)', async () => {
    const dir = setup(RULE);
    const resolved: ResolvedConfig = await config(dir);
    expect(resolved.sources).toEqual([
      join(dir, '.mcpdesc.yaml'),
      expect.stringMatching(/rules[\\/]recommended\.yaml$/),
      join(dir, 'fn.mjs'),
    ]);
    const before = configFingerprint({ ...resolved });
    writeFileSync(
      join(dir, '.mcpdesc.yaml'),
      `# edited\n${readFileSync(join(dir, '.mcpdesc.yaml'), 'utf8')}`,
    );
    expect(configFingerprint({ ...resolved })).not.toBe(before);
  });
});

describe('LintCache', () => {
  it('gives back what was stored under the same key, with the findings named as the file is now', () => {
    const cache = LintCache.empty(fresh('.mcpdesc-cache'), '1.0.0');
    const related = { file: 'a.json', pointer: '/x', line: 1, column: 1 };
    cache.set('/r/a.json', 'k1', 'a.json', result({ ...finding('m'), related: [related] }));
    const back = roundTrip(cache);
    expect(back.problem).toBeUndefined();
    expect(back.get('/r/a.json', 'k2', './a.json')).toBeUndefined();
    expect(back.get('/r/b.json', 'k1', './a.json')).toBeUndefined();
    const hit = back.get('/r/a.json', 'k1', './a.json');
    expect(hit?.findings).toEqual([
      { ...finding('m', './a.json'), related: [{ ...related, file: './a.json' }] },
    ]);
    expect(back.changed).toBe(false);
  });

  it('starts empty, without a problem, when there is no cache file', () => {
    const cache = LintCache.read(fresh('missing'), '1.0.0');
    expect(cache.problem).toBeUndefined();
    expect(cache.writable).toBe(true);
    expect(cache.changed).toBe(false);
  });

  it.each([
    ['a file that is not JSON', 'hello', 'it is not JSON'],
    [
      'JSON that is not a cache',
      '{"name":"my-package","version":"1.0.0"}',
      'it is not an mcpdesc lint cache',
    ],
    ['a JSON array', '[1,2]', 'it is not an mcpdesc lint cache'],
  ])('leaves %s alone (not writable)', (_name, text, problem) => {
    const file = fresh('not-a-cache');
    writeFileSync(file, text);
    const cache = LintCache.read(file, '1.0.0');
    expect(cache.problem).toBe(problem);
    expect(cache.writable).toBe(false);
  });

  it.each([
    ['a cache cut short', (whole: string) => whole.slice(0, whole.length - 20), 'damaged (not JSON)'],
    ['an empty file', () => '', 'empty'],
    ['a file of blank lines', () => '\n\n', 'empty'],
  ])('rebuilds %s, saying so once, and replaces it', (_name, spoil, said) => {
    const whole = LintCache.empty(fresh('x'), '1.0.0');
    whole.set('/r/a.json', 'k', 'a.json', result(finding('m')));
    const file = fresh('.mcpdesc-cache');
    writeFileSync(file, spoil([...whole.chunks()].join('')));
    const cache = LintCache.read(file, '1.0.0');
    expect(cache.problem).toBeUndefined();
    expect(cache.notice).toContain(said);
    expect([cache.writable, cache.changed]).toEqual([true, true]);
    expect(cache.get('/r/a.json', 'k', 'a.json')).toBeUndefined();
    cache.set('/r/a.json', 'k', 'a.json', result(finding('again')));
    writeFileSync(file, [...cache.chunks()].join(''));
    const back = LintCache.read(file, '1.0.0');
    expect(back.notice).toBeUndefined();
    expect(back.get('/r/a.json', 'k', 'a.json')?.findings).toEqual([finding('again')]);
  });

  it('drops another version’s or format’s cache whole, and will replace it', () => {
    const old = LintCache.empty(fresh('.mcpdesc-cache'), '0.9.0');
    old.set('/r/a.json', 'k1', 'a.json', result(finding('m')));
    const read = roundTrip(old, '1.0.0');
    expect(read.writable).toBe(true);
    expect(read.changed).toBe(true);
    expect(read.get('/r/a.json', 'k1', 'a.json')).toBeUndefined();

    const file = fresh('.mcpdesc-cache');
    writeFileSync(file, '{"format":"mcpdesc-lint-cache/0","version":"1.0.0","entries":{}}');
    const other = LintCache.read(file, '1.0.0');
    expect([other.writable, other.changed]).toEqual([true, true]);
  });

  it.each([
    ['a finding with an unknown severity', { ...finding('m'), severity: 'fatal' }],
    ['a finding without a location', { code: 'x', severity: 'error', message: 'm' }],
    [
      'a finding whose line is not a number',
      { ...finding('m'), location: { ...finding('m').location, line: '3' } },
    ],
    ['related places that are not locations', { ...finding('m'), related: [{ file: 1 }] }],
  ])('drops an entry holding %s and keeps the others', (_name, bad) => {
    const file = fresh('.mcpdesc-cache');
    const good = { key: 'k', file: 'a.json', complete: true, notes: [], findings: [finding('ok')] };
    writeFileSync(
      file,
      JSON.stringify({
        format: 'mcpdesc-lint-cache/1',
        version: '1.0.0',
        entries: { '/r/a.json': good, '/r/b.json': { ...good, findings: [bad] } },
      }),
    );
    const cache = LintCache.read(file, '1.0.0');
    expect(cache.get('/r/a.json', 'k', 'a.json')?.findings).toEqual([finding('ok')]);
    expect(cache.get('/r/b.json', 'k', 'a.json')).toBeUndefined();
    expect(cache.changed).toBe(true);
  });

  it('passes on only a finding’s own fields', () => {
    const file = fresh('.mcpdesc-cache');
    const extra = { ...finding('m'), injected: '<script>', location: { ...finding('m').location, extra: 1 } };
    const entry = { key: 'k', file: 'a.json', complete: false, notes: ['n'], findings: [extra] };
    writeFileSync(
      file,
      JSON.stringify({ format: 'mcpdesc-lint-cache/1', version: '1.0.0', entries: { '/r/a.json': entry } }),
    );
    expect(LintCache.read(file, '1.0.0').get('/r/a.json', 'k', 'a.json')).toEqual({
      findings: [finding('m')],
      complete: false,
      notes: ['n'],
    });
  });

  it('keeps a __proto__ path as data', () => {
    const cache = LintCache.empty(fresh('.mcpdesc-cache'), '1.0.0');
    cache.set('__proto__', 'k', 'a.json', result(finding('m')));
    const back = roundTrip(cache);
    expect(back.get('__proto__', 'k', 'a.json')?.findings).toEqual([finding('m')]);
    expect(({} as Record<string, unknown>).key).toBeUndefined();
  });

  it('prunes entries of files that are gone', () => {
    const cache = LintCache.empty(fresh('.mcpdesc-cache'), '1.0.0');
    cache.set('/r/kept.json', 'k', 'kept.json', result());
    cache.set('/r/gone.json', 'k', 'gone.json', result());
    const back = roundTrip(cache);
    back.prune((path) => path === '/r/kept.json');
    expect(back.changed).toBe(true);
    const again = roundTrip(back);
    expect(again.get('/r/kept.json', 'k', 'kept.json')).toBeDefined();
    expect(again.get('/r/gone.json', 'k', 'gone.json')).toBeUndefined();
  });

  describe('two runs sharing one cache file', () => {
    /** What the CLI does at the end of a run: prune, take in the others' writes, write. */
    const finish = (cache: LintCache, exists: (path: string) => boolean = () => true) => {
      cache.prune(exists);
      if (!cache.changed) return;
      cache.absorbConcurrentWrites(exists);
      writeFileSync(cache.path, [...cache.chunks()].join(''));
    };
    const started = () => {
      const file = fresh('.mcpdesc-cache');
      const seed = LintCache.empty(file, '1.0.0');
      seed.set('/r/old.json', 'k0', 'old.json', result(finding('old')));
      writeFileSync(file, [...seed.chunks()].join(''));
      return file;
    };
    const entriesOf = (file: string) => Object.keys(JSON.parse(readFileSync(file, 'utf8')).entries).sort();

    it('keeps both runs’ entries when they write one after the other', () => {
      const file = started();
      const first = LintCache.read(file, '1.0.0');
      const second = LintCache.read(file, '1.0.0');
      second.set('/r/b.json', 'kb', 'b.json', result(finding('b')));
      finish(second);
      first.set('/r/a.json', 'ka', 'a.json', result(finding('a')));
      finish(first);
      expect(entriesOf(file)).toEqual(['/r/a.json', '/r/b.json', '/r/old.json']);
      const read = LintCache.read(file, '1.0.0');
      expect(read.get('/r/b.json', 'kb', 'b.json')?.findings).toEqual([finding('b')]);
    });

    it('takes the other run’s newer entry for a file it only read, and keeps its own for a file it linted', () => {
      const file = started();
      const first = LintCache.read(file, '1.0.0');
      const second = LintCache.read(file, '1.0.0');
      second.set('/r/old.json', 'k1', 'old.json', result(finding('old, linted again')));
      second.set('/r/a.json', 'k-second', 'a.json', result(finding('a by the second run')));
      finish(second);
      first.set('/r/a.json', 'k-first', 'a.json', result(finding('a by the first run')));
      finish(first);
      const read = LintCache.read(file, '1.0.0');
      expect(read.get('/r/old.json', 'k1', 'old.json')?.findings).toEqual([finding('old, linted again')]);
      expect(read.get('/r/a.json', 'k-first', 'a.json')?.findings).toEqual([finding('a by the first run')]);
      expect(read.get('/r/a.json', 'k-second', 'a.json')).toBeUndefined();
    });

    it('does not bring back an entry it dropped, nor one of a file that is gone', () => {
      const file = started();
      const first = LintCache.read(file, '1.0.0');
      const second = LintCache.read(file, '1.0.0');
      second.set('/r/gone.json', 'kg', 'gone.json', result());
      second.set('/r/b.json', 'kb', 'b.json', result());
      finish(second);
      first.set('/r/a.json', 'ka', 'a.json', result());
      finish(first, (path) => path !== '/r/old.json' && path !== '/r/gone.json');
      expect(entriesOf(file)).toEqual(['/r/a.json', '/r/b.json']);
    });

    it('reads nothing again when the file is as it was, and never takes in a file that is not a cache', () => {
      const file = started();
      const cache = LintCache.read(file, '1.0.0');
      cache.set('/r/a.json', 'ka', 'a.json', result());
      cache.absorbConcurrentWrites(() => true);
      expect([...cache.chunks()].join('')).not.toContain('FROM ELSEWHERE');
      writeFileSync(file, '{"name":"FROM ELSEWHERE","entries":{"/r/x.json":{}}}');
      cache.absorbConcurrentWrites(() => true);
      expect([...cache.chunks()].join('')).not.toContain('x.json');
    });
  });

  it('round-trips any findings it is given (property)', () => {
    const location = fc.record({
      file: fc.string(),
      pointer: fc.string(),
      line: fc.nat(),
      column: fc.nat(),
    });
    const anyFinding = fc.record(
      {
        code: fc.string(),
        severity: fc.constantFrom('error', 'warning', 'info', 'hint') as fc.Arbitrary<Finding['severity']>,
        message: fc.string(),
        location,
        related: fc.array(location, { maxLength: 2 }),
      },
      { requiredKeys: ['code', 'severity', 'message', 'location'] },
    );
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(anyFinding, { maxLength: 5 }),
        fc.boolean(),
        (path, findings, complete) => {
          const cache = LintCache.empty(join(root, 'property-cache'), '1.0.0');
          cache.set(path, 'k', 'file', { findings, complete, notes: ['note'] });
          writeFileSync(cache.path, [...cache.chunks()].join(''));
          const back = LintCache.read(cache.path, '1.0.0').get(path, 'k', 'file');
          expect(back).toEqual({ findings, complete, notes: ['note'] });
        },
      ),
      { numRuns: 100 },
    );
  });
});
