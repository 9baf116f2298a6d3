/** Protocol scopes and coverage (spec §4.10, §6.5, §8.6, §9.5, §10.5, §11.1, §12). */
import { IDENTITY_FIELD } from '../../model/identity.js';
import type { ProtocolVersion } from '../../model/versions.js';
import { toPointer } from '../../util/pointer.js';
import { arr, type Ctx, type Label, labelText, list, obj, type Primitive, type Segment } from '../context.js';

function checkSubset(
  ctx: Ctx,
  declared: unknown,
  parent: ProtocolVersion[],
  path: Segment[],
  what: Label,
  parentLabel: Label,
) {
  if (!Array.isArray(declared)) return;
  const allowed = new Set<string>(parent);
  declared.forEach((version, i) => {
    if (typeof version === 'string' && !allowed.has(version)) {
      ctx.report(
        'protocol-scope-outside-parent',
        [...path, 'protocolVersions', i],
        `${labelText(what)} declares protocol version ${version}, which is outside ${labelText(parentLabel)} (${list(parent) || 'empty'})`,
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
  const capabilityClaims = new Map<string, number>();
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
    for (const [other, overlap] of overlapsWithEarlier(scope, capabilityClaims, i)) {
      const at =
        capability.protocolVersions !== undefined
          ? ['capabilities', i, 'protocolVersions']
          : ['capabilities', i];
      ctx.report(
        'capability-scope-overlap',
        at,
        `capabilities[${i}] and capabilities[${other}] both apply to ${list(overlap)}; at most one Capabilities Object may apply to a revision`,
        { related: [toPointer(['capabilities', other])] },
      );
    }
  });

  // Primitives: subset of the root; same identity key ⇒ disjoint scopes; nested elicitations ⊆ parent.
  /** Per identity: the first declaration, or once a second comes, which one claims each revision. */
  const seen = new Map<string, Primitive | Map<string, number>>();
  const primitives = ctx.primitives;
  for (let n = 0; n < primitives.length; n++) {
    const p = primitives[n] as (typeof primitives)[number];
    checkSubset(ctx, p.value.protocolVersions, root, p.path, () => p.label, 'the root protocolVersions');
    if (Array.isArray(p.value.elicitations))
      p.value.elicitations.forEach((e, i) => {
        const elicitation = obj(e);
        if (!elicitation) return;
        checkSubset(
          ctx,
          elicitation.protocolVersions,
          p.scope,
          [...p.path, 'elicitations', i],
          `elicitation ${JSON.stringify(elicitation.name)}`,
          () => `the scope of ${p.label}`,
        );
      });
    const keyField = IDENTITY_FIELD[p.kind];
    const key = p.value[keyField];
    if (typeof key !== 'string') continue;
    const bucketKey = `${p.kind}\u0000${key}`;
    const earlier = seen.get(bucketKey);
    if (earlier === undefined) {
      // The first of its name (nearly every declaration): nothing to overlap, and no map of its
      // revisions made unless another declaration of that name comes.
      seen.set(bucketKey, p);
      continue;
    }
    let claims: Map<string, number>;
    if (earlier instanceof Map) claims = earlier;
    else {
      claims = new Map();
      overlapsWithEarlier(earlier.scope, claims, earlier.index);
      seen.set(bucketKey, claims);
    }
    const overlaps = overlapsWithEarlier(p.scope, claims, p.index);
    for (let o = 0; o < overlaps.length; o++) {
      const [other, overlap] = overlaps[o] as (typeof overlaps)[number];
      const at =
        p.value.protocolVersions !== undefined ? [...p.path, 'protocolVersions'] : [...p.path, keyField];
      ctx.report(
        'primitive-scope-overlap',
        at,
        `${p.label} overlaps ${p.kind}[${other}] with the same ${keyField} for ${list(overlap)}; same-${keyField} variants must have disjoint protocolVersions (an omitted scope covers every root revision)`,
        { related: [toPointer([p.kind, other])] },
      );
    }
  }
}

const NO_OVERLAP: readonly [number, ProtocolVersion[]][] = Object.freeze([]);

/**
 * The revisions of `scope` already claimed by earlier declarations, grouped by the earliest
 * declaration claiming each, in index order; then claims the rest for `index`. Comparing with
 * every earlier declaration instead reported n²/2 overlaps for n same-name variants (20,000 of
 * them ran out of memory); a declaration overlapping several earlier ones that overlap each other
 * names, per revision, the first.
 */
function overlapsWithEarlier(
  scope: readonly ProtocolVersion[],
  claims: Map<string, number>,
  index: number,
): readonly [number, ProtocolVersion[]][] {
  let claimed = false;
  for (let i = 0; i < scope.length && !claimed; i++) claimed = claims.has(scope[i] as ProtocolVersion);
  if (!claimed) {
    // The usual case: the first declaration of its name.
    for (let i = 0; i < scope.length; i++) claims.set(scope[i] as ProtocolVersion, index);
    return NO_OVERLAP;
  }
  const byEarlier = new Map<number, ProtocolVersion[]>();
  for (const version of scope) {
    const earlier = claims.get(version);
    if (earlier === undefined) continue;
    const versions = byEarlier.get(earlier);
    if (versions) versions.push(version);
    else byEarlier.set(earlier, [version]);
  }
  for (const version of scope) if (!claims.has(version)) claims.set(version, index);
  return [...byEarlier].sort((a, b) => a[0] - b[0]);
}
