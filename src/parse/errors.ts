import { PositionedError } from '../util/positioned-error.js';

/** Every reason a document can fail to load. One closed union, so callers and tests can match on it. */
export type LoadErrorCode =
  | 'io-error'
  | 'not-found'
  | 'is-directory'
  | 'git-error'
  | 'invalid-utf8'
  | 'json-syntax'
  | 'yaml-syntax'
  | 'duplicate-key'
  | 'yaml-alias'
  | 'yaml-custom-tag'
  | 'yaml-non-string-key'
  | 'yaml-document-count'
  | 'non-finite-number'
  | 'limit-bytes'
  | 'limit-depth'
  | 'limit-nodes'
  | 'limit-memory'
  | 'limit-scalar';

/** A load failure with the position it concerns (1-based line and column; 0 when not positional). */
export class LoadError extends PositionedError<LoadErrorCode> {
  override readonly name = 'LoadError';

  /** `file:line:col: message (code)`, the one line the CLI prints. */
  override format(): string {
    return `${super.format()} (${this.code})`;
  }
}
