import { describe, expect, it } from 'vitest';
import { migrateCapabilities } from '../../src/migrate/steps/capabilities.js';
import { migrateEmptyCollections } from '../../src/migrate/steps/empty-collections.js';
import { checkInputSchemas } from '../../src/migrate/steps/input-schemas.js';
import { migrateProtocolVersions } from '../../src/migrate/steps/protocol-versions.js';
import { baseSchemeName, migrateSecurity } from '../../src/migrate/steps/security.js';
import { migrateVersion, SCHEMA_URI_080 } from '../../src/migrate/steps/version.js';
import type { JsonObject } from '../../src/util/json.js';

const base = (): JsonObject => ({
  mcpdesc: '0.7.0',
  info: { name: 's', version: '1.0.0', protocolVersion: '2025-06-18' },
  transports: [{ type: 'stdio', command: 's' }],
  tools: [{ name: 't', inputSchema: { type: 'object' } }],
});

const codes = (entries: { code: string }[]) => entries.map((e) => e.code);

describe('steps are pure', () => {
  it('never mutate their input', () => {
    const doc: JsonObject = {
      ...base(),
      security: [{ type: 'http', scheme: 'bearer' }],
      capabilities: { tools: {} },
      tags: [],
    };
    const frozen = structuredClone(doc);
    migrateVersion(doc, { emitSchema: true });
    migrateProtocolVersions(doc, {});
    migrateSecurity(doc, {});
    checkInputSchemas(doc);
    migrateEmptyCollections(doc);
    migrateCapabilities(doc);
    expect(doc).toEqual(frozen);
  });
});

describe('version step', () => {
  it('sets mcpdesc 0.8.0 in place', () => {
    const r = migrateVersion(base(), {});
    expect(Object.keys(r.value)[0]).toBe('mcpdesc');
    expect(r.value.mcpdesc).toBe('0.8.0');
    expect(r.value.$schema).toBeUndefined();
    expect(codes(r.entries)).toEqual(['mcpdesc-version']);
  });
  it('adds $schema first only when asked, and rewrites a 0.7.0 $schema', () => {
    const added = migrateVersion(base(), { emitSchema: true });
    expect(Object.keys(added.value)[0]).toBe('$schema');
    expect(added.value.$schema).toBe(SCHEMA_URI_080);
    const rewritten = migrateVersion(
      { $schema: 'https://developer.cisco.com/mcp-description/schema/0.7.0', ...base() },
      {},
    );
    expect(rewritten.value.$schema).toBe(SCHEMA_URI_080);
    expect(codes(rewritten.entries)).toContain('schema-uri');
  });
});

describe('protocol versions step', () => {
  it('moves info.protocolVersion to root protocolVersions right after info', () => {
    const r = migrateProtocolVersions(base(), {});
    expect(r.value.protocolVersions).toEqual(['2025-06-18']);
    expect(Object.keys(r.value)).toEqual(['mcpdesc', 'info', 'protocolVersions', 'transports', 'tools']);
    expect(r.value.info).toEqual({ name: 's', version: '1.0.0' });
    expect(r.entries[0]).toMatchObject({
      kind: 'change',
      code: 'protocol-version-moved',
      source: { pointer: '/info/protocolVersion' },
      result: { pointer: '/protocolVersions' },
    });
  });
  it('accepts an agreeing --protocol-version and refuses a disagreeing one', () => {
    expect(migrateProtocolVersions(base(), { protocolVersion: '2025-06-18' }).value.protocolVersions).toEqual(
      ['2025-06-18'],
    );
    const conflict = migrateProtocolVersions(base(), { protocolVersion: '2025-11-25' });
    expect(conflict.value.protocolVersions).toBeUndefined();
    expect(conflict.entries).toEqual([
      expect.objectContaining({
        kind: 'decision',
        code: 'protocol-version-conflict',
        source: { pointer: '/info/protocolVersion' },
      }),
    ]);
  });
  it('uses --protocol-version for a source without one (not a default)', () => {
    const doc = base();
    delete (doc.info as JsonObject).protocolVersion;
    const r = migrateProtocolVersions(doc, { protocolVersion: '2026-07-28' });
    expect(r.value.protocolVersions).toEqual(['2026-07-28']);
    expect(codes(r.entries)).toEqual(['protocol-version-given']);
  });
  it('applies --default-protocol-version only when the source has none, as a reported default', () => {
    const doc = base();
    delete (doc.info as JsonObject).protocolVersion;
    const r = migrateProtocolVersions(doc, { defaultProtocolVersion: '2025-11-25' });
    expect(r.value.protocolVersions).toEqual(['2025-11-25']);
    expect(r.entries[0]).toMatchObject({
      kind: 'default',
      code: 'protocol-version-default',
      result: { pointer: '/protocolVersions' },
    });
    // the source's own revision wins over a default
    expect(
      migrateProtocolVersions(base(), { defaultProtocolVersion: '2025-11-25' }).value.protocolVersions,
    ).toEqual(['2025-06-18']);
  });
  it('refuses when no revision is known, naming the flag', () => {
    const doc = base();
    delete (doc.info as JsonObject).protocolVersion;
    const r = migrateProtocolVersions(doc, {});
    expect(r.entries[0]).toMatchObject({ kind: 'decision', code: 'protocol-version-missing' });
    expect(r.entries[0]?.message).toContain('--protocol-version');
    expect(r.value.protocolVersions).toBeUndefined();
  });
  it('refuses revisions outside the closed 0.8.0 set', () => {
    expect(codes(migrateProtocolVersions(base(), { defaultProtocolVersion: '2099-01-01' }).entries)).toEqual([
      'protocol-version-unsupported',
    ]);
    const doc = base();
    (doc.info as JsonObject).protocolVersion = '2024-01-01';
    expect(migrateProtocolVersions(doc, {}).entries[0]).toMatchObject({
      kind: 'decision',
      code: 'protocol-version-unsupported',
      source: { pointer: '/info/protocolVersion' },
    });
  });
});

