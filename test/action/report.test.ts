import { describe, expect, it } from 'vitest';
import { survivingPointer } from '../../src/action/anchor.js';
import { FAIL_ON, readInputs } from '../../src/action/inputs.js';
import { analyse, type Engines } from '../../src/action/report.js';
import { decide } from '../../src/action/verdict.js';
import type { LoadedDocument } from '../../src/parse/index.js';
import { change, fileReport, finding, report } from './fakes.js';

const loc = (pointer: string, line: number) => ({ file: 'm.yaml', pointer, line, column: 1 });

describe('survivingPointer (anchoring removals in head)', () => {
  const base = {
    tools: [{ name: 'a', inputSchema: { properties: { x: {}, y: {} } } }, { name: 'b' }],
    tags: ['t1', 't2'],
  };
  const head = {
    tools: [{ name: 'b' }, { name: 'a', inputSchema: { properties: { x: {} } } }],
    tags: ['t2'],
  };
  it('follows identity keys, not indices', () => {
    expect(survivingPointer(base, head, '/tools/0/inputSchema/properties/y')).toBe(
      '/tools/1/inputSchema/properties',
    );
    expect(survivingPointer(base, head, '/tools/1/description')).toBe('/tools/0');
  });
  it('falls back to the collection, then the root', () => {
    expect(survivingPointer(base, { tools: [] }, '/tools/1')).toBe('/tools');
    expect(survivingPointer(base, {}, '/tools/1')).toBe('');
    expect(survivingPointer(base, head, '/tags/0')).toBe('/tags');
    expect(survivingPointer(base, head, '/tags/1')).toBe('/tags/0');
    expect(survivingPointer(base, head, 'not a pointer')).toBe('');
  });
});

const V1 = 'mcpdesc: 0.8.0\ninfo:\n  name: x\ntools:\n  - name: a\n  - name: b\n';
const V2 = 'mcpdesc: 0.8.0\ninfo:\n  name: x\ntools:\n  - name: a\n';

function fakeEngines(overrides: Partial<Engines> = {}): Engines {
  return {
    diff: async () =>
      [
        change('breaking', 0, {
          ruleId: 'tool-removed',
          before: { file: 'x', pointer: '/tools/1', line: 6, column: 5 },
          after: undefined as never,
        }),
      ].map(({ after: _after, ...rest }) => rest),
    lint: async () => [finding('warning', 2)],
    changelog: (_b, _h, changes) => ({
      markdown: '',
      bump: changes.some((c) => c.level === 'breaking') ? 'major' : 'none',
    }),
    ...overrides,
  };
}

