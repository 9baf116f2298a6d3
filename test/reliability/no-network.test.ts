import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

// Documents full of URLs a careless tool would fetch: $schema, external $ref, icon and website URLs.
const TEMPTING = {
  $schema: 'https://mcpdesc.org/schema/mcp-description/0.8.0.json',
  mcpdesc: '0.8.0',
  info: {
    name: 'net',
    version: '1.0.0',
    websiteUrl: 'https://example.com',
    icons: [{ src: 'https://example.com/i.png' }],
  },
  protocolVersions: ['2025-11-25'],
  transports: [{ type: 'streamable-http', url: 'https://example.com/mcp' }],
  tools: [
    {
      name: 'remote_ref',
      description: 'A tool whose schema points elsewhere',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { q: { $ref: 'https://example.com/schemas/query.json' } },
      },
      examples: { one: { input: { q: 'x' }, result: { content: [{ type: 'text', text: 'ok' }] } } },
    },
  ],
};

describe('no command opens a socket', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-net-'));
  const a = join(dir, 'a.mcpdesc.json');
  const b = join(dir, 'b.mcpdesc.json');
  const schemaA = join(dir, 'a.schema.json');
  const schemaB = join(dir, 'b.schema.json');
  writeFileSync(a, JSON.stringify(TEMPTING));
  writeFileSync(
    b,
    JSON.stringify({
      ...TEMPTING,
      protocolVersions: ['2026-07-28'],
      tools: [{ ...TEMPTING.tools[0], description: 'changed' }],
    }),
  );
  writeFileSync(schemaA, JSON.stringify(TEMPTING.tools[0]!.inputSchema));
  writeFileSync(schemaB, JSON.stringify({ $ref: 'https://example.com/other.json' }));
  const log = join(dir, 'network.log');
  const preload = join(import.meta.dirname, '../support/no-network.mjs');
  const commands: string[][] = [
    ['validate', a],
    ['lint', a],
    ['diff', a, b],
    ['changelog', a, b],
    ['merge', a, b, '-o', join(dir, 'merged.json')],
    ['schema-diff', schemaA, schemaB],
    ['project', a, '--protocol-version', '2025-11-25'],
    ['migrate', a],
  ];
  it('the guard itself records and refuses a connection (control case)', async () => {
    const { spawnSync } = await import('node:child_process');
    const control = join(dir, 'control.log');
    const result = spawnSync(
      process.execPath,
      ['--import', preload, '-e', "require('node:net').connect(9, '127.0.0.1')"],
      {
        env: { ...process.env, MCPDESC_NETWORK_LOG: control },
        encoding: 'utf8',
      },
    );
    expect(result.status).not.toBe(0);
    expect(readFileSync(control, 'utf8')).toContain('net.connect');
  });

  it.each(commands.map((c) => [c.join(' ').replaceAll(dir, '<dir>'), c]))('mcpdesc %s', (_name, argv) => {
    const result = runCli(argv as string[], {
      env: { NODE_OPTIONS: `--import=${preload}`, MCPDESC_NETWORK_LOG: log },
    });
    expect([0, 1, 2]).toContain(result.code);
    expect(result.stderr).not.toContain('network access refused');
    expect(existsSync(log) ? readFileSync(log, 'utf8') : '').toBe('');
  });
});
