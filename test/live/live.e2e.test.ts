/**
 * `mcpdesc dump` and `mcpdesc check` against real servers, through the built CLI: the reference
 * servers from the npm registry (server-everything over stdio and over streamable HTTP on loopback,
 * server-memory over stdio), and a server written with the SDK's McpServer (drift-server.mjs) whose
 * variants each break its description in one way.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, runCli } from '../support/cli.js';
import { sarifSchemaErrors } from '../support/sarif-schema.js';

const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);
const MEMORY = join(
  dirname(require.resolve('@modelcontextprotocol/server-memory/package.json')),
  'dist/index.js',
);
const DRIFT = join(import.meta.dirname, 'drift-server.mjs');
const SILENT = join(import.meta.dirname, 'silent-server.mjs');
const LOOPBACK = join(import.meta.dirname, 'loopback-listen.mjs');
const node = process.execPath;
const work = mkdtempSync(join(tmpdir(), 'mcpdesc-live-'));

/** A process that still runs; a zombie (ended, waiting for a parent to reap it) does not. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}

/** The processes named in `file` have all ended (within a moment: reaping is asynchronous). */
async function expectEnded(file: string): Promise<void> {
  const pids = JSON.parse(readFileSync(file, 'utf8')) as number[];
  const deadline = Date.now() + 3000;
  while (pids.some(running) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(pids.filter(running)).toEqual([]);
}

async function waitFor<T>(probe: () => T | undefined, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function dumpAndValidate(name: string, args: string[]): { file: string; document: Record<string, unknown> } {
  const file = join(work, name);
  const dump = runCli(['dump', '-o', file, ...args]);
  expect(dump.stderr).not.toMatch(/\d+:\d+\s+error\s/);
  expect(dump.code).toBe(0);
  const validate = runCli(['validate', file]);
  expect(validate.stdout + validate.stderr).not.toMatch(/\berror\b/);
  expect(validate.code).toBe(0);
  const text = readFileSync(file, 'utf8');
  return { file, document: file.endsWith('.json') ? JSON.parse(text) : parse(text) };
}

describe('server-everything over stdio', () => {
  let file: string;
  it('dumps a valid description: server info, negotiated revision, capabilities, instructions, transport, every list', () => {
    const dumped = dumpAndValidate('everything.yaml', ['--', node, EVERYTHING, 'stdio']);
    file = dumped.file;
    const doc = dumped.document as {
      info: { name: string };
      protocolVersions: string[];
      instructions: string;
      transports: unknown[];
      capabilities: { tools?: unknown }[];
      tools: { name: string }[];
      resources: unknown[];
      resourceTemplates: unknown[];
      prompts: unknown[];
    };
    expect(doc.info.name).toBe('mcp-servers/everything');
    expect(doc.protocolVersions).toEqual(['2025-11-25']);
    expect(doc.instructions).toContain('Everything Server');
    expect(doc.transports).toEqual([{ type: 'stdio', command: node, args: [EVERYTHING, 'stdio'] }]);
    expect(doc.capabilities[0]?.tools).toEqual({ listChanged: true });
    expect(doc.tools.map((t) => t.name)).toContain('echo');
    expect(doc.resources.length).toBeGreaterThan(0);
    expect(doc.resourceTemplates.length).toBeGreaterThan(0);
    expect(doc.prompts.length).toBeGreaterThan(0);
  });

  it('dumps the same bytes twice', () => {
    const again = runCli(['dump', '--', node, EVERYTHING, 'stdio']);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(readFileSync(file, 'utf8'));
  });

  it('finds no drift between the dump and the server', () => {
    const check = runCli(['check', file, '--', node, EVERYTHING, 'stdio']);
    expect(check.stderr).toBe('');
    expect(check.stdout).toContain('No changes — MCP 2025-11-25');
    expect(check.code).toBe(0);
  });

  it('dumps an older revision when asked, leaving out what that revision does not have', () => {
    const dumped = dumpAndValidate('everything-2025-03-26.json', [
      '--protocol-version',
      '2025-03-26',
      '--',
      node,
      EVERYTHING,
      'stdio',
    ]);
    const doc = dumped.document as { protocolVersions: string[]; tools: Record<string, unknown>[] };
    expect(doc.protocolVersions).toEqual(['2025-03-26']);
    for (const tool of doc.tools) {
      expect(tool).not.toHaveProperty('title');
      expect(tool).not.toHaveProperty('execution');
      expect(tool.inputSchema).not.toHaveProperty('$schema');
    }
    const check = runCli(['check', dumped.file, '--', node, EVERYTHING, 'stdio']);
    expect(check.stdout).toContain('No changes — MCP 2025-03-26');
    expect(check.code).toBe(0);
  });
});

describe('server-everything over streamable HTTP on loopback', () => {
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    // The server listens where its PORT says, on every interface; the preload keeps it on loopback.
    server = spawn(node, ['--import', LOOPBACK, EVERYTHING, 'streamableHttp'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let said = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    const port = await waitFor(() => /listening on 127\.0\.0\.1:(\d+)/.exec(said)?.[1], 20_000);
    url = `http://127.0.0.1:${port}/mcp`;
  });
  afterAll(() => {
    if (server.pid) process.kill(-server.pid, 'SIGKILL');
  });

  it('dumps a valid description without recording header values or query values', () => {
    const file = join(work, 'everything-http.yaml');
    const dump = runCli([
      'dump',
      '--url',
      `${url}?token=s3cret`,
      '-H',
      'Authorization: Bearer s3cret',
      '-o',
      file,
    ]);
    expect(dump.code).toBe(0);
    expect(dump.stderr).toContain('mcpdesc: warning: the header Authorization was sent but not recorded');
    expect(dump.stderr).toContain('(token) are recorded as REDACTED');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('s3cret');
    expect(parse(text).transports).toEqual([{ type: 'streamable-http', url: `${url}?token=REDACTED` }]);
    expect(runCli(['validate', file]).code).toBe(0);
    const check = runCli(['check', file, '--url', url]);
    expect(check.stdout).toContain('No changes — MCP 2025-11-25');
    expect(check.code).toBe(0);
  });

  it('reports a server that is not there as one line, exit 2', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const dump = runCli(['dump', '--url', `http://127.0.0.1:${port}/mcp`, '--timeout', '5']);
    expect(dump.code).toBe(2);
    expect(dump.stderr).toBe(`mcpdesc: cannot reach http://127.0.0.1:${port}/mcp: ECONNREFUSED\n`);
  });
});

describe('server-memory over stdio', () => {
  it('dumps a valid description, the environment named but not recorded, and finds no drift', () => {
    const store = join(work, 'memory.jsonl');
    const { file, document } = dumpAndValidate('memory.json', [
      '-e',
      `MEMORY_FILE_PATH=${store}`,
      '--',
      node,
      MEMORY,
    ]);
    expect(readFileSync(file, 'utf8')).not.toContain(store);
    expect((document.transports as unknown[])[0]).toEqual({
      type: 'stdio',
      command: node,
      args: [MEMORY],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder a dump writes
      env: { MEMORY_FILE_PATH: '${MEMORY_FILE_PATH}' },
    });
    expect((document.tools as { name: string }[]).map((t) => t.name)).toContain('create_entities');
    const check = runCli(['check', file, '-e', `MEMORY_FILE_PATH=${store}`, '--', node, MEMORY]);
    expect(check.stdout).toContain('No changes');
    expect(check.code).toBe(0);
  });
});

describe('check: drift against a server written with McpServer', () => {
  let description: string;
  beforeAll(() => {
    description = join(work, 'drift.yaml');
    const dump = runCli(['dump', '-o', description, '--', node, DRIFT, 'base']);
    expect(dump.code).toBe(0);
  });

  it.each([
    ['base', 0, []],
    ['tool-removed', 1, ['tool-removed']],
    ['input-narrowed', 1, ['input-schema-narrowed']],
    ['output-widened', 1, ['output-schema-widened']],
    ['annotation-revoked', 1, ['annotation-read-only-revoked']],
    ['undocumented', 0, ['tool-added']],
  ] as const)('%s: exit %i, %j', (variant, code, rules) => {
    const check = runCli(['check', description, '--format', 'json', '--', node, DRIFT, variant]);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(code);
    const report = JSON.parse(check.stdout) as { changes: { ruleId: string; level: string }[] };
    expect(report.changes.map((c) => c.ruleId)).toEqual(rules);
  });

  it('follows every page of a paginated server, and stops a server whose cursors never end', () => {
    const paged = runCli(['check', description, '--', node, DRIFT, 'paginated']);
    expect(paged.stdout).toContain('No changes — MCP 2025-11-25');
    expect(paged.code).toBe(0);
    const loop = runCli(['dump', '--', node, DRIFT, 'cursor-loop']);
    expect(loop.code).toBe(2);
    expect(loop.stderr).toBe('mcpdesc: tools/list: the server returned the cursor "again" twice\n');
  });

  it('reports an undocumented tool as info: --fail-on info makes it fail', () => {
    const check = runCli(['check', description, '--fail-on', 'info', '--', node, DRIFT, 'undocumented']);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('tool `reset_cache` added');
  });

  it('takes the diff options and formats: --fail-on none, Markdown, a report file', () => {
    const out = join(work, 'drift-report.md');
    const check = runCli([
      'check',
      description,
      '--format',
      'markdown',
      '--fail-on',
      'none',
      '-o',
      out,
      '--',
      node,
      DRIFT,
      'tool-removed',
    ]);
    expect(check.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/tool-removed/);
  });

  it('writes SARIF, GitHub annotations and JUnit pointing into the description (the server is not a file)', () => {
    const sarifPath = join(work, 'reports', 'drift.sarif');
    const check = runCli([
      'check',
      description,
      '-f',
      `sarif:${sarifPath}`,
      '-f',
      'github-actions',
      '--',
      node,
      DRIFT,
      'input-narrowed',
    ]);
    expect(check.code).toBe(1);
    const log = JSON.parse(readFileSync(sarifPath, 'utf8'));
    expect(sarifSchemaErrors(log)).toEqual([]);
    const [result] = log.runs[0].results;
    expect(result.ruleId).toBe('input-schema-narrowed');
    expect(result.level).toBe('error');
    expect(result.locations[0].physicalLocation.artifactLocation.uri).toBe(
      `file://${description.split('/').map(encodeURIComponent).join('/')}`,
    );
    expect(result.locations[0].physicalLocation.region.startLine).toBeGreaterThan(1);
    expect(check.stdout).toMatch(
      /^::error file=[^,]*drift\.yaml,line=\d+,col=\d+,title=mcpdesc input-schema-narrowed::/,
    );
    const added = runCli([
      'check',
      description,
      '-f',
      'junit',
      '--fail-on',
      'info',
      '--',
      node,
      DRIFT,
      'undocumented',
    ]);
    expect(added.code).toBe(1);
    expect(added.stdout).toContain('failures="1"');
    expect(added.stdout).toContain('drift.yaml');
  });

  it('takes an ignore file, as diff does: an accepted removal no longer fails the check', () => {
    const ignore = join(work, 'drift-ignore.yaml');
    writeFileSync(
      ignore,
      'ignore:\n  - rule: tool-removed\n    subject: tool:get_alerts\n    reason: sunset\n',
    );
    const check = runCli([
      'check',
      description,
      '--ignore',
      ignore,
      '--format',
      'json',
      '--',
      node,
      DRIFT,
      'tool-removed',
    ]);
    expect(check.code).toBe(0);
    expect(JSON.parse(check.stdout).summary).toMatchObject({ breaking: 0, ignored: 1 });
  });

  it('does not report what only a description says (examples, tags, extensions, other revisions)', () => {
    const doc = parse(readFileSync(description, 'utf8'));
    doc.protocolVersions = ['2025-06-18', '2025-11-25'];
    delete doc.transports;
    doc['x-owner'] = 'weather-team';
    doc.info.contact = { name: 'Weather team' };
    doc.tags = [{ name: 'weather' }];
    const alerts = doc.tools.find((t: { name: string }) => t.name === 'get_alerts');
    alerts.tags = ['weather'];
    alerts['x-internal'] = false;
    alerts.examples = {
      north: { input: { region: 'north' }, result: { content: [{ type: 'text', text: 'none' }] } },
    };
    // 2025-06-18 has no $schema or execution on tools: that variant is written without them.
    doc.tools = doc.tools.flatMap((tool: Record<string, unknown>) => {
      const { execution: _e, ...old } = tool;
      const strip = (s: unknown) => {
        const { $schema: _s, ...rest } = s as Record<string, unknown>;
        return rest;
      };
      old.inputSchema = strip(tool.inputSchema);
      if (old.outputSchema) old.outputSchema = strip(tool.outputSchema);
      return [
        { ...tool, protocolVersions: ['2025-11-25'] },
        { ...old, protocolVersions: ['2025-06-18'] },
      ];
    });
    const file = join(work, 'drift-hand-written.yaml');
    writeFileSync(file, JSON.stringify(doc));
    expect(runCli(['validate', file]).code).toBe(0);
    const check = runCli(['check', file, '--', node, DRIFT, 'base']);
    // The example is checked as far as 2025-06-18 allows (a warning from validation, not drift).
    expect(check.stderr).not.toMatch(/\d+:\d+\s+error\s/);
    expect(check.stdout).toContain('No changes — MCP 2025-11-25');
    expect(check.code).toBe(0);
    const older = runCli(['check', file, '--protocol-version', '2025-06-18', '--', node, DRIFT, 'base']);
    expect(older.stdout).toContain('No changes — MCP 2025-06-18');
    expect(older.code).toBe(0);
  });
});

describe('servers that fail', () => {
  it('a command that is not an MCP server: one line, exit 2, long before the timeout', () => {
    const started = Date.now();
    const result = runCli([
      'dump',
      '--timeout',
      '20',
      '--',
      node,
      '-e',
      "console.log('hello, world'); setInterval(() => {}, 1000)",
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^mcpdesc: .* is not an MCP server over stdio, or broke the protocol: it wrote "hello, world" where a JSON-RPC message was expected\n$/,
    );
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('a server that never answers: exit 2 within the timeout, its whole process group ended', async () => {
    const pids = join(work, 'silent.pids');
    const started = Date.now();
    const result = runCli(['dump', '--timeout', '2', '--', node, SILENT, pids]);
    const elapsed = Date.now() - started;
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcpdesc: the server did not answer initialize within 2 s (--timeout)\n');
    // Two seconds, the start of Node twice and the escalation to SIGKILL (the server ignores SIGTERM).
    expect(elapsed).toBeLessThan(12_000);
    await expectEnded(pids);
  });

  it('a server that crashes: its exit code and last stderr line, exit 2', () => {
    const result = runCli([
      'dump',
      '--',
      node,
      '-e',
      "process.stderr.write('boom: missing API key\\n'); process.exit(3)",
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /exited with code 3 before answering initialize; its last stderr line: "boom: missing API key"\n$/,
    );
  });

  it('a command that does not exist, and a server that answers with an error', () => {
    const missing = runCli(['dump', '--', 'no-such-mcp-server-command']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('mcpdesc: cannot start no-such-mcp-server-command: command not found\n');
    const unknown = runCli(['dump', '--', node, DRIFT, 'no-such-variant']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('exited with code 64 before answering initialize');
  });

  it("writes the server's stderr to a file, and never a partial output file", () => {
    const log = join(work, 'server.log');
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-live-out-'));
    const result = runCli([
      'dump',
      '--server-stderr',
      log,
      '-o',
      join(dir, 'out.yaml'),
      '--',
      node,
      '-e',
      "process.stderr.write('starting\\n'); process.exit(1)",
    ]);
    expect(result.code).toBe(2);
    expect(readFileSync(log, 'utf8')).toBe('starting\n');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('Ctrl-C ends the server group and mcpdesc (exit 130)', async () => {
    const pids = join(work, 'interrupted.pids');
    const cli = spawn(node, [CLI, 'dump', '--timeout', '60', '--', node, SILENT, pids], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    cli.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => cli.once('exit', (code) => resolve(code)));
    await waitFor(() => (existsSync(pids) ? true : undefined), 20_000);
    cli.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('mcpdesc: interrupted (SIGINT); stopping the server');
    await expectEnded(pids);
  });

  it('usage mistakes: no server named, both a command and --url, --header without --url', () => {
    expect(runCli(['dump']).stderr).toContain('name the server');
    expect(runCli(['dump', '--url', 'http://127.0.0.1:9/mcp', '--', 'node']).stderr).toContain(
      'either --url or a command',
    );
    const header = runCli(['dump', '-H', 'X-Key: 1', '--', 'node']);
    expect(header.code).toBe(2);
    expect(header.stderr).toContain('--header is for --url');
    expect(runCli(['dump', '--timeout', '0', '--', 'node']).code).toBe(2);
    expect(runCli(['dump', '--timeout', '1e10', '--', 'node']).stderr).toContain('at most 86400');
  });
});