describe('analyse', () => {
  const sides: Record<string, string> = {
    'base:m.yaml': V1,
    'head:m.yaml': V2,
    'base:gone.yaml': V1,
    'head:new.yaml': V2,
    'base:bad.yaml': V1,
    'head:bad.yaml': 'a: [',
  };
  const read = async (rev: string, path: string) =>
    sides[`${rev}:${path}`] === undefined ? undefined : Buffer.from(sides[`${rev}:${path}`]!);

  it('diffs modified files, anchors removals, synthesises file-level changes', async () => {
    const r = await analyse({
      files: [
        { status: 'removed', path: 'gone.yaml', basePath: 'gone.yaml' },
        { status: 'modified', path: 'm.yaml', basePath: 'm.yaml' },
        { status: 'added', path: 'new.yaml' },
        { status: 'modified', path: 'bad.yaml', basePath: 'bad.yaml' },
      ],
      baseSha: 'base',
      headSha: 'head',
      baseRef: 'main',
      read,
      engines: fakeEngines(),
    });
    const [gone, modified, added, bad] = r.files;
    expect(gone!.changes.map((c) => [c.ruleId, c.level])).toEqual([['description-removed', 'breaking']]);
    expect(modified!.changes[0]!.after).toEqual({ file: 'm.yaml', pointer: '/tools', line: 4, column: 1 });
    expect(modified!.changes[0]!.details).toEqual({ anchored: true });
    expect(modified!.findings).toHaveLength(1);
    // the same finding in base: already there, not introduced by the pull request
    expect(modified!.newFindings).toEqual([]);
    expect(added!.newFindings).toEqual(added!.findings);
    expect(added!.changes.map((c) => [c.ruleId, c.level])).toEqual([['description-added', 'info']]);
    expect(bad!.changes.map((c) => [c.ruleId, c.level, c.after?.line])).toEqual([
      ['description-unreadable', 'breaking', 1],
    ]);
    expect(bad!.notes).toEqual([]);
    expect(r.counts).toEqual({
      breaking: 3,
      warning: 0,
      info: 1,
      lintError: 0,
      lintWarning: 1,
      lintInfo: 0,
      lintKnown: 1,
    });
    expect(r.bump).toBe('major');
  });

  it('counts only the lint findings the pull request introduces, matched by tool and pointer', async () => {
    // V1 has tools a, b; V2 only a. The finding on a moves line but stays old; the error is new.
    const lint = async (doc: LoadedDocument) =>
      doc.value && JSON.stringify(doc.value).includes('"b"')
        ? [finding('warning', 5, { code: 'tool-description', location: loc('/tools/0', 5) })]
        : [
            finding('warning', 9, { code: 'tool-description', location: loc('/tools/0', 9) }),
            finding('error', 4, { code: 'new-rule', location: loc('/tools/0', 4) }),
          ];
    const r = await analyse({
      files: [{ status: 'modified', path: 'm.yaml', basePath: 'm.yaml' }],
      baseSha: 'base',
      headSha: 'head',
      baseRef: 'main',
      read,
      engines: fakeEngines({ lint }),
    });
    expect(r.files[0]!.findings.map((f) => f.code)).toEqual(['tool-description', 'new-rule']);
    expect(r.files[0]!.newFindings.map((f) => f.code)).toEqual(['new-rule']);
    expect(r.counts).toMatchObject({ lintError: 1, lintWarning: 0, lintKnown: 1 });
    expect(decide(r, 'breaking').reason).toBe('fail-on: breaking — 1 breaking change, 1 lint error');
  });

  it('shows every finding as new when base cannot be linted', async () => {
    let calls = 0;
    const r = await analyse({
      files: [{ status: 'modified', path: 'm.yaml', basePath: 'm.yaml' }],
      baseSha: 'base',
      headSha: 'head',
      baseRef: 'main',
      read,
      engines: fakeEngines({
        lint: async () => {
          if (calls++ > 0) throw new Error('boom');
          return [finding('warning', 2)];
        },
      }),
    });
    expect(r.files[0]!.newFindings).toHaveLength(1);
    expect(r.files[0]!.notes).toEqual(['lint of base failed, so every finding is shown as new: boom']);
  });

  it('records engine failures as problems instead of crashing', async () => {
    const r = await analyse({
      files: [{ status: 'modified', path: 'm.yaml', basePath: 'm.yaml' }],
      baseSha: 'base',
      headSha: 'head',
      baseRef: 'main',
      read,
      engines: fakeEngines({
        diff: async () => {
          throw new Error('boom');
        },
      }),
    });
    expect(r.files[0]!.problems).toEqual(['diff failed: boom']);
    expect(decide(r, 'breaking')).toEqual({
      failed: true,
      reason: 'fail-on: breaking — analysis failed for 1 file',
    });
  });
});

describe('decide (fail-on)', () => {
  const r = report([
    fileReport({ changes: [change('warning', 1), change('info', 2)], findings: [finding('info', 3)] }),
  ]);
  it('applies the thresholds', () => {
    expect(decide(r, 'breaking')).toEqual({ failed: false });
    expect(decide(r, 'warning')).toEqual({ failed: true, reason: 'fail-on: warning — 1 warning' });
    expect(decide(r, 'info')).toEqual({
      failed: true,
      reason: 'fail-on: info — 1 warning, 1 info change, 1 lint info finding',
    });
    expect(decide(report([fileReport({ findings: [finding('error', 1)] })]), 'breaking').failed).toBe(true);
    expect(decide(report([fileReport({ changes: [change('breaking', 1)] })]), 'none')).toEqual({
      failed: false,
    });
  });
});

