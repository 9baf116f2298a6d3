import { PRIMITIVE_KIND_LABEL, type PrimitiveKind } from '../../model/identity.js';
import { isJsonObject, type JsonObject, type JsonValue, sortedJson } from '../../util/json.js';
import { appendPointer, escapeSegment } from '../../util/pointer.js';
import type { DeclPair, PrimitiveMatch } from '../compare.js';
import type { Decl } from '../normalize.js';
import type { MessageArgs } from '../rules.js';
import type { Subject } from '../types.js';
import { type CheckContext, obj, prose, q, same, unionKeys } from './context.js';
import { checkExampleMaps, checkVariantExamples } from './examples.js';
import { checkPromptFields } from './prompt.js';
import { renameHints } from './rename-hints.js';
import { checkResourceFields } from './resource.js';
import { checkPrimitiveSecurity } from './security.js';
import { checkToolFields } from './tool.js';
import { templateVariables } from './uri-template.js';

export const EXISTENCE_PREFIX = {
  tool: 'tool',
  prompt: 'prompt',
  resource: 'resource',
  resourceTemplate: 'resource-template',
} as const satisfies Record<PrimitiveKind, string>;

/** The kinds' labels are the model's (one definition for every module). */
export const KIND_LABEL = PRIMITIVE_KIND_LABEL;

/** Fields every primitive kind shares, judged here; kind-specific ones are judged by their module. */
const COMMON_FIELDS = new Set([
  'protocolVersions',
  'title',
  'description',
  'icons',
  'tags',
  'deprecated',
  '_meta',
  'security',
  'clientRequirements',
  'elicitations',
  'examples',
  'interactionExamples',
  'completionExamples',
]);

const KIND_FIELDS: Record<PrimitiveKind, Set<string>> = {
  tool: new Set(['name', 'inputSchema', 'outputSchema', 'annotations', 'execution']),
  prompt: new Set(['name', 'arguments']),
  resource: new Set(['uri', 'name', 'mimeType', 'size', 'annotations']),
  resourceTemplate: new Set(['uriTemplate', 'name', 'mimeType', 'annotations']),
};

interface Existence {
  match: PrimitiveMatch;
  decl: Decl;
  revisions: string[];
}

export function checkPrimitives(ctx: CheckContext): void {
  const removed: Existence[] = [];
  const added: Existence[] = [];
  for (const m of ctx.diff.primitives) {
    const subject: Subject = { kind: m.kind, key: m.key };
    const oldAny = m.oldVariants.length > 0;
    const newAny = m.newVariants.length > 0;
    if (m.oldRevisions.length > 0 && !newAny) {
      const decl = m.oldVariants.find((d) => d.scope.includes(m.oldRevisions[0] as string)) as Decl;
      removed.push({ match: m, decl, revisions: m.oldRevisions });
    } else if (m.newRevisions.length > 0 && !oldAny) {
      const decl = m.newVariants.find((d) => d.scope.includes(m.newRevisions[0] as string)) as Decl;
      added.push({ match: m, decl, revisions: m.newRevisions });
    } else {
      const lost = m.oldRevisions.filter((v) => !m.newRevisions.includes(v));
      const gained = m.newRevisions.filter((v) => !m.oldRevisions.includes(v));
      const label = KIND_LABEL[m.kind];
      if (lost.length > 0) {
        const decl = m.oldVariants.find((d) => d.scope.includes(lost[0] as string));
        const after = m.newVariants[0];
        ctx.report(
          'primitive-scope-narrowed',
          subject,
          lost,
          { label, name: q(m.key), revisions: lost.join(', ') },
          { path: '/protocolVersions', before: decl?.pointer, after: after && scopePointer(ctx, after) },
        );
      }
      if (gained.length > 0) {
        const decl = m.newVariants.find((d) => d.scope.includes(gained[0] as string));
        ctx.report(
          'primitive-scope-widened',
          subject,
          gained,
          { label, name: q(m.key), revisions: gained.join(', ') },
          { path: '/protocolVersions', after: decl?.pointer },
        );
      }
    }
    if (m.newOverlap.length > 0) {
      const overlapping = m.newVariants.filter((d) => d.scope.some((v) => m.newOverlap.includes(v)));
      ctx.report(
        'variant-scope-overlap',
        subject,
        m.newOverlap,
        {
          count: String(overlapping.length),
          label: KIND_LABEL[m.kind],
          name: q(m.key),
          revisions: m.newOverlap.join(', '),
        },
        {
          path: '/protocolVersions',
          after: overlapping[1]?.pointer,
          details: { variants: overlapping.map((d) => d.pointer) },
        },
      );
    }
    for (const pair of m.pairs) {
      if (pair.old && pair.new && pair.modified) checkPair(ctx, m, pair, subject);
      if (pair.old && pair.new) checkPrimitiveSecurity(ctx, m, pair, subject);
    }
    checkVariantExamples(ctx, m, subject);
  }
  reportExistence(ctx, removed, added);
}

