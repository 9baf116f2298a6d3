/** How the commands read their operands. */
import {
  type Limits,
  type LoadedDocument,
  type LoadSourceOptions,
  loadSource,
  readSourceBytes,
  resolveLimits,
  type SourceBytes,
} from '../parse/index.js';

export { MemoryLedger } from '../parse/index.js';

/** `loadSource` for a command operand. */
export async function loadInput(spec: string, options?: LoadSourceOptions): Promise<LoadedDocument> {
  return loadSource(spec, options);
}

/**
 * The bytes of a command operand, bounded by the run's `--max-bytes` (`limits`, from `appContext`)
 * as `loadInput` bounds them (parse them with `loadBytes` and the same limits).
 */
export async function readInput(spec: string, limits?: Partial<Limits>): Promise<SourceBytes> {
  return readSourceBytes(spec, resolveLimits(limits).maxBytes);
}
