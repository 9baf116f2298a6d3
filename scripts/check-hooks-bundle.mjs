#!/usr/bin/env node
/**
 * Fails when the committed pre-commit bundle (hooks/mcpdesc.cjs) or its licence notices
 * (hooks/THIRD-PARTY-NOTICES.txt) are out of date with the sources: rebuilds them into a temporary
 * directory and compares bytes. Needs `npm run build` first (the bundle contains the precompiled
 * validators). Fix with `npm run build:hooks`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildHooks, OUTFILE, ROOT } from './build-hooks.mjs';
import { firstDifference } from './first-difference.mjs';
import { NOTICES_FILE } from './third-party-notices.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-hooks-bundle-'));
try {
  await buildHooks(join(dir, 'mcpdesc.cjs'));
  const reason =
    firstDifference(join(ROOT, OUTFILE), join(dir, 'mcpdesc.cjs')) ??
    firstDifference(join(ROOT, dirname(OUTFILE), NOTICES_FILE), join(dir, NOTICES_FILE));
  if (reason) {
    console.error(
      `${reason}\nThe pre-commit bundle is out of date: run \`npm run build:hooks\` and commit hooks/.`,
    );
    process.exit(1);
  }
  console.log(`${OUTFILE} is up to date with the sources.`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
