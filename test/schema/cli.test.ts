import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { runSchemaDiff } from '../../src/schema/index.js';
import { sarifSchemaErrors } from '../support/sarif-schema.js';

const before = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false };
const after = {
  type: 'object',
  properties: { a: { type: ['string', 'null'] }, b: { type: 'integer' } },
  required: ['b'],
  additionalProperties: false,
};

describe('runSchemaDiff', () => {
  it('input: a new required property is breaking (exit 1), JSON has the documented shape', () => {
    const result = runSchemaDiff(before, after, { direction: 'input', format: 'json' });
    expect(result.exitCode).toBe(1);
    const parsed = JSON.parse(result.output) as { changes: Record<string, unknown>[] };
    expect(parsed.changes.map((c) => Object.keys(c).sort())).toEqual(
      parsed.changes.map(() => ['effect', 'kind', 'level', 'message', 'pointerNew', 'pointerOld']),
    );
    expect(parsed.changes).toContainEqual(
      expect.objectContaining({
        kind: 'property-required-added',
        level: 'breaking',
        effect: 'narrowed',
        pointerOld: '',
        pointerNew: '/required/0',
      }),
    );
  });

  it('output: the same edit widens (null, a new property on a closed object) and breaks', () => {
    const result = runSchemaDiff(before, after, { direction: 'output', format: 'text' });
    expect(result.exitCode).toBe(1);
    expect(result.output).toMatch(/^breaking {2}nullable-added {2}\/properties\/a\/type/m);
    expect(result.output).toMatch(/verdict: breaking\n$/);
  });

  it('no breaking change exits 0; text says so', () => {
    expect(runSchemaDiff(before, before, { direction: 'input', format: 'text' })).toEqual({
      exitCode: 0,
      output: 'No changes (input schema).\n',
      changes: [],
    });
    // null no longer produced: an output narrowing is info
    const narrower = { ...after, properties: { a: { type: 'string' }, b: { type: 'integer' } } };
    expect(runSchemaDiff(after, narrower, { direction: 'output', format: 'json' }).exitCode).toBe(0);
  });

  it('a value that is not a schema exits 2', () => {
    expect(runSchemaDiff(before, 42, { direction: 'input', format: 'json' })).toMatchObject({
      exitCode: 2,
      error: expect.stringContaining('new schema'),
    });
  });
});

