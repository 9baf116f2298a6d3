/**
 * What the default rulesets say and do not say: taste stays out of `recommended`, and each root
 * cause of missing annotations is reported once per tool.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { looksReadOnly, nameWords } from '../../src/lint/functions/mcp.js';
import { lintDocument, type ResolvedConfig, resolveConfig } from '../../src/lint/index.js';
import { loadDocument } from '../../src/parse/index.js';

const DOC = `mcpdesc: 0.8.0
info: { name: t, version: 1.0.0 }
protocolVersions: ['2025-11-25']
tools:
  - name: send_mail
    description: Send one e-mail message to a list of recipients.
    inputSchema:
      type: object
      properties:
        to: { type: string, description: Recipient address }
  - name: get_mail
    description: Fetch one e-mail message by its identifier.
    inputSchema: { type: object, properties: {} }
  - name: query_database
    description: Execute a SQL query. Allows SELECT, INSERT and UPDATE statements.
    inputSchema:
      type: object
      properties:
        sql: { type: string }
  - name: show_fps
    description: Show FPS counter
    inputSchema: { type: object, properties: {} }
    outputSchema: { type: object, properties: { fps: { type: number } } }
`;

let recommended: ResolvedConfig;
let strict: ResolvedConfig;
beforeAll(async () => {
  recommended = await resolveConfig(undefined);
  strict = await resolveConfig(undefined, 'strict');
});

const findings = (config: ResolvedConfig) =>
  lintDocument(loadDocument(DOC, { file: 'd.mcpdesc.yaml' }), config, { validate: false }).findings.map(
    (f) => `${f.code} ${f.location.pointer}`,
  );

describe('recommended stays quiet about taste', () => {
  it('asks only the read-only-looking tool for a hint; nothing about additionalProperties, the open empty schema, undescribed properties, short descriptions or examples', () => {
    expect(findings(recommended)).toEqual(['write-tool-hints /tools/1']);
  });

  it('a reading name is not enough when the description says the tool changes something (or the verb is ambiguous)', () => {
    const all = findings(strict).filter((f) => f.startsWith('write-tool-hints'));
    // In strict they are asked for write hints like any tool that may write.
    expect(all).toContain('write-tool-hints /tools/2');
    expect(all).toContain('write-tool-hints /tools/3');
    const messages = lintDocument(loadDocument(DOC, { file: 'd.mcpdesc.yaml' }), strict, { validate: false })
      .findings.filter((f) => f.code === 'write-tool-hints' && /tools\/[23]$/.test(f.location.pointer))
      .map((f) => f.message);
    for (const message of messages) expect(message).toMatch(/may write .* `destructiveHint`/);
  });
});

describe('strict reports each root cause once', () => {
  it('one annotation finding per tool (write-tool-hints), no separate tool-annotations', () => {
    const all = findings(strict);
    expect(all.filter((f) => f.startsWith('write-tool-hints'))).toEqual([
      'write-tool-hints /tools/0',
      'write-tool-hints /tools/1',
      'write-tool-hints /tools/2',
      'write-tool-hints /tools/3',
    ]);
    expect(all.filter((f) => f.startsWith('tool-annotations'))).toEqual([]);
    expect(all).toContain('input-additional-properties /tools/0/inputSchema');
    expect(all).toContain('no-parameter-closed-schema /tools/1/inputSchema');
    expect(all).toContain('input-property-description /tools/2/inputSchema/properties/sql/description');
    expect(all).toContain('tool-description /tools/3/description');
    expect(all).toContain('output-schema-examples /tools/3/examples');
  });
});

describe('looksReadOnly', () => {
  it.each([
    ['get_user', true],
    ['github__list_issues', true],
    ['searchRepositories', true],
    ['ns.read-file', true],
    ['get_or_create_user', false],
    ['list_and_delete_files', false],
    ['getAndUpdateCounter', false],
    ['create_issue', false],
    ['send_mail', false],
    ['target', false],
    ['', false],
  ])('%s -> %s', (name, expected) => {
    expect(looksReadOnly(name)).toBe(expected);
  });
});

describe('nameWords', () => {
  // The definition the one-pass scanner implements.
  const byPatterns = (name: string) =>
    name
      .replace(/^.*(?:__|[.:/])/, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .split(/[^A-Za-z0-9]+/)
      .filter((w) => w !== '')
      .map((w) => w.toLowerCase());

  it.each([
    ['github__list_issues', ['list', 'issues']],
    ['getHTTPResponse2Fa', ['get', 'httpresponse2', 'fa']],
    ['ns.read-file', ['read', 'file']],
    ['a___b', ['b']],
    ['srv:tool/getX', ['get', 'x']],
    ['x__', []],
    ['', []],
  ])('%s -> %j', (name, words) => {
    expect(nameWords(name)).toEqual(words);
    expect(byPatterns(name)).toEqual(words);
  });

  it('splits any name as the patterns do (property)', () => {
    const names = fc.string({ unit: fc.constantFrom(...'aAbZz09_-.:/ é'.split('')), maxLength: 14 });
    fc.assert(
      fc.property(names, (name) => {
        expect(nameWords(name)).toEqual(byPatterns(name));
      }),
      { numRuns: 5000 },
    );
  });
});
