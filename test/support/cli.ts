import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const CLI = join(import.meta.dirname, '../../dist/bin/mcpdesc.cjs');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (or the executable `cli` names) as a user would (npm test builds dist/ first). */
export function runCli(
  args: string[],
  options: {
    cwd?: string;
    input?: string | Uint8Array;
    env?: NodeJS.ProcessEnv;
    timeout?: number;
    cli?: string;
  } = {},
): CliResult {
  const result = spawnSync(process.execPath, [options.cli ?? CLI, ...args], {
    cwd: options.cwd,
    input: options.input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    timeout: options.timeout ?? 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
