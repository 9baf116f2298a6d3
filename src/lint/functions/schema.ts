/** `schema`: validates the target against a JSON Schema (2020-12 subset via Ajv) given in the rule options. */
import type { Ajv, ValidateFunction } from 'ajv';
import type { JsonValue } from '../../util/json.js';
import { loadAjv } from '../../util/lazy-modules.js';
import { parsePointer } from '../../util/pointer.js';
import { withSafeKeywords } from '../../validate/ajv-keywords.js';
import { LINEAR_ERRORS_CODE } from '../../validate/linear-errors.js';
import type { FunctionDefinition, FunctionResult } from '../types.js';

let ajv: Ajv | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

function compile(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    ajv ??= withSafeKeywords(
      new (loadAjv().Ajv)({
        allErrors: true,
        strict: false,
        validateSchema: true,
        logger: false,
        code: LINEAR_ERRORS_CODE,
      }),
      loadAjv(),
    );
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Compiles `schema` now so a bad schema in a ruleset is a config error, not a crash mid-run. */
export function checkSchemaOption(schema: unknown): string | undefined {
  try {
    if (typeof schema !== 'object' || schema === null) return 'schema must be an object';
    compile(schema);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export const schema: FunctionDefinition = {
  name: 'schema',
  handlesMissing: true,
  description:
    'The value must validate against the JSON Schema in `schema`. Absent values are skipped unless `required: true`.',
  optionsSchema: {
    type: 'object',
    properties: { schema: { type: ['object', 'boolean'] }, required: { type: 'boolean' } },
    required: ['schema'],
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: { schema: object; required?: boolean }) => {
    if (target === undefined) return options.required ? [{ message: 'is missing' }] : [];
    const validate = compile(options.schema);
    if (validate(target)) return [];
    const out: FunctionResult[] = [];
    for (const error of validate.errors ?? []) {
      const path = parsePointer(error.instancePath);
      out.push({ message: `${error.instancePath || 'value'} ${error.message ?? 'is invalid'}`, path });
    }
    return out;
  },
};
