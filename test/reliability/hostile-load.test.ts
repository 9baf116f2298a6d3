import { describe, expect, it } from 'vitest';
import { LoadError, loadDocument } from '../../src/parse/index.js';
import { generateDescription } from '../support/generate.js';

function code(run: () => unknown): string {
  try {
    run();
    return 'accepted';
  } catch (error) {
    if (error instanceof LoadError) return error.code;
    throw error;
  }
}

describe('hostile input at the loader', () => {
  it('a 50 MB document loads within the default limits, and is refused under a smaller byte limit', () => {
    const doc = generateDescription(1000);
    const padding = 'x'.repeat(1_000_000);
    (doc.info as Record<string, unknown>).description = padding;
    const tools = doc.tools as unknown[];
    for (let i = 0; i < 49; i++)
      tools.push({ name: `pad_${i}`, description: padding, inputSchema: { type: 'object' } });
    const text = JSON.stringify(doc);
    expect(text.length).toBeGreaterThan(50_000_000);
    expect(code(() => loadDocument(text, { file: 'big.json' }))).toBe('accepted');
    expect(code(() => loadDocument(text, { file: 'big.json', limits: { maxBytes: 10_000_000 } }))).toBe(
      'limit-bytes',
    );
  });

  it('nesting depth 10,000 is refused in JSON and YAML', () => {
    const json = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(code(() => loadDocument(json, { file: 'deep.json' }))).toBe('limit-depth');
    const yaml = `a: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
    expect(code(() => loadDocument(yaml, { file: 'deep.yaml' }))).toBe('limit-depth');
    let block = 'leaf: 1\n';
    for (let i = 0; i < 300; i++) block = `k:\n${block.replace(/^/gm, '  ')}`;
    expect(code(() => loadDocument(block, { file: 'deep-block.yaml' }))).toBe('limit-depth');
  });

  it('a 10 MB string is refused as over the scalar limit', () => {
    const text = `{"info": {"description": "${'a'.repeat(10_000_000)}"}}`;
    expect(code(() => loadDocument(text, { file: 'long.json' }))).toBe('limit-scalar');
    expect(
      code(() => loadDocument(`info:\n  description: ${'a'.repeat(10_000_000)}\n`, { file: 'long.yaml' })),
    ).toBe('limit-scalar');
  });

  it('100,000 tools load', () => {
    const text = JSON.stringify(generateDescription(100_000));
    const loaded = loadDocument(text, { file: 'many.json' });
    expect((loaded.value as { tools: unknown[] }).tools).toHaveLength(100_000);
  });

  it('NUL bytes are refused in JSON text and YAML text', () => {
    expect(code(() => loadDocument('{"a": "x\u0000y"}', { file: 'nul.json' }))).toBe('json-syntax');
    expect(code(() => loadDocument('a: "x\u0000y"\n', { file: 'nul.yaml' }))).not.toBe('accepted');
  });
});
