import { type ContractRule, compareSchemas, type SchemaChange } from '../../schema/index.js';
import type { JsonValue } from '../../util/json.js';
import { appendPointer, escapeSegment } from '../../util/pointer.js';
import type { DeclPair } from '../compare.js';
import type { Decl } from '../normalize.js';
import { isRuleId, type RuleId } from '../rules.js';
import type { Subject } from '../types.js';
import { type CheckContext, obj, prose, q, same, unionKeys } from './context.js';

/** Spec §9.6 defaults: absent and default-valued compare equal. */
const HINT_DEFAULTS = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
} as const;
type Hint = keyof typeof HINT_DEFAULTS;

export function checkToolFields(ctx: CheckContext, pair: DeclPair, subject: Subject): void {
  const o = (pair.old as Decl).value;
  const n = (pair.new as Decl).value;
  const po = (pair.old as Decl).pointer;
  const pn = (pair.new as Decl).pointer;
  const revs = pair.revisions;

  if (!same(o.inputSchema, n.inputSchema))
    schemaChanges(ctx, pair, subject, 'input', o.inputSchema, n.inputSchema);
  if (o.outputSchema === undefined && n.outputSchema !== undefined) {
    ctx.report(
      'output-schema-added',
      subject,
      revs,
      { tool: q(subject.key) },
      {
        path: '/outputSchema',
        before: po,
        after: `${pn}/outputSchema`,
      },
    );
  } else if (o.outputSchema !== undefined && n.outputSchema === undefined) {
    ctx.report(
      'output-schema-removed',
      subject,
      revs,
      { tool: q(subject.key) },
      { path: '/outputSchema', before: `${po}/outputSchema`, after: pn },
    );
  } else if (!same(o.outputSchema, n.outputSchema)) {
    schemaChanges(ctx, pair, subject, 'output', o.outputSchema, n.outputSchema);
  }

  checkAnnotations(ctx, pair, subject);

  const taskOld = taskSupport(o.execution);
  const taskNew = taskSupport(n.execution);
  if (taskOld !== taskNew) {
    let rule:
      | 'execution-task-support-required'
      | 'execution-task-support-removed'
      | 'execution-task-support-relaxed'
      | 'execution-task-support-added';
    if (taskNew === 'required') rule = 'execution-task-support-required';
    else if (taskNew === 'forbidden') rule = 'execution-task-support-removed';
    else if (taskOld === 'required') rule = 'execution-task-support-relaxed';
    else rule = 'execution-task-support-added';
    ctx.report(
      rule,
      subject,
      revs,
      { old: q(taskOld), new: q(taskNew) },
      {
        path: '/execution/taskSupport',
        before: o.execution !== undefined ? `${po}/execution` : po,
        after: n.execution !== undefined ? `${pn}/execution` : pn,
        details: { old: taskOld, new: taskNew },
      },
    );
  }
  // Other members of the (closed) execution object: only in unvalidated input.
  const eo = obj(o.execution);
  const en = obj(n.execution);
  for (const key of unionKeys(eo, en)) {
    if (key === 'taskSupport' || same(eo?.[key], en?.[key])) continue;
    ctx.report(
      key.startsWith('x-') ? 'extension-changed' : 'primitive-field-changed',
      subject,
      revs,
      { variant: 'execution-field', field: q(key) },
      { path: `/execution/${escapeSegment(key)}`, before: `${po}/execution`, after: `${pn}/execution` },
    );
  }
}

function taskSupport(execution: JsonValue | undefined): string {
  const value = obj(execution)?.taskSupport;
  return typeof value === 'string' ? value : 'forbidden';
}

const EFFECT_RULE = {
  narrowed: 'narrowed',
  widened: 'widened',
  changed: 'changed',
  unknown: 'unknown',
} as const;

const CONTRACT_RULE: Record<ContractRule, string> = {
  'property-added': 'property-added',
  'property-removed': 'property-removed',
  'object-closed': 'object-closed',
  'object-opened': 'object-opened',
};

