/**
 * What `dump` and `check` share: the options that name a live server (a command after `--`, or
 * `--url` with `--header`s), the session limits and where the server's stderr goes, and running one
 * session so that an interrupt (Ctrl-C, SIGTERM) still ends the server before mcpdesc exits. Which
 * server the options name is decided by the application layer (src/app/live.ts).
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { LiveServerOptions, SessionRunner } from '../app/live.js';
import type { LiveSurface, LiveTarget } from '../live/session.js';
import { collectRepeated } from './options.js';
import { writeMessage } from './output.js';

export interface LiveOptions extends LiveServerOptions {
  header: string[];
  env: string[];
  timeout: number;
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

/** The session runner the app layer's `dump` and `check` are given: runSession with these options. */
export function sessionRunner(options: LiveOptions): SessionRunner {
  return (target, protocolVersion) => runSession(target, options, protocolVersion);
}

/** The options that name the server, as the app layer takes them (unset ones left out). */
export function liveServerOptions(options: LiveOptions): LiveServerOptions {
  return {
    header: options.header,
    env: options.env,
    ...(options.url !== undefined ? { url: options.url } : {}),
    ...(options.verbose !== undefined ? { verbose: options.verbose } : {}),
    ...(options.serverStderr !== undefined ? { serverStderr: options.serverStderr } : {}),
  };
}
