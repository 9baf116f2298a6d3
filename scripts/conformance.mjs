#!/usr/bin/env node
// Runs the built validator (dist/) over a folder laid out like the official fixtures:
//   DIR/expected-valid/    zero diagnostics (no errors, no warnings)
//   DIR/expected-warning/  valid, at least one warning
//   DIR/expected-invalid/  at least one error
// Prints agreement per group and exits 1 below 100 % (2 when DIR is missing or holds no fixtures).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir || !existsSync(dir)) {
  console.error(`usage: npm run conformance -- DIR   (${dir ? `${dir} does not exist` : 'no DIR given'})`);
  process.exit(2);
}
const verbose = process.argv.includes('--verbose');
const { loadDocument } = await import('../dist/parse/index.js');
const { validateDocument } = await import('../dist/validate/index.js');

const groups = {
  'expected-valid': (r) => r.findings.length === 0,
  'expected-warning': (r) => r.valid && r.findings.some((f) => f.severity === 'warning'),
  'expected-invalid': (r) => !r.valid,
};
let agreed = 0;
let total = 0;
for (const [group, expect] of Object.entries(groups)) {
  const folder = join(dir, group);
  if (!existsSync(folder)) continue;
  let groupAgreed = 0;
  const names = readdirSync(folder)
    .filter((n) => /\.(json|ya?ml)$/.test(n))
    .sort();
  for (const name of names) {
    const file = join(folder, name);
    let ok = false;
    let detail = '';
    try {
      const result = validateDocument(loadDocument(readFileSync(file, 'utf8'), { file }));
      ok = expect(result);
      detail = result.findings
        .map((f) => `${f.severity}:${f.code}@${f.location.line}:${f.location.column}`)
        .join(' ');
    } catch (error) {
      detail = `load error: ${error.message}`;
    }
    if (ok) groupAgreed++;
    if (!ok || verbose)
      console.log(`${ok ? 'agree   ' : 'DISAGREE'} ${group}/${name}${detail ? `  ${detail}` : ''}`);
  }
  console.log(`${group}: ${groupAgreed}/${names.length}`);
  agreed += groupAgreed;
  total += names.length;
}
if (total === 0) {
  console.error(`no fixtures found under ${dir}`);
  process.exit(2);
}
const percent = ((100 * agreed) / total).toFixed(1);
console.log(`agreement: ${agreed}/${total} (${percent} %)`);
process.exit(agreed === total ? 0 : 1);
