/** `mcpdesc git-setup`: run twice it changes nothing; where it cannot do its job, one line and exit 2. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'mcpdesc-git-setup-'));
// Git without the user's global config, so the repository's own answers are the only ones.
const env = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CEILING_DIRECTORIES: tmpdir(),
};

describe('git-setup run again (built CLI)', () => {
  it('changes nothing the second time, and says so; a new --command is the only change', () => {
    const dir = fresh();
    execFileSync('git', ['init', '-q'], { cwd: dir, env });
    const first = runCli(['git-setup'], { cwd: dir, env });
    expect(first.stdout).toContain('git config merge.mcpdesc.driver "mcpdesc merge-driver %O %A %B %P"');
    const again = runCli(['git-setup'], { cwd: dir, env });
    expect(again.stdout).toBe('nothing to change: the mcpdesc merge driver is already set up\n');
    expect(again.code).toBe(0);
    const other = runCli(['git-setup', '--command', 'npx mcpdesc'], { cwd: dir, env });
    expect(other.stdout).toBe(
      'wrote:\n  git config merge.mcpdesc.driver "npx mcpdesc merge-driver %O %A %B %P"\n',
    );
    expect(
      execFileSync('git', ['config', '--get', 'merge.mcpdesc.driver'], { cwd: dir, env, encoding: 'utf8' }),
    ).toBe('npx mcpdesc merge-driver %O %A %B %P\n');
  });
});

describe('git-setup refusals (built CLI)', () => {
  it('outside a repository: git’s own reason, in one line', () => {
    const dir = fresh();
    const result = runCli(['git-setup'], { cwd: dir, env });
    expect(result.stderr).toBe(
      'mcpdesc: git rev-parse --show-toplevel failed: fatal: not a git repository (or any of the parent directories): .git\n',
    );
    expect(result.code).toBe(2);
  });

  it('a directory where .gitattributes should be', () => {
    const dir = fresh();
    execFileSync('git', ['init', '-q'], { cwd: dir, env });
    mkdirSync(join(dir, '.gitattributes'));
    const result = runCli(['git-setup'], { cwd: dir, env });
    expect(result.stderr).toBe(`mcpdesc: cannot read ${join(dir, '.gitattributes')}: EISDIR\n`);
    expect(result.code).toBe(2);
    expect(readdirSync(join(dir, '.gitattributes'))).toEqual([]);
  });

  it('without git on the PATH', () => {
    const dir = fresh();
    // The CLI runs by node's absolute path: a PATH of one empty directory has no git on it.
    const result = runCli(['git-setup'], { cwd: dir, env: { ...env, PATH: fresh() } });
    expect(result.stderr).toBe('mcpdesc: git-setup needs git, which is not on the PATH\n');
    expect(result.code).toBe(2);
  });
});