describe('capabilities step', () => {
  it('wraps the object in a one-item array without a scope', () => {
    const caps = { tools: { listChanged: true }, logging: {} };
    const r = migrateCapabilities({ ...base(), capabilities: caps });
    expect(r.value.capabilities).toEqual([caps]);
    expect(r.moves).toEqual([{ result: '/capabilities/0', source: '/capabilities' }]);
    expect(codes(r.entries)).toEqual(['capabilities-wrapped']);
  });
  it('leaves unknown capability keys for the author (never renamed or dropped)', () => {
    const r = migrateCapabilities({
      ...base(),
      capabilities: { sampling: {}, 'x-mine': 1, extensions: { 'com.example/x': {} } },
    });
    expect((r.value.capabilities as JsonObject[])[0]).toEqual({
      sampling: {},
      'x-mine': 1,
      extensions: { 'com.example/x': {} },
    });
    expect(r.entries.filter((e) => e.kind === 'decision')).toEqual([
      expect.objectContaining({ code: 'capability-unknown', source: { pointer: '/capabilities/sampling' } }),
    ]);
  });
  it('does nothing without capabilities', () => {
    const doc = base();
    expect(migrateCapabilities(doc)).toEqual({ value: doc, entries: [], moves: [] });
  });
});

describe('input schema step', () => {
  it('asks the author about a tool without inputSchema and invents nothing', () => {
    const doc = { ...base(), tools: [{ name: 'a' }, { name: 'b', inputSchema: { type: 'object' } }] };
    const r = checkInputSchemas(doc);
    expect(r.value).toBe(doc);
    expect(r.value.tools).toEqual([{ name: 'a' }, { name: 'b', inputSchema: { type: 'object' } }]);
    expect(r.entries).toEqual([
      expect.objectContaining({
        kind: 'decision',
        code: 'tool-input-schema-missing',
        source: { pointer: '/tools/0' },
      }),
    ]);
  });
  it('asks about a schema that is not object-rooted', () => {
    const r = checkInputSchemas({
      ...base(),
      tools: [
        { name: 'a', inputSchema: { properties: {} } },
        { name: 'b', inputSchema: { type: 'string' } },
      ],
    });
    expect(r.entries.map((e) => [e.code, e.source?.pointer])).toEqual([
      ['tool-input-schema-not-object', '/tools/0/inputSchema'],
      ['tool-input-schema-not-object', '/tools/1/inputSchema'],
    ]);
  });
});

describe('empty collections step', () => {
  it('removes empty ordinary collections and keeps significant empties', () => {
    const doc: JsonObject = {
      ...base(),
      info: { name: 's', version: '1', icons: [] },
      security: [],
      tools: [{ name: 't', inputSchema: { type: 'object', properties: {} }, tags: [], icons: [] }],
      prompts: [{ name: 'p', arguments: [] }],
      resources: [],
      tags: [],
    };
    const r = migrateEmptyCollections(doc);
    expect(r.value).toEqual({
      mcpdesc: '0.7.0',
      info: { name: 's', version: '1' },
      transports: [{ type: 'stdio', command: 's' }],
      security: [],
      tools: [{ name: 't', inputSchema: { type: 'object', properties: {} } }],
      prompts: [{ name: 'p' }],
    });
    expect(r.entries.map((e) => e.source?.pointer).sort()).toEqual(
      [
        '/info/icons',
        '/prompts/0/arguments',
        '/resources',
        '/tags',
        '/tools/0/icons',
        '/tools/0/tags',
      ].sort(),
    );
  });
});

