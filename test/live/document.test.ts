import { describe, expect, it } from 'vitest';
import { describeSurface, type RecordedTransport } from '../../src/live/document.js';
import { LiveServerError } from '../../src/live/errors.js';
import { completeFromDescription } from '../../src/live/overlay.js';
import { parseEnv, parseHeader, recordedUrl } from '../../src/live/redact.js';
import type { LiveSurface } from '../../src/live/session.js';
import type { JsonObject } from '../../src/util/json.js';
import { validateDocument } from '../../src/validate/index.js';

const STDIO: RecordedTransport = { type: 'stdio', command: 'node', args: ['server.js'], env: [] };

function surface(overrides: Partial<LiveSurface> = {}): LiveSurface {
  return {
    protocolVersion: '2025-11-25',
    serverInfo: { name: 'weather', version: '1.2.0' },
    capabilities: { tools: { listChanged: true } },
    tools: [],
    prompts: [],
    resources: [],
    resourceTemplates: [],
    ...overrides,
  };
}

const TOOL: JsonObject = {
  name: 'get_forecast',
  title: 'Forecast',
  description: 'Forecast for a city',
  inputSchema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
  outputSchema: { type: 'object', properties: { summary: { type: 'string' } } },
  annotations: { readOnlyHint: true },
  execution: { taskSupport: 'forbidden' },
  icons: [{ src: 'https://example.com/icon.png', mimeType: 'image/png', extra: 1 }],
  _meta: { 'example.com/owner': 'weather' },
};

describe('describeSurface', () => {
  it('writes info, the negotiated revision, instructions, the transport, capabilities and lists in order', () => {
    const { document, notes } = describeSurface(
      surface({
        serverInfo: {
          name: 'weather',
          version: '1.2.0',
          title: 'Weather',
          websiteUrl: 'https://example.com',
        },
        instructions: 'Use get_forecast first.',
        capabilities: {
          tools: { listChanged: true, unknownFlag: true },
          resources: { subscribe: false },
          logging: {},
          experimental: { 'example/x': {} },
        },
        tools: [TOOL, { name: 'a_tool', inputSchema: { type: 'object' } }],
        resources: [{ uri: 'file:///stations.json', name: 'stations', size: 12 }],
        resourceTemplates: [{ uriTemplate: 'weather://{city}', name: 'city' }],
        prompts: [{ name: 'brief', arguments: [] }],
      }),
      STDIO,
    );
    expect(Object.keys(document)).toEqual([
      'mcpdesc',
      'info',
      'protocolVersions',
      'instructions',
      'transports',
      'capabilities',
      'tools',
      'resources',
      'resourceTemplates',
      'prompts',
    ]);
    expect(document.info).toEqual({
      name: 'weather',
      version: '1.2.0',
      title: 'Weather',
      websiteUrl: 'https://example.com',
    });
    expect(document.protocolVersions).toEqual(['2025-11-25']);
    expect(document.transports).toEqual([{ type: 'stdio', command: 'node', args: ['server.js'] }]);
    expect(document.capabilities).toEqual([
      {
        tools: { listChanged: true },
        resources: { subscribe: false },
        logging: {},
        experimental: { 'example/x': {} },
      },
    ]);
    expect((document.tools as JsonObject[]).map((t) => t.name)).toEqual(['get_forecast', 'a_tool']);
    // An empty argument list is omitted (spec §3.8), not written as [].
    expect(document.prompts).toEqual([{ name: 'brief' }]);
    expect(notes).toEqual([
      'tool "get_forecast" icon 0: extra not recorded (not a property mcpdesc 0.8.0 defines there)',
    ]);
    expect(validateDocument({ value: document, file: 'dump' }).valid).toBe(true);
  });

  it.each([
    ['2025-11-25', ['title', 'outputSchema', 'annotations', 'execution', 'icons', '_meta'], []],
    [
      '2025-06-18',
      ['title', 'outputSchema', 'annotations', '_meta'],
      ['execution', 'icons', 'inputSchema.$schema'],
    ],
    [
      '2025-03-26',
      ['annotations'],
      ['title', 'outputSchema', 'execution', 'icons', '_meta', 'inputSchema.$schema'],
    ],
    [
      '2024-11-05',
      [],
      ['title', 'outputSchema', 'annotations', 'execution', 'icons', '_meta', 'inputSchema.$schema'],
    ],
  ] as const)('MCP %s: tool fields kept %j, left out with a note %j', (revision, kept, dropped) => {
    const { document, notes } = describeSurface(surface({ protocolVersion: revision, tools: [TOOL] }), STDIO);
    const tool = (document.tools as JsonObject[])[0] as JsonObject;
    for (const key of kept) expect(tool).toHaveProperty(key);
    for (const key of dropped) {
      if (key === 'inputSchema.$schema') expect(tool.inputSchema).not.toHaveProperty('$schema');
      else expect(tool).not.toHaveProperty(key);
      expect(
        notes.some((note) => note.startsWith(`tool "get_forecast": ${key} not recorded (MCP ${revision}`)),
      ).toBe(true);
    }
    expect(validateDocument({ value: document, file: 'dump' }).valid).toBe(true);
  });

  it('records environment variables by name only, as placeholders', () => {
    const { document } = describeSurface(surface(), { ...STDIO, env: ['API_KEY'] });
    const placeholder = ['$', '{API_KEY}'].join('');
    expect(document.transports).toEqual([
      { type: 'stdio', command: 'node', args: ['server.js'], env: { API_KEY: placeholder } },
    ]);
  });

  it('keeps core tasks only in 2025-11-25 and lastModified only from 2025-06-18', () => {
    const capabilities = { tasks: { list: {} }, resources: {} };
    const resources = [
      { uri: 'a://b', name: 'b', annotations: { lastModified: '2025-01-01T00:00:00Z', priority: 1 } },
    ];
    const newer = describeSurface(surface({ capabilities, resources }), STDIO).document;
    expect(newer.capabilities).toEqual([{ tasks: { list: {} }, resources: {} }]);
    const older = describeSurface(
      surface({ protocolVersion: '2025-03-26', capabilities, resources }),
      STDIO,
    ).document;
    expect(older.capabilities).toEqual([{ resources: {} }]);
    expect(older.resources).toEqual([{ uri: 'a://b', name: 'b', annotations: { priority: 1 } }]);
  });

  it('refuses a revision mcpdesc 0.8.0 cannot describe', () => {
    expect(() => describeSurface(surface({ protocolVersion: '2024-10-07' }), STDIO)).toThrow(LiveServerError);
  });
});

