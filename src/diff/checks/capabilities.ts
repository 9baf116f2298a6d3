import { isJsonObject, type JsonObject, type JsonValue } from '../../util/json.js';
import { appendPointer, escapeSegment } from '../../util/pointer.js';
import type { Decl } from '../normalize.js';
import type { RuleId } from '../rules.js';
import type { Subject } from '../types.js';
import { type CheckContext, get, obj, q, same, unionKeys } from './context.js';

const SUBJECT: Subject = { kind: 'capabilities', key: 'capabilities' };

/** Boolean flags inside capability objects, and the rule pair for revoking / granting them. */
const FLAGS: {
  path: string[];
  revoked: Extract<RuleId, `capability-${string}-revoked`>;
  granted: Extract<RuleId, `capability-${string}-granted`>;
}[] = [
  {
    path: ['tools', 'listChanged'],
    revoked: 'capability-list-changed-revoked',
    granted: 'capability-list-changed-granted',
  },
  {
    path: ['resources', 'listChanged'],
    revoked: 'capability-list-changed-revoked',
    granted: 'capability-list-changed-granted',
  },
  {
    path: ['prompts', 'listChanged'],
    revoked: 'capability-list-changed-revoked',
    granted: 'capability-list-changed-granted',
  },
  {
    path: ['resources', 'subscribe'],
    revoked: 'capability-subscribe-revoked',
    granted: 'capability-subscribe-granted',
  },
];

const TASK_FEATURES: string[][] = [['list'], ['cancel'], ['requests', 'tools', 'call']];

function dig(value: JsonValue | undefined, path: string[]): JsonValue | undefined {
  let current = value;
  for (const segment of path) current = get(current, segment);
  return current;
}

export function checkCapabilities(ctx: CheckContext): void {
  for (const pair of ctx.diff.capabilities) {
    if (pair.old && pair.new && !pair.modified) continue;
    const o = pair.old?.value ?? {};
    const n = pair.new?.value ?? {};
    const base = (d: Decl | undefined) => d?.pointer ?? '';
    const po = base(pair.old);
    const pn = base(pair.new);
    const revs = pair.revisions;
    const at = (segments: string[], holderO: JsonObject, holderN: JsonObject) => {
      const ptr = (root: string, holder: JsonObject, present: boolean) => {
        if (!root) return undefined;
        if (present) return appendPointer(root, ...segments);
        return Object.hasOwn(holder, segments[0] as string)
          ? appendPointer(root, segments[0] as string)
          : root;
      };
      return {
        path: `/${segments.map(escapeSegment).join('/')}`,
        before: ptr(po, holderO, dig(holderO, segments) !== undefined),
        after: ptr(pn, holderN, dig(holderN, segments) !== undefined),
      };
    };
    for (const key of unionKeys(o, n)) {
      if (key === 'protocolVersions' || same(o[key], n[key])) continue;
      if (key === 'extensions') {
        extensions(ctx, revs, obj(o.extensions) ?? {}, obj(n.extensions) ?? {}, at, o, n);
        continue;
      }
      const had = Object.hasOwn(o, key);
      const has = Object.hasOwn(n, key);
      if (!had && has) {
        ctx.report(
          key.startsWith('x-') ? 'extension-changed' : 'capability-added',
          SUBJECT,
          revs,
          { variant: 'capability-declared', capability: q(key) },
          at([key], o, n),
        );
        continue;
      }
      if (had && !has) {
        const rule = key.startsWith('x-')
          ? 'extension-changed'
          : key === 'completions'
            ? 'capability-completions-removed'
            : key === 'tasks'
              ? 'capability-tasks-removed'
              : 'capability-removed';
        ctx.report(
          rule,
          SUBJECT,
          revs,
          { variant: 'capability-removed', capability: q(key) },
          at([key], o, n),
        );
        continue;
      }
      if (key === 'tools' || key === 'resources' || key === 'prompts') {
        const flags = FLAGS.filter((f) => f.path[0] === key);
        for (const flag of flags) {
          const a = dig(o, flag.path) === true;
          const b = dig(n, flag.path) === true;
          if (a !== b)
            ctx.report(
              b ? flag.granted : flag.revoked,
              SUBJECT,
              revs,
              { flag: flag.path.join('.'), old: String(a), new: String(b) },
              at(flag.path, o, n),
            );
        }
        const so = obj(o[key]) ?? {};
        const sn = obj(n[key]) ?? {};
        for (const sub of unionKeys(so, sn)) {
          if (flags.some((f) => f.path[1] === sub) || same(so[sub], sn[sub])) continue;
          ctx.report(
            sub.startsWith('x-') ? 'extension-changed' : 'capability-settings-changed',
            SUBJECT,
            revs,
            { variant: 'capability-setting', setting: `${key}.${sub}` },
            at([key, sub], o, n),
          );
        }
        continue;
      }
      if (key === 'tasks') {
        let reported = false;
        for (const feature of TASK_FEATURES) {
          const a = dig(o.tasks, feature) !== undefined;
          const b = dig(n.tasks, feature) !== undefined;
          if (a === b) continue;
          reported = true;
          const path = ['tasks', ...feature];
          ctx.report(
            b ? 'capability-tasks-feature-granted' : 'capability-tasks-feature-revoked',
            SUBJECT,
            revs,
            { feature: path.join('.') },
            at(path, o, n),
          );
        }
        if (!reported)
          ctx.report('capability-settings-changed', SUBJECT, revs, { variant: 'tasks' }, at(['tasks'], o, n));
        continue;
      }
      ctx.report(
        key.startsWith('x-') ? 'extension-changed' : 'capability-settings-changed',
        SUBJECT,
        revs,
        { variant: 'capability-settings', capability: q(key) },
        {
          ...at([key], o, n),
          details: { old: o[key] ?? null, new: n[key] ?? null },
        },
      );
    }
  }
}

function extensions(
  ctx: CheckContext,
  revs: string[],
  a: JsonObject,
  b: JsonObject,
  at: (
    s: string[],
    o: JsonObject,
    n: JsonObject,
  ) => { path: string; before: string | undefined; after: string | undefined },
  o: JsonObject,
  n: JsonObject,
): void {
  for (const id of unionKeys(a, b)) {
    if (same(a[id], b[id])) continue;
    const where = at(['extensions', id], o, n);
    if (!Object.hasOwn(a, id))
      ctx.report('capability-extension-added', SUBJECT, revs, { extension: q(id) }, where);
    else if (!Object.hasOwn(b, id))
      ctx.report('capability-extension-removed', SUBJECT, revs, { extension: q(id) }, where);
    else
      ctx.report(
        'capability-extension-changed',
        SUBJECT,
        revs,
        { extension: q(id) },
        {
          ...where,
          details: {
            old: isJsonObject(a[id]) ? (a[id] as JsonObject) : null,
            new: isJsonObject(b[id]) ? (b[id] as JsonObject) : null,
          },
        },
      );
  }
}