function schemaChanges(
  ctx: CheckContext,
  pair: DeclPair,
  subject: Subject,
  direction: 'input' | 'output',
  oldSchema: JsonValue | undefined,
  newSchema: JsonValue | undefined,
): void {
  const field = direction === 'input' ? 'inputSchema' : 'outputSchema';
  const po = appendPointer((pair.old as Decl).pointer, field);
  const pn = appendPointer((pair.new as Decl).pointer, field);
  let changes: SchemaChange[];
  try {
    changes = compareSchemas(oldSchema, newSchema, { direction, semantics: ctx.schemaSemantics });
  } catch (error) {
    // Not a schema at all (unvalidated input): report it, never stay silent.
    ctx.report(
      `${direction}-schema-unknown`,
      subject,
      pair.revisions,
      { variant: 'not-a-schema', field, error: (error as Error).message },
      {
        path: `/${field}`,
        before: po,
        after: pn,
        discriminator: 'not-a-schema',
      },
    );
    return;
  }
  for (const change of changes) {
    // A level API semantics decided against the effect gets its own rule: `input-schema-narrowed`
    // at info would contradict itself.
    const suffix = change.contractRule
      ? CONTRACT_RULE[change.contractRule]
      : change.kind.startsWith('mcp-header-') && direction === 'input'
        ? 'header-changed'
        : change.effect === 'none'
          ? change.level === 'warning'
            ? 'default-changed'
            : 'annotation-changed'
          : EFFECT_RULE[change.effect];
    const where = change.pointerNew || change.pointerOld || '';
    // the message is the schema engine's, prefixed with the schema and the keyword's place
    ctx.report(
      schemaRuleId(`${direction}-schema-${suffix}`),
      subject,
      pair.revisions,
      where
        ? { field, where, schemaMessage: change.message }
        : { variant: 'root', field, schemaMessage: change.message },
      {
        path: `/${field}${change.pointerOld}|${change.pointerNew}`,
        before: po + change.pointerOld,
        after: pn + change.pointerNew,
        discriminator: change.kind,
        level: change.level,
        details: {
          schemaKind: change.kind,
          effect: change.effect,
          pointerOld: change.pointerOld,
          pointerNew: change.pointerNew,
        },
      },
    );
  }
}

function effective(annotations: JsonValue | undefined, hint: Hint): boolean {
  const value = obj(annotations)?.[hint];
  return typeof value === 'boolean' ? value : HINT_DEFAULTS[hint];
}

function checkAnnotations(ctx: CheckContext, pair: DeclPair, subject: Subject): void {
  const o = (pair.old as Decl).value.annotations;
  const n = (pair.new as Decl).value.annotations;
  if (same(o, n)) return;
  const po = (pair.old as Decl).pointer;
  const pn = (pair.new as Decl).pointer;
  const revs = pair.revisions;
  const at = (key: string) => ({
    path: `/annotations/${escapeSegment(key)}`,
    before:
      obj(o) && Object.hasOwn(obj(o) ?? {}, key)
        ? appendPointer(po, 'annotations', key)
        : obj(o)
          ? `${po}/annotations`
          : po,
    after:
      obj(n) && Object.hasOwn(obj(n) ?? {}, key)
        ? appendPointer(pn, 'annotations', key)
        : obj(n)
          ? `${pn}/annotations`
          : pn,
  });
  type FlipRule = Extract<
    RuleId,
    | `annotation-${'read-only' | 'idempotent'}-${'granted' | 'revoked'}`
    | `annotation-${'destructive' | 'open-world'}-${'set' | 'cleared'}`
  >;
  const flip = (hint: Hint, whenTrue: FlipRule, whenFalse: FlipRule) => {
    const a = effective(o, hint);
    const b = effective(n, hint);
    if (a === b) return;
    ctx.report(
      b ? whenTrue : whenFalse,
      subject,
      revs,
      {},
      {
        ...at(hint),
        details: { hint, old: a, new: b },
      },
    );
  };
  flip('readOnlyHint', 'annotation-read-only-granted', 'annotation-read-only-revoked');
  // destructiveHint is meaningful only while the tool is not read-only.
  if (!effective(o, 'readOnlyHint') && !effective(n, 'readOnlyHint'))
    flip('destructiveHint', 'annotation-destructive-set', 'annotation-destructive-cleared');
  flip('idempotentHint', 'annotation-idempotent-granted', 'annotation-idempotent-revoked');
  flip('openWorldHint', 'annotation-open-world-set', 'annotation-open-world-cleared');
  const ao = obj(o);
  const an = obj(n);
  const title = at('title');
  prose(
    ctx,
    'annotation-title-changed',
    subject,
    revs,
    {},
    ao?.title,
    an?.title,
    title.path,
    title.before,
    title.after,
  );
  for (const key of unionKeys(ao, an)) {
    if (key === 'title' || Object.hasOwn(HINT_DEFAULTS, key)) continue;
    if (same(ao?.[key], an?.[key])) continue;
    ctx.report('annotation-other-changed', subject, revs, { annotation: q(key) }, at(key));
  }
}

/** The rules carrying schema-engine changes (their messages are the engine's). */
type SchemaRuleId = Exclude<
  Extract<RuleId, `${'input' | 'output'}-schema-${string}`>,
  'output-schema-added' | 'output-schema-removed'
>;

/** Not every direction has every contract rule (no `input-schema-property-removed`): checked, not cast. */
function schemaRuleId(id: string): SchemaRuleId {
  if (
    !isRuleId(id) ||
    id === 'output-schema-added' ||
    id === 'output-schema-removed' ||
    !/^(input|output)-schema-/.test(id)
  )
    throw new Error(`schema change maps to unregistered diff rule ${id}`);
  return id as SchemaRuleId;
}