function scopePointer(ctx: CheckContext, decl: Decl): string {
  return Object.hasOwn(decl.value, 'protocolVersions')
    ? `${decl.pointer}/protocolVersions`
    : ctx.new.root.length
      ? '/protocolVersions'
      : decl.pointer;
}

function checkPair(ctx: CheckContext, m: PrimitiveMatch, pair: DeclPair, subject: Subject): void {
  const o = (pair.old as Decl).value;
  const n = (pair.new as Decl).value;
  const po = (pair.old as Decl).pointer;
  const pn = (pair.new as Decl).pointer;
  const revs = pair.revisions;
  const label = KIND_LABEL[m.kind];
  const at = (field: string) => ({
    path: `/${escapeSegment(field)}`,
    before: Object.hasOwn(o, field) ? appendPointer(po, field) : po,
    after: Object.hasOwn(n, field) ? appendPointer(pn, field) : pn,
  });

  const title = at('title');
  prose(
    ctx,
    'primitive-title-changed',
    subject,
    revs,
    { label },
    o.title,
    n.title,
    title.path,
    title.before,
    title.after,
  );
  const description = at('description');
  prose(
    ctx,
    'primitive-description-changed',
    subject,
    revs,
    { label },
    o.description,
    n.description,
    description.path,
    description.before,
    description.after,
    { modelVisible: true },
  );
  if (!same(o.icons, n.icons)) ctx.report('primitive-icons-changed', subject, revs, { label }, at('icons'));
  if (!same(o.tags, n.tags)) {
    const before = strings(o.tags);
    const after = strings(n.tags);
    const plus = after.filter((t) => !before.includes(t));
    const minus = before.filter((t) => !after.includes(t));
    const parts = [
      plus.length ? `added ${plus.map(q).join(', ')}` : '',
      minus.length ? `removed ${minus.map(q).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    ctx.report(
      'primitive-tags-changed',
      subject,
      revs,
      parts ? { label, parts } : { variant: 'order', label },
      {
        ...at('tags'),
        details: { added: plus, removed: minus },
      },
    );
  }
  const depOld = o.deprecated === true;
  const depNew = n.deprecated === true;
  if (depOld !== depNew) {
    ctx.report(
      depNew ? 'primitive-deprecated' : 'primitive-undeprecated',
      subject,
      revs,
      { label, name: q(m.key) },
      at('deprecated'),
    );
  }
  if (!same(o._meta, n._meta)) ctx.report('primitive-meta-changed', subject, revs, { label }, at('_meta'));
  checkClientRequirements(ctx, pair, subject);
  checkElicitations(ctx, pair, subject);
  checkExampleMaps(ctx, m, pair, subject);
  if (m.kind === 'tool') checkToolFields(ctx, pair, subject);
  else if (m.kind === 'prompt') checkPromptFields(ctx, pair, subject);
  else checkResourceFields(ctx, m.kind, pair, subject);

  for (const key of unionKeys(o, n)) {
    if (same(o[key], n[key])) continue;
    if (key.startsWith('x-')) {
      ctx.report(
        'extension-changed',
        subject,
        revs,
        { variant: `primitive-${verb(o[key], n[key])}`, label, extension: q(key) },
        at(key),
      );
    } else if (!COMMON_FIELDS.has(key) && !KIND_FIELDS[m.kind].has(key)) {
      ctx.report(
        'primitive-field-changed',
        subject,
        revs,
        { variant: `primitive-${verb(o[key], n[key])}`, label, field: q(key) },
        at(key),
      );
    }
  }
}

export function verb(a: JsonValue | undefined, b: JsonValue | undefined): 'added' | 'removed' | 'changed' {
  return a === undefined ? 'added' : b === undefined ? 'removed' : 'changed';
}

export function strings(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function checkClientRequirements(ctx: CheckContext, pair: DeclPair, subject: Subject): void {
  const o = obj((pair.old as Decl).value.clientRequirements);
  const n = obj((pair.new as Decl).value.clientRequirements);
  if (same(o, n)) return;
  const po = `${(pair.old as Decl).pointer}/clientRequirements`;
  const pn = `${(pair.new as Decl).pointer}/clientRequirements`;
  const revs = pair.revisions;
  // Members are conjunctive; `extensions` is a map of its own members.
  const flatten = (req: JsonObject | undefined): Map<string, JsonValue> => {
    const out = new Map<string, JsonValue>();
    for (const [key, value] of Object.entries(req ?? {})) {
      if (key === 'extensions' && isJsonObject(value)) {
        for (const [ext, settings] of Object.entries(value)) out.set(`extensions/${ext}`, settings);
      } else out.set(key, value);
    }
    return out;
  };
  const a = flatten(o);
  const b = flatten(n);
  const ptr = (base: string, key: string) =>
    key.startsWith('extensions/')
      ? appendPointer(base, 'extensions', key.slice(11))
      : appendPointer(base, key);
  for (const [key, value] of b) {
    const path = `/clientRequirements/${key}`;
    if (!a.has(key)) {
      ctx.report(
        'client-requirement-added',
        subject,
        revs,
        { requirement: q(key), primitive: subject.key },
        {
          path,
          before: o ? po : (pair.old as Decl).pointer,
          after: ptr(pn, key),
        },
      );
    } else if (!same(a.get(key), value)) {
      ctx.report(
        'client-requirement-changed',
        subject,
        revs,
        { requirement: q(key) },
        {
          path,
          before: ptr(po, key),
          after: ptr(pn, key),
          details: { old: a.get(key) as JsonValue, new: value },
        },
      );
    }
  }
  for (const key of a.keys()) {
    if (b.has(key)) continue;
    ctx.report(
      'client-requirement-removed',
      subject,
      revs,
      { requirement: q(key) },
      {
        path: `/clientRequirements/${key}`,
        before: ptr(po, key),
        after: n ? pn : (pair.new as Decl).pointer,
      },
    );
  }
}

function elicitationsOf(
  decl: Decl,
  kept: number[] | undefined,
): Map<string, { value: JsonObject; pointer: string }> {
  const out = new Map<string, { value: JsonObject; pointer: string }>();
  const list = decl.value.elicitations;
  if (!Array.isArray(list)) return out;
  list.forEach((entry, i) => {
    if (kept && !kept.includes(i)) return;
    if (!isJsonObject(entry) || typeof entry.name !== 'string') return;
    const { protocolVersions: _scope, ...rest } = entry;
    out.set(entry.name, { value: rest, pointer: appendPointer(decl.pointer, 'elicitations', i) });
  });
  return out;
}

function checkElicitations(ctx: CheckContext, pair: DeclPair, subject: Subject): void {
  const a = elicitationsOf(pair.old as Decl, pair.elicitationsOld);
  const b = elicitationsOf(pair.new as Decl, pair.elicitationsNew);
  const revs = pair.revisions;
  for (const [name, entry] of b) {
    const old = a.get(name);
    const path = `/elicitations/${escapeSegment(name)}`;
    if (!old) {
      ctx.report(
        'elicitation-added',
        subject,
        revs,
        { elicitation: q(name), mode: String(entry.value.mode) },
        {
          path,
          before: (pair.old as Decl).pointer,
          after: entry.pointer,
        },
      );
    } else if (sortedJson(old.value) !== sortedJson(entry.value)) {
      const fields = unionKeys(old.value, entry.value).filter((k) => !same(old.value[k], entry.value[k]));
      ctx.report(
        'elicitation-changed',
        subject,
        revs,
        { elicitation: q(name), fields: fields.join(', ') },
        {
          path,
          before: old.pointer,
          after: entry.pointer,
          details: { fields },
        },
      );
    }
  }
  for (const [name, entry] of a) {
    if (b.has(name)) continue;
    ctx.report(
      'elicitation-removed',
      subject,
      revs,
      { elicitation: q(name) },
      {
        path: `/elicitations/${escapeSegment(name)}`,
        before: entry.pointer,
        after: (pair.new as Decl).pointer,
      },
    );
  }
}

/** Reports whole removals and additions, naming the pairs that look like one renamed primitive. */
function reportExistence(ctx: CheckContext, removed: Existence[], added: Existence[]): void {
  const hints = renameHints(removed, added, (kind) =>
    ctx.notes.push({
      kind: 'rename-hints-limited',
      message: `rename hints from near-equal ${kind === 'tool' ? 'input schemas' : 'arguments'} were skipped: too many removed and added ${KIND_LABEL[kind]}s share names to compare them all`,
    }),
  );
  for (const r of removed) {
    const { kind, key } = r.match;
    const hint = hints.get(r);
    const details: Record<string, JsonValue> = {};
    const removal = { kind: KIND_LABEL[kind], name: q(key) };
    let message: MessageArgs<`${(typeof EXISTENCE_PREFIX)[typeof kind]}-removed`> = removal;
    if (hint) {
      const to = hint.other.match.key;
      details.renamedTo = to;
      message = { ...removal, variant: 'renamed', to: q(to), why: hint.why };
      if (kind === 'resourceTemplate') {
        const before = templateVariables(key);
        const after = templateVariables(to);
        const plus = after.filter((v) => !before.includes(v));
        const minus = before.filter((v) => !after.includes(v));
        details.variablesAdded = plus;
        details.variablesRemoved = minus;
        if (plus.length || minus.length)
          message = {
            ...removal,
            variant: 'renamed-variables',
            to: q(to),
            why: hint.why,
            variablesAdded: plus.map(q).join(', ') || 'none',
            variablesRemoved: minus.map(q).join(', ') || 'none',
          };
      }
    }
    const opts: { path: string; before: string; after?: string; details?: Record<string, JsonValue> } = {
      path: '',
      before: r.decl.pointer,
    };
    if (hint) opts.after = hint.other.decl.pointer;
    if (Object.keys(details).length) opts.details = details;
    ctx.report(`${EXISTENCE_PREFIX[kind]}-removed`, { kind, key }, r.revisions, message, opts);
  }
  for (const a of added) {
    const { kind, key } = a.match;
    const hint = hints.get(a);
    const opts: { path: string; after: string; details?: Record<string, JsonValue> } = {
      path: '',
      after: a.decl.pointer,
    };
    if (hint) opts.details = { renamedFrom: hint.other.match.key };
    ctx.report(
      `${EXISTENCE_PREFIX[kind]}-added`,
      { kind, key },
      a.revisions,
      hint
        ? { variant: 'renamed', kind: KIND_LABEL[kind], name: q(key), from: q(hint.other.match.key) }
        : { kind: KIND_LABEL[kind], name: q(key) },
      opts,
    );
  }
}
