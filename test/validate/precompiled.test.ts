import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import * as ajv2020Codegen from 'ajv/dist/2020.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { withSafeKeywords } from '../../src/validate/ajv-keywords.js';
import { STRUCTURAL_AJV_OPTIONS, structuralSchema } from '../../src/validate/structural.js';

const PRECOMPILED = join(import.meta.dirname, '../../dist/validate/structural.precompiled.cjs');
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

// The CLI runs the build's standalone validator; tests run from sources and compile the schema.
// Both must judge every document alike.
describe.skipIf(!existsSync(PRECOMPILED))('precompiled structural validator', () => {
  const precompiled = createRequire(import.meta.url)(PRECOMPILED) as ValidateFunction;
  const ajv = withSafeKeywords(new Ajv2020(STRUCTURAL_AJV_OPTIONS), ajv2020Codegen);
  addFormats(ajv);
  const runtime = ajv.compile(structuralSchema());

  const documents: unknown[] = [
    { mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-06-18'] },
    { mcpdesc: '0.8.0', info: { name: 'x' }, protocolVersions: ['2030-01-01'], tools: [] },
    {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-06-18'],
      transports: [{ type: 'stdio' }],
      bogus: 1,
    },
    {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1', contact: { email: 'not an email' } },
      protocolVersions: ['2025-11-25'],
      tools: [
        {
          name: 't',
          inputSchema: { type: 'object' },
          examples: { a: { input: {}, result: { content: [] } } },
        },
      ],
    },
  ];
  it.each(documents.map((d, i) => [i, d]))('document %i gets the same verdict and errors', (_i, doc) => {
    const a = precompiled(doc);
    const b = runtime(doc);
    expect(a).toBe(b);
    const strip = (errors: typeof precompiled.errors) =>
      (errors ?? []).map(({ instancePath, keyword, params }) => ({ instancePath, keyword, params }));
    expect(strip(precompiled.errors)).toEqual(strip(runtime.errors));
  });
});

const META = (dialect: string) =>
  join(import.meta.dirname, `../../dist/validate/meta-${dialect}.precompiled.cjs`);
describe.skipIf(!existsSync(META('2020-12')))('precompiled meta-schema validators', () => {
  const schemas: unknown[] = [
    { type: 'object', properties: { a: { type: 'string', minLength: 1 } } },
    { type: 'object', properties: { a: { type: 'strin' } } },
    { type: 'object', required: 'a' },
    { $defs: { n: { $ref: '#/$defs/n' } }, minimum: '3' },
    { pattern: '(' },
  ];
  it.each(['2020-12', 'draft-07'] as const)(
    '%s: the same verdicts as the meta-schema compiled at run time',
    async (dialect) => {
      const { ajvFor } = await import('../../src/validate/embedded-schema.js');
      const precompiled = createRequire(import.meta.url)(META(dialect)) as ValidateFunction;
      const id =
        dialect === '2020-12'
          ? 'https://json-schema.org/draft/2020-12/schema'
          : 'http://json-schema.org/draft-07/schema';
      const runtime = ajvFor(dialect).getSchema(id) as ValidateFunction;
      for (const schema of schemas) expect(precompiled(schema)).toBe(runtime(schema));
    },
  );
});
