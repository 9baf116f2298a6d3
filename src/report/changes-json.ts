import type { Change, DiffResult } from '../diff/types.js';
import { prettyJsonChunks, StreamedArray } from './json-chunks.js';

/**
 * The documented JSON contract of `mcpdesc diff --format json` (docs/diff.md,
 * docs/diff-output.schema.json): `{version, changes, summary, notes}`, keys in a fixed order.
 * `version` changes on any breaking change of the shape, as lint's JSON report's does.
 */
export const DIFF_JSON_VERSION = 1;

export function buildChangesJson(result: DiffResult): object {
  return {
    version: DIFF_JSON_VERSION,
    changes: result.changes.map(changeJson),
    summary: result.summary,
    notes: result.notes,
  };
}

function changeJson(c: Change): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ruleId: c.ruleId,
    level: c.level,
    message: c.message,
    subject: { kind: c.subject.kind, key: c.subject.key },
    revisions: c.revisions,
  };
  if (c.before) out.before = c.before;
  if (c.after) out.after = c.after;
  out.fingerprint = c.fingerprint;
  if (c.details) out.details = c.details;
  if (c.via !== undefined) out.via = c.via;
  if (c.affected)
    out.affected = c.affected.map((a) => ({
      kind: a.kind,
      key: a.key,
      revisions: a.revisions,
      fingerprint: a.fingerprint,
    }));
  return out;
}

export function formatChangesJson(result: DiffResult): string {
  return Array.from(formatChangesJsonChunks(result)).join('');
}

/**
 * The same text in chunks of about a megabyte, each change serialised only as it is written: tens
 * of thousands of changes under deeply nested schemas (4 KB pointers) made a text longer than V8's
 * longest string, and the command failed with an internal error.
 */
export function formatChangesJsonChunks(result: DiffResult, chunkChars?: number): Iterable<string> {
  return prettyJsonChunks(
    {
      version: DIFF_JSON_VERSION,
      changes: new StreamedArray(mapLazily(result.changes, changeJson)),
      summary: result.summary,
      notes: result.notes,
    },
    chunkChars,
  );
}

function* mapLazily<T, U>(items: readonly T[], map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}
