import { COMPONENT_NAMESPACES } from '../../model/components.js';
import { isJsonObject, type JsonValue, sortedJson } from '../../util/json.js';
import { appendPointer, escapeSegment } from '../../util/pointer.js';
import type { Subject } from '../types.js';
import { type CheckContext, obj, prose, q, qa, same, unionKeys } from './context.js';

const DOCUMENT: Subject = { kind: 'document', key: 'document' };
const INFO: Subject = { kind: 'info', key: 'info' };

/** Unscoped parts apply to every compared revision (or to every revision of either side when none is shared). */
export function unscopedRevisions(ctx: CheckContext): string[] {
  const { compared, revisionsAdded, revisionsRemoved } = ctx.diff;
  return compared.length > 0 ? compared : [...revisionsRemoved, ...revisionsAdded];
}

export function checkDocument(ctx: CheckContext): void {
  const revs = unscopedRevisions(ctx);
  const o = ctx.old.doc;
  const n = ctx.new.doc;
  for (const v of ctx.diff.revisionsRemoved) {
    ctx.report(
      'protocol-revision-removed',
      DOCUMENT,
      [v],
      { revision: v },
      {
        path: `/protocolVersions/${v}`,
        before: appendPointer(
          '/protocolVersions',
          ctx.old.root.indexOf(v) >= 0 ? indexOf(o.protocolVersions, v) : 0,
        ),
        after: '/protocolVersions',
      },
    );
  }
  for (const v of ctx.diff.revisionsAdded) {
    ctx.report(
      'protocol-revision-added',
      DOCUMENT,
      [v],
      { revision: v },
      {
        path: `/protocolVersions/${v}`,
        before: '/protocolVersions',
        after: appendPointer('/protocolVersions', indexOf(n.protocolVersions, v)),
      },
    );
  }
  const at = (key: string) => ({
    path: `/${escapeSegment(key)}`,
    before: Object.hasOwn(o, key) ? appendPointer('', key) : '',
    after: Object.hasOwn(n, key) ? appendPointer('', key) : '',
  });
  if (!same(o.mcpdesc, n.mcpdesc))
    ctx.report(
      'mcpdesc-version-changed',
      DOCUMENT,
      revs,
      { old: qa(o.mcpdesc), new: qa(n.mcpdesc) },
      at('mcpdesc'),
    );
  if (!same(o.$schema, n.$schema))
    ctx.report(
      'document-schema-changed',
      DOCUMENT,
      revs,
      { old: qa(o.$schema), new: qa(n.$schema) },
      at('$schema'),
    );
  const ins = at('instructions');
  prose(
    ctx,
    'instructions-changed',
    DOCUMENT,
    revs,
    {},
    o.instructions,
    n.instructions,
    ins.path,
    ins.before,
    ins.after,
    {
      modelVisible: true,
    },
  );
  for (const key of unionKeys(o, n)) {
    if (key.startsWith('x-') && !same(o[key], n[key]))
      ctx.report(
        'extension-changed',
        DOCUMENT,
        revs,
        {
          variant:
            o[key] === undefined ? 'root-added' : n[key] === undefined ? 'root-removed' : 'root-changed',
          extension: q(key),
        },
        at(key),
      );
  }
  checkInfo(ctx, revs);
  checkTags(ctx, revs);
  checkComponents(ctx, revs);
}

function indexOf(list: JsonValue | undefined, value: string): number {
  return Array.isArray(list) ? Math.max(0, list.indexOf(value)) : 0;
}

function checkInfo(ctx: CheckContext, revs: string[]): void {
  const a = obj(ctx.old.doc.info) ?? {};
  const b = obj(ctx.new.doc.info) ?? {};
  if (same(a, b)) return;
  const at = (key: string) => ({
    path: `/${escapeSegment(key)}`,
    before: Object.hasOwn(a, key) ? appendPointer('/info', key) : '/info',
    after: Object.hasOwn(b, key) ? appendPointer('/info', key) : '/info',
  });
  const simple: Record<string, 'info-name-changed' | 'info-id-changed' | 'info-version-changed'> = {
    name: 'info-name-changed',
    id: 'info-id-changed',
    version: 'info-version-changed',
  };
  for (const key of unionKeys(a, b)) {
    if (same(a[key], b[key])) continue;
    const where = at(key);
    const rule = simple[key];
    if (rule) {
      ctx.report(
        rule,
        INFO,
        revs,
        { field: key, old: qa(a[key]), new: qa(b[key]) },
        {
          ...where,
          details: { old: a[key] ?? null, new: b[key] ?? null },
        },
      );
    } else if (key === 'title' || key === 'description') {
      prose(
        ctx,
        `info-${key}-changed`,
        INFO,
        revs,
        {},
        a[key],
        b[key],
        where.path,
        where.before,
        where.after,
      );
    } else if (key.startsWith('x-')) {
      ctx.report('extension-changed', INFO, revs, { variant: 'info', extension: q(key) }, where);
    } else {
      ctx.report('info-metadata-changed', INFO, revs, { field: key }, where);
    }
  }
}

