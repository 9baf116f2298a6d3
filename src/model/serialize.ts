import type { JsonValue } from '../util/json.js';
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