describe('readInputs', () => {
  const from = (map: Record<string, string>) => (name: string) => map[name] ?? '';
  it('has the documented defaults', () => {
    expect(readInputs(from({}))).toEqual({
      files: ['**/*.mcpdesc.{json,yaml,yml}'],
      base: '',
      failOn: 'breaking',
      lint: true,
      config: '',
      schemaSemantics: '',
      comment: true,
      commentAuthor: '',
      githubToken: '',
      sarifFile: '',
      ignoreFile: '',
    });
  });
  it('reads schema-semantics (api | json-schema, empty: the config file, else api)', () => {
    expect(readInputs(from({ 'schema-semantics': 'JSON-Schema' })).schemaSemantics).toBe('json-schema');
    expect(readInputs(from({ 'schema-semantics': ' api ' })).schemaSemantics).toBe('api');
    expect(() => readInputs(from({ 'schema-semantics': 'strict' }))).toThrow(
      'Input "schema-semantics" must be one of api, json-schema, got "strict"',
    );
  });
  it('reads lists and booleans and rejects bad values', () => {
    const inputs = readInputs(
      from({ files: 'a/*.yaml\n\n!a/x.yaml\n', lint: 'false', comment: 'FALSE', 'fail-on': 'Warning' }),
    );
    expect(inputs).toMatchObject({
      files: ['a/*.yaml', '!a/x.yaml'],
      lint: false,
      comment: false,
      failOn: 'warning',
    });
    expect(() => readInputs(from({ 'fail-on': 'error' }))).toThrow(
      `Input "fail-on" must be one of ${FAIL_ON.join(', ')}`,
    );
    expect(() => readInputs(from({ lint: 'maybe' }))).toThrow('Input "lint" must be true or false');
  });
});

describe('analyse with the real engines: a 0.7.0 base', () => {
  it('migrates the 0.7.0 side in memory and reports no format-only change', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { realEngines } = await import('../../src/action/engines.js');
    const fixtures = join(import.meta.dirname, '../fixtures/migrate');
    const sides: Record<string, Buffer> = {
      'base:server.mcpdesc.yaml': readFileSync(join(fixtures, 'old-0.7.yaml')),
      'head:server.mcpdesc.yaml': readFileSync(join(fixtures, 'same-0.8.yaml')),
    };
    const r = await analyse({
      files: [{ status: 'modified', path: 'server.mcpdesc.yaml', basePath: 'server.mcpdesc.yaml' }],
      baseSha: 'base',
      headSha: 'head',
      baseRef: 'main',
      read: async (rev, path) => sides[`${rev}:${path}`],
      engines: await realEngines({ lint: false, config: '', workspace: process.cwd() }),
    });
    const [file] = r.files;
    expect(file!.problems).toEqual([]);
    expect(file!.notes.some((note) => /base: migrated from 0\.7\.0/.test(note))).toBe(true);
    expect(file!.changes.filter((c) => /capabilit|security-scheme|schema-changed/.test(c.ruleId))).toEqual(
      [],
    );
  });
});

describe('schema semantics of the Action', () => {
  it('the input, else the workspace config file, else api; the diff engine uses it', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { realEngines, schemaSemanticsFor } = await import('../../src/action/engines.js');
    const { loadDocument } = await import('../../src/parse/index.js');
    const workspace = mkdtempSync(join(tmpdir(), 'action-semantics-'));
    try {
      const base = { lint: false, config: '', workspace };
      expect(await schemaSemanticsFor(base)).toBe('api');
      writeFileSync(join(workspace, '.mcpdesc.yaml'), 'schemaSemantics: json-schema\n');
      expect(await schemaSemanticsFor(base)).toBe('json-schema');
      expect(await schemaSemanticsFor({ ...base, schemaSemantics: 'api' })).toBe('api');
      const doc = (properties: Record<string, unknown>) =>
        loadDocument(
          JSON.stringify({
            mcpdesc: '0.8.0',
            info: { name: 'x', version: '1.0.0' },
            protocolVersions: ['2025-11-25'],
            tools: [{ name: 'a', inputSchema: { type: 'object', properties } }],
          }),
          { file: 'x.mcpdesc.json' },
        );
      const before = doc({ q: { type: 'string' } });
      const after = doc({ q: { type: 'string' }, limit: { type: 'integer' } });
      const exact = await (await realEngines(base)).diff(before, after);
      expect(exact.map((c) => `${c.ruleId}:${c.level}`)).toEqual(['input-schema-narrowed:breaking']);
      const api = await (await realEngines({ ...base, schemaSemantics: 'api' })).diff(before, after);
      expect(api.map((c) => `${c.ruleId}:${c.level}`)).toEqual(['input-schema-property-added:info']);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});
