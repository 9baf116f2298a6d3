/**
 * End to end through the built CLI (dist/bin/mcpdesc.cjs, built by `npm test`): `merge` writes atomically
 * and only on success; `git-setup` registers the driver in a real repository and `git merge` uses it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const CLI = join(import.meta.dirname, '../../dist/bin/mcpdesc.cjs');
const built = existsSync(CLI);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-merge-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: tmpdir(),
  NO_COLOR: '1',
};
const run = (cwd: string, args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd, env, encoding: 'utf8' });

const DOC = (search: string, rate: string) => `mcpdesc: 0.8.0
info:
  name: chess
  version: 1.0.0
protocolVersions:
  - '2025-11-25'
tools:
  - name: search
    description: ${search}
    inputSchema:
      type: object
  - name: rate
    description: ${rate}
    inputSchema:
      type: object
`;

describe.skipIf(!built)('mcpdesc merge (CLI)', () => {
  it('writes the merge atomically, onto an input only when it succeeds', () => {
    const dir = tempDir();
    const a = DOC('Search games', 'Rate a player').replace("  - '2025-11-25'", "  - '2026-07-28'");
    writeFileSync(join(dir, 'a.yaml'), a);
    writeFileSync(join(dir, 'b.yaml'), DOC('Search games', 'Rate a player'));
    writeFileSync(join(dir, 'c.yaml'), DOC('Search all games', 'Rate a player'));
    // A refusal writes nothing, not even onto an input.
    const refused = run(dir, ['merge', 'b.yaml', 'c.yaml', '-o', 'b.yaml']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('mcpdesc merge: 1 conflict, nothing written');
    expect(refused.stderr).toContain('b.yaml:9:5  /tools/0/description  "Search games"');
    expect(refused.stderr).toContain('c.yaml:9:5  /tools/0/description  "Search all games"');
    expect(readFileSync(join(dir, 'b.yaml'), 'utf8')).toBe(DOC('Search games', 'Rate a player'));
    // Success onto an input: allowed, and no temporary file is left behind.
    const ok = run(dir, ['merge', 'a.yaml', 'b.yaml', '-o', 'a.yaml']);
    expect(ok.status).toBe(0);
    expect(parse(readFileSync(join(dir, 'a.yaml'), 'utf8'))).toMatchObject({
      protocolVersions: ['2026-07-28', '2025-11-25'],
      tools: [{ name: 'search' }, { name: 'rate' }],
    });
    expect(readdirSync(dir).sort()).toEqual(['a.yaml', 'b.yaml', 'c.yaml']);
    // JSON report and JSON output.
    const json = run(dir, ['merge', 'b.yaml', 'c.yaml', '--report-format', 'json']);
    expect(JSON.parse(json.stdout).conflicts[0].code).toBe('revision-view-conflict');
    const out = run(dir, ['merge', 'b.yaml', 'b.yaml', '--format', 'json']);
    expect(JSON.parse(out.stdout).tools).toHaveLength(2);
  }, 120_000);
});

describe.skipIf(!built)('git merge driver (real repository)', () => {
  it('merges edits of different tools cleanly; the same field edited differently is a conflict that loses nothing', () => {
    const dir = tempDir();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd: dir, env, encoding: 'utf8' });
    git('init', '-q');
    const setup = run(dir, ['git-setup', '--command', `"${process.execPath}" "${CLI}"`]);
    expect(setup.status).toBe(0);
    expect(readFileSync(join(dir, '.gitattributes'), 'utf8')).toContain('*.mcpdesc.yaml merge=mcpdesc');
    expect(git('config', 'merge.mcpdesc.driver').trim()).toBe(
      `"${process.execPath}" "${CLI}" merge-driver %O %A %B %P`,
    );
    const file = join(dir, 'server.mcpdesc.yaml');
    const commit = (text: string, message: string) => {
      writeFileSync(file, text);
      git('add', '.');
      git('commit', '-q', '-m', message);
    };
    commit(DOC('Search games', 'Rate a player'), 'base');

    // Clean: two branches edit different tools.
    git('checkout', '-q', '-b', 'left');
    commit(DOC('Search all games', 'Rate a player'), 'left');
    git('checkout', '-q', 'main');
    git('checkout', '-q', '-b', 'right');
    commit(DOC('Search games', 'Rate one player'), 'right');
    git('merge', '-q', '--no-edit', 'left');
    expect(
      parse(readFileSync(file, 'utf8')).tools.map((t: { description: string }) => t.description),
    ).toEqual(['Search all games', 'Rate one player']);

    // Conflict: both edit the same field differently.
    git('checkout', '-q', '-b', 'ours');
    commit(DOC('Find games', 'Rate one player'), 'ours');
    git('checkout', '-q', 'right');
    git('checkout', '-q', '-b', 'theirs');
    commit(DOC('Look up games', 'Rate one player'), 'theirs');
    git('checkout', '-q', 'ours');
    const merge = spawnSync('git', ['merge', '--no-edit', 'theirs'], { cwd: dir, env, encoding: 'utf8' });
    expect(merge.status).not.toBe(0);
    expect(merge.stderr + merge.stdout).toContain('concurrent-edit');
    // Ours is left in the working tree, byte for byte; git marks the file as conflicted.
    expect(readFileSync(file, 'utf8')).toBe(DOC('Find games', 'Rate one player'));
    expect(git('diff', '--name-only', '--diff-filter=U').trim()).toBe('server.mcpdesc.yaml');
    // The sidecar keeps base, ours and theirs of the conflicting field.
    const sidecar = JSON.parse(readFileSync(`${file}.mcpdesc-conflict.json`, 'utf8'));
    expect(sidecar.kept).toBe('ours');
    expect(sidecar.conflicts).toHaveLength(1);
    expect(sidecar.conflicts[0].code).toBe('concurrent-edit');
    expect(sidecar.conflicts[0].sides.map((s: { side: string; value: string }) => [s.side, s.value])).toEqual(
      [
        ['base', 'Search all games'],
        ['ours', 'Find games'],
        ['theirs', 'Look up games'],
      ],
    );
    // Git still has every side, and the sidecar is not offered for commit.
    expect(git('show', ':3:server.mcpdesc.yaml')).toBe(DOC('Look up games', 'Rate one player'));
    expect(git('status', '--porcelain')).not.toContain('mcpdesc-conflict');
  }, 120_000);
});
