/**
 * Identical changes across tools as one group: the same rule, level, revisions and plain-language
 * account (plain-language.ts never names the tool), in one file. A reviewer reads "these nine tools
 * gained the same parameter" once, not nine times. Groups come most severe first, then in the order
 * their first change came.
 */
import { type Change, type ChangeLevel, LEVEL_RANK } from '../diff/types.js';
import { type PlainChange, plainLanguage } from './plain-language.js';

export interface ChangeGroup<T extends { change: Change }> {
  level: ChangeLevel;
  ruleId: string;
  plain: PlainChange;
  revisions: string[];
  /** The grouped entries, in input order; every one has the same level, rule and account. */
  members: T[];
}

/**
 * Groups `entries`; `scope` keeps entries apart that must not share a row (another file).
 */
export function groupChanges<T extends { change: Change }>(
  entries: readonly T[],
  scope: (entry: T) => string = () => '',
): ChangeGroup<T>[] {
  const groups = new Map<string, ChangeGroup<T>>();
  for (const entry of entries) {
    const { change } = entry;
    const plain = plainLanguage(change);
    const key = JSON.stringify([
      scope(entry),
      change.level,
      change.ruleId,
      change.revisions,
      plain.what,
      plain.fix ?? '',
      plain.diff ?? [],
    ]);
    let group = groups.get(key);
    if (!group) {
      group = { level: change.level, ruleId: change.ruleId, plain, revisions: change.revisions, members: [] };
      groups.set(key, group);
    }
    group.members.push(entry);
  }
  // Array.prototype.sort is stable: within a level, first appearance decides
  return [...groups.values()].sort((a, b) => LEVEL_RANK[b.level] - LEVEL_RANK[a.level]);
}
