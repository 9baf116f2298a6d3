import { isJsonObject, type JsonObject, type JsonValue, sortedJson } from '../../util/json.js';
import { appendPointer, escapeSegment } from '../../util/pointer.js';
import { type DeclPair, type PrimitiveMatch, transportKey } from '../compare.js';
import type { Decl } from '../normalize.js';
import type { RuleId } from '../rules.js';
import type { Subject } from '../types.js';
import { type CheckContext, obj, prose, q, qa, same, unionKeys } from './context.js';

type Requirement = Record<string, string[]>;

/** Undefined = no declaration (inherit / undeclared); `[]` and `[{}]` are kept apart (spec §7.4). */
function alternatives(value: JsonValue | undefined): Requirement[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isJsonObject).map((req) => {
    const out: Requirement = {};
    for (const [scheme, scopes] of Object.entries(req)) {
      out[scheme] = Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [];
    }
    return out;
  });
}

/**
 * Security schemes renamed between the two documents: a scheme only in the old catalogue and one
 * only in the new, with the same definition and no other candidate on either side. Scheme names are
 * document-local (spec §7.1): requirements are compared through this map, and the rename itself is
 * no change. A definition changed behind a kept name is compared by content instead.
 */
const renamesOf = new WeakMap<CheckContext, Map<string, string>>();

export function schemeRenames(ctx: CheckContext): Map<string, string> {
  let renames = renamesOf.get(ctx);
  if (renames) return renames;
  renames = new Map();
  const a = obj(ctx.old.doc.securitySchemes) ?? {};
  const b = obj(ctx.new.doc.securitySchemes) ?? {};
  const byDefinition = (from: JsonObject, other: JsonObject) => {
    const groups = new Map<string, string[]>();
    for (const name of Object.keys(from)) {
      if (Object.hasOwn(other, name)) continue;
      const key = sortedJson(from[name]);
      groups.set(key, [...(groups.get(key) ?? []), name]);
    }
    return groups;
  };
  const removed = byDefinition(a, b);
  const added = byDefinition(b, a);
  for (const [definition, names] of removed) {
    const partners = added.get(definition);
    if (names.length === 1 && partners?.length === 1) renames.set(names[0] as string, partners[0] as string);
  }
  renamesOf.set(ctx, renames);
  return renames;
}

/** Old-side requirements with renamed schemes spelled by their new names. */
function renamed(value: JsonValue | undefined, renames: ReadonlyMap<string, string>): JsonValue | undefined {
  if (renames.size === 0 || !Array.isArray(value)) return value;
  return value.map((req) =>
    isJsonObject(req)
      ? Object.fromEntries(
          Object.entries(req).map(([scheme, scopes]) => [renames.get(scheme) ?? scheme, scopes]),
        )
      : req,
  ) as JsonValue;
}

/** Order-insensitive form (requirement arrays, keys and scopes are unordered, spec §7.3). */
function canonical(value: JsonValue | undefined): string {
  const alts = alternatives(value);
  if (alts === undefined) return 'undeclared';
  return JSON.stringify(
    alts
      .map((req) =>
        sortedJson(Object.fromEntries(Object.entries(req).map(([k, v]) => [k, [...new Set(v)].sort()]))),
      )
      .sort(),
  );
}

function requiresAuth(alts: Requirement[] | undefined): boolean {
  return alts !== undefined && alts.length > 0 && !alts.some((r) => Object.keys(r).length === 0);
}

export function describeSecurity(value: JsonValue | undefined): string {
  const alts = alternatives(value);
  if (alts === undefined) return 'undeclared';
  if (alts.length === 0) return 'none (`[]`)';
  return alts
    .map((req) => {
      const keys = Object.keys(req);
      if (keys.length === 0) return 'anonymous';
      return keys.map((k) => ((req[k] ?? []).length ? `${k}(${(req[k] ?? []).join(' ')})` : k)).join(' + ');
    })
    .join(' OR ');
}

/** A client holding credentials for `held` satisfies `needed` when every scheme and scope needed is held. */
function satisfies(held: Requirement, needed: Requirement): boolean {
  return Object.entries(needed).every(([scheme, scopes]) => {
    const have = held[scheme];
    return have !== undefined && scopes.every((s) => have.includes(s));
  });
}

