import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const EXAMPLES = join(import.meta.dirname, '../../examples');

// Through the built bundle: `REV:path` operands run `git cat-file`, which the bundle loads lazily.
describe('git REV:path operands (built CLI)', () => {
  const repo = mkdtempSync(join(tmpdir(), 'mcpdesc-git-operands-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
      cwd: repo,
      encoding: 'utf8',
    });
  git('init', '-q');
  const file = join(repo, 'weather.mcpdesc.yaml');
  writeFileSync(file, readFileSync(join(EXAMPLES, 'weather-v1.mcpdesc.yaml')));
  mkdirSync(join(repo, 'sub'));
  writeFileSync(
    join(repo, 'sub', 'other.mcpdesc.yaml'),
    readFileSync(join(EXAMPLES, 'weather-v1.mcpdesc.yaml')),
  );
  git('add', '.');
  git('commit', '-qm', 'v1');
  writeFileSync(file, readFileSync(join(EXAMPLES, 'weather-v2.mcpdesc.yaml')));

  it('diffs the committed version against the working file', () => {
    const result = runCli(['diff', 'HEAD:weather.mcpdesc.yaml', 'weather.mcpdesc.yaml', '--format', 'json'], {
      cwd: repo,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { changes: unknown[] };
    expect(report.changes.length).toBeGreaterThan(0);
  });

  it('validates a committed version, and names a missing one in one line with exit 2', () => {
    expect(runCli(['validate', 'HEAD:weather.mcpdesc.yaml'], { cwd: repo }).code).toBe(0);
    const missing = runCli(['validate', 'HEAD:missing.yaml'], { cwd: repo });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      "mcpdesc: HEAD:missing.yaml: cannot read it from git: fatal: path 'missing.yaml' does not exist in 'HEAD' (git-error)\n",
    );
  });

  it('refuses a directory in one line with exit 2 (git show printed its listing, validated as YAML)', () => {
    const dir = runCli(['validate', 'HEAD:sub'], { cwd: repo });
    expect(dir.stderr).toMatch(/^mcpdesc: HEAD:sub: cannot read it from git: fatal: .*\(git-error\)\n/);
    expect(dir.code).toBe(2);
  });
});
