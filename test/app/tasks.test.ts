import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkServer } from '../../src/app/check.js';
import { dumpServer } from '../../src/app/dump.js';
import { ConfigLookup } from '../../src/app/lint.js';
import type { SessionRunner } from '../../src/app/live.js';
import { mergeDriverFiles } from '../../src/app/merge-driver.js';
import { schemaDiffFiles } from '../../src/app/schema-diff.js';
import { validateFiles } from '../../src/app/validate.js';
import { resolveConfig } from '../../src/lint/index.js';
import type { LiveSurface } from '../../src/live/session.js';
import { LoadError } from '../../src/parse/errors.js';
import * as parse from '../../src/parse/index.js';
import type { FileFindings } from '../../src/report/multi-format.js';

const EXAMPLE = join(import.meta.dirname, '../../examples/weather-v2.mcpdesc.yaml');
const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-app-tasks-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const unreadable = (error: unknown, spec: string): FileFindings => {
  if (error instanceof LoadError)
    return {
      file: spec,
      findings: [],
      loadError: { code: error.code, message: error.message, line: 1, column: 1 },
    };
  throw error;
};
const loadCode = async (run: Promise<unknown>): Promise<string | undefined> =>
  run.then(
    () => undefined,
    (error: unknown) => (error instanceof LoadError ? error.code : String(error)),
  );

const SURFACE: LiveSurface = {
  protocolVersion: '2025-11-25',
  serverInfo: { name: 'weather', version: '1.2.0' },
  capabilities: { tools: {} },
  tools: [{ name: 'get_forecast', description: 'Forecast for a city', inputSchema: { type: 'object' } }],
  prompts: [],
  resources: [],
  resourceTemplates: [],
};
const fakeSession =
  (surface: LiveSurface, asked: (string | undefined)[] = []): SessionRunner =>
  async (_target, protocolVersion) => {
    asked.push(protocolVersion);
    return surface;
  };
const SERVER = { header: [], env: [] };

describe('limits come from the context of each run', () => {
  it('two runs in one process with different limits each apply their own (no global is set)', async () => {
    expect('configureLimits' in parse).toBe(false);
    const [small, large] = await Promise.all([
      validateFiles([EXAMPLE], { limits: { maxBytes: 10 }, onUnreadable: unreadable }),
      validateFiles([EXAMPLE], { onUnreadable: unreadable }),
    ]);
    expect(small.results[0]!.loadError?.code).toBe('limit-bytes');
    expect(large.results[0]!.loadError).toBeUndefined();
    // A run after a limited one is not limited by it, and the other way round.
    const depth = await validateFiles([EXAMPLE], { limits: { maxDepth: 2 }, onUnreadable: unreadable });
    expect(depth.results[0]!.loadError?.code).toBe('limit-depth');
    expect(
      (await validateFiles([EXAMPLE], { onUnreadable: unreadable })).results[0]!.loadError,
    ).toBeUndefined();
  });

  it('schema-diff, the merge driver, dump and check read with the limits they are given', async () => {
    const schema = file('s.json', '{"type": "object", "properties": {"city": {"type": "string"}}}');
    expect(
      await loadCode(
        schemaDiffFiles(schema, schema, {
          direction: 'input',
          schemaSemantics: 'api',
          limits: { maxBytes: 10 },
        }),
      ),
    ).toBe('limit-bytes');
    expect(await loadCode(schemaDiffFiles(schema, schema, { direction: 'input' }))).toBeUndefined();
    expect(await loadCode(mergeDriverFiles(EXAMPLE, EXAMPLE, EXAMPLE, { limits: { maxNodes: 5 } }))).toBe(
      'limit-nodes',
    );
    // The server's answers are input too: bounded when the dump is read back for validation.
    const dumpOptions = { ...SERVER, runSession: fakeSession(SURFACE), outputName: '<dump>' };
    expect(
      await loadCode(dumpServer(['node', 'server.js'], { ...dumpOptions, limits: { maxBytes: 10 } })),
    ).toBe('limit-bytes');
    const description = file('d.mcpdesc.yaml', (await dumpServer(['node', 'server.js'], dumpOptions)).text);
    const checkOptions = { ...SERVER, runSession: fakeSession(SURFACE) };
    expect(
      await loadCode(
        checkServer(description, ['node', 'server.js'], { ...checkOptions, limits: { maxBytes: 10 } }),
      ),
    ).toBe('limit-bytes');
    expect(await loadCode(checkServer(description, ['node', 'server.js'], checkOptions))).toBeUndefined();
  });

  it('config files are bounded by the run limits too', async () => {
    const config = file('.mcpdesc.yaml', 'extends: recommended\nrules:\n  info-description: off\n');
    await expect(new ConfigLookup({ config, limits: { maxBytes: 10 } }).configFor(undefined)).rejects.toThrow(
      /over the limit of 10/,
    );
    await expect(new ConfigLookup({ config }).configFor(undefined)).resolves.toBeDefined();
    // A built-in ruleset is part of the package, not input.
    const builtin = await resolveConfig(undefined, 'recommended', { maxBytes: 10 });
    expect(builtin.rules.size).toBeGreaterThan(0);
  });
});

