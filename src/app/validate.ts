/**
 * The validate task: each document read (a 0.7.0 one as its in-memory 0.8.0 migration) and checked
 * against the schema and the spec's semantic rules. The CLI prints the results through src/report/.
 * A caller that has read and migrated a document itself (from a git commit, say) uses validateLoaded.
 */
import { readAsCurrent } from '../migrate/load.js';
import type { Finding } from '../model/finding.js';
import { type LoadedDocument, loadSource } from '../parse/index.js';
import type { FileFindings, RuleMeta } from '../report/multi-format.js';
import { ruleMetasFromRegistry } from '../report/multi-format.js';
import { CODES } from '../validate/codes.js';
import { validateDocument } from '../validate/index.js';
import type { AppContext } from './context.js';

export interface ValidateFilesOptions extends AppContext {
  /** Report errors only. */
  quiet?: boolean;
  onNote?: (line: string) => void;
  /**
   * An input that could not be read or migrated: the caller says so and returns its report entry
   * (the other files are still validated). It rethrows any other error.
   */
  onUnreadable: (error: unknown, spec: string) => FileFindings;
}

export interface ValidateRun {
  results: FileFindings[];
  /** Some document has a validation error (exit 1). */
  invalid: boolean;
  /** Some input could not be read or migrated (exit 2). */
  unreadable: boolean;
  /** The validation codes, for SARIF. */
  rules: RuleMeta[];
}

export interface LoadedValidation {
  file: string;
  findings: Finding[];
  /** No validation error (with `quiet`, all findings are then gone). */
  valid: boolean;
  /** Every check ran (see ValidationResult.complete). */
  complete: boolean;
}

/** Validates a document already loaded (and migrated, when it was 0.7.0). */
export function validateLoaded(doc: LoadedDocument, options: { quiet?: boolean } = {}): LoadedValidation {
  const result = validateDocument(doc);
  const findings = options.quiet ? result.findings.filter((f) => f.severity === 'error') : result.findings;
  return { file: doc.file, findings, valid: result.valid, complete: result.complete };
}

export async function validateFiles(
  specs: readonly string[],
  options: ValidateFilesOptions,
): Promise<ValidateRun> {
  const results: FileFindings[] = [];
  let invalid = false;
  let unreadable = false;
  for (const spec of specs) {
    try {
      const loaded = readAsCurrent(
        await loadSource(spec, options.limits ? { limits: options.limits } : {}),
        options.onNote ?? (() => {}),
      );
      const result = validateLoaded(loaded, { quiet: options.quiet === true });
      if (!result.valid) invalid = true;
      results.push({ file: loaded.file, findings: result.findings, complete: result.complete });
    } catch (error) {
      results.push(options.onUnreadable(error, spec));
      unreadable = true;
    }
  }
  return { results, invalid, unreadable, rules: ruleMetasFromRegistry(CODES) };
}
