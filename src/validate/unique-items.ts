/**
 * `uniqueItems` in linear time. Ajv compares every pair of items unless the item schema declares a
 * scalar `type` directly: an array of 50,000 strings whose item schema is a `$ref` (the document's
 * `protocolVersions`, the meta-schemas' `type` lists, any tool schema) took 3.4 s, and one ten times
 * as long would have taken minutes. This keyword replaces Ajv's in every instance mcpdesc makes: it
 * keys each item by its canonical JSON (object keys sorted, so it agrees with Ajv's deep equality on
 * JSON data) and finds a repeat with one map, scanning from the end as Ajv does. Its error is
 * Ajv's: the same keyword, message and params (`j` the earlier item, `i` the later).
 */
import type { Ajv, CodeKeywordDefinition, KeywordCxt } from 'ajv';

/** The code generation helpers of the Ajv module the instance came from (loaded lazily by callers). */
interface Codegen {
  _: typeof import('ajv')._;
  str: typeof import('ajv').str;
}

export function uniqueItemsKeyword({ _, str }: Codegen): CodeKeywordDefinition {
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
        const seen = gen.const('seen', _`new Map()`);
        const sortedKeys = gen.const(
          'sortedKeys',
          _`(key, value) => value !== null && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.keys(value).sort().map((name) => [name, value[name]])) : value`,
        );
        const at = gen.let('at', _`${data}.length`);
        const item = gen.let('item');
        const key = gen.let('key');
        gen.for(_`;${at}--;`, () => {
          gen.assign(item, _`${data}[${at}]`);
          gen.assign(
            key,
            _`${item} !== null && typeof ${item} === "object" ? JSON.stringify(${item}, ${sortedKeys}) : typeof ${item} + ":" + ${item}`,
          );
          gen.if(_`${seen}.has(${key})`, () => {
            gen.assign(i, _`${seen}.get(${key})`);
            gen.assign(j, at);
            cxt.error();
            gen.assign(valid, false).break();
          });
          gen.code(_`${seen}.set(${key}, ${at})`);
        });
      });
      cxt.ok(valid);
    },
  };
}

/** Replaces Ajv's `uniqueItems` with the linear one; returns the instance. */
export function withLinearUniqueItems<T extends Ajv>(ajv: T, codegen: Codegen): T {
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword(uniqueItemsKeyword(codegen));
  return ajv;
}
