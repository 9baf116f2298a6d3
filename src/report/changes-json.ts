import type { DiffResult } from '../diff/types.js';

/**
 * The documented JSON contract of `mcpdesc diff --format json` (docs/diff.md,
 * docs/diff-output.schema.json): `{changes, summary, notes}`, keys in a fixed order.
 */
export function buildChangesJson(result: DiffResult): object {
  return {
    changes: result.changes.map((c) => {
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
      return out;
    }),
    summary: result.summary,
    notes: result.notes,
  };
}

export function formatChangesJson(result: DiffResult): string {
  return `${JSON.stringify(buildChangesJson(result), null, 2)}\n`;
}
