/**
 * Revision applicability of fields: the feature × revision matrix (digest §2.6; spec §5–§12).
 * Info fields are never revision-gated (Proposal 0022).
 */
import type { ProtocolVersion } from '../../model/versions.js';
import { arr, type Ctx, earlierThan, has, type Label, labelText, list, obj, type Path } from '../context.js';

type SinceFields = readonly (readonly [string, ProtocolVersion])[];

/** The revision-gated fields resources, resource templates and prompts share. */
const DECLARATION_SINCE: SinceFields = [
  ['title', '2025-06-18'],
  ['_meta', '2025-06-18'],
  ['icons', '2025-11-25'],
];

/** Revision-gated fields of each kind of declaration, and the revision that introduced each. */
const SINCE_FIELDS: Record<string, SinceFields> = {
  tools: [
    ['title', '2025-06-18'],
    ['outputSchema', '2025-06-18'],
    ['_meta', '2025-06-18'],
    ['annotations', '2025-03-26'],
    ['icons', '2025-11-25'],
  ],
  resources: DECLARATION_SINCE,
  resourceTemplates: DECLARATION_SINCE,
  prompts: DECLARATION_SINCE,
};

export function reportSince(
  ctx: Ctx,
  scope: readonly ProtocolVersion[],
  path: Path,
  field: string,
  since: ProtocolVersion,
  what: Label,
): void {
  const early = earlierThan(scope, since);
  if (early.length > 0) {
    ctx.report(
      'field-not-supported-by-version',
      [...path, field],
      `${labelText(what)}.${field} is not defined for MCP ${list(early)}; it requires ${since} or later (split the declaration into protocol-scoped variants)`,
    );
  }
}

export function checkRevisions(ctx: Ctx): void {
  const root = ctx.rootScope;
  const legacy = earlierThan(root, '2025-06-18');
  if (legacy.length > 0) {
    ctx.report(
      'legacy-protocol-validation-incomplete',
      ['protocolVersions'],
      `MCP ${list(legacy)} ${legacy.length > 1 ? 'are' : 'is a'} legacy compatibility revision${legacy.length > 1 ? 's' : ''}: structural and selected semantic checks were applied, but complete MCP semantic conformance was not evaluated`,
    );
  }

  arr(ctx.doc.transports).forEach((t, i) => {
    const transport = obj(t);
    if (!transport) return;
    const scope = ctx.scopeOf(transport, root);
    if (transport.type === 'streamable-http') {
      const early = earlierThan(scope, '2025-03-26');
      if (early.length > 0) {
        ctx.report(
          'transport-not-supported-by-version',
          ['transports', i, 'type'],
          `transports[${i}] uses Streamable HTTP, which is not defined for MCP ${list(early)}; it requires 2025-03-26 or later`,
          { atKey: false },
        );
      }
    }
    if (transport.type === 'sse') {
      const modern = scope.filter((v) => !earlierThan([v], '2025-03-26').length);
      if (modern.length > 0) {
        ctx.report(
          'legacy-sse-for-modern-version',
          ['transports', i, 'type'],
          `transports[${i}] associates the legacy SSE transport with MCP ${list(modern)}, where Streamable HTTP is the standard remote transport`,
          { atKey: false },
        );
      }
    }
  });

  const primitives = ctx.primitives;
  for (let i = 0; i < primitives.length; i++) {
    const p = primitives[i] as (typeof primitives)[number];
    const fields = SINCE_FIELDS[p.kind] ?? [];
    for (let f = 0; f < fields.length; f++) {
      // (Index, not `[field, since] =`: array destructuring runs the iterator protocol.)
      const entry = fields[f] as (typeof fields)[number];
      const field = entry[0];
      const since = entry[1];
      if (has(p.value, field)) reportSince(ctx, p.scope, p.path, field, since, () => p.label);
    }
    if (p.kind === 'tools' && has(p.value, 'execution')) {
      const other = p.scope.filter((v) => v !== '2025-11-25');
      if (other.length > 0) {
        ctx.report(
          'field-not-supported-by-version',
          [...p.path, 'execution'],
          `${p.label}.execution is defined only for MCP 2025-11-25, not MCP ${list(other)}`,
        );
      }
    }
    if (p.kind === 'resources' || p.kind === 'resourceTemplates') {
      const annotations = obj(p.value.annotations);
      if (annotations && has(annotations, 'lastModified')) {
        const early = earlierThan(p.scope, '2025-06-18');
        if (early.length > 0) {
          ctx.report(
            'resource-annotation-not-supported-by-version',
            [...p.path, 'annotations', 'lastModified'],
            `${p.label}.annotations.lastModified is not defined for MCP ${list(early)}; it requires 2025-06-18 or later`,
          );
        }
      }
    }
    if (p.kind === 'prompts') {
      arr(p.value.arguments).forEach((a, i) => {
        if (has(a, 'title'))
          reportSince(
            ctx,
            p.scope,
            [...p.path, 'arguments', i],
            'title',
            '2025-06-18',
            `${p.label} argument ${i}`,
          );
      });
    }
  }

  arr(ctx.doc.capabilities).forEach((c, i) => {
    const capability = obj(c);
    if (!capability) return;
    const scope = ctx.scopeOf(capability, root);
    const path = ['capabilities', i];
    if (has(capability, 'completions'))
      reportSince(ctx, scope, path, 'completions', '2025-03-26', `capabilities[${i}]`);
    if (has(capability, 'tasks')) {
      reportSince(ctx, scope, path, 'tasks', '2025-11-25', `capabilities[${i}]`);
      if (scope.includes('2026-07-28')) {
        ctx.report(
          'tasks-core-not-valid-in-2026',
          [...path, 'tasks'],
          `capabilities[${i}].tasks (core tasks, MCP 2025-11-25 only) applies to MCP 2026-07-28; use a Tasks extension in capabilities.extensions for 2026-07-28`,
        );
      }
    }
    if (has(capability, 'extensions')) {
      const early = earlierThan(scope, '2026-07-28');
      if (early.length > 0) {
        ctx.report(
          'extensions-not-supported-by-version',
          [...path, 'extensions'],
          `capabilities[${i}].extensions applies to MCP ${list(early)}, whose core schema does not define it; the pre-standard extension advertisement is preserved`,
        );
      }
    }
    if (has(capability, 'logging') && scope.includes('2026-07-28')) {
      ctx.report(
        'logging-deprecated-in-2026',
        [...path, 'logging'],
        `capabilities[${i}].logging applies to MCP 2026-07-28, where logging is deprecated`,
      );
    }
  });
}
