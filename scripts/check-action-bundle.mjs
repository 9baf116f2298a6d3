#!/usr/bin/env node
/**
 * Fails when the committed Action bundle (dist-action/index.mjs) or its licence notices
 * (dist-action/THIRD-PARTY-NOTICES.txt) are out of date with the sources: rebuilds into a
 * temporary directory and compares bytes. Fix with `npm run build:action`.
 *
 *   node scripts/check-action-bundle.mjs [bundle]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAction, OUTFILE, ROOT } from './build-action.mjs';
import { firstDifference } from './first-difference.mjs';
import { NOTICES_FILE } from './third-party-notices.mjs';

/** Returns undefined when `bundle` (and its notices) are what the sources build to, else a one-line reason. */
export async function checkBundle(bundle = join(ROOT, OUTFILE)) {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-action-bundle-'));
  try {
    const fresh = join(dir, 'index.mjs');
    await buildAction(fresh);
    return (
      firstDifference(bundle, fresh) ??
      firstDifference(join(dirname(bundle), NOTICES_FILE), join(dir, NOTICES_FILE))
    );
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
