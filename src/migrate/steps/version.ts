/**
 * Step: format version. `mcpdesc: 0.7.0` becomes `0.8.0`; `$schema` is rewritten to the canonical
 * 0.8.0 URI (a 0.7.0 schema reference would point a 0.8.0 document at the wrong schema), or added
 * at the top when asked for (`--schema`).
 */
import { type JsonObject, setOwn } from '../../util/json.js';
import { entry, type ReportEntry } from '../report.js';
import type { StepOptions, StepResult } from './types.js';
import { describe, withKey } from './util.js';

export const SCHEMA_URI_080 = 'https://mcpdesc.org/schema/mcp-description/0.8.0.json';

export function migrateVersion(doc: JsonObject, options: StepOptions): StepResult {
  const entries: ReportEntry[] = [];
  let value = withKey(doc, 'mcpdesc', '0.8.0');
  entries.push(
    entry('change', 'mcpdesc-version', `mcpdesc ${describe(doc.mcpdesc)} → "0.8.0"`, '/mcpdesc', '/mcpdesc'),
  );
  if (Object.hasOwn(doc, '$schema')) {
    if (doc.$schema !== SCHEMA_URI_080) {
      value = withKey(value, '$schema', SCHEMA_URI_080);
      entries.push(
        entry(
          'change',
          'schema-uri',
          `$schema ${describe(doc.$schema)} → "${SCHEMA_URI_080}" (the 0.7.0 reference would name the wrong schema)`,
          '/$schema',
          '/$schema',
        ),
      );
    }
  } else if (options.emitSchema) {
    const out: JsonObject = { $schema: SCHEMA_URI_080 };
    for (const k of Object.keys(value)) setOwn(out, k, value[k]);
    value = out;
    entries.push(
      entry(
        'change',
        'schema-uri-added',
        `$schema "${SCHEMA_URI_080}" added (--schema)`,
        undefined,
        '/$schema',
      ),
    );
  }
  return { value, entries, moves: [] };
}
