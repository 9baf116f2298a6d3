import { sameJson } from './fingerprint.js';
import { isAnnotation } from './keywords.js';
import type { View } from './view.js';

/** In-place applicators whose annotations feed `unevaluatedProperties`/`unevaluatedItems`. */
const APPLICATORS = [
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'dependentSchemas',
  'dependencies',
  'not',
];

/**
 * With no in-place applicator, the "evaluated" set is decided by this object's own keywords alone,
 * and `unevaluated*` behaves exactly like `additionalProperties` / the rest-of-items schema.
 */
export function isSelfContained(view: View, extra: readonly string[] = []): boolean {
  for (const key of [...APPLICATORS, ...extra]) if (view.entries.has(key)) return false;
  return true;
}

/** Whether any assertion differs between the views (text equality; refs count as different). */
export function assertionsDiffer(vo: View, vn: View): boolean {
  const keys = new Set([...vo.entries.keys(), ...vn.entries.keys()]);
  for (const key of keys) {
    if (isAnnotation(key)) continue;
    const a = vo.entries.get(key)?.value;
    const b = vn.entries.get(key)?.value;
    if (key === '$ref' || !sameJson(a, b)) return true;
  }
  return false;
}
