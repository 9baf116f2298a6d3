import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeLoaded,
  formatReportJson,
  formatReportText,
  isMcpdesc07,
  loadDescription,
  MigrationError,
  migrateValue,
  migrationNotice,
  NotMigratableError,
  renderYamlPreserving,
} from '../../src/migrate/index.js';
import { migrateSides } from '../../src/migrate/load.js';
import { loadDocument } from '../../src/parse/index.js';
import type { JsonObject } from '../../src/util/json.js';
import { validateDocument } from '../../src/validate/index.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/migrate');
const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const load = (name: string) => loadDocument(read(name), { file: name });

describe('detection', () => {
  it('recognises 0.7.0 by its mcpdesc value only', () => {
    expect(isMcpdesc07({ mcpdesc: '0.7.0' })).toBe(true);
    expect(isMcpdesc07({ mcpdesc: '0.8.0' })).toBe(false);
    expect(isMcpdesc07({ info: {} })).toBe(false);
    expect(isMcpdesc07([])).toBe(false);
  });
  it('refuses to migrate anything else', () => {
    expect(() => migrateValue({ mcpdesc: '0.8.0' })).toThrow(NotMigratableError);
    expect(() => migrateValue({ mcpdesc: '0.6.0' })).toThrow(/only 0.7.0/);
    expect(() => migrateValue('x')).toThrow(/not an mcpdesc document/);
  });
});

describe('the algorithm', () => {
  it('migrates a YAML source to a valid 0.8.0 document, keeping the key order', () => {
    const r = migrateValue(load('old-0.7.yaml').value, { file: 'old-0.7.yaml' });
    expect(r.needsAuthor).toBe(false);
    expect(r.report.status).toBe('migrated');
    expect(Object.keys(r.value)).toEqual([
      'mcpdesc',
      'info',
      'protocolVersions',
      'transports',
      'securitySchemes',
      'security',
      'capabilities',
      'tools',
      'tags',
    ]);
    expect(validateDocument({ value: r.value, file: 'x' }).valid).toBe(true);
    expect(r.report.entries.map((e) => e.code)).toEqual([
      'mcpdesc-version',
      'protocol-version-moved',
      'security-scheme-named',
      'security-requirement',
      'capabilities-wrapped',
    ]);
  });

  it('maps result pointers back to the source', () => {
    const r = migrateValue(load('old-0.7.yaml').value);
    expect(r.mapPointer('/capabilities/0/tools/listChanged')).toBe('/capabilities/tools/listChanged');
    expect(r.mapPointer('/protocolVersions/0')).toBe('/info/protocolVersion');
    expect(r.mapPointer('/securitySchemes/bearer/scheme')).toBe('/security/0/scheme');
    expect(r.mapPointer('/tools/0/name')).toBe('/tools/0/name');
  });

  it('refuses a source that is not valid 0.7.0, with positions', () => {
    const doc = loadDocument(
      'mcpdesc: 0.7.0\ninfo:\n  name: x\n  version: "1"\n  protocolVersion: "2025-06-18"\n  colour: red\ntransports:\n- type: stdio\n  cmd: x\ntools:\n- name: t\n  inputSchema: {type: object}\n',
      { file: 'bad.yaml' },
    );
    const r = migrateValue(doc.value);
    expect(r.needsAuthor).toBe(true);
    const invalid = r.report.entries.filter((e) => e.code === 'source-invalid');
    expect(invalid.map((e) => [e.source?.pointer, e.message])).toEqual([
      ['/info/colour', 'the 0.7.0 source is not valid 0.7.0: property "colour" is not allowed here in 0.7.0'],
      ['/transports/0', 'the 0.7.0 source is not valid 0.7.0: missing required property "command"'],
      [
        '/transports/0/cmd',
        'the 0.7.0 source is not valid 0.7.0: property "cmd" is not allowed here in 0.7.0',
      ],
    ]);
  });

  it('reports a tool without inputSchema once (not again as a 0.8.0 schema error)', () => {
    const doc = loadDocument(
      read('old-0.7.yaml').replace(/ {2}inputSchema:\n( {4}.*\n| {6}.*\n| {8}.*\n)+/, ''),
      { file: 'x.yaml' },
    );
    expect((doc.value as { tools: JsonObject[] }).tools[0]).not.toHaveProperty('inputSchema');
    const r = migrateValue(doc.value);
    expect(r.report.status).toBe('needs-author-input');
    expect(r.report.entries.filter((e) => e.kind === 'decision').map((e) => e.code)).toEqual([
      'tool-input-schema-missing',
    ]);
    expect((r.value.tools as JsonObject[])[0]).not.toHaveProperty('inputSchema');
  });

  it('turns 0.8.0 validation errors into decisions and warnings into warnings, at both positions', () => {
    const source = {
      mcpdesc: '0.7.0',
      info: { name: 's', version: '1', protocolVersion: '2024-11-05' },
      transports: [
        { type: 'streamable-http', url: 'https://a.example/mcp' },
        { type: 'sse', url: 'https://a.example/sse' },
      ],
      tools: [{ name: 't', inputSchema: { type: 'object' } }],
    };
    const r = migrateValue(source);
    const decision = r.report.entries.find((e) => e.code === 'result-invalid');
    expect(decision).toMatchObject({
      kind: 'decision',
      source: { pointer: '/transports/0/type' },
      result: { pointer: '/transports/0/type' },
    });
    expect(decision?.message).toContain('transport-not-supported-by-version');
    expect(
      r.report.entries.some(
        (e) => e.kind === 'warning' && e.message.includes('legacy-protocol-validation-incomplete'),
      ),
    ).toBe(true);
  });

  it('a default makes the status "migrated-with-warnings"', () => {
    const source = {
      mcpdesc: '0.7.0',
      info: { name: 's', version: '1' },
      transports: [{ type: 'stdio', command: 's' }],
      tools: [{ name: 't', inputSchema: { type: 'object' } }],
    };
    const r = migrateValue(source, { defaultProtocolVersion: '2025-11-25' });
    expect(r.report.status).toBe('migrated-with-warnings');
    expect(r.needsAuthor).toBe(false);
    expect(r.value.protocolVersions).toEqual(['2025-11-25']);
  });

  it('migrates a JSON source the same way as YAML', () => {
    const yaml = load('old-0.7.yaml');
    const json = loadDocument(JSON.stringify(yaml.value, null, 2), { file: 'old-0.7.json' });
    expect(migrateValue(json.value).value).toEqual(migrateValue(yaml.value).value);
  });
});