describe('mcpdesc schema-diff', () => {
  const dir = mkdtempSync(join(tmpdir(), 'schema-diff-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  async function run(...args: string[]): Promise<{ code: number; stdout: string }> {
    let stdout = '';
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stdout += String(chunk);
      return true;
    });
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      return { code: await runCli(['node', 'mcpdesc', 'schema-diff', ...args]), stdout };
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  }

  it('reads JSON and YAML, exits 1 on breaking, prints the JSON report', async () => {
    const oldFile = file('old.json', JSON.stringify(before));
    const newFile = file(
      'new.yaml',
      'type: object\nproperties:\n  a: {type: string}\n  b: {type: integer}\nrequired: [b]\nadditionalProperties: false\n',
    );
    const result = await run(oldFile, newFile, '--format', 'json');
    expect(result.code).toBe(1);
    expect(
      JSON.parse(result.stdout)
        .changes.map((c: { kind: string }) => c.kind)
        .sort(),
    ).toEqual(['property-added', 'property-required-added']);
    expect((await run(oldFile, oldFile, '--direction', 'output')).code).toBe(0);
  });

  it('-f sarif, github, junit: each change at its place in the new file (a removal where the new file says so); -q keeps the breaking ones', async () => {
    const oldFile = file(
      'f old.yaml',
      'type: object\nproperties:\n  a: {type: string}\n  gone: {type: string}\nadditionalProperties: false\n',
    );
    const newFile = file(
      'f new.yaml',
      'type: object\nproperties:\n  a: {type: string}\n  b: {type: integer}\nrequired: [b]\nadditionalProperties: false\n',
    );
    const sarifPath = join(dir, 'reports', 'schema.sarif');
    const result = await run(oldFile, newFile, '-f', `sarif:${sarifPath}`, '-f', 'github', '-f', 'json');
    expect(result.code).toBe(1);
    const log = JSON.parse(readFileSync(sarifPath, 'utf8'));
    expect(sarifSchemaErrors(log)).toEqual([]);
    const located = (
      log.runs[0].results as {
        ruleId: string;
        level: string;
        locations: {
          physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
        }[];
      }[]
    ).map((r) => [
      r.ruleId,
      r.level,
      r.locations[0]?.physicalLocation.artifactLocation.uri.split('/').pop(),
      r.locations[0]?.physicalLocation.region.startLine,
    ]);
    expect(located).toEqual(
      expect.arrayContaining([
        ['property-required-added', 'error', 'f%20new.yaml', 5],
        ['property-removed', 'error', 'f%20new.yaml', 6],
      ]),
    );
    const [annotations, json] = [
      result.stdout.slice(0, result.stdout.indexOf('{')),
      result.stdout.slice(result.stdout.indexOf('{')),
    ];
    expect(annotations).toMatch(
      /^::error file=[^,]*f new\.yaml,line=5,col=\d+,title=mcpdesc property-required-added::/m,
    );
    expect(JSON.parse(json).version).toBe(1);
    const quiet = await run(oldFile, newFile, '-f', 'json', '-q');
    expect(JSON.parse(quiet.stdout).changes.every((c: { level: string }) => c.level === 'breaking')).toBe(
      true,
    );
    const junit = await run(oldFile, newFile, '-f', 'junit');
    expect(junit.stdout).toMatch(/<testsuites name="mcpdesc schema-diff" tests="\d+" failures="[1-9]/);
    expect((await run(oldFile, newFile, '-f', 'markdown')).code).toBe(2);
  });

  it('--schema-semantics: a new optional property on an open object is info under api (the default), breaking under json-schema', async () => {
    const oldFile = file(
      'open-old.json',
      JSON.stringify({ type: 'object', properties: { q: { type: 'string' } } }),
    );
    const newFile = file(
      'open-new.json',
      JSON.stringify({ type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } } }),
    );
    const api = await run(oldFile, newFile, '--format', 'json');
    expect(api.code).toBe(0);
    expect(JSON.parse(api.stdout).changes).toEqual([
      {
        kind: 'property-added',
        level: 'info',
        effect: 'narrowed',
        pointerOld: '',
        pointerNew: '/properties/limit',
        message: 'property "limit" added to an open object (type-constraint-added)',
        contractRule: 'property-added',
      },
    ]);
    expect((await run(oldFile, newFile, '--schema-semantics', 'api')).code).toBe(0);
    const exact = await run(oldFile, newFile, '--schema-semantics', 'json-schema', '--format', 'json');
    expect(exact.code).toBe(1);
    expect(JSON.parse(exact.stdout).changes[0]).not.toHaveProperty('contractRule');
    expect((await run(oldFile, newFile, '--schema-semantics', 'exact')).code).toBe(2);
  });

  it('schemaSemantics in the config file found from the working directory applies; the flag wins', async () => {
    const project = mkdtempSync(join(dir, 'project-'));
    const oldFile = file(
      'cfg-old.json',
      JSON.stringify({ type: 'object', properties: { q: { type: 'string' } } }),
    );
    const newFile = file(
      'cfg-new.json',
      JSON.stringify({ type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } } }),
    );
    const cwd = process.cwd();
    try {
      writeFileSync(join(project, '.mcpdesc.yaml'), 'schemaSemantics: json-schema\n');
      process.chdir(project);
      expect((await run(oldFile, newFile)).code).toBe(1);
      expect((await run(oldFile, newFile, '--schema-semantics', 'api')).code).toBe(0);
      writeFileSync(join(project, '.mcpdesc.yaml'), 'schemaSemantics: strict\n');
      expect((await run(oldFile, newFile)).code).toBe(2);
    } finally {
      process.chdir(cwd);
    }
  });

  it('exits 2 on a missing file, a non-schema, or a bad direction', async () => {
    const oldFile = file('old2.json', JSON.stringify(before));
    expect((await run(oldFile, join(dir, 'missing.json'))).code).toBe(2);
    expect((await run(oldFile, file('num.json', '42'))).code).toBe(2);
    expect((await run(oldFile, oldFile, '--direction', 'sideways')).code).toBe(2);
  });
});
