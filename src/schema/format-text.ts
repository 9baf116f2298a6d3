import type { Direction, SchemaChange } from './change.js';
import { verdictOf } from './compare.js';

const ORDER = { breaking: 0, warning: 1, info: 2 } as const;

function where(change: SchemaChange): string {
  const before = change.pointerOld || '(root)';
  const after = change.pointerNew || '(root)';
  return before === after ? before : `${before} → ${after}`;
}

/** Human report: breaking first, one change per line, then a one-line verdict. */
export function formatSchemaChangesText(changes: readonly SchemaChange[], direction: Direction): string {
  if (changes.length === 0) return `No changes (${direction} schema).\n`;
  const sorted = [...changes].sort((a, b) => ORDER[a.level] - ORDER[b.level]);
  const lines = sorted.map((c) => `${c.level.padEnd(8)}  ${c.kind}  ${where(c)}\n          ${c.message}`);
  const count = (level: SchemaChange['level']) => changes.filter((c) => c.level === level).length;
  const summary = `${changes.length} change${changes.length === 1 ? '' : 's'} (${direction} schema): ${count('breaking')} breaking, ${count('warning')} warning, ${count('info')} info; verdict: ${verdictOf(changes)}`;
  return `${lines.join('\n')}\n\n${summary}\n`;
}

/**
 * The documented JSON shape: `{ "version": 1, "changes": [ {kind, level, effect, pointerOld, pointerNew, message,
 * contractRule?} ] }` (`contractRule` only where API semantics decided the level against the effect).
 */
export function formatSchemaChangesJson(changes: readonly SchemaChange[]): string {
  const list = changes.map(({ kind, level, effect, pointerOld, pointerNew, message, contractRule }) => ({
    kind,
    level,
    effect,
    pointerOld,
    pointerNew,
    message,
    ...(contractRule === undefined ? {} : { contractRule }),
  }));
  return `${JSON.stringify({ version: 1, changes: list }, null, 2)}\n`;
}
