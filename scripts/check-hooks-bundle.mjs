#!/usr/bin/env node
/**
 * Fails when the committed pre-commit bundle (hooks/mcpdesc.cjs) is out of date with the sources:
 * rebuilds it into a temporary directory and compares bytes. Needs `npm run build` first (the
 * bundle contains the precompiled validators). Fix with `npm run build:hooks`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHooks, OUTFILE, ROOT } from './build-hooks.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-hooks-bundle-'));
try {
  const fresh = join(dir, 'mcpdesc.cjs');
  await buildHooks(fresh);
  let committed;
  try {
    committed = readFileSync(join(ROOT, OUTFILE));
  } catch {
    committed = undefined;
  }
  if (!committed?.equals(readFileSync(fresh))) {
    console.error(
      `${OUTFILE} is ${committed ? 'out of date with the sources' : 'missing'}: run \`npm run build:hooks\` and commit it.`,
    );
    process.exit(1);
  }
  console.log(`${OUTFILE} is up to date with the sources.`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
