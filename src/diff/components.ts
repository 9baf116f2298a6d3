import { sortVersions } from '../model/versions.js';
import { sha256Hex } from '../util/hash.js';
import type { AffectedSubject, Change } from './types.js';

/** `/components/<namespace>/<name>` at the head of an original pointer, else undefined. */
function componentOf(pointer: string | undefined): string | undefined {
  if (pointer === undefined) return undefined;
  const match = /^\/components\/[^/]+\/[^/]+/.exec(pointer);
  return match ? match[0] : undefined;
}

/** The component both locations of a change lie in (one may be absent), else undefined. */
function sharedComponent(change: Change): string | undefined {
  const before = componentOf(change.before?.pointer);
  const after = componentOf(change.after?.pointer);
  if (change.before && change.after) return before !== undefined && before === after ? before : undefined;
  return before ?? after;
}

/**
 * A change inside a component that several declarations reach through `$componentRef` is one
 * edit: the identical changes found per tool (same rule, level, message and locations in the
 * component) become one change whose subject is the component, with `via` naming it and
 * `affected` listing each declaration with its revisions and its own fingerprint (which an ignore
 * file may still name: see applyIgnores). A component reached by one declaration stays that
 * declaration's change.
 */
export function groupSharedComponents(changes: readonly Change[]): Change[] {
  const groups = new Map<string, Change[]>();
  const order: (Change | string)[] = [];
  for (const change of changes) {
    const component = sharedComponent(change);
    if (component === undefined || change.subject.kind === 'component') {
      order.push(change);
      continue;
    }
    const key = [
      component,
      change.ruleId,
      change.level,
      change.message,
      change.before?.pointer ?? '',
      change.after?.pointer ?? '',
      JSON.stringify(change.details ?? {}),
    ].join('\u0000');
    const group = groups.get(key);
    if (group) group.push(change);
    else {
      groups.set(key, [change]);
      order.push(key);
    }
  }
  const out: Change[] = [];
  for (const item of order) {
    if (typeof item !== 'string') {
      out.push(item);
      continue;
    }
    const group = groups.get(item) as Change[];
    const subjects = new Set(group.map((c) => `${c.subject.kind}\u0000${c.subject.key}`));
    if (subjects.size < 2) {
      out.push(...group);
      continue;
    }
    out.push(grouped(group));
  }
  return out;
}

function grouped(group: readonly Change[]): Change {
  const first = group[0] as Change;
  const component = sharedComponent(first) as string;
  const name = component.slice('/components/'.length);
  const affected: AffectedSubject[] = group.map((c) => ({
    kind: c.subject.kind,
    key: c.subject.key,
    revisions: c.revisions,
    fingerprint: c.fingerprint,
  }));
  const change: Change = {
    ruleId: first.ruleId,
    level: first.level,
    message: first.message,
    subject: { kind: 'component', key: name },
    revisions: sortVersions([...new Set(group.flatMap((c) => c.revisions))]),
    fingerprint: sha256Hex(
      [
        first.ruleId,
        'component',
        name,
        first.before?.pointer ?? '',
        first.after?.pointer ?? '',
        String(first.details?.schemaKind ?? ''),
      ].join('\u0000'),
    ).slice(0, 12),
    via: `#${component}`,
    affected,
  };
  if (first.before) change.before = first.before;
  if (first.after) change.after = first.after;
  if (first.details) change.details = first.details;
  return change;
}
