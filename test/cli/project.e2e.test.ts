import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const FIXTURE = join(import.meta.dirname, '../fixtures/serialization/valid/document.yaml');

describe('mcpdesc (built CLI)', () => {
  it('prints its version and help', () => {
    const version = runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('project');
  });

  it('exits 2 on an unknown command or a missing option', () => {
    expect(runCli(['frobnicate']).code).toBe(2);
    const missing = runCli(['project', FIXTURE]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--protocol-version');
  });
});

describe('mcpdesc project', () => {
  it('prints the view of one revision in the input format, or the one asked for', () => {
    const yaml = runCli(['project', FIXTURE, '--protocol-version', '2025-11-25']);
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toContain('protocolVersions:\n  - "2025-11-25"\n');
    const json = runCli(['project', FIXTURE, '--protocol-version', '2025-06-18', '--format', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      protocolVersions: ['2025-06-18'],
      tools: [{ name: 'get_forecast' }],
    });
  });

  it('reads stdin with - and writes -o atomically, leaving no temporary file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-project-'));
    const out = join(dir, 'view.json');
    const result = runCli(
      ['project', '-', '--protocol-version', '2025-06-18', '-o', out, '--format', 'json'],
      { input: readFileSync(FIXTURE, 'utf8') },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).protocolVersions).toEqual(['2025-06-18']);
    expect(readdirSync(dir)).toEqual(['view.json']);
  });

  it('refuses to project an invalid document, printing its diagnostics', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-project-'));
    const file = join(dir, 'invalid.mcpdesc.json');
    writeFileSync(
      file,
      JSON.stringify({
        mcpdesc: '0.8.0',
        info: { name: 'x', version: '1' },
        protocolVersions: ['2025-06-18'],
        tools: [],
      }),
    );
    const result = runCli(['project', file, '--protocol-version', '2025-06-18']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('not a valid description');
    expect(runCli(['project', file, '--protocol-version', '2025-06-18', '--no-validate']).code).toBe(0);
  });

  it('refuses a revision the document does not describe', () => {
    const result = runCli(['project', FIXTURE, '--protocol-version', '2024-11-05']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/2024-11-05 is not in the document's protocolVersions/);
  });
});

describe('bad input: one line with file:line:col, exit 2, no stack trace', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-bad-'));
  const cases: Array<[string, string, RegExp]> = [
    ['truncated.json', '{\n  "mcpdesc": "0.8.0",\n  "info": {', /truncated\.json:3:12: .*\(json-syntax\)$/],
    ['tabs.yaml', 'info:\n\tname: x\n', /tabs\.yaml:2:1: .*\(yaml-syntax\)$/],
    [
      'deep.json',
      '['.repeat(10 * 1024 * 1024),
      /deep\.json:1:257: Nesting deeper than the limit of 256 \(limit-depth\)$/,
    ],
    ['dup.yaml', 'a: 1\nb: 2\na: 3\n', /dup\.yaml:3:1: .*\(duplicate-key\)$/],
  ];
  it.each(cases)('%s', (name, content, expected) => {
    const file = join(dir, name);
    writeFileSync(file, content);
    const result = runCli(['project', file, '--protocol-version', '2025-06-18']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('a directory or a missing file is an I/O error', () => {
    expect(runCli(['project', dir, '--protocol-version', '2025-06-18'])).toMatchObject({ code: 2 });
    const missing = runCli(['project', join(dir, 'nope.json'), '--protocol-version', '2025-06-18']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.json: No such file \(not-found\)/);
  });
});

describe('mcpdesc validate output formats', () => {
  it('writes several formats at once: stylish to stdout, SARIF and JUnit to files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-validate-'));
    const file = join(dir, 'bad.mcpdesc.json');
    writeFileSync(
      file,
      JSON.stringify({
        mcpdesc: '0.8.0',
        info: { name: 'x', version: '1' },
        protocolVersions: ['2025-06-18'],
        tools: [],
      }),
    );
    const result = runCli([
      'validate',
      file,
      '-f',
      'stylish',
      '-f',
      `sarif:${join(dir, 'out.sarif')}`,
      '-f',
      `junit:${join(dir, 'out.xml')}`,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('bad.mcpdesc.json');
    const sarif = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results.length).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'out.xml'), 'utf8')).toContain('<testsuites');
  });

  it('refuses an unknown format as a usage error', () => {
    const result = runCli(['validate', FIXTURE, '-f', 'bogus']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown format "bogus"');
  });
});

describe('configurable limits (global --max-* options)', () => {
  it('applies --max-depth, --max-bytes, --max-nodes and --max-scalar-length to every command', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-limits-'));
    const file = join(dir, 'doc.json');
    writeFileSync(file, JSON.stringify({ a: [[[[[['deep', 'x'.repeat(50)]]]]]] }));
    const cases: Array<[string[], string]> = [
      [['--max-depth', '4'], 'limit-depth'],
      [['--max-bytes', '10'], 'limit-bytes'],
      [['--max-nodes', '3'], 'limit-nodes'],
      [['--max-scalar-length', '10'], 'limit-scalar'],
    ];
    for (const [option, code] of cases) {
      const result = runCli(['validate', file, ...option]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`(${code})`);
    }
  });

  it('refuses a limit that is not a positive integer as a usage error', () => {
    const result = runCli(['validate', FIXTURE, '--max-bytes', 'lots']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("argument 'lots' is invalid");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
