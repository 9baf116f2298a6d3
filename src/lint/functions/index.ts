/** THE registry of built-in lint functions (name -> definition). docs/lint.md lists them from here. */
import type { FunctionDefinition } from '../types.js';
import { casing, consistentCasing } from './casing.js';
import {
  allRequired,
  arrayItems,
  closedObject,
  enumOnStrings,
  geminiTypes,
  rootObject,
  typeInformation,
} from './clients.js';
import { defined, enumeration, falsy, length, pattern, truthy, undefinedFn, unique, xor } from './generic.js';
import {
  explicitAdditionalProperties,
  instructionLike,
  invisibleCharacters,
  noLiteralSecrets,
  noParameterSchema,
  requiredDeclared,
  secureUrl,
  securityDeclared,
  tagsDeclared,
  tagsUsed,
  typedEnum,
  uniqueNames,
  usefulText,
  writeToolHints,
} from './mcp.js';
import { schema } from './schema.js';

export const BUILTIN_FUNCTIONS: ReadonlyMap<string, FunctionDefinition> = new Map(
  [
    truthy,
    falsy,
    defined,
    undefinedFn,
    pattern,
    casing,
    length,
    enumeration,
    unique,
    schema,
    xor,
    consistentCasing,
    usefulText,
    noParameterSchema,
    explicitAdditionalProperties,
    requiredDeclared,
    typedEnum,
    writeToolHints,
    securityDeclared,
    secureUrl,
    noLiteralSecrets,
    invisibleCharacters,
    instructionLike,
    tagsDeclared,
    tagsUsed,
    uniqueNames,
    arrayItems,
    typeInformation,
    geminiTypes,
    enumOnStrings,
    closedObject,
    allRequired,
    rootObject,
  ].map((f) => [f.name, f]),
);

/** Whether `fn` is the built-in function of its name (a config may define its own of any name). */
export function isBuiltinFunction(fn: FunctionDefinition): boolean {
  return BUILTIN_FUNCTIONS.get(fn.name) === fn;
}
