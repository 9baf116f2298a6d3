// A real MCP server for the drift tests, written with the SDK's McpServer on the stdio transport.
// `node drift-server.mjs VARIANT`: `base` is the server its description was dumped from; every other
// variant changes one thing a client depends on; `paginated` serves the base lists one entry per
// page, and `cursor-loop` answers every list with the same cursor.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const variant = process.argv[2] ?? 'base';
const known = [
  'base',
  'tool-removed',
  'input-narrowed',
  'output-widened',
  'annotation-revoked',
  'undocumented',
  'paginated',
  'cursor-loop',
];
if (!known.includes(variant)) {
  process.stderr.write(`unknown variant ${variant}\n`);
  process.exit(64);
}

const server = new McpServer(
  { name: 'drift-fixture', version: '1.0.0' },
  { instructions: 'Weather lookups for tests.' },
);

server.registerTool(
  'get_forecast',
  {
    title: 'Forecast',
    description: 'Forecast for a city',
    inputSchema: {
      city: z.string(),
      days: variant === 'input-narrowed' ? z.number().int().max(3) : z.number().int().max(10),
    },
    outputSchema: {
      summary: variant === 'output-widened' ? z.string() : z.enum(['sunny', 'rainy', 'cloudy']),
    },
    annotations: { readOnlyHint: variant !== 'annotation-revoked', openWorldHint: true },
  },
  async () => ({ content: [{ type: 'text', text: 'sunny' }], structuredContent: { summary: 'sunny' } }),
);

if (variant !== 'tool-removed') {
  server.registerTool(
    'get_alerts',
    {
      description: 'Weather alerts for a region',
      inputSchema: { region: z.string() },
      annotations: { readOnlyHint: true },
    },
    async () => ({ content: [{ type: 'text', text: 'none' }] }),
  );
}

if (variant === 'undocumented') {
  server.registerTool('reset_cache', { description: 'Clears the cache', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: 'ok' }],
  }));
}

server.registerPrompt(
  'daily_brief',
  { description: 'A morning weather brief', argsSchema: { city: z.string() } },
  ({ city }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Brief for ${city}` } }] }),
);

server.registerResource(
  'stations',
  'weather://stations',
  { description: 'Weather stations', mimeType: 'application/json' },
  async (uri) => ({ contents: [{ uri: uri.href, text: '[]' }] }),
);

if (variant === 'paginated' || variant === 'cursor-loop') {
  // McpServer lists everything in one page: its own handlers are wrapped to serve pages.
  const handlers = server.server._requestHandlers;
  for (const [method, field] of [
    ['tools/list', 'tools'],
    ['prompts/list', 'prompts'],
    ['resources/list', 'resources'],
  ]) {
    const whole = handlers.get(method);
    handlers.set(method, async (request, extra) => {
      const all = (await whole(request, extra))[field];
      if (variant === 'cursor-loop') return { [field]: all.slice(0, 1), nextCursor: 'again' };
      const start = Number(request.params?.cursor ?? 0);
      const page = { [field]: all.slice(start, start + 1) };
      return start + 1 < all.length ? { ...page, nextCursor: String(start + 1) } : page;
    });
  }
}

await server.connect(new StdioServerTransport());
