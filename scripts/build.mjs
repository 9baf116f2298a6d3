#!/usr/bin/env node
/**
 * `npm run build`: dist/ from scratch (tsc, the precompiled validators, the command line bundle),
 * then a build stamp, dist/.build-stamp: a digest of every input of the build.
 *
 *   node scripts/build.mjs              build
 *   node scripts/build.mjs --if-stale   build only when the stamp does not match the inputs
 *
 * `npm test`, `npm run demo` and `prepare` use --if-stale, so `npm ci && npm run demo && npm test`
 * builds once. Progress goes to standard error.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = join(ROOT, 'dist/.build-stamp');

/** Everything dist/ is made from. */
const INPUTS = [
  'src',
  'rules',
  'schemas',
  'examples',
  'scripts/build.mjs',
  'scripts/build-cli.mjs',
  'scripts/bundle-plugins.mjs',
  'scripts/precompile-validator.mjs',
  'scripts/third-party-notices.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

function files(path) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  try {
    return readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
  } catch {
    return [path];
  }
}

/** A digest of the inputs' paths and bytes. */
export function inputDigest() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function run(label, command, args) {
  process.stderr.write(`build: ${label}\n`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) {
    process.stderr.write(`build: ${label} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
}

const digest = inputDigest();
if (process.argv.includes('--if-stale') && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest) {
  process.stderr.write('build: dist/ is up to date with the sources (dist/.build-stamp)\n');
  process.exit(0);
}
rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
run('tsc', process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json']);
run('precompiled validators', process.execPath, ['scripts/precompile-validator.mjs']);
run('command line bundle', process.execPath, ['scripts/build-cli.mjs']);
writeFileSync(STAMP, digest);