describe('the report', () => {
  const loaded = load('old-0.7.yaml');
  const r = migrateValue(loaded.value, { file: 'old-0.7.yaml' });
  const located = describeLoaded(loaded, { migrate: { validateResult: true } }).report;

  it('has source positions once located', () => {
    expect(located?.entries.find((e) => e.code === 'protocol-version-moved')?.source).toEqual({
      pointer: '/info/protocolVersion',
      line: 6,
      column: 20,
    });
  });

  it('renders as JSON with a summary', () => {
    const json = JSON.parse(formatReportJson(r.report));
    expect(json).toMatchObject({ file: 'old-0.7.yaml', from: '0.7.0', to: '0.8.0', status: 'migrated' });
    expect(json.summary).toEqual({ change: 5, default: 0, decision: 0, warning: 0, note: 0 });
    expect(json.entries[0]).toEqual({
      kind: 'change',
      code: 'mcpdesc-version',
      message: 'mcpdesc "0.7.0" → "0.8.0"',
      source: { pointer: '/mcpdesc' },
      result: { pointer: '/mcpdesc' },
    });
  });

  it('renders as text, decisions first', () => {
    const source = {
      mcpdesc: '0.7.0',
      info: { name: 's', version: '1' },
      transports: [{ type: 'stdio', command: 's' }],
      tools: [{ name: 't' }],
    };
    const text = formatReportText(migrateValue(source, { file: 'in.yaml' }).report);
    expect(text.split('\n')[0]).toBe('in.yaml: mcpdesc 0.7.0 → 0.8.0: needs-author-input');
    expect(text).toContain('nothing was written');
    expect(text.indexOf('Decisions left to the author:')).toBeLessThan(text.indexOf('Changes made:'));
    expect(text).toContain('[protocol-version-missing]');
    expect(text).toContain('[tool-input-schema-missing]');
  });
});

