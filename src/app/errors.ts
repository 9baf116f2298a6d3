/**
 * The errors of the application layer (src/app): what the CLI, the Action and the hooks print as one
 * line and exit 2 for. Failures at a place in a file are PositionedErrors, each module with its closed
 * union of codes (LoadError, ConfigError, MigrationError, and AppErrorCode for what the app layer
 * finds itself).
 */
export { PositionedError } from '../util/positioned-error.js';

/** A mistake in how a task was asked for (an operand, an option): printed as one line, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Positioned failures the application layer finds itself (the modules below throw their own). */
export type AppErrorCode = 'ignore-file-invalid';
