/**
 * The full official SARIF 2.1.0 JSON Schema (OASIS, `sarif-2.1.0-rtm.5.json`, a draft-04 schema),
 * compiled once for the tests of every SARIF producer: lint, validate, diff, changelog, check and
 * the Action. Not a trimmed copy: a property or format the standard forbids fails here as it fails
 * GitHub's upload.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';

type AjvInstance = import('ajv').default;
const AjvDraft04 = (AjvDraft04Module as unknown as { default?: unknown }).default ?? AjvDraft04Module;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: AjvInstance,
) => AjvInstance;

const schema = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/sarif/sarif-2.1.0-rtm.5.json'), 'utf8'),
) as Record<string, unknown>;

const ajv = addFormats(
  // The schema's `language` pattern is valid only as a non-Unicode regular expression.
  new (AjvDraft04 as new (options: object) => AjvInstance)({
    allErrors: true,
    strict: false,
    unicodeRegExp: false,
  }),
);
const compiled = ajv.compile(schema);

/** The schema's errors for a SARIF log (an empty list when it is valid). */
export function sarifSchemaErrors(log: unknown): string[] {
  if (compiled(log)) return [];
  return (compiled.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