/** The rule for an effective-security change, or undefined when nothing changed. */
export function classifySecurity(
  oldValue: JsonValue | undefined,
  newValue: JsonValue | undefined,
):
  | 'security-requirement-added'
  | 'security-requirement-removed'
  | 'security-declaration-changed'
  | 'security-requirement-widened'
  | 'security-requirement-narrowed'
  | undefined {
  if (canonical(oldValue) === canonical(newValue)) return undefined;
  const a = alternatives(oldValue);
  const b = alternatives(newValue);
  const authOld = requiresAuth(a);
  const authNew = requiresAuth(b);
  if (!authOld && authNew) return 'security-requirement-added';
  if (authOld && !authNew) return 'security-requirement-removed';
  if (!authOld && !authNew) return 'security-declaration-changed';
  const stillWorks = (a ?? []).every((held) => (b ?? []).some((needed) => satisfies(held, needed)));
  return stillWorks ? 'security-requirement-widened' : 'security-requirement-narrowed';
}

function emitSecurity(
  ctx: CheckContext,
  subject: Subject,
  revisions: readonly string[],
  oldValue: JsonValue | undefined,
  newValue: JsonValue | undefined,
  where: { path: string; before: string; after: string; via?: string; extra?: Record<string, JsonValue> },
): void {
  const rule = classifySecurity(renamed(oldValue, schemeRenames(ctx)), newValue);
  if (!rule) return;
  const via = where.via ? ` through transport ${q(where.via)}` : '';
  const details: Record<string, JsonValue> = {
    old: describeSecurity(oldValue),
    new: describeSecurity(newValue),
    ...(where.extra ?? {}),
  };
  if (where.via) details.transport = where.via;
  ctx.report(
    rule,
    subject,
    revisions,
    { via, old: describeSecurity(oldValue), new: describeSecurity(newValue) },
    {
      path: where.path,
      before: where.before,
      after: where.after,
      details,
    },
  );
}

/** Primitive-level security (spec §7.5: primitive > transport > root, by replacement). */
export function checkPrimitiveSecurity(
  ctx: CheckContext,
  _m: PrimitiveMatch,
  pair: DeclPair,
  subject: Subject,
): void {
  const o = pair.old as Decl;
  const n = pair.new as Decl;
  const so = o.value.security;
  const sn = n.value.security;
  if (so === undefined && sn === undefined) return; // inherited: judged once per transport
  const ptr = (d: Decl) => (Object.hasOwn(d.value, 'security') ? `${d.pointer}/security` : d.pointer);
  if (so !== undefined && sn !== undefined) {
    emitSecurity(ctx, subject, pair.revisions, so, sn, { path: '/security', before: ptr(o), after: ptr(n) });
    return;
  }
  for (const version of pair.revisions) {
    const transports = (ctx.diff.transportsAt.get(version) ?? []).filter((t) => t.old && t.new);
    if (transports.length === 0) {
      emitSecurity(ctx, subject, [version], so ?? ctx.old.doc.security, sn ?? ctx.new.doc.security, {
        path: '/security',
        before: ptr(o),
        after: ptr(n),
      });
      continue;
    }
    for (const t of transports) {
      const to = (t.old as Decl).value;
      const tn = (t.new as Decl).value;
      const key = transportKey(t.old as Decl);
      emitSecurity(
        ctx,
        subject,
        [version],
        so ?? to.security ?? ctx.old.doc.security,
        sn ?? tn.security ?? ctx.new.doc.security,
        {
          path: `/security@${key}`,
          before: ptr(o),
          after: ptr(n),
          via: key,
        },
      );
    }
  }
}

/**
 * Security inherited by primitives without their own `security`: judged once per transport (or at
 * the root when there are no transports) instead of once per primitive.
 */
