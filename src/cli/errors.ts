import { UsageError } from '../app/errors.js';
import { showControlsInLine } from '../report/controls.js';
import { PositionedError } from '../util/positioned-error.js';

// The application layer's errors, re-exported for the commands.
export { type AppErrorCode, PositionedError, UsageError } from '../app/errors.js';

/** What the common file-system failures mean, said plainly. */
const FS_REASONS: Record<string, string> = {
  EISDIR: 'it is a directory',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EBUSY: 'the file is busy',
};

/** An output file that could not be written: one line naming it and why, exit 2. */
export class OutputError extends Error {
  override readonly name = 'OutputError';
  /** The errno code (`ENOSPC`), as a caller that only notes the failure reports it. */
  readonly code: string | undefined;
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    const reason =
      (code && FS_REASONS[code]) ??
      (cause instanceof Error && cause.message ? cause.message : 'unknown error');
    super(`cannot write ${path}: ${reason}${code ? ` (${code})` : ''}`, { cause });
    this.code = code;
  }
}

/** The one line printed for an error; a stack trace only with `--debug`. */
export function formatError(error: unknown, debug: boolean): string {
  // LoadError, ConfigError, MigrationError, ...: each formats itself (a LoadError adds its code).
  if (error instanceof PositionedError) return withStack(`mcpdesc: ${error.format()}`, error, debug);
  if (error instanceof UsageError || error instanceof OutputError)
    return withStack(`mcpdesc: ${error.message}`, error, debug);
  // By name: src/live/ is loaded only by the commands that talk to a server.
  if (error instanceof Error && error.name === 'LiveServerError')
    return withStack(`mcpdesc: ${firstLine(error.message)}`, error, debug);
  // By name: the lint engine (where the class lives) is not loaded by every command.
  if (error instanceof Error && error.name === 'RuleFunctionError') {
    const line = `mcpdesc: ${firstLine(error.message)}${debug ? '' : ' (run with --debug for its stack)'}`;
    // The function's own stack is the one that helps.
    return withStack(line, error.cause instanceof Error ? error.cause : error, debug);
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const hint = debug ? '' : ' (run with --debug for details)';
  return withStack(`mcpdesc: internal error: ${firstLine(message)}${hint}`, error, debug);
}

/** The line (control characters of file names and document text shown, not sent), and the stack under --debug. */
function withStack(line: string, error: unknown, debug: boolean): string {
  const shown = showControlsInLine(line);
  return debug && error instanceof Error && error.stack ? `${shown}\n${error.stack}` : shown;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
