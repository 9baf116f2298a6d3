import type { JsonValue } from '../util/json.js';
import { decodeUtf8 } from './decode.js';
import { LoadError } from './errors.js';
import { parseJson } from './json.js';
import { type Limits, resolveLimits } from './limits.js';
import type { MemoryLedger } from './memory.js';
import { readSourceBytes, type SourceBytes } from './read.js';
import type { SourceMap } from './source-map.js';
import { parseYaml } from './yaml.js';

export { decodeUtf8 } from './decode.js';
export { LoadError, type LoadErrorCode } from './errors.js';
export { DEFAULT_LIMITS, type Limits, resolveLimits } from './limits.js';
export { MemoryLedger } from './memory.js';
export { readFileBounded, readSourceBytes, type SourceBytes } from './read.js';
export { findingPosition, nearestPresent, type SourceMap, type SourcePosition } from './source-map.js';

export type DocumentFormat = 'json' | 'yaml';

export interface LoadedDocument {
  /** Name used in every message: a path, `<stdin>` or `REV:path`. */
  file: string;
  format: DocumentFormat;
  text: string;
  value: JsonValue;
  sourceMap: SourceMap;
  /**
   * False when the JSON reader's walk over the parsed value (the limits' check) found no integer
   * beyond ±(2^53 − 1), so checks that look for them need not walk it again; always true for YAML,
   * whose numbers are walked.
   */
  mayHoldUnsafeIntegers: boolean;
}

export interface LoadOptions {
  file: string;
  format?: DocumentFormat;
  limits?: Partial<Limits>;
  /** The other documents the command holds at once (see MemoryLedger); none: this one alone. */
  memory?: MemoryLedger;
}

/** Format from the file extension; otherwise sniffed: a document starting with `{` or `[` is JSON. */
export function detectFormat(path: string | undefined, text: string): DocumentFormat {
  if (path) {
    const lower = path.toLowerCase();
    if (lower.endsWith('.json')) return 'json';
    if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  }
  const first = /\S/.exec(text)?.[0];
  return first === '{' || first === '[' ? 'json' : 'yaml';
}

/** Decodes text (JSON or restricted YAML) into the data model with a lazy source map. Throws LoadError. */
export function loadDocument(text: string, options: LoadOptions): LoadedDocument {
  const limits = resolveLimits(options.limits);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.length > limits.maxBytes) {
    throw new LoadError(
      'limit-bytes',
      `Document is over the limit of ${limits.maxBytes} bytes`,
      options.file,
    );
  }
  const format = options.format ?? detectFormat(options.file, text);
  const parsed =
    format === 'yaml'
      ? parseYaml(text, options.file, limits, options.memory)
      : parseJson(text, options.file, limits, options.memory);
  return {
    file: options.file,
    format,
    text,
    value: parsed.value,
    sourceMap: parsed.sourceMap,
    // Validation and merge read it. The limits' walk notes it on its way: a separate scan of the
    // text for long numbers cost ≈ 8 ms of a catalog load. YAML is always walked.
    mayHoldUnsafeIntegers: parsed.mayHoldUnsafeIntegers ?? true,
  };
}

export interface LoadSourceOptions {
  format?: DocumentFormat;
  limits?: Partial<Limits>;
  /** Replaces process stdin for `-` (tests, the Action). */
  stdin?: () => Promise<Uint8Array>;
  /** Told how many bytes were read, before they are decoded and parsed. */
  onRead?: (bytes: number) => void;
  /** The other documents the command holds at once (see MemoryLedger). */
  memory?: MemoryLedger;
}

/** Loads a command-line operand: a path, `-` (stdin) or git `REV:path`. Throws LoadError. */
export async function loadSource(spec: string, options: LoadSourceOptions = {}): Promise<LoadedDocument> {
  const limits = resolveLimits(options.limits);
  const source = await readSourceBytes(spec, limits.maxBytes, options.stdin);
  options.onRead?.(source.bytes.length);
  return loadBytes(source, options);
}

/** Decodes and parses bytes already read (see readSourceBytes), as `loadSource` does. Throws LoadError. */
export function loadBytes(
  source: SourceBytes,
  options: Pick<LoadSourceOptions, 'format' | 'limits' | 'memory'> = {},
): LoadedDocument {
  const limits = resolveLimits(options.limits);
  const text = decodeUtf8(source.bytes, source.name);
  const format = options.format ?? detectFormat(source.path, text);
  return loadDocument(text, {
    file: source.name,
    format,
    limits,
    ...(options.memory ? { memory: options.memory } : {}),
  });
}