describe('YAML output keeps comments and styles', () => {
  it('edits the source document instead of re-serialising', () => {
    const loaded = load('commented.yaml');
    const r = migrateValue(loaded.value);
    const out = renderYamlPreserving(loaded.text, r.value, r.moves);
    expect(out.preserved).toBe(true);
    expect(loadDocument(out.text, { file: 'out.yaml' }).value).toEqual(r.value);
    for (const kept of [
      '# Chess rating server, dumped from the live server and curated by hand.',
      '# The revision the server negotiates.',
      '# Cloud endpoint.',
      'security: [] # local: no authentication',
      '# We notify on list changes.',
      '- name: get_rating # the main tool',
      'player_id: { type: string } # flow style stays',
    ]) {
      expect(out.text).toContain(kept);
    }
    expect(out.text).toContain("protocolVersions:\n  - '2025-06-18'");
    // the comment inside the root scheme, which was deduplicated into the transport's, is reported
    expect(out.notes).toEqual([
      expect.objectContaining({
        code: 'yaml-comment-dropped',
        source: expect.objectContaining({ pointer: '/security/0/type', line: 22 }),
      }),
    ]);
  });

  it('keeps flush sequences flush', () => {
    const loaded = load('old-0.7.yaml');
    const r = migrateValue(loaded.value);
    const out = renderYamlPreserving(loaded.text, r.value, r.moves);
    expect(out.text).toContain('tools:\n- name: get_forecast');
    expect(out.text).toContain('capabilities:\n- tools:\n    listChanged: true');
    expect(
      out.text.startsWith('# A weather server as an existing 0.7.0 dump describes it.\nmcpdesc: 0.8.0\n'),
    ).toBe(true);
  });

  it('falls back to plain serialisation with a note when the source cannot be edited', () => {
    const r = migrateValue(load('old-0.7.yaml').value);
    const out = renderYamlPreserving('- not a mapping\n', r.value, r.moves);
    expect(out.preserved).toBe(false);
    expect(out.notes.map((n) => n.code)).toEqual(['yaml-plain-serialisation']);
    expect(loadDocument(out.text, { file: 'out.yaml' }).value).toEqual(r.value);
  });
});

describe('the shared loader', () => {
  it('returns a 0.8.0 document unchanged', async () => {
    const loaded = load('same-0.8.yaml');
    const d = await loadDescription(loaded);
    expect(d.document).toBe(loaded);
    expect(d.migratedFrom).toBeUndefined();
    expect(migrationNotice('old', d)).toBeUndefined();
  });

  it('migrates a 0.7.0 document in memory with positions in the 0.7.0 text', async () => {
    const d = await loadDescription(join(FIXTURES, 'old-0.7.yaml'));
    expect(d.migratedFrom).toBe('0.7.0');
    expect(migrationNotice('old', d)).toBe('old: migrated from 0.7.0');
    expect(d.document.sourceMap.locate('/capabilities/0/tools')).toEqual({ line: 16, column: 5 });
    expect(d.document.sourceMap.locate('/protocolVersions/0')).toEqual({ line: 6, column: 20 });
    expect(d.document.sourceMap.locate('/securitySchemes/bearer')).toEqual({ line: 11, column: 3 });
    const findings = validateDocument(d.document).findings;
    expect(findings).toEqual([]);
  });

  it('refuses (MigrationError with a position) only when no root protocolVersions can be made', () => {
    const noRevision = loadDocument(read('old-0.7.yaml').replace("  protocolVersion: '2025-06-18'\n", ''), {
      file: 'x.yaml',
    });
    expect(() => describeLoaded(noRevision)).toThrow(MigrationError);
    try {
      describeLoaded(noRevision);
    } catch (error) {
      expect(error).toMatchObject({ file: 'x.yaml', line: 4, column: 3 });
      expect((error as Error).message).toContain('mcpdesc migrate x.yaml');
    }
    expect(describeLoaded(noRevision, { migrate: { protocolVersion: '2025-06-18' } }).migratedFrom).toBe(
      '0.7.0',
    );
    const noSchema = loadDocument(read('old-0.7.yaml').replace(/ {2}inputSchema:\n( {4}.*\n)+/, ''), {
      file: 'y.yaml',
    });
    const lenient = describeLoaded(noSchema);
    expect(migrationNotice('old', lenient)).toBe(
      'old: migrated from 0.7.0 (1 decision left to the author: run mcpdesc migrate y.yaml)',
    );
    expect(() => describeLoaded(noSchema, { strict: true })).toThrow(MigrationError);
  });

  it('names the migrated side after the 0.8.0 side (schemes, $schema) so the upgrade is no change', () => {
    const lines: string[] = [];
    const { oldDoc, newDoc } = migrateSides(load('old-0.7.yaml'), load('same-0.8.yaml'), (l) =>
      lines.push(l),
    );
    expect(lines).toEqual(['old: migrated from 0.7.0']);
    expect(oldDoc.value).toEqual(newDoc.value);
    const none = migrateSides(undefined, load('old-0.7.yaml'), (l) => lines.push(l), ['base', 'head']);
    expect(none.oldDoc).toBeUndefined();
    expect(lines.at(-1)).toBe('head: migrated from 0.7.0');
  });
});

describe('the shipped 0.7.0 schema', () => {
  it('is the byte-for-byte copy recorded in schemas/README-0.7.0.md', () => {
    const bytes = readFileSync(join(import.meta.dirname, '../../schemas/mcp-description-0.7.0.json'));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(
      '4288da1d095ca220da1b021a7299659400c6ce05e6996451f2efdfa983520d49',
    );
  });
});
