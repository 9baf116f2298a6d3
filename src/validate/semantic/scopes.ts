/** Protocol scopes and coverage (spec §4.10, §6.5, §8.6, §9.5, §10.5, §11.1, §12). */
import type { ProtocolVersion } from '../../model/versions.js';
import { toPointer } from '../../util/pointer.js';
import { arr, type Ctx, list, obj, type Segment } from '../context.js';

function checkSubset(
  ctx: Ctx,
  declared: unknown,
  parent: ProtocolVersion[],
  path: Segment[],
  what: string,
  parentLabel: string,
) {
  if (!Array.isArray(declared)) return;
  const allowed = new Set<string>(parent);
  declared.forEach((version, i) => {
    if (typeof version === 'string' && !allowed.has(version)) {
      ctx.report(
        'protocol-scope-outside-parent',
        [...path, 'protocolVersions', i],
        `${what} declares protocol version ${version}, which is outside ${parentLabel} (${list(parent) || 'empty'})`,
        { atKey: false },
      );
    }
  });
}

export function checkScopes(ctx: Ctx): void {
  const root = ctx.rootScope;
  const doc = ctx.doc;

  // Transports: subset of the root, and together they must cover the root (only when present).
  const transports = arr(doc.transports);
  const covered = new Set<string>();
  transports.forEach((t, i) => {
    const transport = obj(t);
    if (!transport) return;
    checkSubset(
      ctx,
      transport.protocolVersions,
      root,
      ['transports', i],
      `transports[${i}]`,
      'the root protocolVersions',
    );
    for (const v of ctx.scopeOf(transport, root)) covered.add(v);
  });
  if (Array.isArray(doc.transports)) {
    arr(doc.protocolVersions).forEach((version, i) => {
      if (typeof version === 'string' && !covered.has(version)) {
        ctx.report(
          'transport-coverage-gap',
          ['protocolVersions', i],
          `protocol version ${version} is not covered by any transport`,
          {
            atKey: false,
          },
        );
      }
    });
  }

  // Capabilities: subset of the root and pairwise disjoint.
  const capabilities = arr(doc.capabilities);
  const capabilityScopes: { index: number; scope: ProtocolVersion[] }[] = [];
  capabilities.forEach((c, i) => {
    const capability = obj(c);
    if (!capability) return;
    checkSubset(
      ctx,
      capability.protocolVersions,
      root,
      ['capabilities', i],
      `capabilities[${i}]`,
      'the root protocolVersions',
    );
    const scope = ctx.scopeOf(capability, root);
    for (const other of capabilityScopes) {
      const overlap = scope.filter((v) => other.scope.includes(v));
      if (overlap.length > 0) {
        const at =
          capability.protocolVersions !== undefined
            ? ['capabilities', i, 'protocolVersions']
            : ['capabilities', i];
        ctx.report(
          'capability-scope-overlap',
          at,
          `capabilities[${i}] and capabilities[${other.index}] both apply to ${list(overlap)}; at most one Capabilities Object may apply to a revision`,
          { related: [toPointer(['capabilities', other.index])] },
        );
      }
    }
    capabilityScopes.push({ index: i, scope });
  });

  // Primitives: subset of the root; same identity key ⇒ disjoint scopes; nested elicitations ⊆ parent.
  const seen = new Map<string, { index: number; scope: ProtocolVersion[] }[]>();
  for (const p of ctx.primitives) {
    checkSubset(ctx, p.value.protocolVersions, root, p.path, p.label, 'the root protocolVersions');
    arr(p.value.elicitations).forEach((e, i) => {
      const elicitation = obj(e);
      if (!elicitation) return;
      checkSubset(
        ctx,
        elicitation.protocolVersions,
        p.scope,
        [...p.path, 'elicitations', i],
        `elicitation ${JSON.stringify(elicitation.name)}`,
        `the scope of ${p.label}`,
      );
    });
    const keyField = p.kind === 'resources' ? 'uri' : p.kind === 'resourceTemplates' ? 'uriTemplate' : 'name';
    const key = p.value[keyField];
    if (typeof key !== 'string') continue;
    const bucketKey = `${p.kind}\u0000${key}`;
    const bucket = seen.get(bucketKey) ?? [];
    for (const other of bucket) {
      const overlap = p.scope.filter((v) => other.scope.includes(v));
      if (overlap.length === 0) continue;
      const at =
        p.value.protocolVersions !== undefined ? [...p.path, 'protocolVersions'] : [...p.path, keyField];
      ctx.report(
        'primitive-scope-overlap',
        at,
        `${p.label} overlaps ${p.kind}[${other.index}] with the same ${keyField} for ${list(overlap)}; same-${keyField} variants must have disjoint protocolVersions (an omitted scope covers every root revision)`,
        { related: [toPointer([p.kind, other.index])] },
      );
    }
    bucket.push({ index: p.index, scope: p.scope });
    seen.set(bucketKey, bucket);
  }
}