describe('the live tasks, with the session given', () => {
  it('dumpServer: warnings before the session, notes, text in the format the output name asks for, validated', async () => {
    const warnings: string[] = [];
    const run = await dumpServer(['node', 'server.js'], {
      header: [],
      env: ['TOKEN=secret'],
      runSession: fakeSession(SURFACE),
      outputName: 'out.json',
      onWarning: (line) => warnings.push(line),
    });
    expect(warnings).toEqual([expect.stringMatching(/TOKEN is not recorded/)]);
    expect(run.format).toBe('json');
    expect(JSON.parse(run.text).info.name).toBe('weather');
    expect(run.text).not.toContain('secret');
    expect(run.validation).toMatchObject({ file: 'out.json', valid: true });
    const unvalidated = await dumpServer(['node', 'server.js'], {
      ...SERVER,
      runSession: fakeSession(SURFACE),
      outputName: '<dump>',
      validate: false,
    });
    expect(unvalidated.format).toBe('yaml');
    expect(unvalidated.validation).toBeUndefined();
    await expect(
      dumpServer([], { ...SERVER, runSession: fakeSession(SURFACE), outputName: '<dump>' }),
    ).rejects.toThrow(/name the server/);
  });

  it('checkServer: the revision chosen, a removed tool found, an invalid description stopping before the session', async () => {
    const description = file(
      'check.mcpdesc.yaml',
      (
        await dumpServer(['node', 'server.js'], {
          ...SERVER,
          runSession: fakeSession(SURFACE),
          outputName: '<dump>',
        })
      ).text,
    );
    const asked: (string | undefined)[] = [];
    const run = await checkServer(description, ['node', 'server.js'], {
      ...SERVER,
      runSession: fakeSession({ ...SURFACE, tools: [] }, asked),
    });
    expect(asked).toEqual(['2025-11-25']);
    if (run.kind !== 'compared') throw new Error(run.kind);
    expect(run.new.file).toBe('live:node server.js');
    expect(run.result.changes.some((c) => c.level === 'breaking')).toBe(true);

    const broken = file('broken.mcpdesc.yaml', readFileSync(description, 'utf8').replace(/^info:/m, 'inf:'));
    const validations: string[][] = [];
    const stopped = await checkServer(broken, ['node', 'server.js'], {
      ...SERVER,
      runSession: fakeSession(SURFACE, asked),
      onValidation: (files) => validations.push(files.map((f) => f.file)),
    });
    expect(stopped.kind).toBe('invalid');
    expect(validations).toEqual([[broken]]);
    expect(asked).toHaveLength(1);
  });
});

describe('schemaDiffFiles and mergeDriverFiles', () => {
  it('schemaDiffFiles: breaking narrowing, quiet keeps breaking changes only', async () => {
    const before = file('old.json', '{"type": "object", "properties": {"a": {"type": "string"}}}');
    const after = file(
      'new.json',
      '{"type": "object", "properties": {"a": {"type": "string", "maxLength": 3}, "b": {"type": "string"}}, "additionalProperties": false}',
    );
    const run = await schemaDiffFiles(before, after, { direction: 'input' });
    expect(run.exitCode).toBe(1);
    expect(run.changes.some((c) => c.level === 'breaking')).toBe(true);
    const quiet = await schemaDiffFiles(before, after, { direction: 'input', quiet: true });
    expect(quiet.changes.every((c) => c.level === 'breaking')).toBe(true);
    expect(quiet.before.file).toBe(before);
  });

  it('mergeDriverFiles: ours kept when theirs is unchanged, theirs taken byte for byte when ours is', async () => {
    const text = readFileSync(EXAMPLE, 'utf8');
    const base = file('base.yaml', text);
    const changed = file('changed.yaml', text.replace(/^(\s*version:\s*).*$/m, '$1"9.9.9"'));
    expect(await mergeDriverFiles(base, changed, base, { path: 'x.mcpdesc.yaml' })).toEqual({
      kind: 'clean',
      name: 'x.mcpdesc.yaml',
      warnings: [],
    });
    const taken = await mergeDriverFiles(base, base, changed);
    expect(taken.kind).toBe('clean');
    expect(Buffer.from((taken as { write: Uint8Array }).write).toString('utf8')).toBe(
      readFileSync(changed, 'utf8'),
    );
  });
});
