/**
 * Step: empty ordinary collections. 0.8.0 forbids a present empty declaration collection (spec
 * §3.8); 0.7.0 allowed `tools: []`, `tags: []`, `icons: []`, `arguments: []`. Each is removed:
 * an empty collection declares nothing, so removing it changes no meaning. Security values are
 * never touched (`security: []` is significant), nor are embedded JSON Schemas, stdio `args`/`env`
 * or other literal values.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../util/json.js';
import { appendPointer } from '../../util/pointer.js';
import { entry, type ReportEntry } from '../report.js';
import type { StepResult } from './types.js';
import { withKey, withoutKey } from './util.js';

const ROOT = ['transports', 'tools', 'resources', 'resourceTemplates', 'prompts', 'tags'] as const;
const PRIMITIVES = ['tools', 'resources', 'resourceTemplates', 'prompts'] as const;

function isEmptyCollection(value: JsonValue | undefined): boolean {
  return (
    (Array.isArray(value) && value.length === 0) || (isJsonObject(value) && Object.keys(value).length === 0)
  );
}

/** Removes each listed key of `obj` that holds an empty array; reports it at `pointer`. */
function dropEmpty(
  obj: JsonObject,
  keys: readonly string[],
  pointer: string,
  entries: ReportEntry[],
): JsonObject {
  let out = obj;
  for (const key of keys) {
    if (!Object.hasOwn(out, key) || !Array.isArray(out[key]) || !isEmptyCollection(out[key])) continue;
    out = withoutKey(out, key);
    entries.push(
      entry(
        'change',
        'empty-collection-removed',
        `empty ${key} removed (0.8.0 forbids empty declaration collections; it declared nothing)`,
        appendPointer(pointer, key),
      ),
    );
  }
  return out;
}

export function migrateEmptyCollections(doc: JsonObject): StepResult {
  const entries: ReportEntry[] = [];
  let value = doc;
  if (isJsonObject(value.info) && Array.isArray(value.info.icons) && value.info.icons.length === 0) {
    value = withKey(value, 'info', dropEmpty(value.info, ['icons'], '/info', entries));
  }
  for (const kind of PRIMITIVES) {
    const list = value[kind];
    if (!Array.isArray(list)) continue;
    let changed = false;
    const items = list.map((item, index) => {
      if (!isJsonObject(item)) return item;
      const keys = kind === 'prompts' ? ['icons', 'tags', 'arguments'] : ['icons', 'tags'];
      const next = dropEmpty(item, keys, appendPointer('', kind, index), entries);
      if (next !== item) changed = true;
      return next;
    });
    if (changed) value = withKey(value, kind, items);
  }
  value = dropEmpty(value, ROOT, '', entries);
  return { value, entries, moves: [] };
}
