/**
 * What `dump` and `check` share in the application layer: the server a run names (a command, or a
 * URL with headers) checked and turned into a session target and what a dump may record of it, and
 * the revisions the MCP client can ask for. Running the session is the caller's (`SessionRunner`):
 * the CLI stops the server on an interrupt before it exits.
 */
import type { RecordedTransport } from '../live/document.js';
import type { LiveSurface, LiveTarget } from '../live/session.js';
import { UsageError } from './errors.js';

/** How a run names its server (the CLI's `--url`, `--header`, `--env`, `--verbose`, `--server-stderr`). */
export interface LiveServerOptions {
  url?: string;
  header: readonly string[];
  env: readonly string[];
  verbose?: boolean;
  serverStderr?: string;
}

export interface LiveServer {
  target: LiveTarget;
  recorded: RecordedTransport;
  /** The name the server goes by in messages and reports. */
  name: string;
  /** Values that were used but are not recorded, one line each. */
  warnings: string[];
}

/** Runs one session with the server and returns what it answered (asking for `protocolVersion`). */
export type SessionRunner = (target: LiveTarget, protocolVersion: string | undefined) => Promise<LiveSurface>;

/** The server `operands` (a command and its arguments) or the options (`url`) name. Throws UsageError. */
export async function resolveLiveServer(
  operands: readonly string[],
  options: LiveServerOptions,
): Promise<LiveServer> {
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

/** The revisions the SDK's client can ask for, newest first. */
export async function clientRevisions(): Promise<readonly string[]> {
  const { loadSdk } = await import('../live/sdk.js');
  return loadSdk().types.SUPPORTED_PROTOCOL_VERSIONS;
}
