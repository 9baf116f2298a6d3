/**
 * The Action's inputs (action.yml) and the run context the runner provides (GITHUB_* variables and
 * the event payload). Reading is separated from `process.env` so tests can pass their own.
 */
import { readFileSync } from 'node:fs';
import { trimEndOf } from '../util/trim.js';

export type FailOn = 'breaking' | 'warning' | 'info' | 'none';
export const FAIL_ON: readonly FailOn[] = ['breaking', 'warning', 'info', 'none'];

export type SchemaSemanticsInput = 'api' | 'json-schema' | '';
export const SCHEMA_SEMANTICS_INPUT: readonly SchemaSemanticsInput[] = ['api', 'json-schema'];

export const DEFAULT_FILES = '**/*.mcpdesc.{json,yaml,yml}';

export interface Inputs {
  files: string[];
  /** Empty: the pull request's base. */
  base: string;
  failOn: FailOn;
  lint: boolean;
  /** Empty: the config file found in the workspace root, else the built-in recommended rules. */
  config: string;
  /** Empty: the config file's `schemaSemantics`, else `api`. */
  schemaSemantics: SchemaSemanticsInput;
  comment: boolean;
  /** Empty: the login the token acts as (GET /user), else github-actions[bot]. */
  commentAuthor: string;
  githubToken: string;
  /** Empty: no SARIF file. */
  sarifFile: string;
  /** Diff ignore file, read from the base commit; empty: none. */
  ignoreFile: string;
}

export class InputError extends Error {
  override name = 'InputError';
}

/** Reads one input, trimmed (main.ts passes `core.getInput`; tests pass a map). */
export type GetInput = (name: string) => string;

function booleanInput(getInput: GetInput, name: string, fallback: boolean): boolean {
  const value = getInput(name).trim();
  if (value === '') return fallback;
  if (/^(true|yes|on|1)$/i.test(value)) return true;
  if (/^(false|no|off|0)$/i.test(value)) return false;
  throw new InputError(`Input "${name}" must be true or false, got ${JSON.stringify(value)}`);
}

export function readInputs(getInput: GetInput): Inputs {
  const files = getInput('files')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const failOn = (getInput('fail-on').trim() || 'breaking').toLowerCase();
  if (!(FAIL_ON as readonly string[]).includes(failOn)) {
    throw new InputError(
      `Input "fail-on" must be one of ${FAIL_ON.join(', ')}, got ${JSON.stringify(failOn)}`,
    );
  }
  const schemaSemantics = getInput('schema-semantics').trim().toLowerCase();
  if (schemaSemantics !== '' && !(SCHEMA_SEMANTICS_INPUT as readonly string[]).includes(schemaSemantics)) {
    throw new InputError(
      `Input "schema-semantics" must be one of ${SCHEMA_SEMANTICS_INPUT.join(', ')}, got ${JSON.stringify(schemaSemantics)}`,
    );
  }
  return {
    files: files.length > 0 ? files : [DEFAULT_FILES],
    base: getInput('base').trim(),
    failOn: failOn as FailOn,
    lint: booleanInput(getInput, 'lint', true),
    config: getInput('config').trim(),
    schemaSemantics: schemaSemantics as SchemaSemanticsInput,
    comment: booleanInput(getInput, 'comment', true),
    commentAuthor: getInput('comment-author').trim(),
    githubToken: getInput('github-token').trim(),
    sarifFile: getInput('sarif-file').trim(),
    ignoreFile: getInput('ignore-file').trim(),
  };
}

export interface PullRequestInfo {
  number: number;
  baseRef: string;
  baseSha?: string;
  headSha?: string;
  /** The head branch lives in another repository (a fork). */
  fromFork: boolean;
}

export interface RunContext {
  eventName: string;
  /** owner/repo */
  repository: string;
  owner: string;
  repo: string;
  workflow: string;
  serverUrl: string;
  apiUrl: string;
  runId?: string;
  workspace: string;
  pullRequest?: PullRequestInfo;
  /** push events: the commit before the push. */
  before?: string;
}

export function readContext(env: NodeJS.ProcessEnv, cwd: string): RunContext {
  const repository = env.GITHUB_REPOSITORY ?? '';
  const [owner = '', repo = ''] = repository.split('/');
  const context: RunContext = {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    repository,
    owner,
    repo,
    workflow: env.GITHUB_WORKFLOW ?? '',
    serverUrl: trimEndOf(env.GITHUB_SERVER_URL || 'https://github.com', '/'),
    apiUrl: trimEndOf(env.GITHUB_API_URL || 'https://api.github.com', '/'),
    workspace: env.GITHUB_WORKSPACE || cwd,
  };
  if (env.GITHUB_RUN_ID) context.runId = env.GITHUB_RUN_ID;
  const event = readEvent(env.GITHUB_EVENT_PATH);
  const pr = (event?.pull_request ?? undefined) as Record<string, unknown> | undefined;
  if (pr && typeof pr === 'object') {
    const base = (pr.base ?? {}) as Record<string, unknown>;
    const head = (pr.head ?? {}) as Record<string, unknown>;
    const baseRepo = ((base.repo ?? {}) as Record<string, unknown>).full_name;
    const headRepo = (head.repo ?? null) as Record<string, unknown> | null;
    const number = typeof pr.number === 'number' ? pr.number : Number(event?.number);
    if (Number.isInteger(number) && number > 0) {
      const info: PullRequestInfo = {
        number,
        baseRef: typeof base.ref === 'string' ? base.ref : (env.GITHUB_BASE_REF ?? ''),
        // a deleted fork has head.repo = null: treat as a fork
        fromFork:
          headRepo === null || (typeof headRepo.full_name === 'string' && headRepo.full_name !== baseRepo),
      };
      if (typeof base.sha === 'string') info.baseSha = base.sha;
      if (typeof head.sha === 'string') info.headSha = head.sha;
      context.pullRequest = info;
    }
  }
  if (typeof event?.before === 'string' && !/^0+$/.test(event.before)) context.before = event.before;
  return context;
}

function readEvent(path: string | undefined): Record<string, unknown> | undefined {
  if (!path) return undefined;
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function runUrl(context: RunContext): string | undefined {
  return context.runId && context.repository
    ? `${context.serverUrl}/${context.repository}/actions/runs/${encodeURIComponent(context.runId)}`
    : undefined;
}
