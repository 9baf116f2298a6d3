/**
 * Ajv's `uniqueItems`, `const` and `enum`, replaced in every instance mcpdesc makes (validators
 * compiled at run time and the standalone ones the build writes), for two faults on untrusted data:
 *
 * - `uniqueItems` compares every pair of items unless the item schema declares a scalar `type`
 *   directly: an array of 50,000 strings whose item schema is a `$ref` (the document's
 *   `protocolVersions`, the meta-schemas' `type` lists, any tool schema) took 3.4 s, and one ten
 *   times as long would have taken minutes.
 * - Ajv's deep equality (fast-deep-equal) calls an object's own `valueOf` or `toString` when it is
 *   not the built-in one, so an example `{"valueOf": 1}` checked against an object `const` or
 *   `enum`, or in an array under `uniqueItems`, ended in `internal error: TypeError`.
 *
 * These keywords compare values by canonical JSON (object keys sorted), which agrees with that
 * deep equality on JSON data and calls nothing on it: `uniqueItems` finds a repeat with one map
 * (scanning from the end as Ajv does), `const` and `enum` look the value up among the allowed ones
 * prepared when the schema is compiled. Their errors are Ajv's: keyword, message and params.
 */
import type { Ajv, CodeKeywordDefinition, KeywordCxt } from 'ajv';

/** The code generation helpers of the Ajv module the instance came from (loaded lazily by callers). */
interface Codegen {
  _: typeof import('ajv')._;
  str: typeof import('ajv').str;
  stringify: typeof import('ajv').stringify;
}
type Code = ReturnType<Codegen['_']>;
/** Anything generated code can interpolate: a name, a code fragment. */
type CodeArg = Parameters<Codegen['_']>[1];

/** The canonical key of a JSON value, as the generated code computes it for data. */
export function canonicalKey(value: unknown): string {
  return value !== null && typeof value === 'object'
    ? JSON.stringify(value, sortedKeys)
    : `${typeof value}:${String(value)}`;
}

function sortedKeys(_key: string, value: unknown): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((name) => [name, (value as Record<string, unknown>)[name]]),
      )
    : value;
}

/** Generated code computing `canonicalKey` of `data` (the same expression, inline). */
function canonicalKeyCode({ _ }: Codegen, data: CodeArg): Code {
  const replacer = _`(key, value) => value !== null && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.keys(value).sort().map((name) => [name, value[name]])) : value`;
  return _`(${data} !== null && typeof ${data} === "object" ? JSON.stringify(${data}, ${replacer}) : typeof ${data} + ":" + ${data})`;
}

export function uniqueItemsKeyword(codegen: Codegen): CodeKeywordDefinition {
  const { _, str } = codegen;
  return {
    keyword: 'uniqueItems',
    type: 'array',
    schemaType: 'boolean',
    error: {
      message: ({ params: { i, j } }) =>
        str`must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
      params: ({ params: { i, j } }) => _`{i: ${i}, j: ${j}}`,
    },
    code(cxt: KeywordCxt) {
      const { gen, data, schema } = cxt;
      if (schema !== true) return;
      const valid = gen.let('valid', true);
      // The pair reported: j the earlier item, i the later one.
      const i = gen.let('i');
      const j = gen.let('j');
      cxt.setParams({ i, j });
      gen.if(_`${data}.length > 1`, () => {
        // Scalars are their own keys (a Map tells 1 from "1"); arrays and objects are keyed by
        // canonical JSON in a map of their own, so no string can pass for one.
        const seen = gen.const('seen', _`new Map()`);
        const seenStructured = gen.const('seenStructured', _`new Map()`);
        const at = gen.let('at', _`${data}.length`);
        const item = gen.let('item');
        const key = gen.let('key');
        const map = gen.let('map');
        gen.for(_`;${at}--;`, () => {
          gen.assign(item, _`${data}[${at}]`);
          gen.if(
            _`${item} !== null && typeof ${item} === "object"`,
            () => {
              gen.assign(key, canonicalKeyCode(codegen, item));
              gen.assign(map, seenStructured);
            },
            () => {
              gen.assign(key, item);
              gen.assign(map, seen);
            },
          );
          gen.if(_`${map}.has(${key})`, () => {
            gen.assign(i, _`${map}.get(${key})`);
            gen.assign(j, at);
            cxt.error();
            gen.assign(valid, false).break();
          });
          gen.code(_`${map}.set(${key}, ${at})`);
        });
      });
      cxt.ok(valid);
    },
  };
}

export function constKeyword(codegen: Codegen): CodeKeywordDefinition {
  const { _, stringify } = codegen;
  return {
    keyword: 'const',
    error: {
      message: 'must be equal to constant',
      params: ({ schemaCode }) => _`{allowedValue: ${schemaCode}}`,
    },
    code(cxt: KeywordCxt) {
      const { data, schema } = cxt;
      if (schema !== null && typeof schema === 'object')
        cxt.fail(_`${canonicalKeyCode(codegen, data)} !== ${stringify(canonicalKey(schema))}`);
      else cxt.fail(_`${schema} !== ${data}`);
    },
  };
}

/** Enums of scalars this short are compared value by value (Ajv's code); longer ones through a set. */
const SHORT_ENUM = 8;

export function enumKeyword(codegen: Codegen): CodeKeywordDefinition {
  const { _, stringify } = codegen;
  return {
    keyword: 'enum',
    schemaType: 'array',
    error: {
      message: 'must be equal to one of the allowed values',
      params: ({ schemaCode }) => _`{allowedValues: ${schemaCode}}`,
    },
    code(cxt: KeywordCxt) {
      const { gen, data, schema } = cxt;
      if (!Array.isArray(schema) || schema.length === 0) throw new Error('enum must have non-empty array');
      if (schema.every((value) => value === null || typeof value !== 'object')) {
        // Scalars only: compared as they are, as Ajv does, and looked up in a set when there are
        // many (Ajv compares with each in turn: a long enum made every check long).
        if (schema.length <= SHORT_ENUM) {
          const [first, ...rest] = schema as (string | number | boolean | null)[];
          let anyEqual = _`${data} === ${first as string | number | boolean | null}`;
          for (const value of rest) anyEqual = _`${anyEqual} || ${data} === ${value}`;
          cxt.pass(_`(${anyEqual})`);
          return;
        }
        const allowed = gen.scopeValue('obj', {
          ref: new Set(schema),
          code: _`new Set(${stringify(schema)})`,
        });
        cxt.pass(_`${allowed}.has(${data})`);
        return;
      }
      const keys = schema.map(canonicalKey);
      // Made once per compiled validator (a scope value), not at every check of a value.
      const allowed = gen.scopeValue('obj', { ref: new Set(keys), code: _`new Set(${stringify(keys)})` });
      cxt.pass(_`${allowed}.has(${canonicalKeyCode(codegen, data)})`);
    },
  };
}

/** Replaces Ajv's `uniqueItems`, `const` and `enum` with the ones above; returns the instance. */
export function withSafeKeywords<T extends Ajv>(ajv: T, codegen: Codegen): T {
  for (const make of [uniqueItemsKeyword, constKeyword, enumKeyword]) {
    const definition = make(codegen);
    ajv.removeKeyword(definition.keyword as string);
    ajv.addKeyword(definition);
  }
  return ajv;
}
