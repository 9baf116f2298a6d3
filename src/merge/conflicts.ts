/**
 * The one result type of `merge` and the git merge driver when they cannot produce a document: a
 * Conflict names what disagrees, where (a Location in every input that takes part) and, where it
 * helps a person decide, the value each input holds there. Codes form a closed union: every refusal
 * kind has its own code, and reports, docs and tests refer to them by name.
 */
import type { PrimitiveKind } from '../model/identity.js';
import type { JsonValue } from '../util/json.js';
import type { Location } from '../util/location.js';

export const CONFLICT_CODES = {
  // ── aggregate merge (spec §4.13) ─────────────────────────────────────────────
  'invalid-input': 'an input is not a conforming mcpdesc 0.8.0 document (merge validates every input)',
  'unscoped-metadata-conflict':
    'unscoped metadata differs between inputs: info, instructions, securitySchemes, root security, the tag catalogue, $schema, mcpdesc, root x-* or components x-*',
  'component-collision':
    'two inputs bind different values to one component name (use --rename-components to rename deterministically)',
  'revision-view-conflict':
    'two inputs describe the same MCP revision with Effective Protocol Views that are not semantically equivalent',
  'interaction-scenario-conflict':
    'same-name interaction scenarios of one tool differ over overlapping scope (steps are never concatenated, neither side is picked)',
  'example-map-conflict':
    'example maps (examples, interactionExamples, completionExamples) of one declaration differ over overlapping scope (maps are never merged)',
  'client-requirements-conflict': 'materially different clientRequirements over overlapping scope',
  'meta-conflict': 'materially different _meta over overlapping scope',
  'extension-conflict': 'materially different x-* values on one declaration over overlapping scope',
  'invalid-result': 'the merged document would not be valid (e.g. transport coverage)',
  // ── three-way merge (git driver) ─────────────────────────────────────────────
  'concurrent-edit': 'both sides changed the same field differently',
  'modify-delete': 'one side changed what the other side deleted',
  'add-add': 'both sides added the same declaration or field with different content',
  'integer-precision-conflict':
    'both sides hold different integers beyond ±2^53 at one place; they cannot be merged without changing a value',
  'text-conflict':
    'the documents merge, but both sides changed comments or layout on the same lines differently (git’s own line merge would conflict there too)',
} as const;

export type ConflictCode = keyof typeof CONFLICT_CODES;

export function isConflictCode(code: string): code is ConflictCode {
  return Object.hasOwn(CONFLICT_CODES, code);
}

export type ConflictSubjectKind = PrimitiveKind | 'transport' | 'capabilities' | 'component' | 'document';

export interface ConflictSubject {
  kind: ConflictSubjectKind;
  /** Identity key (tool name, resource uri...), component `namespace/name`, or the root field. */
  key: string;
  /** MCP revisions the conflict is about, when it is revision-specific. */
  revisions?: string[];
}

/** What one participating input holds at its location: absent, or a value. */
export type ConflictValue = { present: false } | { present: true; value: JsonValue };

export interface Conflict {
  code: ConflictCode;
  message: string;
  subject?: ConflictSubject;
  /** One per participating input, in input order (for the driver: base, ours, theirs). */
  locations: Location[];
  /** Parallel to `locations` when the conflict is about differing values. */
  values?: ConflictValue[];
}
