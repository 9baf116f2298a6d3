/** Aggregate merge, step 3: the unscoped parts of every input (info, security, tags, `x-*`, ...) must agree. */

import { SCOPED_COLLECTIONS } from '../model/scopes.js';
import { isJsonObject, type JsonObject, type JsonValue, sortedJson } from '../util/json.js';
import { appendPointer, parsePointer, toPointer } from '../util/pointer.js';
import type { Conflict } from './conflicts.js';
import { canonicalDeclaration, keysOf, locate, type MergeInput, valueAt } from './support.js';

/** Fields of the root that are unscoped metadata; everything but these is unscoped too. */
const ROOT_SCOPED = new Set<string>([...SCOPED_COLLECTIONS, 'protocolVersions', 'components']);
export function compareUnscoped(inputs: readonly MergeInput[], docs: JsonObject[]): Conflict[] {
  const conflicts: Conflict[] = [];
  const keys: string[] = [];
  for (const doc of docs)
    for (const key of Object.keys(doc)) if (!ROOT_SCOPED.has(key) && !keys.includes(key)) keys.push(key);
  for (const key of keys)
    differingPointers(docs, appendPointer('', key), key === 'security', conflicts, inputs);
  // The outer `x-*` of components is unscoped too (spec §17.6).
  const componentExtensions: string[] = [];
  for (const doc of docs)
    for (const key of keysOf(doc.components))
      if (key.startsWith('x-') && !componentExtensions.includes(key)) componentExtensions.push(key);
  for (const key of componentExtensions)
    differingPointers(docs, toPointer(['components', key]), false, conflicts, inputs);
  return conflicts;
}

/** Reports, at the deepest object member where the inputs disagree, one conflict per difference. */
function differingPointers(
  docs: JsonObject[],
  pointer: string,
  security: boolean,
  conflicts: Conflict[],
  inputs: readonly MergeInput[],
): void {
  const values = docs.map((doc) => valueAt(doc, pointer));
  const comparable = values.map((v) =>
    v.present ? sortedJson(security ? normalizeSecurity(v.value) : v.value) : '∅',
  );
  if (comparable.every((c) => c === comparable[0])) return;
  const present = values.filter((v): v is { present: true; value: JsonValue } => v.present);
  if (!security && present.length === values.length && present.every((v) => isJsonObject(v.value))) {
    const keys = new Set<string>();
    for (const v of present) for (const key of Object.keys(v.value as JsonObject)) keys.add(key);
    for (const key of keys) differingPointers(docs, appendPointer(pointer, key), false, conflicts, inputs);
    return;
  }
  const first = present[0]?.value;
  const length = Array.isArray(first) ? first.length : -1;
  if (
    !security &&
    present.length === values.length &&
    present.every((v) => Array.isArray(v.value) && v.value.length === length)
  ) {
    for (let i = 0; i < length; i++)
      differingPointers(docs, appendPointer(pointer, i), false, conflicts, inputs);
    return;
  }
  const field = parsePointer(pointer)[0] ?? '';
  conflicts.push({
    code: 'unscoped-metadata-conflict',
    message: `unscoped ${pointer} differs between inputs`,
    subject: { kind: 'document', key: field },
    locations: inputs.map((input) => locate(input, pointer)),
    values,
  });
}

function normalizeSecurity(value: JsonValue): JsonValue {
  const canonical = canonicalDeclaration('tools', { security: value });
  return isJsonObject(canonical) ? (canonical.security ?? null) : value;
}
