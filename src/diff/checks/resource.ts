import { PRIMITIVE_KIND_LABEL, type PrimitiveKind } from '../../model/identity.js';
import { appendPointer } from '../../util/pointer.js';
import type { DeclPair } from '../compare.js';
import type { Decl } from '../normalize.js';
import type { Subject } from '../types.js';
import { type CheckContext, q, qa, same } from './context.js';

export function checkResourceFields(
  ctx: CheckContext,
  kind: PrimitiveKind,
  pair: DeclPair,
  subject: Subject,
): void {
  const o = (pair.old as Decl).value;
  const n = (pair.new as Decl).value;
  const po = (pair.old as Decl).pointer;
  const pn = (pair.new as Decl).pointer;
  const revs = pair.revisions;
  const label = PRIMITIVE_KIND_LABEL[kind];
  const at = (field: string) => ({
    path: `/${field}`,
    before: Object.hasOwn(o, field) ? appendPointer(po, field) : po,
    after: Object.hasOwn(n, field) ? appendPointer(pn, field) : pn,
  });
  if (!same(o.name, n.name)) {
    ctx.report(
      'resource-name-changed',
      subject,
      revs,
      { label, old: q(o.name), new: q(n.name) },
      {
        ...at('name'),
        details: { old: o.name ?? null, new: n.name ?? null },
      },
    );
  }
  if (!same(o.mimeType, n.mimeType)) {
    const rule =
      o.mimeType === undefined
        ? 'resource-mime-type-added'
        : n.mimeType === undefined
          ? 'resource-mime-type-removed'
          : 'resource-mime-type-changed';
    ctx.report(rule, subject, revs, { label, old: qa(o.mimeType), new: qa(n.mimeType) }, at('mimeType'));
  }
  if (kind === 'resource' && !same(o.size, n.size)) {
    ctx.report('resource-size-changed', subject, revs, { old: qa(o.size), new: qa(n.size) }, at('size'));
  }
  if (!same(o.annotations, n.annotations)) {
    ctx.report(
      'resource-annotations-changed',
      subject,
      revs,
      { label },
      {
        ...at('annotations'),
        details: { old: o.annotations ?? null, new: n.annotations ?? null },
      },
    );
  }
}