function checkTags(ctx: CheckContext, revs: string[]): void {
  const list = (value: JsonValue | undefined) =>
    (Array.isArray(value) ? value : []).flatMap((t, i) =>
      isJsonObject(t) && typeof t.name === 'string'
        ? [{ name: t.name, value: t, pointer: appendPointer('/tags', i) }]
        : [],
    );
  const a = list(ctx.old.doc.tags);
  const b = list(ctx.new.doc.tags);
  if (same(ctx.old.doc.tags, ctx.new.doc.tags)) return;
  const byName = (l: typeof a) => new Map(l.map((t) => [t.name, t]));
  const ma = byName(a);
  const mb = byName(b);
  for (const t of b) {
    const subject: Subject = { kind: 'tag', key: t.name };
    const old = ma.get(t.name);
    if (!old) {
      ctx.report(
        'tag-added',
        subject,
        revs,
        { tag: q(t.name) },
        {
          path: '',
          before: ctx.old.doc.tags ? '/tags' : '',
          after: t.pointer,
        },
      );
      continue;
    }
    prose(
      ctx,
      'tag-description-changed',
      subject,
      revs,
      { tag: q(t.name) },
      old.value.description,
      t.value.description,
      '/description',
      old.pointer,
      t.pointer,
    );
    for (const key of unionKeys(old.value, t.value)) {
      if (key === 'name' || key === 'description' || same(old.value[key], t.value[key])) continue;
      ctx.report(
        key.startsWith('x-') ? 'extension-changed' : 'primitive-field-changed',
        subject,
        revs,
        { variant: 'tag-field', tag: q(t.name), field: q(key) },
        {
          path: `/${escapeSegment(key)}`,
          before: old.pointer,
          after: t.pointer,
        },
      );
    }
  }
  for (const t of a) {
    if (!mb.has(t.name))
      ctx.report(
        'tag-removed',
        { kind: 'tag', key: t.name },
        revs,
        { tag: q(t.name) },
        {
          path: '',
          before: t.pointer,
          after: ctx.new.doc.tags ? '/tags' : '',
        },
      );
  }
  const common = (x: typeof a, other: Map<string, unknown>) =>
    x.filter((t) => other.has(t.name)).map((t) => t.name);
  const oa = common(a, mb);
  const ob = common(b, ma);
  if (oa.join('\u0000') !== ob.join('\u0000')) {
    ctx.report(
      'tag-order-changed',
      { kind: 'tag', key: '*' },
      revs,
      { order: ob.map(q).join(', ') },
      {
        path: '/order',
        before: '/tags',
        after: '/tags',
        details: { old: oa, new: ob },
      },
    );
  }
}

/**
 * Components are compared at their use sites (resolved values); only components nobody references
 * are judged here, so extracting or inlining a component is no change.
 */
function checkComponents(ctx: CheckContext, revs: string[]): void {
  const a =
    obj(
      ctx.old.input.value && isJsonObject(ctx.old.input.value) ? ctx.old.input.value.components : undefined,
    ) ?? {};
  const b =
    obj(
      ctx.new.input.value && isJsonObject(ctx.new.input.value) ? ctx.new.input.value.components : undefined,
    ) ?? {};
  if (same(a, b)) return;
  for (const namespace of unionKeys(a, b)) {
    if (namespace.startsWith('x-')) {
      if (!same(a[namespace], b[namespace]))
        ctx.report(
          'extension-changed',
          { kind: 'component', key: namespace },
          revs,
          { variant: 'components', namespace: q(namespace) },
          {
            path: `/${escapeSegment(namespace)}`,
            before: Object.hasOwn(a, namespace) ? appendPointer('/components', namespace) : '/components',
            after: Object.hasOwn(b, namespace) ? appendPointer('/components', namespace) : '/components',
          },
        );
      continue;
    }
    if (!(COMPONENT_NAMESPACES as readonly string[]).includes(namespace)) continue;
    const ma = obj(a[namespace]) ?? {};
    const mb = obj(b[namespace]) ?? {};
    for (const name of unionKeys(ma, mb)) {
      const pointer = appendPointer('/components', namespace, name);
      const usedOld = ctx.old.referencedComponents.has(pointer);
      const usedNew = ctx.new.referencedComponents.has(pointer);
      const subject: Subject = { kind: 'component', key: `${namespace}/${name}` };
      const inA = Object.hasOwn(ma, name);
      const inB = Object.hasOwn(mb, name);
      if (!inA && inB && !usedNew) {
        ctx.report(
          'component-added',
          subject,
          revs,
          { component: q(`${namespace}/${name}`) },
          { path: '', after: pointer },
        );
      } else if (inA && !inB && !usedOld) {
        ctx.report(
          'component-removed',
          subject,
          revs,
          { component: q(`${namespace}/${name}`) },
          { path: '', before: pointer },
        );
      } else if (inA && inB && !usedOld && !usedNew && sortedJson(ma[name]) !== sortedJson(mb[name])) {
        ctx.report(
          'component-changed',
          subject,
          revs,
          { component: q(`${namespace}/${name}`) },
          {
            path: '',
            before: pointer,
            after: pointer,
          },
        );
      }
    }
  }
}
