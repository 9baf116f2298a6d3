import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spliceKindTables } from '../../src/schema/docs.js';
import { CHANGE_KINDS } from '../../src/schema/kinds.js';

const page = join(import.meta.dirname, '../../docs/schema-compat.md');

describe('schema change kind registry', () => {
  it('docs/schema-compat.md lists exactly the registry (run scripts/gen-schema-docs.mjs)', () => {
    const text = readFileSync(page, 'utf8');
    expect(spliceKindTables(text)).toBe(text);
  });

  it('kind ids are kebab-case, described in one line', () => {
    const kinds = Object.entries(CHANGE_KINDS);
    expect(kinds.length).toBeGreaterThan(100);
    for (const [kind, info] of kinds) {
      expect(kind).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(info.description).toMatch(/^[^\n]+\.$/);
    }
  });
});
