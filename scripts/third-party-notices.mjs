/**
 * The licence notices of the third-party packages a bundle holds. A bundle is a copy of the code
 * of every package esbuild put in it, and their licences (MIT, ISC, BSD) ask that a copy carry
 * their notice; esbuild keeps only `/*! … *\/` comments, so each build writes the package's own
 * licence file next to its bundle instead, as `@vercel/ncc` writes `licenses.txt`:
 *
 * - dist/THIRD-PARTY-NOTICES.txt (the npm package: dist/bin/ and the precompiled validators),
 * - dist-action/THIRD-PARTY-NOTICES.txt (the committed Action bundle),
 * - hooks/THIRD-PARTY-NOTICES.txt (the committed pre-commit bundle).
 *
 * The packages come from esbuild's metafile (every input under node_modules/), never from a list
 * kept by hand; a bundle whose package has no licence file fails the build.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.txt';

/**
 * Where `npm run build` lists the package directories the precompiled validators hold
 * (scripts/precompile-validator.mjs): the bundles that take those modules in read it.
 */
export const PRECOMPILED_PACKAGES = 'dist/.precompiled-packages.json';

/** The package directories of the precompiled validators, as the build listed them. */
export function precompiledPackageDirs(root) {
  return JSON.parse(readFileSync(join(root, PRECOMPILED_PACKAGES), 'utf8'));
}

const LICENSE_FILE = /^(?:licen[cs]e|copying)(?:[.-][a-z0-9]+)?(?:\.(?:md|markdown|txt))?$/i;

/**
 * The package directories (relative to `root`, with `/`) of the inputs of esbuild metafiles that
 * lie under node_modules/: the last `node_modules/` of a path, then the package's name (two segments
 * for a scoped one). Inputs in a plugin's namespace (`stub:…`) are not files and are skipped.
 */
export function bundledPackageDirs(metafiles) {
  const dirs = new Set();
  for (const metafile of metafiles)
    for (const input of Object.keys(metafile.inputs)) {
      if (/^[a-z-]+:/i.test(input) && !/^[a-z]:[\\/]/i.test(input)) continue;
      const path = input.replaceAll('\\', '/');
      const at = path.lastIndexOf('node_modules/');
      if (at === -1) continue;
      const segments = path.slice(at + 'node_modules/'.length).split('/');
      const name = segments[0]?.startsWith('@') ? segments.slice(0, 2).join('/') : segments[0];
      if (name) dirs.add(`${path.slice(0, at)}node_modules/${name}`);
    }
  return [...dirs].sort();
}

/** Name, version, declared licence and licence text of each package directory. */
export function readPackages(root, dirs) {
  const packages = dirs.map((dir) => {
    const full = resolve(root, dir);
    const manifest = JSON.parse(readFileSync(join(full, 'package.json'), 'utf8'));
    const file = readdirSync(full)
      .filter((entry) => LICENSE_FILE.test(entry))
      .sort()[0];
    if (file === undefined)
      throw new Error(`${dir} (${manifest.name}) has no licence file to copy beside the bundle`);
    return {
      name: manifest.name,
      version: manifest.version,
      license: typeof manifest.license === 'string' ? manifest.license : 'see the licence text',
      text: readFileSync(join(full, file), 'utf8').replaceAll('\r\n', '\n').trim(),
    };
  });
  // One entry per name and version (a package may be reached through two paths).
  const seen = new Set();
  return packages
    .filter((pkg) => {
      const key = `${pkg.name}@${pkg.version}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.version < b.version ? -1 : 1));
}

/** The notices file: what it covers, then each package with its licence text. */
export function noticesText(covers, packages) {
  const rule = '-'.repeat(78);
  const parts = [
    `Third-party software in ${covers}, with the licence each is distributed under.`,
    '',
    ...packages.map((pkg) => `- ${pkg.name} ${pkg.version} (${pkg.license})`),
  ];
  for (const pkg of packages)
    parts.push('', rule, `${pkg.name} ${pkg.version} (${pkg.license})`, rule, '', pkg.text);
  return `${parts.join('\n')}\n`;
}

/**
 * Writes `dir`/THIRD-PARTY-NOTICES.txt for the inputs of `metafiles` (plus package directories
 * known otherwise, such as the precompiled validators').
 */
export function writeNotices(root, dir, covers, metafiles, extraDirs = []) {
  const dirs = [...new Set([...bundledPackageDirs(metafiles), ...extraDirs])].sort();
  writeFileSync(join(dir, NOTICES_FILE), noticesText(covers, readPackages(root, dirs)));
}
