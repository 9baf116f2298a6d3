import { describe, expect, it } from 'vitest';
import { artifactUri, buildSarif, formatSarif } from '../../src/report/sarif.js';
import { sarifSchemaErrors } from '../support/sarif-schema.js';
import { FILES, FINDINGS } from './fixtures.js';

/** SARIF logs are walked freely in these assertions. */
type Json = ReturnType<typeof JSON.parse>;

/** The full official schema (test/support/sarif-schema.ts), as a boolean check with its errors. */
const validate = Object.assign((log: unknown) => (validate.errors = sarifSchemaErrors(log)).length === 0, {
  errors: [] as string[],
});

const RULES = [
  {
    id: 'tool-description',
    description: 'Tools have a description. Second sentence.',
    help: 'Say what it does.',
    severity: 'warning' as const,
    tags: ['lint'],
  },
];

describe('SARIF 2.1.0', () => {
  it('validates against the SARIF 2.1.0 JSON Schema (results, load errors, related locations, hostile text)', () => {
    const log = JSON.parse(
      formatSarif(FILES, { toolVersion: '0.1.0', rules: RULES, srcRoot: '/work/repo dir' }),
    );
    const ok = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('validates with no files and no findings', () => {
    expect(validate(buildSarif([], { toolVersion: 'dev' }))).toBe(true);
  });

  it('catches a broken log (the schema is not a no-op)', () => {
    const log = buildSarif(FILES, { toolVersion: '0.1.0' }) as {
      runs: { results: Record<string, unknown>[] }[];
    };
    (log.runs[0]!.results[0] as Record<string, unknown>).level = 'fatal';
    expect(validate(log)).toBe(false);
  });

  it('describes every rule with a result, with help text and default level', () => {
    const log = buildSarif(FILES, { toolVersion: '0.1.0', rules: RULES }) as Json;
    const rules = log.runs[0].tool.driver.rules;
    expect(rules.map((r: { id: string }) => r.id)).toEqual([
      'tool-description',
      'primitive-scope-overlap',
      'prose-instruction-like',
      'write-tool-hints',
      'json-syntax',
    ]);
    const desc = rules[0];
    expect(desc.shortDescription.text).toBe('Tools have a description.');
    expect(desc.help.text).toContain('Say what it does.');
    expect(desc.defaultConfiguration.level).toBe('warning');
    for (const result of log.runs[0].results) expect(rules[result.ruleIndex].id).toBe(result.ruleId);
  });

  it('maps severities, positions, pointers and related locations', () => {
    const log = buildSarif(FILES, { toolVersion: '0.1.0' }) as Json;
    const results = log.runs[0].results;
    expect(results.map((r: { level: string }) => r.level)).toEqual([
      'warning',
      'error',
      'note',
      'note',
      'error',
      'warning',
    ]);
    const overlap = results[1];
    expect(overlap.locations[0].physicalLocation.region).toEqual({ startLine: 12, startColumn: 9 });
    expect(overlap.locations[0].physicalLocation.artifactLocation).toMatchObject({
      uri: 'docs/a.mcpdesc.yaml',
      uriBaseId: '%SRCROOT%',
    });
    expect(overlap.locations[0].logicalLocations[0].fullyQualifiedName).toBe('/tools/1/name');
    expect(overlap.relatedLocations[0].physicalLocation.region).toEqual({ startLine: 7, startColumn: 11 });
  });

  it('has partial fingerprints that do not depend on the line', () => {
    const moved = FINDINGS.map((f) => ({ ...f, location: { ...f.location, line: f.location.line + 10 } }));
    const a = buildSarif([{ file: 'x', findings: FINDINGS }], { toolVersion: '1' }) as Json;
    const b = buildSarif([{ file: 'x', findings: moved }], { toolVersion: '1' }) as Json;
    const prints = (log: ReturnType<typeof JSON.parse>) =>
      log.runs[0].results.map(
        (r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints['mcpdescPointer/v1'],
      );
    expect(prints(a)).toEqual(prints(b));
    expect(new Set(prints(a)).size).toBe(FINDINGS.length);
  });

  it('encodes file names as URI references', () => {
    expect(artifactUri('docs/a b.json')).toEqual({ uri: 'docs/a%20b.json', uriBaseId: '%SRCROOT%' });
    expect(artifactUri('/abs/x#1.json')).toEqual({ uri: 'file:///abs/x%231.json' });
    expect(artifactUri('HEAD:docs/x.json').uri).toBe('HEAD%3Adocs/x.json');
    expect(artifactUri('C:\\repo\\x.json')).toEqual({ uri: 'file:///C:/repo/x.json' });
  });
});