export function checkInheritedSecurity(ctx: CheckContext): void {
  const inheriting = new Map<string, number>();
  let anyPrimitive = false;
  for (const m of ctx.diff.primitives) {
    for (const pair of m.pairs) {
      anyPrimitive = true;
      if (!pair.old || !pair.new) continue;
      if (pair.old.value.security !== undefined || pair.new.value.security !== undefined) continue;
      for (const v of pair.revisions) inheriting.set(v, (inheriting.get(v) ?? 0) + 1);
    }
  }
  const rootOld = ctx.old.doc.security;
  const rootNew = ctx.new.doc.security;
  const rootPtr = (doc: JsonObject) => (Object.hasOwn(doc, 'security') ? '/security' : '');
  for (const version of ctx.diff.compared) {
    const count = inheriting.get(version) ?? 0;
    if (anyPrimitive && count === 0) continue;
    const extra = { inheritingPrimitives: count };
    const transports = (ctx.diff.transportsAt.get(version) ?? []).filter((t) => t.old && t.new);
    if (transports.length === 0) {
      emitSecurity(ctx, { kind: 'security', key: 'root' }, [version], rootOld, rootNew, {
        path: '/security',
        before: rootPtr(ctx.old.doc),
        after: rootPtr(ctx.new.doc),
        extra,
      });
      continue;
    }
    for (const t of transports) {
      const to = t.old as Decl;
      const tn = t.new as Decl;
      const key = transportKey(to);
      const own = (d: Decl, doc: JsonObject) =>
        Object.hasOwn(d.value, 'security') ? `${d.pointer}/security` : rootPtr(doc) || d.pointer;
      emitSecurity(
        ctx,
        { kind: 'transport', key },
        [version],
        to.value.security ?? rootOld,
        tn.value.security ?? rootNew,
        {
          path: '/security',
          before: own(to, ctx.old.doc),
          after: own(tn, ctx.new.doc),
          extra,
        },
      );
    }
  }
}

/** The securitySchemes catalogue (unscoped: every compared revision). */
export function checkSecuritySchemes(ctx: CheckContext, revisions: readonly string[]): void {
  const a = obj(ctx.old.doc.securitySchemes) ?? {};
  const b = obj(ctx.new.doc.securitySchemes) ?? {};
  if (same(a, b)) return;
  const renames = schemeRenames(ctx);
  const renamedTo = new Set(renames.values());
  for (const name of unionKeys(a, b)) {
    if (renames.has(name) || renamedTo.has(name)) continue;
    const subject: Subject = { kind: 'securityScheme', key: name };
    const po = appendPointer('/securitySchemes', name);
    const pn = po;
    const so = obj(a[name]);
    const sn = obj(b[name]);
    if (!so && sn) {
      ctx.report(
        'security-scheme-added',
        subject,
        revisions,
        { scheme: q(name), type: String(sn.type) },
        {
          path: '',
          after: pn,
        },
      );
      continue;
    }
    if (so && !sn) {
      ctx.report(
        'security-scheme-removed',
        subject,
        revisions,
        { scheme: q(name), type: String(so.type) },
        {
          path: '',
          before: po,
        },
      );
      continue;
    }
    if (!so || !sn || same(so, sn)) continue;
    const at = (key: string) => ({
      path: `/${escapeSegment(key)}`,
      before: Object.hasOwn(so, key) ? appendPointer(po, key) : po,
      after: Object.hasOwn(sn, key) ? appendPointer(pn, key) : pn,
    });
    if (so.type !== sn.type) {
      ctx.report(
        'security-scheme-type-changed',
        subject,
        revisions,
        { scheme: q(name), old: q(so.type), new: q(sn.type) },
        at('type'),
      );
      continue;
    }
    const handled = new Set(['type', 'description']);
    const field = (
      key: string,
      rule: Extract<
        RuleId,
        | 'security-scheme-http-changed'
        | 'security-scheme-bearer-format-changed'
        | 'security-scheme-api-key-changed'
        | 'security-openid-connect-url-changed'
      >,
    ) => {
      handled.add(key);
      if (!same(so[key], sn[key]))
        ctx.report(
          rule,
          subject,
          revisions,
          { scheme: q(name), field: key, old: qa(so[key]), new: qa(sn[key]) },
          at(key),
        );
    };
    field('scheme', 'security-scheme-http-changed');
    field('bearerFormat', 'security-scheme-bearer-format-changed');
    field('name', 'security-scheme-api-key-changed');
    field('in', 'security-scheme-api-key-changed');
    field('openIdConnectUrl', 'security-openid-connect-url-changed');
    const d = at('description');
    prose(
      ctx,
      'security-scheme-description-changed',
      subject,
      revisions,
      { scheme: q(name) },
      so.description,
      sn.description,
      d.path,
      d.before,
      d.after,
    );
    handled.add('flows');
    checkFlows(ctx, subject, revisions, obj(so.flows), obj(sn.flows), `${po}/flows`, `${pn}/flows`);
    for (const key of unionKeys(so, sn)) {
      if (handled.has(key) || same(so[key], sn[key])) continue;
      ctx.report(
        key.startsWith('x-') ? 'extension-changed' : 'primitive-field-changed',
        subject,
        revisions,
        { variant: 'security-scheme-field', scheme: q(name), field: q(key) },
        at(key),
      );
    }
  }
}

