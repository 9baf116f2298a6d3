import { isJsonObject, type JsonValue } from '../util/json.js';
import { jsonTextChunks, StreamedArray } from '../util/json-chunks.js';
import { loadYaml } from '../util/lazy-modules.js';

export type OutputFormat = 'json' | 'yaml';

/**
 * Deterministic text for a document: the author's key order is kept (objects keep insertion order),
 * two-space indentation, a final newline. YAML output quotes every string the YAML core schema would
 * read as something else (`"1.0"`, `"~"`, `".inf"`), so it decodes back to the same data model under
 * the restricted profile.
 */
export function serialize(value: JsonValue, format: OutputFormat): string {
  if (format === 'json') return `${JSON.stringify(value, null, 2)}\n`;
  return serializeYaml(value);
}

/** Roughly how much text each chunk of serializeChunks holds. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The text of `serialize`, in chunks to be written one after the other. For JSON, the items of the
 * root's arrays (a catalog's `tools`) are stringified one by one (src/util/json-chunks.ts): one
 * `JSON.stringify` of a whole catalog took Node 24 three to four times as long as Node 20 (≈ 95
 * against ≈ 25 ms), and once one character outside Latin-1 appeared, built and encoded the rest of
 * its single result as two-byte text. The chunks join to exactly the text of `serialize`.
 */
export function serializeChunks(value: JsonValue, format: OutputFormat): Iterable<string> {
  if (format !== 'json' || !isJsonObject(value)) return [serialize(value, format)];
  const root: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const member = value[key];
    // Defined, not assigned: a `__proto__` member is data, as JSON.stringify writes it.
    Object.defineProperty(root, key, {
      value: Array.isArray(member) && member.length > 0 ? new StreamedArray(member) : member,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return jsonTextChunks(root, CHUNK_CHARS);
}

function serializeYaml(value: JsonValue): string {
  return loadYaml().stringify(value, {
    schema: 'yaml-1.1',
    indent: 2,
    lineWidth: 0,
    minContentWidth: 0,
    aliasDuplicateObjects: false,
    defaultStringType: 'PLAIN',
    defaultKeyType: 'PLAIN',
    indentSeq: true,
  });
}
