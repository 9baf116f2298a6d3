/**
 * End to end with the real pre-commit framework (Debian package `pre-commit`): a temporary git
 * repository uses this package as a hook repository (.pre-commit-hooks.yaml, `language: node`); a
 * document with a bad description blocks the commit with the finding printed, a good one passes.
 *
 * pre-commit installs a node hook repository with `npm install`, `npm pack` and `npm install -g` on
 * the tarball. dist/ is a build output (not in git), so the hook repository used here is this repo
 * as it would be packed: package.json, dist/, rules/, schemas/, .pre-commit-hooks.yaml and the
 * production dependencies, bundled so the install needs no network. Skips when pre-commit, git or
 * dist/ is missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = join(__dirname, '../..');

function available(command: string, args: string[]): boolean {
  try {
    return spawnSync(command, args, { encoding: 'utf8', timeout: 30_000 }).status === 0;
  } catch {
    return false;
  }
}

const ready =
  available('pre-commit', ['--version']) &&
  available('git', ['--version']) &&
  existsSync(join(REPO, 'dist/bin/mcpdesc.cjs'));

const GOOD = `mcpdesc: 0.8.0
info:
  name: weather
  version: 1.0.0
protocolVersions: ['2025-11-25']
tools:
  - name: get_forecast
    description: Get the weather forecast for a city, by day.
    annotations: { readOnlyHint: true }
    inputSchema:
      type: object
      properties:
        city: { type: string, description: City name }
      required: [city]
      additionalProperties: false
`;
// A zero-width space hidden in the description: prose-invisible-characters is an error in `recommended`.
const BAD = GOOD.replace('Get the weather forecast', 'Get the weather\u200B forecast');

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: gitEnv() });
}
function gitEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GIT_AUTHOR_NAME: 'test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
    GIT_CONFIG_NOSYSTEM: '1',
    NO_COLOR: '1',
    PRE_COMMIT_COLOR: 'never',
  };
}

/** This package as `npm pack` would ship it, with its production dependencies bundled. */
function packagedHookRepo(dir: string): string {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as Record<string, unknown>;
  const dependencies = Object.keys((pkg.dependencies as Record<string, string>) ?? {});
  const snapshot = {
    name: pkg.name,
    version: pkg.version,
    type: pkg.type,
    bin: pkg.bin,
    files: pkg.files,
    engines: pkg.engines,
    dependencies: pkg.dependencies,
    bundleDependencies: dependencies,
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(snapshot, null, 2)}\n`);
  for (const part of ['dist', 'rules', 'schemas', '.pre-commit-hooks.yaml'])
    cpSync(join(REPO, part), join(dir, part), { recursive: true });
  const parseable = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: REPO,
    encoding: 'utf8',
  });
  const tops = new Set<string>();
  for (const line of parseable.split('\n')) {
    const rel = relative(join(REPO, 'node_modules'), line.trim());
    if (!line.trim() || rel.startsWith('..') || rel === '') continue;
    const parts = rel.split('/');
    tops.add(parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] as string));
  }
  for (const top of tops)
    cpSync(join(REPO, 'node_modules', top), join(dir, 'node_modules', top), {
      recursive: true,
      dereference: true,
    });
  writeFileSync(join(dir, '.gitignore'), '');
  git(dir, 'init', '-q');
  git(dir, 'add', '-A', '-f');
  git(dir, 'commit', '-q', '-m', 'snapshot');
  return git(dir, 'rev-parse', 'HEAD').trim();
}

describe.skipIf(!ready)('pre-commit hooks (real pre-commit framework)', () => {
  let root: string;
  let project: string;
  const env = () => ({ ...gitEnv(), PRE_COMMIT_HOME: join(root, 'cache') });
  const commit = (message: string) =>
    spawnSync('git', ['commit', '-m', message], {
      cwd: project,
      encoding: 'utf8',
      env: env(),
      timeout: 240_000,
    });

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'mcpdesc-pre-commit-'));
    const hooks = join(root, 'hooks');
    project = join(root, 'project');
    mkdirSync(hooks);
    mkdirSync(project);
    const rev = packagedHookRepo(hooks);
    git(project, 'init', '-q');
    writeFileSync(
      join(project, '.pre-commit-config.yaml'),
      `repos:\n  - repo: ${hooks}\n    rev: ${rev}\n    hooks:\n      - id: mcpdesc-lint\n      - id: mcpdesc-validate\n`,
    );
    execFileSync('pre-commit', ['install'], { cwd: project, env: env(), encoding: 'utf8' });
    git(project, 'add', '.pre-commit-config.yaml');
    git(project, 'commit', '-q', '--no-verify', '-m', 'config');
  }, 300_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('blocks a commit whose document has a bad description, printing the finding', () => {
    mkdirSync(join(project, 'api'), { recursive: true });
    writeFileSync(join(project, 'api/weather.mcpdesc.yaml'), BAD);
    writeFileSync(join(project, 'notes.txt'), 'not a description\n');
    git(project, 'add', '.');
    const result = commit('bad');
    const output = result.stdout + result.stderr;
    expect(result.status, output).not.toBe(0);
    expect(output).toMatch(/mcpdesc lint\.+Failed/);
    expect(output).toMatch(
      /api\/weather\.mcpdesc\.yaml\s+8:18\s+error\s+Tool "get_forecast": description contains invisible or bidi control characters \(U\+200B at offset 15\)\s+prose-invisible-characters/,
    );
    expect(output).toMatch(/mcpdesc validate\.+Passed/);
    expect(git(project, 'log', '--format=%s')).not.toMatch(/bad/);
  }, 300_000);

  it('lets a good document through', () => {
    writeFileSync(join(project, 'api/weather.mcpdesc.yaml'), GOOD);
    writeFileSync(
      join(project, 'api/second.mcpdesc.json'),
      JSON.stringify({
        mcpdesc: '0.8.0',
        info: { name: 's', version: '1.0.0' },
        protocolVersions: ['2025-11-25'],
      }),
    );
    git(project, 'add', '.');
    const result = commit('good');
    const output = result.stdout + result.stderr;
    expect(result.status, output).toBe(0);
    expect(output).toMatch(/mcpdesc lint\.+Passed/);
    expect(git(project, 'log', '--format=%s')).toMatch(/good/);
  }, 300_000);
});
