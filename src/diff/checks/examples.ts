import { isJsonObject, type JsonObject, type JsonValue, sortedJson } from '../../util/json.js';
import { appendPointer, escapeSegment } from '../../util/pointer.js';
import { checkInstance, compileSchema, incompleteReason } from '../../validate/embedded-schema.js';
import type { DeclPair, PrimitiveMatch } from '../compare.js';
import type { Decl } from '../normalize.js';
import type { Subject } from '../types.js';
import { type CheckContext, get, q, same } from './context.js';
import { promptArguments } from './prompt.js';

type MapField = 'examples' | 'interactionExamples' | 'completionExamples';

const MAPS: readonly MapField[] = ['examples', 'interactionExamples', 'completionExamples'];

const NOUN: Record<MapField, string> = {
  examples: 'example',
  interactionExamples: 'interaction scenario',
  completionExamples: 'completion example',
};

function mapOf(decl: Decl, field: MapField): JsonObject {
  const value = decl.value[field];
  return isJsonObject(value) ? value : {};
}

/** Example maps compared per name (entry order carries no meaning). */
export function checkExampleMaps(
  ctx: CheckContext,
  m: PrimitiveMatch,
  pair: DeclPair,
  subject: Subject,
): void {
  const o = pair.old as Decl;
  const n = pair.new as Decl;
  const revs = pair.revisions;
  for (const field of MAPS) {
    const a = mapOf(o, field);
    const b = mapOf(n, field);
    if (same(a, b)) continue;
    const prefix = field === 'interactionExamples' ? 'scenario' : 'example';
    const where = (decl: Decl, map: JsonObject, name: string) =>
      Object.hasOwn(map, name)
        ? appendPointer(decl.pointer, field, name)
        : Object.hasOwn(decl.value, field)
          ? appendPointer(decl.pointer, field)
          : decl.pointer;
    for (const name of Object.keys(b)) {
      const path = `/${field}/${escapeSegment(name)}`;
      const details = { map: field, name };
      const action = !Object.hasOwn(a, name)
        ? 'added'
        : sortedJson(a[name]) !== sortedJson(b[name])
          ? 'changed'
          : undefined;
      if (action === undefined) continue;
      ctx.report(
        `${prefix}-${action}`,
        subject,
        revs,
        { noun: NOUN[field], name: q(name) },
        { path, before: where(o, a, name), after: where(n, b, name), details },
      );
    }
    for (const name of Object.keys(a)) {
      if (Object.hasOwn(b, name)) continue;
      ctx.report(
        `${prefix}-removed`,
        subject,
        revs,
        { noun: NOUN[field], name: q(name) },
        {
          path: `/${field}/${escapeSegment(name)}`,
          before: where(o, a, name),
          after: where(n, b, name),
          details: { map: field, name },
        },
      );
    }
  }
  if (m.kind === 'tool') {
    oldToolExamplesAgainstNew(ctx, pair, subject);
    newToolResultsAgainstOld(ctx, pair, subject);
  }
  if (m.kind === 'prompt') oldPromptExamplesAgainstNew(ctx, pair, subject);
}

function validator(schema: JsonValue | undefined) {
  if (schema === undefined) return undefined;
  const compiled = compileSchema(schema);
  return compiled.ok ? compiled.validate : undefined;
}

/** Old tool examples and scenarios whose input the new inputSchema rejects: calls that used to work. */
function oldToolExamplesAgainstNew(ctx: CheckContext, pair: DeclPair, subject: Subject): void {
  const o = pair.old as Decl;
  const n = pair.new as Decl;
  const inputChanged = !same(o.value.inputSchema, n.value.inputSchema);
  if (!inputChanged) return;
  // Compiling a schema is the expensive part: only when there is an old example to check.
  if (
    Object.keys(mapOf(o, 'examples')).length === 0 &&
    Object.keys(mapOf(o, 'interactionExamples')).length === 0
  )
    return;
  const input = validator(n.value.inputSchema);
  for (const field of ['examples', 'interactionExamples'] as const) {
    const map = mapOf(o, field);
    for (const [name, example] of Object.entries(map)) {
      const before = appendPointer(o.pointer, field, name);
      const details = { map: field, name };
      const args = get(example, 'input');
      if (input && args !== undefined) {
        const check = checkInstance(input, args);
        const first = check.errors[0];
        if (!first && check.incomplete) {
          ctx.report(
            'example-check-incomplete',
            subject,
            pair.revisions,
            { variant: 'input', noun: NOUN[field], name: q(name), reason: incompleteReason(check) },
            {
              path: `/${field}/${escapeSegment(name)}/input`,
              before: `${before}/input`,
              after: appendPointer(n.pointer, 'inputSchema'),
              details,
            },
          );
        }
        if (first) {
          ctx.report(
            'example-no-longer-valid',
            subject,
            pair.revisions,
            { variant: 'input', noun: NOUN[field], name: q(name), error: first.message },
            {
              path: `/${field}/${escapeSegment(name)}/input`,
              before: `${before}/input`,
              after: appendPointer(n.pointer, 'inputSchema'),
              details,
            },
          );
        }
      }
    }
  }
}

/**
 * New tool examples and scenarios whose structured result the OLD outputSchema rejects: what the
 * server now documents returning, checked against what existing consumers were built to accept.
 * (Old results against a narrower new schema say nothing about consumers.) Under API semantics a
 * result property the old schema did not declare is not a consumer problem either, like
 * `output-schema-property-added`. Results that did not change from the old example are skipped.
 */
