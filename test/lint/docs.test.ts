/** docs/lint.md's rule and function tables are generated from rules/*.yaml and the function registry. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script without type declarations
import { renderLintDocs, spliceDocs } from '../../scripts/gen-lint-docs.mjs';
import { BUILTIN_RULESETS } from '../../src/lint/config.js';
import { BUILTIN_FUNCTIONS } from '../../src/lint/functions/index.js';

describe('docs/lint.md', () => {
  it('is up to date with the rulesets (run: npm run build && node scripts/gen-lint-docs.mjs)', () => {
    const current = readFileSync(join(__dirname, '../../docs/lint.md'), 'utf8');
    const expected = spliceDocs(current, renderLintDocs(BUILTIN_FUNCTIONS.values()));
    expect(current).toBe(expected);
  });

  it('documents every rule and every built-in function', () => {
    const current = readFileSync(join(__dirname, '../../docs/lint.md'), 'utf8');
    for (const name of BUILTIN_FUNCTIONS.keys()) expect(current).toContain(`| \`${name}\` |`);
    expect(current).toContain('#### stdio-env-literal-secret');
    for (const name of BUILTIN_RULESETS) expect(current).toContain(`- **${name}**`);
  });
});
