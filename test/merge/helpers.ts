import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MergeInput } from '../../src/merge/support.js';
import { loadDocument } from '../../src/parse/index.js';

export const SHARED = join(import.meta.dirname, '../../../shared');
export const EXAMPLES = join(SHARED, 'conformance/examples');
export const FIXTURES = join(import.meta.dirname, '../fixtures/merge');
export const hasShared = existsSync(EXAMPLES);

/** Loads a document from text, as the CLI does, with its source map. */
export function load(text: string, file: string): MergeInput {
  const loaded = loadDocument(text, { file });
  return { file: loaded.file, value: loaded.value, sourceMap: loaded.sourceMap };
}

export function fixture(name: string): MergeInput {
  return load(readFileSync(join(FIXTURES, name), 'utf8'), name);
}
