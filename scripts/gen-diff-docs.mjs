#!/usr/bin/env node
// Regenerates docs/rules.md from the diff rule registry (src/diff/rules.ts, via dist/). Run `npm run build` first.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { renderRulesMarkdown } = await import(join(root, 'dist/diff/docs.js'));
const check = process.argv.includes('--check');
const target = join(root, 'docs/rules.md');
const text = renderRulesMarkdown();
if (check) {
  const { readFileSync } = await import('node:fs');
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {}
  if (current !== text) {
    console.error('docs/rules.md is stale: run node scripts/gen-diff-docs.mjs');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