describe('completeFromDescription', () => {
  const live: JsonObject = {
    mcpdesc: '0.8.0',
    info: { name: 'weather', version: '1.2.0' },
    protocolVersions: ['2025-11-25'],
    transports: [{ type: 'stdio', command: 'node' }],
    tools: [
      { name: 'get_forecast', description: 'live text', inputSchema: { type: 'object' } },
      { name: 'undocumented', inputSchema: { type: 'object' } },
    ],
  };
  const view: JsonObject = {
    mcpdesc: '0.8.0',
    info: { name: 'weather', version: '1.0.0', contact: { name: 'team' }, 'x-team': 'w' },
    protocolVersions: ['2025-11-25'],
    transports: [{ type: 'streamable-http', url: 'https://example.com/mcp' }],
    tags: [{ name: 'weather' }],
    'x-owner': 'w',
    tools: [
      {
        name: 'get_forecast',
        description: 'described text',
        inputSchema: { type: 'object', properties: {} },
        tags: ['weather'],
        deprecated: true,
        examples: { a: { input: {}, result: { content: [] } } },
        'x-internal': true,
      },
    ],
  };

  it('takes from the description only what a server cannot say, and the transports', () => {
    const out = completeFromDescription(live, view);
    expect(out.info).toEqual({ name: 'weather', version: '1.2.0', contact: { name: 'team' }, 'x-team': 'w' });
    expect(out.transports).toEqual(view.transports);
    expect(out.tags).toEqual(view.tags);
    expect(out['x-owner']).toBe('w');
    const [forecast, undocumented] = out.tools as JsonObject[];
    // Wire fields stay the server's; description-only fields come from the description.
    expect(forecast).toEqual({
      name: 'get_forecast',
      description: 'live text',
      inputSchema: { type: 'object' },
      tags: ['weather'],
      deprecated: true,
      examples: { a: { input: {}, result: { content: [] } } },
      'x-internal': true,
    });
    expect(undocumented).toEqual({ name: 'undocumented', inputSchema: { type: 'object' } });
  });

  it('modifies neither input, and drops the live transport when the description declares none', () => {
    const liveCopy = structuredClone(live);
    const viewCopy = structuredClone(view);
    const { transports: _t, ...noTransports } = view;
    expect(completeFromDescription(live, noTransports)).not.toHaveProperty('transports');
    completeFromDescription(live, view);
    expect(live).toEqual(liveCopy);
    expect(view).toEqual(viewCopy);
  });
});

describe('what is recorded of the way to the server', () => {
  it.each([
    ['http://127.0.0.1:3001/mcp', 'http://127.0.0.1:3001/mcp', 0],
    ['https://user:pw@example.com/mcp', 'https://example.com/mcp', 1],
    [
      'https://example.com/mcp?key=s3cret&key=2&mode=full',
      'https://example.com/mcp?key=REDACTED&key=REDACTED&mode=REDACTED',
      1,
    ],
  ])('%s is recorded as %s', (given, recorded, noteCount) => {
    const result = recordedUrl(given);
    expect(result.url).toBe(recorded);
    expect(result.notes).toHaveLength(noteCount);
    expect(result.url).not.toContain('s3cret');
  });

  it.each([
    ['Authorization: Bearer a:b', ['Authorization', 'Bearer a:b']],
    ['X-Key:1', ['X-Key', '1']],
  ])('header %s', (text, parsed) => {
    expect(parseHeader(text)).toEqual(parsed);
  });

  it.each(['no colon', ': empty name', 'Bad Name: x'])('refuses header %j', (text) => {
    expect(() => parseHeader(text)).toThrow(LiveServerError);
  });

  it.each([
    ['API_KEY=a=b', ['API_KEY', 'a=b']],
    ['EMPTY=', ['EMPTY', '']],
  ])('env %s', (text, parsed) => {
    expect(parseEnv(text)).toEqual(parsed);
  });

  it.each(['NOVALUE', '1X=2', '=x'])('refuses env %j', (text) => {
    expect(() => parseEnv(text)).toThrow(LiveServerError);
  });
});