describe('security step', () => {
  const bearer = { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' };
  const oauth = {
    type: 'oauth2',
    flows: { clientCredentials: { tokenUrl: 'https://a.example/token', scopes: { read: 'Read' } } },
  };

  it('names schemes deterministically (the names the 0.8.0 examples use)', () => {
    expect(baseSchemeName(bearer)).toBe('bearer');
    expect(baseSchemeName({ type: 'http', scheme: 'Basic' })).toBe('basic');
    expect(baseSchemeName({ type: 'http' })).toBe('http');
    expect(baseSchemeName(oauth)).toBe('oauth');
    expect(baseSchemeName({ type: 'apiKey', name: 'X-Key', in: 'header' })).toBe('apiKey');
    expect(baseSchemeName({ type: 'openIdConnect', openIdConnectUrl: 'https://a.example' })).toBe(
      'openIdConnect',
    );
  });

  it('trims the dashes that replace other characters, in linear time (a regex took time squared)', () => {
    expect(baseSchemeName({ type: 'http', scheme: ' @@Negotiate v2!! ' })).toBe('negotiate-v2');
    expect(baseSchemeName({ type: 'http', scheme: `x${'-'.repeat(300_000)}y` })).toBe(
      `x${'-'.repeat(300_000)}y`,
    );
    expect(baseSchemeName({ type: 'http', scheme: `x${'-'.repeat(300_000)}` })).toBe('x');
  });

  it('moves inline schemes to securitySchemes, deduplicates identical ones, keeps placement and []', () => {
    const doc: JsonObject = {
      mcpdesc: '0.8.0',
      info: { name: 's', version: '1' },
      protocolVersions: ['2025-11-25'],
      transports: [
        { type: 'streamable-http', url: 'https://a.example/mcp', security: [bearer] },
        { type: 'stdio', command: 's', security: [] },
      ],
      security: [bearer],
    };
    const r = migrateSecurity(doc, {});
    expect(r.value).toEqual({
      mcpdesc: '0.8.0',
      info: { name: 's', version: '1' },
      protocolVersions: ['2025-11-25'],
      transports: [
        { type: 'streamable-http', url: 'https://a.example/mcp', security: [{ bearer: [] }] },
        { type: 'stdio', command: 's', security: [] },
      ],
      securitySchemes: { bearer },
      security: [{ bearer: [] }],
    });
    // securitySchemes sits right before the root security
    expect(Object.keys(r.value)).toEqual([
      'mcpdesc',
      'info',
      'protocolVersions',
      'transports',
      'securitySchemes',
      'security',
    ]);
    expect(codes(r.entries)).toEqual([
      'security-scheme-named',
      'security-requirement',
      'security-scheme-deduplicated',
      'security-requirement',
    ]);
    expect(r.moves).toEqual([{ result: '/securitySchemes/bearer', source: '/transports/0/security/0' }]);
  });

  it('turns several schemes of one array into alternatives, with a warning', () => {
    const r = migrateSecurity({ ...base(), security: [bearer, oauth] }, {});
    expect(r.value.security).toEqual([{ bearer: [] }, { oauth: [] }]);
    expect(r.entries.find((e) => e.code === 'security-alternatives')).toMatchObject({ kind: 'warning' });
  });

  it('suffixes a colliding name and asks for review', () => {
    const other = { type: 'http', scheme: 'bearer', description: 'another issuer' };
    const r = migrateSecurity(
      { ...base(), security: [bearer], transports: [{ type: 'stdio', command: 's', security: [other] }] },
      {},
    );
    expect(Object.keys(r.value.securitySchemes as JsonObject)).toEqual(['bearer', 'bearer-2']);
    expect(r.entries.find((e) => e.code === 'security-scheme-name-collision')).toMatchObject({
      kind: 'warning',
      result: { pointer: '/securitySchemes/bearer-2' },
    });
  });

  it('takes the name of an identical scheme of the 0.8.0 side it is compared with', () => {
    const r = migrateSecurity(
      { ...base(), security: [bearer] },
      { preferSchemeNames: { jwt: bearer, other: oauth } },
    );
    expect(r.value.securitySchemes).toEqual({ jwt: bearer });
    expect(r.value.security).toEqual([{ jwt: [] }]);
  });

  it('leaves an omitted root security omitted (with a note about the 0.7.0 reading)', () => {
    const r = migrateSecurity(base(), {});
    expect(r.value.security).toBeUndefined();
    expect(r.value.securitySchemes).toBeUndefined();
    expect(r.entries).toEqual([expect.objectContaining({ kind: 'note', code: 'root-security-omitted' })]);
  });
});
