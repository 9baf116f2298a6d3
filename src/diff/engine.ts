import { sortVersions } from '../model/versions.js';
import type { SchemaSemantics } from '../schema/index.js';
import { appendAll } from '../util/arrays.js';
import { sha256Hex } from '../util/hash.js';
import type { Location } from '../util/location.js';
import { withRegexBudget } from '../util/regex-guard.js';
import { checkCapabilities } from './checks/capabilities.js';
import { CheckContext, type RawChange } from './checks/context.js';
import { checkDocument, unscopedRevisions } from './checks/document.js';
import { checkPrimitives } from './checks/primitives.js';
import { checkInheritedSecurity, checkSecuritySchemes } from './checks/security.js';
import { checkTransports } from './checks/transports.js';
import { type CompareOptions, compareStructure } from './compare.js';
import { groupSharedComponents } from './components.js';
import { applyIgnores, type IgnoreEntry } from './ignore.js';
import { type DiffInput, Side } from './normalize.js';
import { ruleMeta } from './rules.js';
import { type Change, type DiffNote, type DiffResult, LEVEL_RANK } from './types.js';

export interface DiffOptions extends CompareOptions {
  /** Entries of an ignore file (see docs/diff.md). */
  ignore?: readonly IgnoreEntry[];
  /** ISO date (YYYY-MM-DD) used to expire ignore entries; defaults to today (UTC). */
  today?: string;
  /** How tool schemas are read as contracts; default `api` (docs/schema-compat.md). */
  schemaSemantics?: SchemaSemantics;
}

/**
 * Diffs two descriptions: normalise both sides, match declarations per MCP revision (compare.ts),
 * judge the pairings (checks/), fold identical changes across revisions into one Change listing
 * them, map pointers back to the original documents and resolve lines only for reported changes.
 * Pure: no I/O. Inputs are assumed validated (the CLI validates first unless --no-validate).
 */
export function diffDocuments(
  oldInput: DiffInput,
  newInput: DiffInput,
  options: DiffOptions = {},
): DiffResult {
  // One time budget for the regular expressions of the examples it checks (see regex-guard.ts).
  return withRegexBudget(() => diffWithinBudget(oldInput, newInput, options));
}

function diffWithinBudget(oldInput: DiffInput, newInput: DiffInput, options: DiffOptions): DiffResult {
  const oldSide = new Side(oldInput);
  const newSide = new Side(newInput);
  const compareOptions: CompareOptions = {};
  if (options.protocolVersion !== undefined) compareOptions.protocolVersion = options.protocolVersion;
  const structure = compareStructure(oldSide, newSide, compareOptions);
  const ctx = new CheckContext(structure, options.schemaSemantics);
  checkDocument(ctx);
  checkSecuritySchemes(ctx, unscopedRevisions(ctx));
  checkTransports(ctx);
  checkCapabilities(ctx);
  checkPrimitives(ctx);
  checkInheritedSecurity(ctx);

  const located = fold(ctx.changes).map((raw) => toChange(raw, oldSide, newSide));
  assignFingerprints(located);
  const all = groupSharedComponents(located);
  all.sort(compareChanges);

  const notes: DiffNote[] = [...ctx.notes];
  let changes = all;
  let ignored = 0;
  if (options.ignore && options.ignore.length > 0) {
    const applied = applyIgnores(all, options.ignore, options.today ?? new Date().toISOString().slice(0, 10));
    changes = applied.kept;
    ignored = applied.ignored;
    appendAll(notes, applied.notes);
  }
  const count = (level: Change['level']) => changes.filter((c) => c.level === level).length;
  return {
    changes,
    summary: {
      breaking: count('breaking'),
      warning: count('warning'),
      info: count('info'),
      total: changes.length,
      ignored,
      revisions: { old: oldSide.root, new: newSide.root, compared: structure.compared },
    },
    notes,
  };
}

/** Identical changes found in several revisions become one change listing all of them. */
function fold(raws: readonly RawChange[]): RawChange[] {
  const byKey = new Map<string, RawChange>();
  for (const raw of raws) {
    const key = [
      raw.ruleId,
      raw.subject.kind,
      raw.subject.key,
      raw.path,
      raw.discriminator ?? '',
      raw.message,
    ].join('\u0000');
    const existing = byKey.get(key);
    if (existing) {
      existing.revisions = sortVersions([...existing.revisions, ...raw.revisions]);
    } else {
      byKey.set(key, { ...raw, revisions: sortVersions(raw.revisions) });
    }
  }
  return [...byKey.values()];
}

function locate(side: Side, resolvedPointer: string): Location {
  const pointer = side.originOf(resolvedPointer);
  const position = side.input.sourceMap ? side.input.sourceMap.locateKey(pointer) : { line: 1, column: 1 };
  return { file: side.file, pointer, line: position.line, column: position.column };
}

function toChange(raw: RawChange, oldSide: Side, newSide: Side): Change {
  const rule = ruleMeta(raw.ruleId);
  const change: Change = {
    ruleId: raw.ruleId,
    level: raw.level ?? rule.level,
    message: raw.message,
    subject: raw.subject,
    revisions: raw.revisions,
    fingerprint: fingerprintOf(raw, ''),
  };
  if (raw.before !== undefined) change.before = locate(oldSide, raw.before);
  if (raw.after !== undefined) change.after = locate(newSide, raw.after);
  const details = { ...(raw.details ?? {}) };
  if (rule.modelVisible && details.modelVisible === undefined) details.modelVisible = true;
  if (Object.keys(details).length > 0) change.details = details;
  (change as Change & { _raw?: RawChange })._raw = raw;
  return change;
}

function fingerprintOf(raw: RawChange, salt: string): string {
  const text = [raw.ruleId, raw.subject.kind, raw.subject.key, raw.path, raw.discriminator ?? '', salt].join(
    '\u0000',
  );
  return sha256Hex(text).slice(0, 12);
}

/** Fingerprints are unique within a result: a collision (same rule, subject and path) is salted with the revisions. */
function assignFingerprints(changes: Change[]): void {
  const seen = new Map<string, number>();
  for (const change of changes) seen.set(change.fingerprint, (seen.get(change.fingerprint) ?? 0) + 1);
  for (const change of changes) {
    const holder = change as Change & { _raw?: RawChange };
    const raw = holder._raw as RawChange;
    if ((seen.get(change.fingerprint) ?? 0) > 1) {
      change.fingerprint = fingerprintOf(raw, `${change.revisions.join(',')}\u0000${change.message}`);
    }
    delete holder._raw;
  }
}

const KIND_ORDER = [
  'document',
  'info',
  'security',
  'securityScheme',
  'transport',
  'capabilities',
  'tool',
  'prompt',
  'resource',
  'resourceTemplate',
  'tag',
  'component',
];

export function compareChanges(a: Change, b: Change): number {
  return (
    LEVEL_RANK[b.level] - LEVEL_RANK[a.level] ||
    KIND_ORDER.indexOf(a.subject.kind) - KIND_ORDER.indexOf(b.subject.kind) ||
    cmp(a.subject.key, b.subject.key) ||
    cmp(a.ruleId, b.ruleId) ||
    cmp(a.before?.pointer ?? a.after?.pointer ?? '', b.before?.pointer ?? b.after?.pointer ?? '') ||
    cmp(a.message, b.message)
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
