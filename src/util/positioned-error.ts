/**
 * The one error type for a failure at a place in a file: a document that cannot be loaded, a config
 * file or ruleset with a mistake, a 0.7.0 document that cannot be migrated in memory. Each module
 * names its failures with a closed union of codes (`LoadErrorCode`, `ConfigErrorCode`,
 * `MigrationErrorCode`, `AppErrorCode`) and subclasses this; the CLI, the Action and the hooks print
 * every one the same way, `file:line:col: message`.
 *
 * It lives in util, below parse, because parse (the first stage) throws it too.
 */
export class PositionedError<Code extends string = string> extends Error {
  override readonly name: string = 'PositionedError';
  constructor(
    readonly code: Code,
    message: string,
    readonly file: string,
    /** 1-based; 0 when the failure has no position in the file. */
    readonly line = 0,
    readonly column = 0,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  /** `file:line:col`, or the file alone when there is no position. */
  where(): string {
    return this.line > 0 ? `${this.file}:${this.line}:${this.column}` : this.file;
  }

  /** `file:line:col: message`, the one line the CLI prints. */
  format(): string {
    return `${this.where()}: ${this.message}`;
  }
}
