/** `mcpdesc lint --cache` end to end (the built CLI): hits, misses, and cache files left alone. */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, runCli } from '../support/cli.js';

const DOC = `mcpdesc: 0.8.0
info:
  name: cached
  version: 1.0.0
protocolVersions: ['2025-11-25']
tools:
  - name: get_user
    annotations: { readOnlyHint: true }
    inputSchema:
      type: object
      properties:
        id: { type: integer, description: The user id }
      additionalProperties: false
`;
const MISSING_DESCRIPTION = /tool-description/;

const root = mkdtempSync(join(tmpdir(), 'mcpdesc-lint-cache-e2e-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;
function project(files: Record<string, string> = { 'a.mcpdesc.yaml': DOC }): string {
  const dir = join(root, `case-${counter++}`);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
const lint = (dir: string, ...args: string[]) => runCli(['lint', ...args], { cwd: dir });

/**
 * Rewrites every cached message: a later run that prints the rewritten text was served from the
 * cache, one that prints the real text linted the file again.
 */
function markCachedMessages(file: string): void {
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"message":"', '"message":"FROM CACHE: '));
}

describe('mcpdesc lint --cache', () => {
  it('serves an unchanged file from the cache, with the same report and exit code', () => {
    const dir = project();
    const first = lint(dir, '--cache', 'a.mcpdesc.yaml');
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(MISSING_DESCRIPTION);
    const second = lint(dir, '--cache', 'a.mcpdesc.yaml');
    expect(second).toEqual(first);
    // The operand may be spelled differently: the cache is keyed by the absolute path.
    markCachedMessages(join(dir, '.mcpdesc-cache'));
    const marked = lint(dir, '--cache', './a.mcpdesc.yaml', '-f', 'json');
    const report = JSON.parse(marked.stdout) as {
      files: { file: string; findings: { message: string; location: { file: string } }[] }[];
    };
    expect(report.files[0]?.file).toBe('./a.mcpdesc.yaml');
    expect(report.files[0]?.findings.length).toBeGreaterThan(0);
    for (const finding of report.files[0]?.findings ?? []) {
      expect(finding.message).toMatch(/^FROM CACHE: /);
      expect(finding.location.file).toBe('./a.mcpdesc.yaml');
    }
    expect(marked.code).toBe(first.code);
  });

  it('lints a file again once its bytes change', () => {
    const dir = project();
    expect(lint(dir, '--cache', 'a.mcpdesc.yaml').code).toBe(0);
    markCachedMessages(join(dir, '.mcpdesc-cache'));
    writeFileSync(
      join(dir, 'a.mcpdesc.yaml'),
      DOC.replace(
        '      additionalProperties: false\n',
        '      required: [id, nope]\n      additionalProperties: false\n',
      ),
    );
    const changed = lint(dir, '--cache', 'a.mcpdesc.yaml');
    expect(changed.stdout).not.toContain('FROM CACHE');
    expect(changed.stdout).toMatch(/required-property-defined/);
    expect(changed.code).toBe(1);
  });

  it.each([
    [
      'the config file changes',
      { '.mcpdesc.yaml': 'rules: { tool-description: error }\n' },
      (dir: string) => writeFileSync(join(dir, '.mcpdesc.yaml'), 'rules: { tool-description: off }\n'),
      0,
    ],
    [
      'a custom function module changes',
      {
        '.mcpdesc.yaml':
          'functions: { mine: ./fn.mjs }\nrules:\n  my-rule: { description: d, severity: error, given: Tool, then: { function: mine } }\n',
        'fn.mjs': 'export default () => [];\n',
      },
      (dir: string) =>
        writeFileSync(join(dir, 'fn.mjs'), "export default () => [{ message: 'now failing' }];\n"),
      1,
    ],
  ])('lints again when %s', (_name, files, change, exitAfter) => {
    const dir = project({ 'a.mcpdesc.yaml': DOC, ...files });
    const before = lint(dir, '--cache', 'a.mcpdesc.yaml');
    expect(before.stderr).toBe('');
    markCachedMessages(join(dir, '.mcpdesc-cache'));
    change(dir);
    const after = lint(dir, '--cache', 'a.mcpdesc.yaml');
    expect(after.stdout).not.toContain('FROM CACHE');
    expect(after.code).toBe(exitAfter);
    expect(after.code).not.toBe(before.code);
  });

  it('caches the whole result: --quiet and the thresholds apply to it afterwards', () => {
    const dir = project();
    lint(dir, '--cache', 'a.mcpdesc.yaml');
    const quiet = lint(dir, '--cache', '--quiet', 'a.mcpdesc.yaml');
    expect(quiet.stdout).toBe('');
    expect(lint(dir, '--cache', '--fail-severity', 'warning', 'a.mcpdesc.yaml').code).toBe(1);
    expect(lint(dir, '--cache', 'a.mcpdesc.yaml').stdout).toMatch(MISSING_DESCRIPTION);
  });

  it('prints a migrated 0.7.0 document’s note again on a hit', () => {
    const dir = project({});
    copyFileSync(
      join(import.meta.dirname, '../fixtures/migrate/old-0.7.yaml'),
      join(dir, 'old.mcpdesc.yaml'),
    );
    const first = lint(dir, '--cache', 'old.mcpdesc.yaml');
    expect(first.stderr).toMatch(/^mcpdesc: note: /);
    expect(lint(dir, '--cache', 'old.mcpdesc.yaml')).toEqual(first);
  });

  it('uses --cache-location (a file, or a directory), and drops the entries of deleted files', () => {
    const dir = project({ 'a.mcpdesc.yaml': DOC, 'b.mcpdesc.yaml': DOC, 'cache/keep': '' });
    lint(dir, '--cache', '--cache-location', 'cache', 'a.mcpdesc.yaml', 'b.mcpdesc.yaml');
    const cacheFile = join(dir, 'cache/.mcpdesc-cache');
    expect(Object.keys(JSON.parse(readFileSync(cacheFile, 'utf8')).entries)).toHaveLength(2);
    rmSync(join(dir, 'b.mcpdesc.yaml'));
    lint(dir, '--cache', '--cache-location', 'cache/', 'a.mcpdesc.yaml');
    expect(Object.keys(JSON.parse(readFileSync(cacheFile, 'utf8')).entries)).toEqual([
      join(dir, 'a.mcpdesc.yaml'),
    ]);
    lint(dir, '--cache', '--cache-location', 'my-cache.json', 'a.mcpdesc.yaml');
    expect(JSON.parse(readFileSync(join(dir, 'my-cache.json'), 'utf8')).format).toBe('mcpdesc-lint-cache/1');
  });

  it('keeps the entries of a run that wrote the cache while it was linting', () => {
    // The custom rule runs a whole second lint (of b) in the middle of the first (of a): the second
    // writes the cache after the first has read it and before the first writes it.
    const second = DOC.replace('name: cached', 'name: second');
    const dir = project({
      'a.mcpdesc.yaml': DOC,
      'b.mcpdesc.yaml': second,
      '.mcpdesc.yaml':
        'extends: [recommended]\nfunctions: { other-run: ./other-run.mjs }\nrules:\n  other-run: { description: d, severity: error, given: Document, then: { function: other-run } }\n',
      'other-run.mjs': [
        "import { execFileSync } from 'node:child_process';",
        'export default (document) => {',
        "  if (document.info.name === 'cached')",
        "    execFileSync(process.execPath, [process.env.MCPDESC_CLI, 'lint', '--cache', 'b.mcpdesc.yaml'], { stdio: 'ignore' });",
        '  return [];',
        '};',
        '',
      ].join('\n'),
    });
    const first = runCli(['lint', '--cache', 'a.mcpdesc.yaml'], { cwd: dir, env: { MCPDESC_CLI: CLI } });
    expect(first.stderr).toBe('');
    const cacheFile = join(dir, '.mcpdesc-cache');
    expect(Object.keys(JSON.parse(readFileSync(cacheFile, 'utf8')).entries).sort()).toEqual([
      join(dir, 'a.mcpdesc.yaml'),
      join(dir, 'b.mcpdesc.yaml'),
    ]);
    markCachedMessages(cacheFile);
    expect(lint(dir, '--cache', 'b.mcpdesc.yaml').stdout).toContain('FROM CACHE');
  });

  it('rebuilds a damaged cache of its own, with a note', () => {
    const dir = project();
    lint(dir, '--cache', 'a.mcpdesc.yaml');
    const cacheFile = join(dir, '.mcpdesc-cache');
    const whole = readFileSync(cacheFile, 'utf8');
    writeFileSync(cacheFile, whole.slice(0, whole.length >> 1));
    const damaged = lint(dir, '--cache', 'a.mcpdesc.yaml');
    expect(damaged.stderr).toBe(
      `mcpdesc: note: the lint cache ${cacheFile}: it was damaged (not JSON) and is rebuilt\n`,
    );
    expect(damaged.stdout).toMatch(MISSING_DESCRIPTION);
    expect(readFileSync(cacheFile, 'utf8')).toBe(whole);
    expect(lint(dir, '--cache', 'a.mcpdesc.yaml').stderr).toBe('');
  });

  it('never overwrites a file that is not its cache, and still lints', () => {
    const dir = project({ 'a.mcpdesc.yaml': DOC, 'package.json': '{"name":"mine"}\n' });
    const result = lint(dir, '--cache', '--cache-location', 'package.json', 'a.mcpdesc.yaml');
    expect(result.stderr).toBe(
      `mcpdesc: note: not using the lint cache ${join(dir, 'package.json')}: it is not an mcpdesc lint cache\n`,
    );
    expect(result.stdout).toMatch(MISSING_DESCRIPTION);
    expect(result.code).toBe(0);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe('{"name":"mine"}\n');
  });

  it('keeps the exit code when the cache cannot be written, and says so in one line', () => {
    const dir = project();
    const result = lint(dir, '--cache', '--cache-location', 'no/such/dir/cache.json', 'a.mcpdesc.yaml');
    expect(result.stderr).toMatch(/^mcpdesc: note: cannot write the lint cache .*cache\.json: ENOENT\n$/);
    expect(result.code).toBe(0);
  });

  it('does not cache files that cannot be read, nor standard input', () => {
    const dir = project({ 'bad.mcpdesc.json': '{"mcpdesc": ' });
    const first = lint(dir, '--cache', 'bad.mcpdesc.json');
    expect(first.code).toBe(2);
    const stdin = runCli(['lint', '--cache', '-'], { cwd: dir, input: DOC });
    expect(stdin.stdout).toMatch(MISSING_DESCRIPTION);
    // Nothing was cached, so no cache file was written.
    expect(existsSync(join(dir, '.mcpdesc-cache'))).toBe(false);
  });
});
