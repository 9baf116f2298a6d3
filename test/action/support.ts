/**
 * E2E support for the Action: a real temporary git repository, a fake GitHub REST API on
 * 127.0.0.1 (issue comments only), and a runner that executes the committed bundle with node the
 * way the Actions runner does (INPUT_* variables, GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files, an
 * event payload), never inheriting the GITHUB_* variables of the machine running the tests.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');
/** The committed bundle; MCPDESC_TEST_ACTION_BUNDLE runs the tests against a fresh build instead. */
export const BUNDLE = process.env.MCPDESC_TEST_ACTION_BUNDLE || join(ROOT, 'dist-action/index.mjs');
export const FIXTURES = join(ROOT, 'test/fixtures/action');
export const TOKEN = 'ghs_fakeTokenForTests0123456789';

export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

// ---------------------------------------------------------------- git

export class TempRepo {
  readonly dir: string;
  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'mcpdesc-action-repo-'));
    this.git('-c', 'init.defaultBranch=main', 'init', '-q');
    this.git('config', 'user.name', 'Test User');
    this.git('config', 'user.email', 'test@example.com');
    this.git('config', 'commit.gpgsign', 'false');
  }

  git(...args: string[]): string {
    return execFileSync('git', args, {
      cwd: this.dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
    }).trim();
  }

  write(path: string, content: string): void {
    const full = join(this.dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }

  commit(message: string): string {
    this.git('add', '-A');
    this.git('commit', '-q', '--allow-empty', '-m', message);
    return this.git('rev-parse', 'HEAD');
  }

  sha(rev: string): string {
    return this.git('rev-parse', rev);
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- fake GitHub API

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /repos/o/r/issues/7/comments?per_page=100 */
  url: string;
  authorization: string | undefined;
  body?: { body?: string };
}

export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; type: string };
  html_url: string;
}

export class FakeGitHub {
  readonly requests: RecordedRequest[] = [];
  readonly comments: FakeComment[] = [];
  /** 403 on POST/PATCH, as for a fork's read-only token. */
  forbidWrites = false;
  /**
   * What GET /user answers: undefined gives 403 "Resource not accessible by integration", as for the
   * workflow's GITHUB_TOKEN (an installation token, which acts as github-actions[bot]).
   */
  tokenLogin: string | undefined;
  private nextId = 1000;
  private server: Server | undefined;
  port = 0;

  constructor(
    readonly owner = 'octo',
    readonly repo = 'servers',
    readonly issue = 7,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Comments by other people, before the Action's. */
  seedForeign(count: number, body = (i: number) => `LGTM ${i}`): void {
    for (let i = 0; i < count; i++) {
      this.comments.push({
        id: this.nextId++,
        body: body(i),
        user: { login: `user${i}`, type: 'User' },
        html_url: `https://github.com/${this.owner}/${this.repo}/pull/${this.issue}#c${this.nextId}`,
      });
    }
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const record: RecordedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
    };
    if (text) record.body = JSON.parse(text) as { body?: string };
    this.requests.push(record);
    const url = new URL(req.url ?? '/', this.url);
    const send = (status: number, data: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(data));
    };
    const base = `/repos/${this.owner}/${this.repo}`;
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { message: 'Bad credentials' });
    if (req.method === 'GET' && url.pathname === '/user') {
      if (this.tokenLogin === undefined)
        return send(403, { message: 'Resource not accessible by integration' });
      return send(200, { login: this.tokenLogin, type: 'User' });
    }
    if (req.method === 'GET' && url.pathname === `${base}/issues/${this.issue}/comments`) {
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
      const page = Number(url.searchParams.get('page') ?? 1);
      const slice = this.comments.slice((page - 1) * perPage, page * perPage);
      const headers: Record<string, string> = {};
      if (page * perPage < this.comments.length) {
        headers.link = `<${this.url}${base}/issues/${this.issue}/comments?per_page=${perPage}&page=${page + 1}>; rel="next", <${this.url}${base}/issues/${this.issue}/comments?per_page=${perPage}&page=${Math.ceil(this.comments.length / perPage)}>; rel="last"`;
      }
      return send(200, slice, headers);
    }
    if (this.forbidWrites && (req.method === 'POST' || req.method === 'PATCH')) {
      return send(403, { message: 'Resource not accessible by integration' });
    }
    if (req.method === 'POST' && url.pathname === `${base}/issues/${this.issue}/comments`) {
      const comment: FakeComment = {
        id: this.nextId++,
        body: record.body?.body ?? '',
        user:
          this.tokenLogin === undefined
            ? { login: 'github-actions[bot]', type: 'Bot' }
            : { login: this.tokenLogin, type: 'User' },
        html_url: `https://github.com/${this.owner}/${this.repo}/pull/${this.issue}#issuecomment-${this.nextId}`,
      };
      this.comments.push(comment);
      return send(201, comment);
    }
    const patch = new RegExp(`^${base}/issues/comments/(\\d+)$`).exec(url.pathname);
    if (req.method === 'PATCH' && patch) {
      const comment = this.comments.find((c) => c.id === Number(patch[1]));
      if (!comment) return send(404, { message: 'Not Found' });
      comment.body = record.body?.body ?? '';
      return send(200, comment);
    }
    return send(404, { message: 'Not Found' });
  }
}

