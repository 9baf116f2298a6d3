/**
 * Ajv's generated code collects the errors of a called validator (a `$ref`, a recursive schema) with
 * `vErrors = vErrors.concat(callee.errors)`, which copies every error found so far at each call:
 * quadratic in the number of errors. A hostile document with 10,000 invalid examples spent a second
 * in those copies, and ten times as many would have taken minutes. This rewrites each such line to
 * append in place, for validators compiled at run time (Ajv's `code.process`) and for the standalone
 * modules the build writes (scripts/precompile-validator.mjs).
 */

const HELPER = 'mcpdescAppendErrors';

/** The exact shape Ajv 8 generates: `vErrors = vErrors === null ? X.errors : vErrors.concat(X.errors);`. */
const CONCAT = /vErrors = vErrors === null \? ([\w$.]+) : vErrors\.concat\(\1\);/g;

/**
 * The callee's array is taken over when there is none yet, as Ajv does; the callee sets a new
 * `errors` array on its next call, so appending to the one it left behind changes nothing it reads.
 */
const HELPER_SOURCE = `\n;function ${HELPER}(into, more) { if (into === null) return more; for (let i = 0; i < more.length; i++) into.push(more[i]); return into; }\n`;

/** `code` with every error concatenation appending in place (and the helper it calls), or unchanged. */
export function linearErrorConcat(code: string): string {
  const rewritten = code.replace(CONCAT, `vErrors = ${HELPER}(vErrors, $1);`);
  return rewritten === code ? code : rewritten + HELPER_SOURCE;
}

/** Ajv's `code` option for validators compiled at run time. */
export const LINEAR_ERRORS_CODE = { process: linearErrorConcat } as const;
