#!/usr/bin/env node
/**
 * The npm package as it is published, staged in a folder of its own (.package/ by default): the
 * files `npm pack` takes from the repository, with a package.json that has no `scripts` and no
 * `devDependencies`.
 *
 * Why: the repository's `prepare` builds dist/ on `npm ci` and for an install from git, but npm
 * (11 and later) lists a published package's `prepare` among its install scripts and warns on
 * every install that it is "not yet covered by allowScripts" — a script naming scripts/build.mjs,
 * which the package does not even hold (npm runs `prepare` for an install from git or a folder,
 * never from the registry). Publishing the staged folder leaves both the warning and the script out.
 *
 *   npm run package                      build if stale, then stage .package/
 *   npm publish ./.package               publish it (`npm pack ./.package` makes the tarball)
 *   node scripts/stage-package.mjs DIR   stage into DIR instead (the tests do)
 *   node scripts/stage-package.mjs --refuse-root
 *                                        what `prepublishOnly` runs in the repository: `npm publish`
 *                                        from its root stops and says to publish the staged folder
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The manifest fields a consumer of the package never needs (build and test tooling). */
const DEVELOPMENT_FIELDS = ['scripts', 'devDependencies'];

/** The package.json published: the repository's without its development fields. */
export function publishedManifest(manifest) {
  const published = { ...manifest };
  for (const field of DEVELOPMENT_FIELDS) delete published[field];
  return published;
}

/**
 * What `npm pack` would make of the repository: its size, unpacked size and files (its `files`,
 * and what npm always adds).
 */
export function dryRunPack(root = ROOT) {
  // --ignore-scripts: `prepare` would build, and write to the standard output the JSON is read from.
  const packed = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (packed.status !== 0) throw new Error(`npm pack --dry-run failed: ${packed.stderr.trim()}`);
  return JSON.parse(packed.stdout)[0];
}

/** Marks a folder this script staged: only such a folder (or an empty one) is replaced. */
const STAGED_MARK = '.mcpdesc-staged';

/** Stages the package into `outDir` (replaced), and returns the paths it holds. */
export function stagePackage(outDir, root = ROOT) {
  if (existsSync(outDir) && readdirSync(outDir).length > 0 && !existsSync(join(outDir, STAGED_MARK)))
    throw new Error(`${outDir} is not empty and was not staged by this script: not replacing it`);
  const paths = dryRunPack(root).files.map((file) => file.path);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  // Outside the package's `files`, so never packed.
  writeFileSync(join(outDir, STAGED_MARK), '');
  for (const path of paths) {
    const target = join(outDir, path);
    mkdirSync(dirname(target), { recursive: true });
    if (path === 'package.json') {
      const manifest = JSON.parse(readFileSync(join(root, path), 'utf8'));
      writeFileSync(target, `${JSON.stringify(publishedManifest(manifest), null, 2)}\n`);
    } else {
      copyFileSync(join(root, path), target);
      chmodSync(target, statSync(join(root, path)).mode & 0o777);
    }
  }
  return paths;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argument = process.argv[2];
  if (argument === '--refuse-root') {
    process.stderr.write(
      'mcpdesc-toolkit is published from its staged folder, without the build scripts: npm run package && npm publish ./.package\n',
    );
    process.exit(1);
  }
  const outDir = resolve(argument ?? join(ROOT, '.package'));
  try {
    const paths = stagePackage(outDir);
    process.stderr.write(`staged ${paths.length} files in ${outDir}\n`);
  } catch (error) {
    process.stderr.write(`stage-package: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
