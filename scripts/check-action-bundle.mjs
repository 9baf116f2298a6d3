#!/usr/bin/env node
/**
 * Fails when the committed Action bundle (dist-action/index.mjs) is out of date with the sources:
 * rebuilds into a temporary directory and compares bytes. Fix with `npm run build:action`.
 *
 *   node scripts/check-action-bundle.mjs [bundle]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAction, OUTFILE, ROOT } from './build-action.mjs';

/** Returns undefined when `bundle` is what the sources build to, else a one-line reason. */
export async function checkBundle(bundle = join(ROOT, OUTFILE)) {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-action-bundle-'));
  try {
    const fresh = join(dir, 'index.mjs');
    await buildAction(fresh);
    let committed;
    try {
      committed = readFileSync(bundle);
    } catch {
      return `${bundle} is missing`;
    }
    const rebuilt = readFileSync(fresh);
    if (committed.equals(rebuilt)) return undefined;
    const a = committed.toString('utf8').split('\n');
    const b = rebuilt.toString('utf8').split('\n');
    let line = 0;
    while (line < a.length && line < b.length && a[line] === b[line]) line++;
    return `${bundle} differs from a fresh build of the sources from line ${line + 1} (committed ${committed.length} bytes, fresh ${rebuilt.length})`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const reason = await checkBundle(process.argv[2] ? resolve(process.argv[2]) : undefined);
  if (reason) {
    console.error(
      `${reason}\nThe Action bundle is out of date: run \`npm run build:action\` and commit dist-action/.`,
    );
    process.exit(1);
  }
  console.log('dist-action/index.mjs is up to date with the sources.');
}
