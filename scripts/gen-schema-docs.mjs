// Regenerates the list of change kinds in docs/schema-compat.md from the registry in
// src/schema/kinds.ts (through the build). `--check` exits 1 when the page is out of date.
// Usage: npm run build && node scripts/gen-schema-docs.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spliceKindTables } from '../dist/schema/docs.js';

const page = join(dirname(fileURLToPath(import.meta.url)), '../docs/schema-compat.md');
const current = readFileSync(page, 'utf8');
const next = spliceKindTables(current);
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('docs/schema-compat.md is out of date: run node scripts/gen-schema-docs.mjs');
    process.exit(1);
  }
  console.log('docs/schema-compat.md is up to date');
} else if (next !== current) {
  writeFileSync(page, next);
  console.log('docs/schema-compat.md updated');
} else {
  console.log('docs/schema-compat.md already up to date');
}
