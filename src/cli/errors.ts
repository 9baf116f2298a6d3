import { LoadError } from '../parse/errors.js';

/** A mistake in how the command was called: printed as one line, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A failure with a position in a file that is not a LoadError (e.g. a config file), printed as one line. */
export class PositionedError extends Error {
  override readonly name = 'PositionedError';
  constructor(
    message: string,
    readonly file: string,
    readonly line = 0,
    readonly column = 0,
  ) {
    super(message);
  }
}

/** The one line printed for an error; a stack trace only with `--debug`. */
export function formatError(error: unknown, debug: boolean): string {
  if (error instanceof LoadError) return withStack(`mcpdesc: ${error.format()}`, error, debug);
  if (error instanceof PositionedError) {
    const where = error.line > 0 ? `${error.file}:${error.line}:${error.column}` : error.file;
    return withStack(`mcpdesc: ${where}: ${error.message}`, error, debug);
  }
  if (error instanceof UsageError) return withStack(`mcpdesc: ${error.message}`, error, debug);
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const hint = debug ? '' : ' (run with --debug for details)';
  return withStack(`mcpdesc: internal error: ${firstLine(message)}${hint}`, error, debug);
}

function withStack(line: string, error: unknown, debug: boolean): string {
  return debug && error instanceof Error && error.stack ? `${line}\n${error.stack}` : line;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
