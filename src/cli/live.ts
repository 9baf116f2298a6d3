/**
 * What `dump` and `check` share: the options that name a live server (a command after `--`, or
 * `--url` with `--header`s), the session limits and where the server's stderr goes, and running one
 * session so that an interrupt (Ctrl-C, SIGTERM) still ends the server before mcpdesc exits.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { RecordedTransport } from '../live/document.js';
import type { LiveSurface, LiveTarget } from '../live/session.js';
import { UsageError } from './errors.js';
import { collectRepeated } from './options.js';
import { writeMessage } from './output.js';

export interface LiveOptions {
  url?: string;
  header: string[];
  env: string[];
  timeout: number;
  verbose?: boolean;
  serverStderr?: string;
}

/** Longest `--timeout`: Node's timers hold at most 2^31 - 1 ms, and fire at once past it. */
const MAX_TIMEOUT_SECONDS = 86_400;

/** Seconds from `--timeout` (a positive number; fractions allowed). */
function secondsArgument(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > MAX_TIMEOUT_SECONDS)
    throw new InvalidArgumentError(`expected a number of seconds above 0, at most ${MAX_TIMEOUT_SECONDS}.`);
  return n;
}

export function addLiveOptions(command: Command): Command {
  return command
    .option('--url <url>', 'reach the server over streamable HTTP at this URL (instead of a command)')
    .option(
      '-H, --header <header>',
      "HTTP header sent with every request, 'Name: value' (repeatable; values are never recorded)",
      collectRepeated,
      [],
    )
    .option(
      '-e, --env <NAME=value>',
      "environment variable for the server's process (repeatable; values are never recorded)",
      collectRepeated,
      [],
    )
    .addOption(
      new Option('--timeout <seconds>', 'limit for the server to start and for each request')
        .argParser(secondsArgument)
        .default(30),
    )
    .option('--verbose', "show the server's stderr on the terminal")
    .option('--server-stderr <file>', "append the server's stderr to this file");
}

export interface ResolvedTarget {
  target: LiveTarget;
  recorded: RecordedTransport;
  /** The name the server goes by in messages and reports. */
  name: string;
  /** Values that were used but are not recorded, one line each. */
  warnings: string[];
}

/** The server the options and the operands after `--` name, and what a dump may record of it. */
export async function resolveTarget(
  operands: readonly string[],
  options: LiveOptions,
): Promise<ResolvedTarget> {
  const { parseEnv, parseHeader, recordedUrl } = await import('../live/redact.js');
  const { envPlaceholder } = await import('../live/document.js');
  const { LiveServerError } = await import('../live/errors.js');
  const asUsage = <T>(make: () => T): T => {
    try {
      return make();
    } catch (error) {
      if (error instanceof LiveServerError) throw new UsageError(error.message);
      throw error;
    }
  };
  if (options.verbose && options.serverStderr !== undefined)
    throw new UsageError('--verbose and --server-stderr both say where the server stderr goes: give one');
  if (options.url !== undefined) {
    if (operands.length > 0) throw new UsageError('give either --url or a command after --, not both');
    if (options.env.length > 0) throw new UsageError('--env is for a server started by mcpdesc, not --url');
    const url = options.url;
    const { url: recordedAs, notes } = asUsage(() => recordedUrl(url));
    const protocol = new URL(url).protocol;
    if (protocol !== 'http:' && protocol !== 'https:')
      throw new UsageError(`--url must be an http or https URL, got ${protocol}`);
    const headers: Record<string, string> = {};
    for (const text of options.header) {
      const [name, value] = asUsage(() => parseHeader(text));
      headers[name] = value;
    }
    const warnings = [...notes];
    const names = Object.keys(headers);
    if (names.length > 0)
      warnings.push(
        `the header${names.length === 1 ? '' : 's'} ${names.join(', ')} ${names.length === 1 ? 'was' : 'were'} sent but not recorded`,
      );
    return {
      target: { kind: 'http', url, headers },
      recorded: { type: 'streamable-http', url: recordedAs },
      name: `live:${recordedAs}`,
      warnings,
    };
  }
  const [command, ...args] = operands;
  if (command === undefined)
    throw new UsageError('name the server: a command after -- (mcpdesc dump -- node server.js) or --url URL');
  if (options.header.length > 0) throw new UsageError('--header is for --url; a command gets --env');
  const env: Record<string, string> = {};
  for (const text of options.env) {
    const [name, value] = asUsage(() => parseEnv(text));
    env[name] = value;
  }
  const names = Object.keys(env);
  const warnings =
    names.length > 0
      ? [
          `the value${names.length === 1 ? '' : 's'} of ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not recorded (written as ${names.map(envPlaceholder).join(', ')})`,
        ]
      : [];
  const stderr =
    options.verbose === true
      ? ({ kind: 'terminal' } as const)
      : options.serverStderr !== undefined
        ? ({ kind: 'file', path: options.serverStderr } as const)
        : ({ kind: 'tail' } as const);
  return {
    target: { kind: 'stdio', command, args, env, stderr },
    recorded: { type: 'stdio', command, args, env: names },
    name: `live:${operands.join(' ')}`,
    warnings,
  };
}

/**
 * Runs one session. An interrupt ends the server's process group first, then mcpdesc, with the
 * signal's conventional exit code (130 for SIGINT, 143 for SIGTERM).
 */
export async function runSession(
  target: LiveTarget,
  options: LiveOptions,
  protocolVersion: string | undefined,
): Promise<LiveSurface> {
  const { readLiveSurface } = await import('../live/session.js');
  let kill: (() => Promise<void>) | undefined;
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((signal) => {
    const handler = () => {
      writeMessage(`mcpdesc: interrupted (${signal}); stopping the server`);
      const exit = () => process.exit(signal === 'SIGINT' ? 130 : 143);
      (kill ? kill() : Promise.resolve()).then(exit, exit);
    };
    process.on(signal, handler);
    return { signal, handler };
  });
  try {
    const sessionOptions: Parameters<typeof readLiveSurface>[1] = { timeoutMs: options.timeout * 1000 };
    if (protocolVersion !== undefined) sessionOptions.protocolVersion = protocolVersion;
    return await readLiveSurface(target, sessionOptions, (handle) => {
      kill = handle.kill;
    });
  } finally {
    for (const { signal, handler } of handlers) process.off(signal, handler);
  }
}

/** The revisions the SDK's client can ask for, newest first. */
export async function clientRevisions(): Promise<readonly string[]> {
  const { loadSdk } = await import('../live/sdk.js');
  return loadSdk().types.SUPPORTED_PROTOCOL_VERSIONS;
}
