/**
 * Step: capabilities. The single 0.7.0 Capabilities Object becomes a one-item array (no
 * `protocolVersions`: it applies to every root revision). Its content is copied as is; keys that
 * 0.8.0 does not define are not renamed or dropped (0.8.0 validation reports them for the author),
 * and `extensions` is preserved (the guide forbids moving it to `experimental`, `_meta` or `x-*`).
 */
import { isJsonObject, type JsonObject } from '../../util/json.js';
import { appendPointer } from '../../util/pointer.js';
import { entry, type ReportEntry } from '../report.js';
import type { StepResult } from './types.js';
import { withKey } from './util.js';

/** Keys a 0.8.0 Capabilities Object defines (besides `x-*` and `protocolVersions`). */
const KNOWN = new Set([
  'tools',
  'resources',
  'prompts',
  'completions',
  'logging',
  'tasks',
  'extensions',
  'experimental',
]);

export function migrateCapabilities(doc: JsonObject): StepResult {
  const entries: ReportEntry[] = [];
  if (!Object.hasOwn(doc, 'capabilities') || !isJsonObject(doc.capabilities)) {
    return { value: doc, entries, moves: [] };
  }
  const capabilities = doc.capabilities;
  entries.push(
    entry(
      'change',
      'capabilities-wrapped',
      'capabilities object wrapped in a one-item array (it applies to every root revision)',
      '/capabilities',
      '/capabilities/0',
    ),
  );
  for (const key of Object.keys(capabilities)) {
    if (KNOWN.has(key) || key.startsWith('x-')) continue;
    if (key === 'protocolVersions') continue;
    entries.push(
      entry(
        'decision',
        'capability-unknown',
        `capabilities.${key} is not a 0.8.0 capability: move it under experimental, an x- extension or capabilities.extensions (the migration does not choose)`,
        appendPointer('/capabilities', key),
        appendPointer('/capabilities/0', key),
      ),
    );
  }
  return {
    value: withKey(doc, 'capabilities', [capabilities]),
    entries,
    moves: [{ result: '/capabilities/0', source: '/capabilities' }],
  };
}
