import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BUILTIN_RULESETS } from '../../src/lint/config.js';

// The lint engine compiles these schemas without meta-validation (a fixed cost on every run), so
// their validity against the JSON Schema meta-schema is checked here instead.
describe('schemas shipped for lint', () => {
  it('the config file schema is a valid JSON Schema and accepts the built-in rulesets', () => {
    const schema = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../schemas/mcpdesc-config.schema.json'), 'utf8'),
    );
    delete schema.$schema;
    const ajv = new Ajv({ allErrors: true, strict: false });
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    const validate = ajv.compile(schema);
    for (const name of BUILTIN_RULESETS) {
      const ruleset = parse(readFileSync(join(import.meta.dirname, `../../rules/${name}.yaml`), 'utf8'));
      expect(validate(ruleset), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('every built-in function options schema is a valid JSON Schema', async () => {
    const { BUILTIN_FUNCTIONS } = await import('../../src/lint/functions/index.js');
    const ajv = new Ajv({ strict: false });
    let checked = 0;
    for (const fn of BUILTIN_FUNCTIONS.values()) {
      if (!fn.optionsSchema) continue;
      expect(ajv.validateSchema(fn.optionsSchema as object), fn.name).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });
});
