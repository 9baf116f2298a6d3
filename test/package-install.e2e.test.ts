/**
 * The npm package installed as a user installs it: staged as it is published
 * (scripts/stage-package.mjs: the packed files, a package.json without scripts), packed, then
 * `npm install`ed from the tarball into an empty project; the `mcpdesc` the install put in
 * node_modules/.bin and the library import are run by the Node under test. A file the package
 * needs at run time and leaves out of `files` (a bundle, a precompiled validator, a ruleset, a
 * schema) fails here, where package.test.ts only lists paths, and so does an install that warns
 * about install scripts. Dependencies come from npm's cache when `npm ci` filled it
 * (`--prefer-offline`), else from the registry. Skips (saying why) without a build.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { missing } from './support/skips.js';

const REPO = join(import.meta.dirname, '..');
const EXAMPLES = join(REPO, 'examples');
const V1 = join(EXAMPLES, 'weather-v1.mcpdesc.yaml');
const V2 = join(EXAMPLES, 'weather-v2.mcpdesc.yaml');
const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

describe.skipIf(
  missing(
    join(REPO, 'dist/bin/mcpdesc.cjs'),
    'test/package-install.e2e.test.ts',
    'no build: run npm run build',
  ),
)('the package installed from its tarball', { timeout: 300_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'mcpdesc-install-'));
  const app = join(work, 'app');
  const bin = join(app, 'node_modules/.bin/mcpdesc');
  let install: { status: number | null; stderr: string };

  beforeAll(() => {
    const staged = spawnSync(
      process.execPath,
      [join(REPO, 'scripts/stage-package.mjs'), join(work, 'package')],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(staged.status, staged.stderr).toBe(0);
    const packed = spawnSync('npm', ['pack', join(work, 'package'), '--pack-destination', work], {
      cwd: work,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = readdirSync(work).find((file) => file.endsWith('.tgz')) as string;
    mkdirSync(app);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'app', version: '1.0.0', private: true }),
    );
    // As a user installs it: lifecycle scripts allowed (one that needed the repository's scripts/
    // would fail here).
    install = spawnSync(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, tarball)],
      { cwd: app, encoding: 'utf8', timeout: 240_000 },
    );
  }, 300_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const run = (args: string[]) => runCli(args, { cwd: app, cli: bin });

  it('installs without a word about install scripts, and puts mcpdesc in node_modules/.bin', () => {
    expect(install.status, install.stderr).toBe(0);
    // npm 11 listed the repository's `prepare` as an install script "not yet covered by allowScripts".
    expect(install.stderr).not.toMatch(/install-scripts|allowScripts/);
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/mcpdesc-toolkit/package.json'), 'utf8'));
    expect(manifest).not.toHaveProperty('scripts');
    expect(manifest).not.toHaveProperty('devDependencies');
    expect(existsSync(bin)).toBe(true);
    expect(run(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('validates, lints, diffs and merges the bundled examples', () => {
    expect(run(['validate', V1])).toMatchObject({ code: 0, stderr: '' });
    const lint = run(['lint', '-f', 'json', V2]);
    expect(lint).toMatchObject({ code: 0, stderr: '' });
    expect((JSON.parse(lint.stdout) as { files: unknown[] }).files).toHaveLength(1);
    const diff = run(['diff', V1, V2, '--format', 'json']);
    expect(diff).toMatchObject({ code: 1, stderr: '' });
    expect(diff.stdout).toContain('"breaking"');
    const merged = join(work, 'merged.json');
    expect(run(['merge', V1, V1, '-o', merged])).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(readFileSync(merged, 'utf8'))).toHaveProperty('mcpdesc', '0.8.0');
    expect(run(['lint', '--ruleset', 'strict', V1]).stderr).toBe('');
  });

  it('answers a library import and the diff JSON schema export', () => {
    const script = [
      "import { validateDocument, loadDocument, diff } from 'mcpdesc-toolkit';",
      "import { readFileSync } from 'node:fs';",
      "import { createRequire } from 'node:module';",
      `const doc = loadDocument(readFileSync(${JSON.stringify(V1)}, 'utf8'), { file: 'v1.yaml' });`,
      'const result = validateDocument(doc);',
      "const schema = createRequire(import.meta.url).resolve('mcpdesc-toolkit/diff-output.schema.json');",
      'console.log(JSON.stringify({ valid: result.valid, diff: typeof diff.diffDocuments, schema: schema.endsWith(".json") }));',
    ].join('\n');
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: app,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ valid: true, diff: 'function', schema: true });
  });
});