function newToolResultsAgainstOld(ctx: CheckContext, pair: DeclPair, subject: Subject): void {
  const o = pair.old as Decl;
  const n = pair.new as Decl;
  if (o.value.outputSchema === undefined || same(o.value.outputSchema, n.value.outputSchema)) return;
  if (
    Object.keys(mapOf(n, 'examples')).length === 0 &&
    Object.keys(mapOf(n, 'interactionExamples')).length === 0
  )
    return;
  let output: ReturnType<typeof validator> | null = null;
  for (const field of ['examples', 'interactionExamples'] as const) {
    const oldMap = mapOf(o, field);
    for (const [name, example] of Object.entries(mapOf(n, field))) {
      const result = get(example, 'result');
      const structured = get(result, 'structuredContent');
      if (structured === undefined || get(result, 'isError') === true) continue;
      if (
        Object.hasOwn(oldMap, name) &&
        same(get(get(oldMap[name], 'result'), 'structuredContent'), structured)
      )
        continue;
      if (output === null) output = validator(o.value.outputSchema);
      if (output === undefined) return;
      const check = checkInstance(output, structured);
      const errors = check.errors.filter(
        (e) => ctx.schemaSemantics === 'json-schema' || e.keyword !== 'additionalProperties',
      );
      const first = errors[0];
      const at = appendPointer(n.pointer, field, name);
      if (!first && check.incomplete) {
        ctx.report(
          'example-check-incomplete',
          subject,
          pair.revisions,
          { variant: 'output', noun: NOUN[field], name: q(name), reason: incompleteReason(check) },
          {
            path: `/${field}/${escapeSegment(name)}/result/structuredContent`,
            before: appendPointer(o.pointer, 'outputSchema'),
            after: `${at}/result/structuredContent`,
            details: { map: field, name },
          },
        );
      }
      if (!first) continue;
      ctx.report(
        'example-output-no-longer-valid',
        subject,
        pair.revisions,
        { noun: NOUN[field], name: q(name), error: first.message },
        {
          path: `/${field}/${escapeSegment(name)}/result/structuredContent`,
          before: appendPointer(o.pointer, 'outputSchema'),
          after: `${at}/result/structuredContent`,
          details: { map: field, name },
        },
      );
    }
  }
}

/** Old prompt examples that pass an argument the new prompt lacks, or omit a newly required one. */
function oldPromptExamplesAgainstNew(ctx: CheckContext, pair: DeclPair, subject: Subject): void {
  const o = pair.old as Decl;
  const n = pair.new as Decl;
  if (same(o.value.arguments, n.value.arguments)) return;
  const args = promptArguments(n);
  for (const [name, example] of Object.entries(mapOf(o, 'examples'))) {
    const given = get(example, 'arguments');
    const keys = isJsonObject(given) ? Object.keys(given) : [];
    const unknown = keys.filter((k) => !args.has(k));
    const missing = [...args.values()]
      .filter((a) => a.value.required === true && !keys.includes(String(a.value.name)))
      .map((a) => String(a.value.name));
    if (unknown.length === 0 && missing.length === 0) continue;
    const why = [
      unknown.length ? `passes undeclared ${unknown.map(q).join(', ')}` : '',
      missing.length ? `omits required ${missing.map(q).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    ctx.report(
      'example-no-longer-valid',
      subject,
      pair.revisions,
      { variant: 'prompt', name: q(name), why },
      {
        path: `/examples/${escapeSegment(name)}/arguments`,
        before: appendPointer(o.pointer, 'examples', name),
        after: Object.hasOwn(n.value, 'arguments') ? appendPointer(n.pointer, 'arguments') : n.pointer,
        details: { map: 'examples', name },
      },
    );
  }
}

/** Same-name entries that differ between same-key variants of one document. */
function mismatches(variants: Decl[]): Map<string, { field: MapField; name: string; decls: Decl[] }> {
  const out = new Map<string, { field: MapField; name: string; decls: Decl[] }>();
  if (variants.length < 2) return out;
  for (const field of MAPS) {
    const names = new Set<string>();
    for (const v of variants) for (const name of Object.keys(mapOf(v, field))) names.add(name);
    for (const name of names) {
      const holders = variants.filter((v) => Object.hasOwn(mapOf(v, field), name));
      if (holders.length < 2) continue;
      const texts = new Set(holders.map((v) => sortedJson(mapOf(v, field)[name])));
      if (texts.size > 1) out.set(`${field}/${name}`, { field, name, decls: holders });
    }
  }
  return out;
}

export function checkVariantExamples(ctx: CheckContext, m: PrimitiveMatch, subject: Subject): void {
  const now = mismatches(m.newVariants);
  if (now.size === 0) return;
  const before = mismatches(m.oldVariants);
  for (const [key, entry] of now) {
    if (before.has(key)) continue;
    const revisions = [...new Set(entry.decls.flatMap((d) => d.scope))].filter(
      (v) => ctx.diff.compared.includes(v) || ctx.diff.revisionsAdded.includes(v),
    );
    ctx.report(
      'variant-example-mismatch',
      subject,
      revisions,
      {
        noun: NOUN[entry.field],
        name: q(entry.name),
        count: String(entry.decls.length),
      },
      {
        path: `/${entry.field}/${escapeSegment(entry.name)}`,
        after: appendPointer((entry.decls[1] as Decl).pointer, entry.field, entry.name),
        details: { map: entry.field, name: entry.name, variants: entry.decls.map((d) => d.pointer) },
      },
    );
  }
}
