/**
 * `validateDocument`: structural (JSON Schema) then semantic validation of one mcpdesc 0.8.0 document.
 *
 * Order (as the reference validator): structural validation of the document as written; when that
 * passes, local `$componentRef` resolution, structural validation again of the resolved document
 * (contextual rules: a schema component used as an `inputSchema` must be an object schema…), then the
 * semantic rule families on the resolved document. A finding inside a substituted component is
 * reported at the component (its original pointer) with the use site as a related location.
 */
import { resolveComponentRefs } from '../model/components.js';
import type { Finding } from '../model/finding.js';
import type { SourceMap } from '../parse/index.js';
import { isJsonObject, type JsonValue } from '../util/json.js';
import type { Location } from '../util/location.js';
import { withRegexBudget } from '../util/regex-guard.js';
import { CODES, type ValidateCode } from './codes.js';
import { Ctx, type RawFinding } from './context.js';
import { checkClientRequirements } from './semantic/client-requirements.js';
import { checkCompletionExamples } from './semantic/completion-examples.js';
import { checkElicitations } from './semantic/elicitations.js';
import { checkExtensionIdentifiers } from './semantic/extensions.js';
import { checkInteractions } from './semantic/interactions.js';
import { checkDeclarationMeta } from './semantic/meta.js';
import { checkIntegerPrecision } from './semantic/numbers.js';
import { checkPromptExamples } from './semantic/prompt-examples.js';
import { checkResourceExamples } from './semantic/resource-examples.js';
import { checkRevisions } from './semantic/revisions.js';
import { checkScopes } from './semantic/scopes.js';
import { checkSecurity } from './semantic/security.js';
import { checkTags } from './semantic/tags.js';
import { checkToolExamples } from './semantic/tool-examples.js';
import { checkToolSchemas } from './semantic/tool-schemas.js';
import { validateStructure } from './structural.js';

export { CODES, type CodeInfo, isValidateCode, type ValidateCode } from './codes.js';

export interface ValidateInput {
  value: JsonValue;
  file: string;
  sourceMap?: SourceMap;
  /**
   * False when no number is beyond ±2^53 (a LoadedDocument's scan of its JSON text, or a merge of
   * such documents): `integer-precision-loss` then skips its walk over every value.
   */
  mayHoldUnsafeIntegers?: boolean;
}

export interface ValidationResult {
  /** False when at least one error was found. Warnings never make a document invalid. */
  valid: boolean;
  /**
   * False when some check could not be completed (legacy revisions, external `$ref`, skipped
   * patterns): a valid document is then "valid as far as checked", never "completely validated".
   */
  complete: boolean;
  findings: Finding[];
}

/** The semantic rule families, in spec order. Each reads the resolved document and reports raw findings. */
export const SEMANTIC_RULES: readonly ((ctx: Ctx) => void)[] = [
  checkScopes,
  checkRevisions,
  checkSecurity,
  checkTags,
  checkExtensionIdentifiers,
  checkDeclarationMeta,
  checkClientRequirements,
  checkElicitations,
  checkToolSchemas,
  checkToolExamples,
  checkInteractions,
  checkResourceExamples,
  checkPromptExamples,
  checkCompletionExamples,
  checkIntegerPrecision,
];

const INCOMPLETE: ReadonlySet<string> = new Set([
  'legacy-protocol-validation-incomplete',
  'unresolved-external-tool-schema-reference',
  'incomplete-tool-example-validation',
]);

export function validateDocument(input: ValidateInput): ValidationResult {
  // One time budget for the document's regular expressions (see regex-guard.ts).
  return withRegexBudget(() => validateWithinBudget(input));
}

function validateWithinBudget(input: ValidateInput): ValidationResult {
  const raw = collect(input.value, input.mayHoldUnsafeIntegers !== false);
  const locate = (pointer: string, atKey: boolean): Location => {
    const position = input.sourceMap
      ? atKey
        ? input.sourceMap.locateKey(pointer)
        : input.sourceMap.locate(pointer)
      : { line: 1, column: 1 };
    return { file: input.file, pointer, line: position.line, column: position.column };
  };
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const f of raw) {
    const key = `${f.code}\u0000${f.pointer}\u0000${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const finding: Finding = {
      code: f.code,
      severity: CODES[f.code].severity,
      message: f.message,
      location: locate(f.pointer, f.atKey),
    };
    const related = [...new Set(f.related)].filter((p) => p !== f.pointer);
    if (related.length > 0) finding.related = related.map((p) => locate(p, false));
    findings.push(finding);
  }
  findings.sort(compareFindings);
  return {
    valid: !findings.some((f) => f.severity === 'error'),
    complete: !findings.some((f) => INCOMPLETE.has(f.code)),
    findings,
  };
}

export function compareFindings(a: Finding, b: Finding): number {
  return (
    a.location.line - b.location.line ||
    a.location.column - b.location.column ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
    (a.location.pointer < b.location.pointer ? -1 : a.location.pointer > b.location.pointer ? 1 : 0) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}

/** All raw findings with pointers into the ORIGINAL document. */
function collect(value: JsonValue, mayHoldUnsafeIntegers: boolean): RawFinding[] {
  const structural = (doc: JsonValue): RawFinding[] =>
    validateStructure(doc).map((i) => ({
      code: i.code,
      pointer: i.pointer,
      message: i.message,
      atKey: i.atKey,
      related: [],
    }));

  if (!isJsonObject(value)) {
    return [
      {
        code: 'schema-validation',
        pointer: '',
        message: 'an MCP Description document must be a JSON object',
        atKey: false,
        related: [],
      },
    ];
  }
  const first = structural(value);
  if (first.length > 0) return first;

  const resolution = resolveComponentRefs(value);
  const out: RawFinding[] = resolution.problems.map((p) => ({
    code: p.code as ValidateCode,
    pointer: p.pointer,
    message: p.message,
    atKey: true,
    related: [],
  }));
  const remap = (f: RawFinding): RawFinding => {
    const origin = resolution.originOf(f.pointer);
    const related = f.related.map((p) => resolution.originOf(p));
    if (origin !== f.pointer) {
      const use = resolution.useSiteOf(f.pointer);
      if (use !== undefined) related.unshift(use);
    }
    return { ...f, pointer: origin, related };
  };

  if (resolution.uses.length > 0) {
    const contextual = structural(resolution.resolved).map((f) => {
      const mapped = remap(f);
      const use = resolution.useSiteOf(f.pointer);
      if (use !== undefined && mapped.pointer !== f.pointer) mapped.message += ` (component used at ${use})`;
      return mapped;
    });
    if (contextual.length > 0) return [...out, ...contextual];
  }

  const ctx = new Ctx(resolution.resolved);
  ctx.mayHoldUnsafeIntegers = mayHoldUnsafeIntegers;
  for (const rule of SEMANTIC_RULES) rule(ctx);
  for (const f of ctx.findings) out.push(remap(f));
  return out;
}
