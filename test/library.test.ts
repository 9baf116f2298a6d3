import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as library from '../src/index.js';

const EXAMPLES = join(import.meta.dirname, '../examples');

describe('library entry point (src/index.ts)', () => {
  it('loads, validates, diffs, merges, projects and serialises without the CLI', async () => {
    const before = await library.loadSource(join(EXAMPLES, 'weather-v1.mcpdesc.yaml'));
    const after = await library.loadSource(join(EXAMPLES, 'weather-v2.mcpdesc.yaml'));
    expect(library.validateDocument(after).valid).toBe(true);
    const { changes } = library.diff.diffDocuments(before, after);
    expect(changes.some((c) => c.level === 'breaking')).toBe(true);
    const version = library.rootVersions(after.value)[0]!;
    const view = library.projectView(after.value, version);
    expect(library.semanticallyEquivalent(library.projectView(view, version), view)).toBe(true);
    const text = library.serialize(view, 'json');
    expect(library.loadDocument(text, { file: 'view.json' }).value).toEqual(view);
    expect(
      library.compareSchemas({ type: 'string' }, { type: 'string', minLength: 1 }, { direction: 'input' })[0]
        ?.level,
    ).toBe('breaking');
    expect(library.PROTOCOL_VERSIONS).toContain('2026-07-28');
    expect(typeof library.lint.lintDocument).toBe('function');
    expect(typeof library.mergeAggregate).toBe('function');
    expect(typeof library.migrate.migrateValue).toBe('function');
  });
});