function checkFlows(
  ctx: CheckContext,
  subject: Subject,
  revisions: readonly string[],
  a: JsonObject | undefined,
  b: JsonObject | undefined,
  po: string,
  pn: string,
): void {
  if (same(a, b)) return;
  for (const flow of unionKeys(a, b)) {
    const fo = obj(a?.[flow]);
    const fn = obj(b?.[flow]);
    const fpo = appendPointer(po, flow);
    const fpn = appendPointer(pn, flow);
    const path = `/flows/${escapeSegment(flow)}`;
    if (flow.startsWith('x-')) {
      if (!same(a?.[flow], b?.[flow]))
        ctx.report(
          'extension-changed',
          subject,
          revisions,
          { variant: 'flows', flow: q(flow) },
          {
            path,
            before: po,
            after: pn,
          },
        );
      continue;
    }
    if (!fo && fn) {
      ctx.report(
        'security-oauth-flow-added',
        subject,
        revisions,
        { flow: q(flow) },
        {
          path,
          before: po,
          after: fpn,
        },
      );
      continue;
    }
    if (fo && !fn) {
      ctx.report(
        'security-oauth-flow-removed',
        subject,
        revisions,
        { flow: q(flow) },
        {
          path,
          before: fpo,
          after: pn,
        },
      );
      continue;
    }
    if (!fo || !fn) continue;
    for (const url of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) {
      if (same(fo[url], fn[url])) continue;
      ctx.report(
        'security-oauth-url-changed',
        subject,
        revisions,
        { flow: q(flow), url, old: qa(fo[url]), new: qa(fn[url]) },
        {
          path: `${path}/${url}`,
          before: Object.hasOwn(fo, url) ? appendPointer(fpo, url) : fpo,
          after: Object.hasOwn(fn, url) ? appendPointer(fpn, url) : fpn,
        },
      );
    }
    const so = obj(fo.scopes) ?? {};
    const sn = obj(fn.scopes) ?? {};
    for (const scope of unionKeys(so, sn)) {
      const sp = `${path}/scopes/${escapeSegment(scope)}`;
      if (!Object.hasOwn(so, scope)) {
        ctx.report(
          'security-oauth-scope-added',
          subject,
          revisions,
          { scope: q(scope), flow: q(flow) },
          {
            path: sp,
            before: `${fpo}/scopes`,
            after: appendPointer(fpn, 'scopes', scope),
          },
        );
      } else if (!Object.hasOwn(sn, scope)) {
        ctx.report(
          'security-oauth-scope-removed',
          subject,
          revisions,
          { scope: q(scope), flow: q(flow) },
          {
            path: sp,
            before: appendPointer(fpo, 'scopes', scope),
            after: `${fpn}/scopes`,
          },
        );
      } else {
        prose(
          ctx,
          'security-oauth-scope-description-changed',
          subject,
          revisions,
          { scope: q(scope) },
          so[scope],
          sn[scope],
          sp,
          appendPointer(fpo, 'scopes', scope),
          appendPointer(fpn, 'scopes', scope),
        );
      }
    }
    for (const key of unionKeys(fo, fn)) {
      if (['authorizationUrl', 'tokenUrl', 'refreshUrl', 'scopes'].includes(key) || same(fo[key], fn[key]))
        continue;
      ctx.report(
        key.startsWith('x-') ? 'extension-changed' : 'primitive-field-changed',
        subject,
        revisions,
        { variant: 'oauth-flow-field', flow: q(flow), field: q(key) },
        {
          path: `${path}/${escapeSegment(key)}`,
          before: fpo,
          after: fpn,
        },
      );
    }
  }
}
