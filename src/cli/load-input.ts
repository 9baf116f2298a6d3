/** How the commands read their operands. */
import {
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

/** The bytes of a command operand, limited as `loadInput` limits them (parse them with `loadBytes`). */
export async function readInput(spec: string): Promise<SourceBytes> {
  return readSourceBytes(spec, resolveLimits(undefined).maxBytes);
}