// ---------------------------------------------------------------- running the bundle

export interface ActionRun {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** Workflow-command lines (`::error ...`, `::warning ...`, `::notice ...`). */
  annotations: string[];
  /** The JSON report at `report-path`, read before the runner's temp directory is removed. */
  report?: unknown;
}

export interface PullRequestEvent {
  number: number;
  baseRef: string;
  baseSha: string;
  headSha: string;
  headRepo?: string | null;
}

export function pullRequestEvent(e: PullRequestEvent, repository: string): unknown {
  return {
    action: 'synchronize',
    number: e.number,
    pull_request: {
      number: e.number,
      base: { ref: e.baseRef, sha: e.baseSha, repo: { full_name: repository } },
      head: {
        ref: 'feature',
        sha: e.headSha,
        repo: e.headRepo === null ? null : { full_name: e.headRepo ?? repository },
      },
    },
    repository: { full_name: repository },
  };
}

/** Runs the bundle in `repo` as the runner would for a pull_request event. */
export async function runAction(options: {
  repo: TempRepo;
  api: FakeGitHub;
  event: unknown;
  inputs?: Record<string, string>;
  workflow?: string;
  bundle?: string;
}): Promise<ActionRun> {
  const work = mkdtempSync(join(tmpdir(), 'mcpdesc-action-runner-'));
  try {
    const eventPath = join(work, 'event.json');
    const outputPath = join(work, 'output');
    const summaryPath = join(work, 'summary.md');
    writeFileSync(eventPath, JSON.stringify(options.event));
    writeFileSync(outputPath, '');
    writeFileSync(summaryPath, '');
    const inputs: Record<string, string> = {
      files: '**/*.mcpdesc.{json,yaml,yml}',
      'fail-on': 'breaking',
      lint: 'true',
      comment: 'true',
      'github-token': TOKEN,
      ...options.inputs,
    };
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GIT_CONFIG_NOSYSTEM: '1',
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_OUTPUT: outputPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      GITHUB_REPOSITORY: `${options.api.owner}/${options.api.repo}`,
      GITHUB_WORKFLOW: options.workflow ?? 'MCP descriptions',
      GITHUB_API_URL: options.api.url,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '4242',
      GITHUB_WORKSPACE: options.repo.dir,
      RUNNER_TEMP: work,
    };
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [options.bundle ?? BUNDLE], { cwd: options.repo.dir, env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString('utf8');
      });
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString('utf8');
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
    const outputs = parseOutputs(readFileSync(outputPath, 'utf8'));
    const reportPath = outputs['report-path'];
    return {
      ...result,
      ...(reportPath ? { report: JSON.parse(readFileSync(reportPath, 'utf8')) as unknown } : {}),
      outputs,
      summary: readFileSync(summaryPath, 'utf8'),
      annotations: result.stdout.split(/\r?\n/).filter((line) => /^::(error|warning|notice)\b/.test(line)),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The GITHUB_OUTPUT file format: `name<<DELIM\nvalue\nDELIM\n`. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (!match) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== match[2]; i++) value.push(lines[i]!);
    outputs[match[1]!] = value.join('\n');
  }
  return outputs;
}
