import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/migrate');
const OLD = join(FIXTURES, 'old-0.7.yaml');
const tmp = () => mkdtempSync(join(tmpdir(), 'mcpdesc-migrate-'));

describe('mcpdesc migrate', () => {
  it('writes the 0.8.0 document to stdout and the report to stderr (exit 0)', () => {
    const r = runCli(['migrate', OLD]);
    expect(r.code).toBe(0);
    expect(
      r.stdout.startsWith('# A weather server as an existing 0.7.0 dump describes it.\nmcpdesc: 0.8.0\n'),
    ).toBe(true);
    expect(r.stdout).toContain("protocolVersions:\n- '2025-06-18'\n");
    expect(r.stderr).toContain('mcpdesc 0.7.0 → 0.8.0: migrated');
    expect(r.stderr).toMatch(/source: .*old-0\.7\.yaml:6:20 \(\/info\/protocolVersion\)/);
    expect(r.stderr).toContain('result: <stdout>:7:1 (/protocolVersions)');
  });

  it('-o writes atomically, --format json converts, --schema adds $schema, --report writes JSON', () => {
    const dir = tmp();
    const out = join(dir, 'weather.mcpdesc.json');
    const report = join(dir, 'report.json');
    const r = runCli(['migrate', OLD, '-o', out, '--schema', '--report', report]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    expect(Object.keys(doc).slice(0, 4)).toEqual(['$schema', 'mcpdesc', 'info', 'protocolVersions']);
    expect(doc.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } });
    const json = JSON.parse(readFileSync(report, 'utf8'));
    expect(json).toMatchObject({ status: 'migrated', output: out, summary: { decision: 0 } });
    expect(json.entries.find((e: { code: string }) => e.code === 'capabilities-wrapped')).toMatchObject({
      source: { pointer: '/capabilities', line: 15, column: 3 },
      result: { pointer: '/capabilities/0' },
    });
    expect(readdirSync(dir).sort()).toEqual(['report.json', 'weather.mcpdesc.json']);
  });

  it('reads JSON and stdin', () => {
    const dir = tmp();
    const json = join(dir, 'old.json');
    const yaml = runCli(['migrate', OLD, '--format', 'json']);
    const value = JSON.parse(yaml.stdout);
    writeFileSync(
      json,
      JSON.stringify(
        {
          ...value,
          mcpdesc: '0.7.0',
          info: { ...value.info, protocolVersion: '2025-06-18' },
          protocolVersions: undefined,
          capabilities: value.capabilities[0],
          securitySchemes: undefined,
          security: [value.securitySchemes.bearer],
        },
        null,
        2,
      ),
    );
    const r = runCli(['migrate', json]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(value);
    const piped = runCli(['migrate', '-', '--report-format', 'json'], { input: readFileSync(OLD, 'utf8') });
    expect(piped.code).toBe(0);
    expect(JSON.parse(piped.stderr).file).toBe('<stdin>');
  });

  it('exits 0 with warnings printed for a default', () => {
    const dir = tmp();
    const src = join(dir, 'norev.yaml');
    writeFileSync(src, readFileSync(OLD, 'utf8').replace("  protocolVersion: '2025-06-18'\n", ''));
    const missing = runCli(['migrate', src]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('[protocol-version-missing]');
    expect(missing.stderr).toContain('--protocol-version');
    const defaulted = runCli(['migrate', src, '--default-protocol-version', '2025-11-25']);
    expect(defaulted.code).toBe(0);
    expect(defaulted.stderr).toContain('migrated-with-warnings');
    expect(defaulted.stderr).toContain('Defaults applied:');
    expect(defaulted.stdout).toContain("protocolVersions:\n- '2025-11-25'\n");
  });

  it('exits 1 and writes nothing when the author must decide', () => {
    const dir = tmp();
    const out = join(dir, 'out.yaml');
    const conflict = runCli(['migrate', OLD, '--protocol-version', '2025-11-25', '-o', out]);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toContain('[protocol-version-conflict]');
    expect(readdirSync(dir)).toEqual([]);
    const src = join(dir, 'noschema.yaml');
    writeFileSync(src, readFileSync(OLD, 'utf8').replace(/ {2}inputSchema:\n( {4}.*\n)+/, ''));
    const r = runCli(['migrate', src, '--report-format', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stderr);
    expect(report.status).toBe('needs-author-input');
    expect(report.entries.filter((e: { kind: string }) => e.kind === 'decision')).toEqual([
      expect.objectContaining({
        code: 'tool-input-schema-missing',
        source: { pointer: '/tools/0', line: 18, column: 3 },
      }),
    ]);
  });

  it('exits 2 on unreadable input or a non-0.7.0 document', () => {
    const dir = tmp();
    const broken = join(dir, 'broken.yaml');
    writeFileSync(broken, 'mcpdesc: 0.7.0\ninfo: [\n');
    expect(runCli(['migrate', broken]).code).toBe(2);
    expect(runCli(['migrate', join(dir, 'missing.yaml')]).code).toBe(2);
    const old = join(dir, 'old.yaml');
    writeFileSync(old, 'mcpdesc: 0.6.0\ninfo: {name: x, version: "1"}\n');
    const r = runCli(['migrate', old]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('only 0.7.0 documents can');
    const current = runCli(['migrate', join(FIXTURES, 'same-0.8.yaml')]);
    expect(current.code).toBe(0);
    expect(current.stderr).toContain('already mcpdesc 0.8.0');
    expect(current.stdout).toBe(readFileSync(join(FIXTURES, 'same-0.8.yaml'), 'utf8'));
  });
});

describe('other commands accept 0.7.0', () => {
  it('mcpdesc diff old-0.7.yaml new-0.8.yaml works end to end and exits as a 0.8 diff would', () => {
    const same = runCli(['diff', OLD, join(FIXTURES, 'same-0.8.yaml')]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('No changes');
    expect(same.stderr.match(/old: migrated from 0\.7\.0/g)).toHaveLength(1);
    const changed = runCli(['diff', OLD, join(FIXTURES, 'new-0.8.yaml'), '--format', 'json']);
    expect(changed.code).toBe(1);
    const result = JSON.parse(changed.stdout);
    // a new required parameter breaks; its declaration on the open object is info under api semantics
    expect(result.changes.map((c: { ruleId: string }) => c.ruleId)).toEqual([
      'input-schema-narrowed',
      'input-schema-property-added',
    ]);
    const exact = runCli([
      'diff',
      OLD,
      join(FIXTURES, 'new-0.8.yaml'),
      '--format',
      'json',
      '--schema-semantics',
      'json-schema',
    ]);
    expect(JSON.parse(exact.stdout).changes.map((c: { ruleId: string }) => c.ruleId)).toEqual([
      'input-schema-narrowed',
      'input-schema-narrowed',
    ]);
    // positions of the migrated side point into the 0.7.0 file
    // (the breaking change first: the new required name, at `required:` of the 0.7.0 file)
    expect(result.changes[0].before).toMatchObject({ line: 26, column: 5 });
    expect(result.changes[1].before).toMatchObject({ line: 20, column: 3 });
    const reverse = runCli(['diff', join(FIXTURES, 'new-0.8.yaml'), OLD, '--fail-on', 'none']);
    expect(reverse.code).toBe(0);
    expect(reverse.stderr).toContain('new: migrated from 0.7.0');
  });

  it('changelog, validate and lint read a 0.7.0 document', () => {
    const changelog = runCli(['changelog', OLD, join(FIXTURES, 'new-0.8.yaml')]);
    expect(changelog.code).toBe(0);
    expect(changelog.stderr).toContain('old: migrated from 0.7.0');
    const validate = runCli(['validate', OLD]);
    expect(validate.code).toBe(0);
    expect(validate.stderr).toMatch(/old-0\.7\.yaml: migrated from 0\.7\.0/);
    const lint = runCli(['lint', OLD, '--format', 'json']);
    expect([0, 1]).toContain(lint.code);
    expect(lint.stderr).toMatch(/old-0\.7\.yaml: migrated from 0\.7\.0/);
  });

  it('a 0.7.0 document that cannot be read in memory is an input error (exit 2) naming mcpdesc migrate', () => {
    const dir = tmp();
    const src = join(dir, 'norev.yaml');
    writeFileSync(src, readFileSync(OLD, 'utf8').replace("  protocolVersion: '2025-06-18'\n", ''));
    for (const args of [
      ['diff', src, join(FIXTURES, 'same-0.8.yaml')],
      ['validate', src],
    ]) {
      const r = runCli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/norev\.yaml:4:3: .*mcpdesc migrate/);
    }
  });
});
