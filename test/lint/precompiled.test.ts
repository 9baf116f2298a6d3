import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_RULESETS,
  CONFIG_AJV_OPTIONS,
  configSchema,
  OPTIONS_AJV_OPTIONS,
  precompiledOptionsExport,
} from '../../src/lint/config.js';
import { BUILTIN_FUNCTIONS } from '../../src/lint/functions/index.js';
import { loadDocument } from '../../src/parse/index.js';

const DIST_LINT = join(import.meta.dirname, '../../dist/lint');
const load = createRequire(import.meta.url);
const strip = (errors: ValidateFunction['errors']) =>
  (errors ?? []).map(({ instancePath, keyword, params }) => ({ instancePath, keyword, params }));

// The CLI runs what the build precompiled (scripts/precompile-validator.mjs); tests run from sources
// and compile at run time. Both must judge alike.
describe.skipIf(!existsSync(join(DIST_LINT, 'config.precompiled.cjs')))('precompiled lint validators', () => {
  it('the config schema: same verdicts and errors', () => {
    const precompiled = (load(join(DIST_LINT, 'config.precompiled.cjs')) as Record<string, ValidateFunction>)
      .config as ValidateFunction;
    const runtime = new Ajv(CONFIG_AJV_OPTIONS).compile(configSchema());
    const configs: unknown[] = [
      { extends: ['recommended'], rules: { 'tool-description': 'off' } },
      { extends: 'recommended', rules: { 'tool-description': 'loud' } },
      { bogus: true },
      { overrides: [{ files: ['*.yaml'], rules: {} }], ignore: [{ rules: ['x'] }] },
      [],
    ];
    for (const config of configs) {
      expect(precompiled(config)).toBe(runtime(config));
      expect(strip(precompiled.errors)).toEqual(strip(runtime.errors));
    }
  });

  it('every built-in function with options has a precompiled options validator that agrees', () => {
    const precompiled = load(join(DIST_LINT, 'options.precompiled.cjs')) as Record<string, ValidateFunction>;
    const ajv = new Ajv(OPTIONS_AJV_OPTIONS);
    const samples: unknown[] = [{}, { min: 3 }, { max: 'x' }, { schema: {} }, { unknown: 1 }, null];
    let checked = 0;
    for (const [name, fn] of BUILTIN_FUNCTIONS) {
      if (!fn.optionsSchema) continue;
      const validate = precompiled[precompiledOptionsExport(name)];
      expect(validate, name).toBeTypeOf('function');
      const runtime = ajv.compile(fn.optionsSchema as object);
      for (const sample of samples)
        expect((validate as ValidateFunction)(sample), name).toBe(runtime(sample));
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it.each(BUILTIN_RULESETS)('the %s ruleset as JSON equals its YAML source', (name) => {
    const yamlFile = join(import.meta.dirname, '../../rules', `${name}.yaml`);
    const fromYaml = loadDocument(readFileSync(yamlFile, 'utf8'), { file: yamlFile }).value;
    const json = JSON.parse(readFileSync(join(DIST_LINT, 'rulesets', `${name}.json`), 'utf8'));
    expect(json).toEqual(fromYaml);
  });
});
