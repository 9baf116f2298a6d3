/**
 * The npm package as `npm pack` makes it: what it ships, what it must not, its size, and the
 * package.json fields a registry page and an installer need. Skips (saying why) without a build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missing } from './support/skips.js';

const REPO = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  license: string;
  scripts: Record<string, string>;
  repository?: { url?: string };
  homepage?: string;
  bugs?: { url?: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  exports: Record<string, unknown>;
  bin: Record<string, string>;
};

/**
 * This package's own files, apart from its dependencies; kept with room for growth. Raised from
 * 700 KB / 3 MB when the application layer and the typed diff registry (message templates, and
 * declarations that spell every rule out for `RuleId`) came in: 762 KB / 3.24 MB. Raised to 850 KB
 * when `validate` got its start-up bundle (dist/bin/cli-validate.cjs, 273 KB, which a cold start
 * compiles instead of the 876 KB command line): 825 KB / 3.40 MB. Raised to 900 KB / 3.75 MB when
 * the command line took the yaml package from one file of its own (dist/bin/yaml.cjs, 115 KB:
 * ≈ 30 ms less for every command that reads YAML): 875 KB / 3.56 MB. Raised to 1,050 KB / 4.2 MB when
 * `lint` got its start-up bundle too (dist/bin/cli-lint.cjs, 382 KB: ≈ 20 ms less for a catalog's
 * lint, the command CI and hooks run most): 975 KB / 3.80 MB. Raised to 1,150 KB / 4.6 MB when
 * `merge` and `merge-driver` got theirs (dist/bin/cli-merge.cjs, 381 KB: ≈ 15–30 ms less for each
 * run of the merge driver, which git starts once per conflicted description): 1,087 KB / 4.21 MB.
 */
const MAX_TARBALL_BYTES = 1150 * 1024;
const MAX_UNPACKED_BYTES = 4.6 * 1024 * 1024;

interface PackResult {
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

/** scripts/stage-package.mjs, which stages the published package from what `npm pack` takes. */
const stagePackage = (await import(join(REPO, 'scripts/stage-package.mjs'))) as {
  dryRunPack(root: string): PackResult;
  publishedManifest(manifest: Record<string, unknown>): Record<string, unknown>;
};

describe('package.json', () => {
  it('names the repository, the home page and where to report bugs', () => {
    expect(pkg.repository?.url).toMatch(/^git\+https:\/\/github\.com\/.+\.git$/);
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(pkg.bugs?.url).toMatch(/^https:\/\/.+\/issues$/);
  });

  it('declares the licence the LICENSE file holds', () => {
    expect(pkg.license).toBe('Apache-2.0');
    expect(readFileSync(join(REPO, 'LICENSE'), 'utf8')).toMatch(
      /^\s*Apache License\s+Version 2\.0, January 2004\s/,
    );
  });

  it('leaves @actions/core to the Action bundle (a devDependency, not a dependency)', () => {
    expect(pkg.dependencies).not.toHaveProperty('@actions/core');
    expect(pkg.devDependencies).toHaveProperty('@actions/core');
  });

  it('is published from its staged folder: npm publish from the repository root stops and says so', () => {
    expect(pkg.scripts.prepublishOnly).toBe('node scripts/stage-package.mjs --refuse-root');
    const refused = spawnSync(process.execPath, [join(REPO, 'scripts/stage-package.mjs'), '--refuse-root'], {
      encoding: 'utf8',
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('npm run package && npm publish ./.package');
  });

  it('stages only into an empty folder or one it staged before, never over anything else', () => {
    const folder = mkdtempSync(join(tmpdir(), 'mcpdesc-stage-'));
    try {
      writeFileSync(join(folder, 'keep.txt'), 'mine');
      const staged = spawnSync(process.execPath, [join(REPO, 'scripts/stage-package.mjs'), folder], {
        encoding: 'utf8',
      });
      expect(staged.status).toBe(1);
      expect(staged.stderr).toContain('is not empty and was not staged by this script');
      expect(readdirSync(folder)).toEqual(['keep.txt']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('publishes a package.json without the build scripts and the development dependencies', () => {
    const published = stagePackage.publishedManifest(pkg as unknown as Record<string, unknown>);
    expect(Object.keys(published).sort()).toEqual(
      Object.keys(pkg)
        .filter((key) => key !== 'scripts' && key !== 'devDependencies')
        .sort(),
    );
    expect(published.bin).toEqual(pkg.bin);
    expect(published.dependencies).toEqual(pkg.dependencies);
    expect(pkg).toHaveProperty('scripts.prepare');
  });

  it('exports the diff JSON schema', () => {
    expect(pkg.exports['./diff-output.schema.json']).toBe('./docs/diff-output.schema.json');
  });
});

describe.skipIf(
  missing(
    join(REPO, 'dist/bin/mcpdesc.cjs'),
    'test/package.test.ts "npm pack"',
    'no build: run npm run build',
  ),
)('npm pack', () => {
  const result = stagePackage.dryRunPack(REPO);
  const paths = result.files.map((file) => file.path);

  it('ships the executable, the library, rules, schemas, the diff schema and the licences', () => {
    for (const path of [
      'LICENSE',
      'dist/THIRD-PARTY-NOTICES.txt',
      pkg.bin.mcpdesc as string,
      'dist/bin/cli.cjs',
      'dist/bin/cli-validate.cjs',
      'dist/bin/cli-lint.cjs',
      'dist/bin/cli-merge.cjs',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/validate/structural.precompiled.cjs',
      'dist/lint/rulesets/recommended.json',
      'rules/recommended.yaml',
      'schemas/mcp-description-0.8.0.json',
      'schemas/mcpdesc-config.schema.json',
      'docs/diff-output.schema.json',
      'README.md',
      'CHANGELOG.md',
      'package.json',
    ])
      expect(paths).toContain(path);
    for (const path of paths.filter((path) => path.startsWith('dist/') || path.startsWith('schemas/')))
      expect(existsSync(join(REPO, path)), path).toBe(true);
  });

  it('ships no code caches, tests, fixtures, source maps, build records, CLI modules (the bundle has them), Action or hooks bundle', () => {
    const unwanted = paths.filter((path) =>
      /v8-cache|(^|\/)test\/|fixtures|\.map$|\.build-stamp|\.precompiled-packages|^dist\/action\/|^dist\/cli\/|^dist-action\/|^hooks\/|^src\/|^bench\/|^\.ci\//.test(
        path,
      ),
    );
    expect(unwanted).toEqual([]);
  });

  it(`stays within its size budget (tarball ≤ ${MAX_TARBALL_BYTES / 1024} KB, unpacked ≤ ${MAX_UNPACKED_BYTES / 1024 / 1024} MB)`, () => {
    expect(result.size).toBeLessThanOrEqual(MAX_TARBALL_BYTES);
    expect(result.unpackedSize).toBeLessThanOrEqual(MAX_UNPACKED_BYTES);
  });
});
