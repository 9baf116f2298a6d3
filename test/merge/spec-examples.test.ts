/**
 * The spec's own multi-revision documents: project each into single-revision files (through the
 * serializer and loader, as the CLI does), merge them back, and get a document equivalent to the
 * original. Skipped when the reference material (../shared) is absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeAggregate, roundTrips } from '../../src/merge/aggregate.js';
import { semanticallyEquivalent } from '../../src/model/canonical.js';
import { projectView } from '../../src/model/project.js';
import { rootVersions } from '../../src/model/scopes.js';
import { serialize } from '../../src/model/serialize.js';
import { validateDocument } from '../../src/validate/index.js';
import { missing } from '../support/skips.js';
import { EXAMPLES, hasShared, load, SHARED } from './helpers.js';

const VALID = join(SHARED, 'conformance/mcpdesc-0.8.0/expected-valid');
const documents = hasShared
  ? [
      ...readdirSync(EXAMPLES).map((f) => join(EXAMPLES, f)),
      ...readdirSync(VALID).map((f) => join(VALID, f)),
    ].filter((path) => /\.(json|ya?ml)$/.test(path))
  : [];

const noExamples = missing(EXAMPLES, 'test/merge/spec-examples.test.ts');
describe.skipIf(noExamples)('spec examples: project, merge back, get the original', () => {
  it.each(documents.map((path) => [path.slice(SHARED.length + 1), path]))('%s', (_name, path) => {
    const original = load(readFileSync(path, 'utf8'), path);
    const versions = rootVersions(original.value);
    const format = path.endsWith('.json') ? 'json' : 'yaml';
    const views = versions.map((version) =>
      load(serialize(projectView(original.value, version), format), `${version}.${format}`),
    );
    const result = mergeAggregate(views, { validate: validateDocument });
    if (!result.ok) throw new Error(JSON.stringify(result.conflicts, null, 2));
    expect(semanticallyEquivalent(result.document, original.value)).toBe(true);
    expect(roundTrips([original.value], result.document)).toBe(true);
    // Merging the original with itself and with its projections gives it back too.
    const again = mergeAggregate([original, ...views], { validate: validateDocument });
    expect(again.ok && semanticallyEquivalent(again.document, original.value)).toBe(true);
  });

  it('covers the multi-revision examples', () => {
    const multi = documents.filter(
      (path) => rootVersions(load(readFileSync(path, 'utf8'), path).value).length > 1,
    );
    expect(multi.map((p) => p.split('/').pop())).toContain('multi-version.yaml');
    expect(multi.length).toBeGreaterThanOrEqual(10);
  });
});
