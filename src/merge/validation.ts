/**
 * The one place where merge meets the validator. The core merge functions are pure and take a
 * `DocumentValidator`; the CLI passes the project's validator (src/validate). On top of it, merge runs
 * the checks it is itself responsible for (transport coverage of the result, spec §4.13, §6.5), so a
 * coverage gap is reported with positions in every input even without a validator.
 */
import type { Finding } from '../model/finding.js';
import { groupVariants } from '../model/identity.js';
import { effectiveScope, rootVersions, scopedDeclarations, scopesOverlap } from '../model/scopes.js';
import type { SourceMap } from '../parse/index.js';
import { isJsonObject, type JsonValue } from '../util/json.js';

export interface ValidationInput {
  value: JsonValue;
  file: string;
  sourceMap?: SourceMap;
  /** False when no number can be beyond ±2^53 (a merge of inputs that hold none): the check skips its walk. */
  mayHoldUnsafeIntegers?: boolean;
}

export interface ValidationResult {
  valid: boolean;
  findings: Finding[];
}

export type DocumentValidator = (input: ValidationInput) => ValidationResult;

/** Findings that make a document invalid (warnings never do, spec §16.2). */
export function errorFindings(result: ValidationResult): Finding[] {
  return result.findings.filter((finding) => finding.severity === 'error');
}

/** A problem found by merge's own checks: a pointer into the checked document. */
export interface StructuralProblem {
  code: 'transport-coverage-gap' | 'primitive-scope-overlap' | 'capability-scope-overlap';
  pointer: string;
  message: string;
}

/**
 * The rules a merge can break even when every input is valid (spec §4.13, §6.5, §8.6, §9.5): same-key
 * primitives with overlapping scopes, overlapping capabilities, transports not covering the root.
 */
export function structuralProblems(doc: JsonValue): StructuralProblem[] {
  if (!isJsonObject(doc)) return [];
  const problems: StructuralProblem[] = [];
  const root = rootVersions(doc);
  for (const group of groupVariants(doc)) {
    const seen: { scope: string[]; pointer: string }[] = [];
    for (const variant of group.variants) {
      for (const other of seen) {
        const shared = scopesOverlap(variant.scope, other.scope);
        if (shared.length > 0)
          problems.push({
            code: 'primitive-scope-overlap',
            pointer: variant.pointer,
            message: `${group.kind} ${JSON.stringify(group.key)} at ${variant.pointer} and ${other.pointer} both apply to ${shared.join(', ')}`,
          });
      }
      seen.push({ scope: variant.scope, pointer: variant.pointer });
    }
  }
  const capabilities = scopedDeclarations(doc).filter((d) => d.collection === 'capabilities');
  capabilities.forEach((a, i) => {
    for (const b of capabilities.slice(0, i)) {
      const shared = scopesOverlap(a.scope, b.scope);
      if (shared.length > 0)
        problems.push({
          code: 'capability-scope-overlap',
          pointer: a.pointer,
          message: `capabilities at ${a.pointer} and ${b.pointer} both apply to ${shared.join(', ')}`,
        });
    }
  });
  if (Array.isArray(doc.transports)) {
    const covered = new Set<string>();
    for (const transport of doc.transports) for (const v of effectiveScope(transport, root)) covered.add(v);
    const missing = root.filter((v) => !covered.has(v));
    if (missing.length > 0)
      problems.push({
        code: 'transport-coverage-gap',
        pointer: '/transports',
        message: `no transport applies to ${missing.join(', ')}`,
      });
  }
  return problems;
}
