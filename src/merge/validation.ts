/**
 * The one place where merge meets the validator. The core merge functions are pure and take a
 * `DocumentValidator`; the CLI passes the project's validator (src/validate). On top of it, merge runs
 * the checks it is itself responsible for (transport coverage of the result, spec §4.13, §6.5), so a
 * coverage gap is reported with positions in every input even without a validator.
 */
import type { Finding } from '../model/finding.js';
import type { SourceMap } from '../parse/index.js';
import type { JsonValue } from '../util/json.js';

export interface ValidationInput {
  value: JsonValue;
  file: string;
  sourceMap?: SourceMap;
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
