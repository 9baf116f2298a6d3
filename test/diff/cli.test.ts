import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const ROOT = join(import.meta.dirname, '../..');
const V1 = join(ROOT, 'examples/weather-v1.mcpdesc.yaml');
const V2 = join(ROOT, 'examples/weather-v2.mcpdesc.yaml');

function tmp(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-diff-'));
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('mcpdesc diff (built CLI)', () => {
  it('the README demo: a breaking change, a warning and an addition; exit 1 by default, 0 with --fail-on none', () => {
    const strict = runCli(['diff', V1, V2]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('BREAKING (1)');
    expect(strict.stdout).toContain('input-schema-narrowed');
    expect(strict.stdout).toContain('annotation-open-world-set');
    expect(strict.stdout).toContain('tool-added');
    expect(strict.stdout).toMatch(/weather-v1\.mcpdesc\.yaml:\d+:\d+/);
    expect(strict.stdout).not.toContain('\u001b[');
    const demo = runCli(['diff', V1, V2, '--fail-on', 'none']);
    expect(demo.code).toBe(0);
  });

  it('--fail-on thresholds', () => {
    expect(runCli(['diff', V1, V1, '--fail-on', 'info']).code).toBe(0);
    expect(runCli(['diff', V1, V2, '--fail-on', 'warning']).code).toBe(1);
    expect(runCli(['diff', V1, V2, '--fail-on', 'info']).code).toBe(1);
    expect(runCli(['diff', V1, V2, '--fail-on', 'bogus']).code).toBe(2);
  });

  it('JSON output matches docs/diff-output.schema.json', () => {
    const out = runCli(['diff', V1, V2, '--format', 'json']);
    expect(out.code).toBe(1);
    const json = JSON.parse(out.stdout);
    const schema = JSON.parse(readFileSync(join(ROOT, 'docs/diff-output.schema.json'), 'utf8'));
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(json)).toEqual(['version', 'changes', 'summary', 'notes']);
    const change = json.changes[0];
    expect(Object.keys(change).slice(0, 5)).toEqual(['ruleId', 'level', 'message', 'subject', 'revisions']);
    expect(change.before.file).toContain('weather-v1');
    expect(json.summary).toMatchObject({ breaking: 1, warning: 1 });
  });

  it('markdown output escapes document text', () => {
    const evil = readFileSync(V2, 'utf8').replace(
      'Register a webhook that receives severe weather alerts for a city.',
      'Ping @octocat and see ![x](https://evil.example/x.png) <img src=x> https://evil.example',
    );
    const file = tmp('evil.mcpdesc.yaml', evil);
    const out = runCli(['diff', V2, file, '--format', 'markdown']);
    expect(out.stdout).not.toContain('@octocat');
    expect(out.stdout).not.toContain('![x]');
    expect(out.stdout).not.toContain('<img');
    expect(out.stdout).not.toContain('https://evil');
  });

  it('an invalid side stops the diff with its diagnostics (exit 2) unless --no-validate', () => {
    const broken = tmp(
      'broken.yaml',
      readFileSync(V2, 'utf8').replace('mcpdesc: 0.8.0', 'mcpdesc: 0.8.0\nbogusRoot: 1'),
    );
    const out = runCli(['diff', V1, broken]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('broken.yaml');
    expect(out.stderr).toMatch(/\d+:\d+/);
    expect(runCli(['diff', V1, broken, '--no-validate']).code).toBe(1);
  });

  it('exits 2 on unreadable input and on an unknown --protocol-version', () => {
    expect(runCli(['diff', V1, join(ROOT, 'nope.yaml')]).code).toBe(2);
    expect(runCli(['diff', V1, V2, '--protocol-version', '2099-01-01']).code).toBe(2);
    expect(runCli(['diff', V1, V2, '--protocol-version', '2025-11-25']).code).toBe(1);
  });

  it('reads one side from stdin', () => {
    const out = runCli(['diff', V1, '-', '--format', 'json'], { input: readFileSync(V2, 'utf8') });
    expect(out.code).toBe(1);
    expect(
      JSON.parse(out.stdout).changes.some((c: { after?: { file: string } }) => c.after?.file === '<stdin>'),
    ).toBe(true);
  });

  it('--ignore suppresses by fingerprint or rule + subject; expired entries stop suppressing and say so', () => {
    const json = JSON.parse(runCli(['diff', V1, V2, '--format', 'json']).stdout);
    const breaking = json.changes.find((c: { level: string }) => c.level === 'breaking');
    const byFingerprint = tmp(
      'ignore.yaml',
      `ignore:\n  - fingerprint: ${breaking.fingerprint}\n    reason: accepted\n`,
    );
    const quiet = runCli(['diff', V1, V2, '--ignore', byFingerprint, '--format', 'json']);
    expect(quiet.code).toBe(0);
    expect(JSON.parse(quiet.stdout).summary.ignored).toBe(1);
    const byRule = tmp(
      'ignore.yaml',
      'ignore:\n  - rule: input-schema-narrowed\n    subject: tool:get_forecast\n',
    );
    expect(runCli(['diff', V1, V2, '--ignore', byRule]).code).toBe(0);
    const expired = tmp(
      'ignore.yaml',
      'ignore:\n  - rule: input-schema-narrowed\n    subject: tool:get_forecast\n    expires: 2000-01-01\n',
    );
    const loud = runCli(['diff', V1, V2, '--ignore', expired]);
    expect(loud.code).toBe(1);
    expect(loud.stderr).toContain('expired on 2000-01-01');
    const bad = tmp('ignore.yaml', 'ignore:\n  - reason: no key\n');
    expect(runCli(['diff', V1, V2, '--ignore', bad]).code).toBe(2);
  });

  it('colour follows FORCE_COLOR / NO_COLOR / --no-color', () => {
    const coloured = runCli(['diff', V1, V2], { env: { NO_COLOR: '', FORCE_COLOR: '1' } });
    expect(coloured.stdout).toContain('\u001b[');
    const plain = runCli(['diff', V1, V2, '--no-color'], { env: { NO_COLOR: '', FORCE_COLOR: '1' } });
    expect(plain.stdout).not.toContain('\u001b[');
  });
});

describe('mcpdesc changelog (built CLI)', () => {
  it('groups release notes and suggests a version; warns when the new version is too low', () => {
    const out = runCli(['changelog', V1, V2]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('### Breaking');
    expect(out.stdout).toContain('### Added');
    expect(out.stdout).toContain('**2.0.0**');
    expect(out.stderr).toContain('lower than the suggested 2.0.0');
    const json = JSON.parse(runCli(['changelog', V1, V2, '--format', 'json']).stdout);
    expect(json.bump).toBe('major');
    expect(json.suggestedVersion).toBe('2.0.0');
  });
});
