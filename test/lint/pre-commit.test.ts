/**
 * End to end with the real pre-commit framework (Debian package `pre-commit`): a temporary git
 * repository uses a clone of THIS repository, at its committed HEAD, as its hook repository
 * (`repo:` the clone, `rev:` the commit sha), exactly as a user pins it. `pre-commit install-hooks`
 * must succeed; a document with a bad description blocks the commit with the finding's
 * file and line:col printed; a good one passes. The hooks run the committed single-file bundle
 * (hooks/mcpdesc.cjs, `language: script`), so this needs neither a build nor the network. Skips
 * (saying why) when pre-commit or git is missing, or when this is not a git checkout.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipping } from '../support/skips.js';

const REPO = join(__dirname, '../..');

function available(command: string, args: string[]): boolean {
  try {
    return spawnSync(command, args, { encoding: 'utf8', timeout: 30_000 }).status === 0;
  } catch {
    return false;
  }
}

const missing = !available('pre-commit', ['--version'])
  ? 'pre-commit is not installed (Debian: apt-get install pre-commit)'
  : !available('git', ['--version'])
    ? 'git is not installed'
    : !available('git', ['-C', REPO, 'rev-parse', 'HEAD'])
      ? `${REPO} is not a git checkout`
      : undefined;
if (missing) skipping('test/lint/pre-commit.test.ts (pre-commit end to end)', missing);

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

/** A clone of this repository at its committed HEAD; returns that commit's sha. */
function cloneOfThisRepository(dir: string): string {
  const sha = git(REPO, 'rev-parse', 'HEAD').trim();
  execFileSync('git', ['clone', '-q', '--no-checkout', REPO, dir], { env: gitEnv() });
  git(dir, 'checkout', '-q', sha);
  return sha;
}

describe.skipIf(missing !== undefined)('pre-commit hooks (real pre-commit framework)', () => {
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
    const rev = cloneOfThisRepository(hooks);
    git(project, 'init', '-q');
    writeFileSync(
      join(project, '.pre-commit-config.yaml'),
      `repos:\n  - repo: ${hooks}\n    rev: ${rev}\n    hooks:\n      - id: mcpdesc-lint\n      - id: mcpdesc-validate\n`,
    );
    execFileSync('pre-commit', ['install'], { cwd: project, env: env(), encoding: 'utf8' });
    const installed = spawnSync('pre-commit', ['install-hooks'], {
      cwd: project,
      env: env(),
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(installed.status, installed.stdout + installed.stderr).toBe(0);
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

  it('blocks a commit whose document is not valid mcpdesc, printing file and line:col', () => {
    writeFileSync(
      join(project, 'api/weather.mcpdesc.yaml'),
      GOOD.replace('- name: get_forecast', '- name: 5'),
    );
    git(project, 'add', '.');
    const result = commit('invalid');
    const output = result.stdout + result.stderr;
    expect(result.status, output).not.toBe(0);
    expect(output).toMatch(/mcpdesc validate\.+Failed/);
    expect(output).toMatch(
      /api\/weather\.mcpdesc\.yaml\s+7:11\s+error\s+must be a string\s+schema-validation/,
    );
    expect(git(project, 'log', '--format=%s')).not.toMatch(/invalid/);
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
    expect(output).toMatch(/mcpdesc validate\.+Passed/);
    expect(git(project, 'log', '--format=%s')).toMatch(/good/);
  }, 300_000);
});
