/** Validators of rule function options (precompiled for built-in functions, compiled once otherwise). */
import type { Ajv, ValidateFunction } from 'ajv';
import { loadAjv } from '../util/lazy-modules.js';
import { withSafeKeywords } from '../validate/ajv-keywords.js';
import { LINEAR_ERRORS_CODE } from '../validate/linear-errors.js';
import { precompiled } from './config-read.js';
import { isBuiltinFunction } from './functions/index.js';
import type { FunctionDefinition } from './types.js';

const optionValidators = new WeakMap<FunctionDefinition, ValidateFunction>();
let optionsAjv: Ajv | undefined;

/** Ajv options of function options schemas; scripts/precompile-validator.mjs uses the same. */
export const OPTIONS_AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  validateSchema: false,
  addUsedSchema: false,
  code: LINEAR_ERRORS_CODE,
} as const;

/** The export name of a built-in function's precompiled options validator. */
export function precompiledOptionsExport(functionName: string): string {
  return `options_${functionName.replace(/[^A-Za-z0-9]/g, '_')}`;
}

/**
 * Built-in functions' validators are precompiled by the build. Other schemas come with a custom
 * function module; like ours they are not checked against the meta-schema (compiling it cost ~0.3 s,
 * a fixed price on every lint run).
 */
export function optionsValidator(fn: FunctionDefinition): ValidateFunction {
  let validate = optionValidators.get(fn);
  if (!validate) {
    if (isBuiltinFunction(fn)) validate = precompiled('options')?.[precompiledOptionsExport(fn.name)];
    if (!validate) {
      optionsAjv ??= withSafeKeywords(new (loadAjv().Ajv)(OPTIONS_AJV_OPTIONS), loadAjv());
      validate = optionsAjv.compile(fn.optionsSchema as object);
    }
    optionValidators.set(fn, validate);
  }
  return validate;
}
