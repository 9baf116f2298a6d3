/** Config conventions end to end (the built CLI): `ignorePatterns`, and `--ruleset` beside a config file. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIgnoredFile } from '../../src/lint/glob.js';
import { runCli } from '../support/cli.js';

const BAD = `mcpdesc: 0.8.0
info:
  name: bad
  version: 1.0.0
protocolVersions: ['2025-11-25']
tools:
  - name: get_user
    description: Fetch one user record by its numeric id.
    inputSchema:
      type: object
      properties:
        id: { type: integer, description: The user id }
      required: [id, nope]
`;

describe('isIgnoredFile (gitignore-style, as ESLint ignorePatterns)', () => {
  const base = '/repo';
  const cases: [string[], string, boolean][] = [
    [['generated/'], '/repo/generated/a.mcpdesc.json', true],
    [['generated'], '/repo/x/generated/a.mcpdesc.json', true],
    [['/generated'], '/repo/x/generated/a.mcpdesc.json', false],
    [['/generated'], '/repo/generated/deep/a.mcpdesc.json', true],
    [['*.draft.mcpdesc.yaml'], '/repo/a/b/c.draft.mcpdesc.yaml', true],
    [['*.draft.mcpdesc.yaml'], '/repo/a/b/c.mcpdesc.yaml', false],
    [['vendor/**/*.json'], '/repo/vendor/x/y.json', true],
    [['vendor/**', '!vendor/keep.mcpdesc.json'], '/repo/vendor/keep.mcpdesc.json', false],
    [['vendor/**', '!vendor/keep.mcpdesc.json'], '/repo/vendor/drop.mcpdesc.json', true],
    [['!a.json', 'a.json'], '/repo/a.json', true],
    [['**'], '/elsewhere/a.json', false],
    [[], '/repo/a.json', false],
  ];
  it.each(cases)('%j on %s: %s', (patterns, file, expected) => {
    expect(isIgnoredFile([{ patterns, baseDir: base }], file)).toBe(expected);
  });

  it('applies each config file’s patterns relative to its own directory, later ones last', () => {
    const layers = [
      { patterns: ['sub/'], baseDir: '/repo' },
      { patterns: ['!keep.json'], baseDir: '/repo/sub' },
    ];
    expect(isIgnoredFile(layers, '/repo/sub/keep.json')).toBe(false);
    expect(isIgnoredFile(layers, '/repo/sub/other.json')).toBe(true);
  });
});

describe('mcpdesc lint with a config file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcpdesc-config-conventions-'));
    mkdirSync(join(dir, 'generated'), { recursive: true });
    mkdirSync(join(dir, 'api'), { recursive: true });
    writeFileSync(join(dir, 'generated/out.mcpdesc.yaml'), BAD);
    writeFileSync(join(dir, 'api/bad.mcpdesc.yaml'), BAD);
    writeFileSync(join(dir, '.mcpdesc.yaml'), 'extends: recommended\nignorePatterns: [generated/]\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const lint = (args: string[]) => runCli(['lint', ...args], { cwd: dir });

  it('skips files ignorePatterns match (and the config file) when a glob or directory finds them, silently', () => {
    const r = lint(['-f', 'json']);
    const report = JSON.parse(r.stdout) as { files: { file: string }[] };
    expect(report.files.map((f) => f.file)).toEqual(['api/bad.mcpdesc.yaml']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
  });

  it('says so when a file named on the command line is ignored, and does not lint it', () => {
    const r = lint(['generated/out.mcpdesc.yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /warning: generated\/out\.mcpdesc\.yaml is not linted: ignorePatterns in .*\.mcpdesc\.yaml match it/,
    );
  });

  it('rejects ignorePatterns of the wrong type with file:line:col', () => {
    const other = mkdtempSync(join(tmpdir(), 'mcpdesc-config-conventions-'));
    try {
      writeFileSync(join(other, '.mcpdesc.yaml'), 'ignorePatterns: 5\n');
      writeFileSync(join(other, 'a.mcpdesc.yaml'), BAD);
      const r = runCli(['lint', 'a.mcpdesc.yaml'], { cwd: other });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/\.mcpdesc\.yaml:1:17: must be string/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('warns that an explicit --ruleset does not apply where a config file does, and lints with the config', () => {
    const withFlag = lint(['api/bad.mcpdesc.yaml', '--ruleset', 'strict', '-f', 'json']);
    const without = lint(['api/bad.mcpdesc.yaml', '-f', 'json']);
    expect(withFlag.stderr).toMatch(
      /warning: --ruleset strict is not used for files under .*\.mcpdesc\.yaml: the config file decides their rules/,
    );
    expect(withFlag.stdout).toBe(without.stdout);
    expect(without.stderr).toBe('');
  });

  it('uses --ruleset without a word where no config file applies', () => {
    const other = mkdtempSync(join(tmpdir(), 'mcpdesc-config-conventions-'));
    try {
      writeFileSync(join(other, 'a.mcpdesc.yaml'), BAD);
      const r = runCli(['lint', 'a.mcpdesc.yaml', '--ruleset', 'strict'], { cwd: other });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(1);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
