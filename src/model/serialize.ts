import { isJsonObject, type JsonValue } from '../util/json.js';
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
 * root's arrays (a catalog's `tools`) are stringified one by one: one `JSON.stringify` of a whole
 * catalog took Node 24 three to four times as long as Node 20 (≈ 95 against ≈ 25 ms), and once one
 * character outside Latin-1 appears, the rest of its single result is built and encoded as two-byte
 * text; item by item, only the chunks holding such a character are. Every chunk is the very text
 * JSON.stringify(value, null, 2) would give at that place: an item is re-indented by replacing its
 * line breaks, and JSON text has line breaks only between tokens (never a raw one inside a string).
 */
export function* serializeChunks(value: JsonValue, format: OutputFormat): Generator<string> {
  if (format !== 'json' || !isJsonObject(value)) {
    yield serialize(value, format);
    return;
  }
  let out = '';
  let members = 0;
  const keys = Object.keys(value);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as string;
    const member = value[key] as JsonValue;
    const head = `${members === 0 ? '{' : ','}\n  ${JSON.stringify(key)}: `;
    if (Array.isArray(member) && member.length > 0) {
      members++;
      out += `${head}[`;
      for (let i = 0; i < member.length; i++) {
        // As JSON.stringify writes what has no JSON form inside an array: null.
        const item = JSON.stringify(member[i], null, 2) ?? 'null';
        out += `${i === 0 ? '' : ','}\n    ${item.replaceAll('\n', '\n    ')}`;
        if (out.length >= CHUNK_CHARS) {
          yield out;
          out = '';
        }
      }
      out += '\n  ]';
      continue;
    }
    // A member without a JSON form (undefined, a function) is left out, as JSON.stringify does.
    const text = JSON.stringify(member, null, 2) as string | undefined;
    if (text === undefined) continue;
    members++;
    out += `${head}${text.replaceAll('\n', '\n  ')}`;
  }
  yield `${out}${members === 0 ? '{}' : '\n}'}\n`;
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
