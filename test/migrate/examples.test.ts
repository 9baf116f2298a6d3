/**
 * The five 0.7.0 examples of the reference material are the same chess servers as the 0.8.0
 * examples, so each pair is a real before/after of a migration. Each 0.7.0 example must migrate to
 * a valid 0.8.0 document, and a diff of the migrated document against its 0.8.0 counterpart must
 * show only the differences the two versions of the example really have: never a change that
 * comes from the format upgrade (capabilities array, named security schemes, `$schema`).
 *
 * Skipped when the reference folder (../shared beside the repository) is absent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../src/diff/index.js';
import { describeLoaded, migrateValue } from '../../src/migrate/index.js';
import { type LoadedDocument, loadDocument } from '../../src/parse/index.js';
import { isJsonObject } from '../../src/util/json.js';
import { validateDocument } from '../../src/validate/index.js';
import { missing } from '../support/skips.js';

const SHARED = join(import.meta.dirname, '../../../shared/conformance');

const load = (path: string, file: string) => loadDocument(readFileSync(path, 'utf8'), { file });

interface Case {
  name: string;
  /** Authoritative revision given to the migration (only for a source without one). */
  protocolVersion?: string;
  /** Non-change report entries expected from `mcpdesc migrate`. */
  notices: string[];
  /** Rule ids of `diff migrated-0.7 example-0.8`, as is. */
  diff: string[];
  /** Rule ids once the migrated side takes the 0.8.0 example's revision (what the revision change hides). */
  aligned: string[];
}

const CASES: Case[] = [
  {
    // 0.7.0 `minimal` has no info.protocolVersion, so the migration needs authoritative input: the
    // revision of the 0.8.0 example (2026-07-28). The 0.8.0 `minimal` was cut down to the three
    // required root fields (a zero-primitive description, spec §3.4): its stdio transport and its
    // get_player_rating tool are gone. Those two removals are the real differences.
    name: 'minimal',
    protocolVersion: '2026-07-28',
    notices: ['root-security-omitted'],
    diff: ['tool-removed', 'transport-removed'],
    aligned: ['tool-removed', 'transport-removed'],
  },
  {
    // The 0.8.0 example describes MCP 2025-11-25 where the 0.7.0 one said 2025-06-18 (the 0.7.0
    // field allowed one revision; the example was moved to the newer one). With no shared revision
    // the diff reports the revision change only; with the revision aligned there is no difference:
    // the named `bearer` scheme, `security: [{bearer: []}]` and the capabilities array are exactly
    // what the migration produced.
    name: 'http-server',
    notices: [],
    diff: ['protocol-revision-added', 'protocol-revision-removed'],
    aligned: [],
  },
  {
    // Same as http-server: 2025-06-18 → 2025-11-25 is the only difference (capabilities wrapped).
    name: 'stdio-server',
    notices: ['root-security-omitted'],
    diff: ['protocol-revision-added', 'protocol-revision-removed'],
    aligned: [],
  },
  {
    // Revision 2025-06-18 → 2025-11-25, and the 0.8.0 example dropped the legacy SSE transport
    // (which the 0.8.0 validator warns about for modern revisions: the migration reports that
    // warning). Both transports' identical inline bearer schemes became one `bearer` scheme, as in
    // the 0.8.0 example, and the stdio transport keeps `security: []`.
    name: 'multi-transport',
    notices: ['root-security-omitted', 'result-finding'],
    diff: ['protocol-revision-added', 'protocol-revision-removed'],
    aligned: ['transport-removed'],
  },
  {
    // Revision 2025-06-18 → 2025-11-25. The 0.8.0 example removed the Cisco dump metadata
    // (`x-cisco-metadata`) and shows off 0.8.0 features the 0.7.0 format did not have: root
    // `instructions`, a tool extension (`x-acme-governance`), an elicitation declaration, tool
    // examples and an interaction scenario, resource / template examples, completion examples and
    // resource annotations. All are real content differences (the migration invents none of them);
    // the OAuth scheme is named `oauth` on both sides.
    name: 'full-featured',
    notices: [],
    diff: [
      'extension-changed',
      'instructions-changed',
      'protocol-revision-added',
      'protocol-revision-removed',
    ],
    aligned: [
      'elicitation-added',
      'example-added',
      'extension-changed',
      'instructions-changed',
      'resource-annotations-changed',
      'scenario-added',
    ],
  },
];

const ruleIds = (old: LoadedDocument, neu: LoadedDocument) =>
  [...new Set(diffDocuments(old, neu).changes.map((c) => c.ruleId))].sort();

const absent =
  missing(join(SHARED, 'mcpdesc-0.7.0/examples'), 'test/migrate/examples.test.ts') ||
  missing(join(SHARED, 'examples'), 'test/migrate/examples.test.ts');
describe.skipIf(absent)('0.7.0 examples migrate to their 0.8.0 counterparts', () => {
  it.each(CASES)('$name', (c) => {
    const old = load(join(SHARED, 'mcpdesc-0.7.0/examples', `${c.name}.yaml`), `${c.name} (0.7.0)`);
    const neu = load(join(SHARED, 'examples', `${c.name}.yaml`), `${c.name} (0.8.0)`);
    const options = c.protocolVersion ? { protocolVersion: c.protocolVersion } : {};

    // 1. `mcpdesc migrate`: a valid 0.8.0 document, no decision left.
    const migrated = migrateValue(old.value, options);
    expect(migrated.needsAuthor).toBe(false);
    expect(migrated.report.entries.filter((e) => e.kind !== 'change').map((e) => e.code)).toEqual(c.notices);
    expect(validateDocument({ value: migrated.value, file: c.name }).valid).toBe(true);

    // 2. `mcpdesc diff old-0.7 new-0.8`: the 0.7.0 side is migrated in memory after the 0.8.0 side.
    const newValue = neu.value;
    if (!isJsonObject(newValue)) throw new Error('example is not an object');
    const hints = {
      ...options,
      emitSchema: true,
      ...(isJsonObject(newValue.securitySchemes) ? { preferSchemeNames: newValue.securitySchemes } : {}),
    };
    const side = describeLoaded(old, { migrate: hints }).document;
    expect(ruleIds(side, neu)).toEqual(c.diff);

    // 3. With the revision aligned, what remains are the example's real content differences.
    const aligned = {
      ...side,
      value: { ...(side.value as object), protocolVersions: newValue.protocolVersions },
    } as LoadedDocument;
    const remaining = ruleIds(aligned, neu);
    expect(remaining).toEqual(c.aligned);
    for (const formatOnly of [
      'capabilities-changed',
      'security-scheme-renamed',
      'security-changed',
      'document-schema-changed',
    ]) {
      expect(remaining).not.toContain(formatOnly);
    }
  });

  it('diff of each migrated example against itself is empty (the format upgrade is no change)', () => {
    for (const c of CASES) {
      const old = load(join(SHARED, 'mcpdesc-0.7.0/examples', `${c.name}.yaml`), c.name);
      const options = c.protocolVersion ? { protocolVersion: c.protocolVersion } : {};
      const migrated = migrateValue(old.value, options);
      const asWritten = loadDocument(JSON.stringify(migrated.value), { file: `${c.name}.json` });
      const inMemory = describeLoaded(old, { migrate: options }).document;
      expect(diffDocuments(inMemory, asWritten).changes).toEqual([]);
    }
  });
});
